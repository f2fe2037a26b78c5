import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress, refusalReason } from '../../src/service/net/address-policy.js';
import { fetchFileUrl, FileUrlError, unsafeEntryName } from '../../src/service/intake/fetch-file-url.js';
import { startTestService } from './helpers.js';
import { buildZip, lieAboutSizes } from '../fixtures/zip.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const MTJSON = Buffer.from(JSON.stringify({ accounts: [] }));

/** Rewrites a name in place (local header and central directory); the name must keep its length. */
function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  expect(to.length).toBe(from.length);
  const out = Buffer.from(zip);
  let at = out.indexOf(from);
  let n = 0;
  while (at !== -1) { out.write(to, at, 'latin1'); n++; at = out.indexOf(from, at + 1); }
  expect(n).toBe(2);
  return out;
}


type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: http.Server;
let base: string;
let port: number;
const LOOPBACK_OK = { allowLoopback: true };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const h = routes.get(req.url ?? '');
    if (h) h(req, res);
    else { res.statusCode = 404; res.end('no'); }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function serve(pathname: string, body: Buffer, headers: Record<string, string> = {}): string {
  routes.set(pathname, (_req, res) => { res.writeHead(200, headers); res.end(body); });
  return base + pathname;
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(FileUrlError);
  return (err as Error).message;
}

describe('address policy', () => {
  it.each([
    ['8.8.8.8', 'public'], ['127.0.0.1', 'loopback'], ['127.9.9.9', 'loopback'], ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'], ['172.32.0.1', 'public'], ['192.168.1.1', 'private'], ['100.64.0.1', 'private'],
    ['169.254.169.254', 'link-local'], ['0.0.0.0', 'unspecified'], ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'], ['::1', 'loopback'], ['::', 'unspecified'], ['fe80::1', 'link-local'],
    ['fd00::1', 'private'], ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'],
    ['::ffff:8.8.8.8', 'public'], ['2606:4700::1111', 'public'],
  ])('%s is %s', (addr, cls) => {
    expect(classifyAddress(addr)).toBe(cls);
  });

  it('allows a class only when the operator opens it, and never the unspecified address', () => {
    expect(refusalReason('127.0.0.1', {})).toMatch(/loopback/);
    expect(refusalReason('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusalReason('10.0.0.1', { allowLoopback: true })).toMatch(/private/);
    expect(refusalReason('10.0.0.1', { allowPrivate: true })).toBeNull();
    expect(refusalReason('169.254.169.254', { allowLoopback: true, allowPrivate: true })).toMatch(/link-local/);
    expect(refusalReason('0.0.0.0', { allowLoopback: true, allowPrivate: true, allowLinkLocal: true })).toMatch(/unspecified/);
  });

  it('flags unsafe zip entry names', () => {
    for (const bad of ['../a.pdf', 'a/../../b.pdf', '/etc/passwd', 'C:/x.pdf', 'a\\..\\b.pdf']) expect(unsafeEntryName(bad)).toBe(true);
    for (const good of ['a.pdf', 'jan/a.pdf', 'a..b.pdf']) expect(unsafeEntryName(good)).toBe(false);
  });
});

describe('fetchFileUrl', () => {
  it('fetches a single PDF from an allowed loopback server', async () => {
    const url = serve('/docs/statement-jan.pdf', PDF, { 'content-type': 'application/pdf' });
    const files = await fetchFileUrl(url, LOOPBACK_OK);
    expect(files).toHaveLength(1);
    expect(files[0]!.fileName).toBe('statement-jan.pdf');
    expect(Buffer.from(files[0]!.bytes).equals(PDF)).toBe(true);
  });

  it('names a file from Content-Disposition, or sniffs an extension', async () => {
    const a = serve('/download?id=7', PDF, { 'content-disposition': 'attachment; filename="March 2026.pdf"' });
    expect((await fetchFileUrl(a, LOOPBACK_OK))[0]!.fileName).toBe('March 2026.pdf');
    const b = serve('/blob', MTJSON);
    expect((await fetchFileUrl(b, LOOPBACK_OK))[0]!.fileName).toBe('blob.json');
  });

  it('refuses loopback by IP literal and by name unless the operator allows it', async () => {
    const url = serve('/x.pdf', PDF);
    expect(await refusal(fetchFileUrl(url))).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(await refusal(fetchFileUrl(`http://localhost:${port}/x.pdf`))).toMatch(/localhost resolves to .*loopback/);
    expect(await refusal(fetchFileUrl(`http://[::1]:${port}/x.pdf`))).toMatch(/loopback/);
    expect(await refusal(fetchFileUrl(`http://0.0.0.0:${port}/x.pdf`, LOOPBACK_OK))).toMatch(/unspecified/);
    expect(await refusal(fetchFileUrl(`http://169.254.169.254/latest/meta-data`, LOOPBACK_OK))).toMatch(/link-local/);
    expect(await refusal(fetchFileUrl(`http://10.0.0.5/x.pdf`, LOOPBACK_OK))).toMatch(/private network/);
  });

  it('refuses other schemes, credentials and garbage', async () => {
    expect(await refusal(fetchFileUrl('file:///etc/passwd', LOOPBACK_OK))).toMatch(/http or https, not file/);
    expect(await refusal(fetchFileUrl('ftp://example.com/a.pdf', LOOPBACK_OK))).toMatch(/not ftp/);
    expect(await refusal(fetchFileUrl('not a url', LOOPBACK_OK))).toMatch(/not a valid URL/);
    expect(await refusal(fetchFileUrl(`http://u:p@127.0.0.1:${port}/x.pdf`, LOOPBACK_OK))).toMatch(/credentials/);
  });

  it('reports the HTTP status of a failed download', async () => {
    expect(await refusal(fetchFileUrl(`${base}/missing.pdf`, LOOPBACK_OK))).toMatch(/HTTP 404/);
  });

  it('follows a limited number of redirects and re-checks each target', async () => {
    const target = serve('/final.pdf', PDF);
    routes.set('/r1', (_q, s) => { s.writeHead(302, { location: '/final.pdf' }); s.end(); });
    const ok = await fetchFileUrl(`${base}/r1`, LOOPBACK_OK);
    expect(ok[0]!.fileName).toBe('final.pdf');
    expect(target).toContain('/final.pdf');

    routes.set('/loop', (_q, s) => { s.writeHead(301, { location: '/loop' }); s.end(); });
    expect(await refusal(fetchFileUrl(`${base}/loop`, { ...LOOPBACK_OK, maxRedirects: 2 }))).toMatch(/redirected more than 2 times/);

    routes.set('/to-unspecified', (_q, s) => { s.writeHead(302, { location: `http://0.0.0.0:${port}/final.pdf` }); s.end(); });
    expect(await refusal(fetchFileUrl(`${base}/to-unspecified`, LOOPBACK_OK))).toMatch(/unspecified/);

    routes.set('/to-file', (_q, s) => { s.writeHead(302, { location: 'file:///etc/passwd' }); s.end(); });
    expect(await refusal(fetchFileUrl(`${base}/to-file`, LOOPBACK_OK))).toMatch(/not file/);
  });

  it('caps the download by Content-Length and by counting a chunked body', async () => {
    const big = Buffer.alloc(64 * 1024, 65);
    const declared = serve('/big.pdf', big, { 'content-length': String(big.length) });
    expect(await refusal(fetchFileUrl(declared, { ...LOOPBACK_OK, maxDownloadBytes: 10_000 }))).toMatch(/65536 bytes, over the limit of 10000/);
    routes.set('/chunked.pdf', (_q, s) => {
      s.writeHead(200, { 'transfer-encoding': 'chunked' });
      for (let i = 0; i < 16; i++) s.write(Buffer.alloc(4096, 66));
      s.end();
    });
    expect(await refusal(fetchFileUrl(`${base}/chunked.pdf`, { ...LOOPBACK_OK, maxDownloadBytes: 10_000 }))).toMatch(/over the limit of 10000 bytes/);
  });

  it('unpacks the PDF, JSON, OFX and CSV files of a zip and ignores the rest', async () => {
    const zip = await buildZip([
      ['jan.pdf', PDF], ['feb/feb.PDF', PDF], ['plaid.json', MTJSON], ['acct.ofx', Buffer.from('OFXHEADER:100')],
      ['readme.txt', Buffer.from('hello')], ['__MACOSX/._jan.pdf', Buffer.from('x')], ['.DS_Store', Buffer.from('x')],
    ], ['empty/']);
    const files = await fetchFileUrl(serve('/bundle.zip', zip), LOOPBACK_OK);
    expect(files.map((f) => f.fileName).sort()).toEqual(['acct.ofx', 'feb.PDF', 'jan.pdf', 'plaid.json']);
    expect(Buffer.from(files.find((f) => f.fileName === 'plaid.json')!.bytes).equals(MTJSON)).toBe(true);
  });

  it('refuses a zip with nothing usable in it', async () => {
    const zip = await buildZip([['notes.txt', Buffer.from('x')]]);
    expect(await refusal(fetchFileUrl(serve('/notes.zip', zip), LOOPBACK_OK))).toMatch(/holds no \.pdf/);
  });

  it('refuses path traversal and absolute names in zip entries', async () => {
    const trav = renameEntry(await buildZip([['xx/evil.pdf', PDF]]), 'xx/evil.pdf', '../evil.pdf');
    expect(await refusal(fetchFileUrl(serve('/trav.zip', trav), LOOPBACK_OK))).toMatch(/"\.\.\/evil\.pdf" has an unsafe path/);
    const abs = renameEntry(await buildZip([['x/etc/a.pdf', PDF]]), 'x/etc/a.pdf', '//etc/a.pdf');
    expect(await refusal(fetchFileUrl(serve('/abs.zip', abs), LOOPBACK_OK))).toMatch(/unsafe path/);
  });

  it('refuses too many entries', async () => {
    const zip = await buildZip(Array.from({ length: 12 }, (_, i) => [`f${i}.pdf`, PDF] as [string, Buffer]));
    expect(await refusal(fetchFileUrl(serve('/many.zip', zip), { ...LOOPBACK_OK, maxEntries: 10 }))).toMatch(/12 entries, over the limit of 10/);
  });

  it('refuses a zip bomb by its declared sizes', async () => {
    const zip = await buildZip([['a.pdf', Buffer.alloc(600_000)], ['b.pdf', Buffer.alloc(600_000)]]);
    expect(zip.length).toBeLessThan(10_000);
    expect(await refusal(fetchFileUrl(serve('/bomb.zip', zip), { ...LOOPBACK_OK, maxTotalUncompressedBytes: 1_000_000 })))
      .toMatch(/declares more than 1000000 bytes/);
  });

  it('refuses a zip bomb that lies about its sizes, by counting inflated bytes', async () => {
    const zip = lieAboutSizes(await buildZip([['a.pdf', Buffer.alloc(2_000_000)]]), 100);
    const msg = await refusal(fetchFileUrl(serve('/liar.zip', zip), { ...LOOPBACK_OK, maxTotalUncompressedBytes: 1_000_000 }));
    expect(msg).toMatch(/inflates to more/);
  });
});

describe('fileurl through /uploadpdfs', () => {
  const statement = (acct: string, month: string) => Buffer.from(JSON.stringify({
    accounts: [{
      bank_name: 'Zip Bank', account_number: acct, account_type: 'checking', account_name: 'Ops',
      statements: [{ start_date: `2026-${month}-01`, end_date: `2026-${month}-28`, start_balance: 500, end_balance: 600,
        transactions: [{ date: `2026-${month}-02`, description: 'Deposit', amount: 100 }] }],
    }],
  }));

  it('fetches a zip of statements from an allowed loopback server and converts each', async () => {
    const svc = await startTestService({ allowPrivateFileUrls: true });
    try {
      const c = await svc.addAccount('zipper', 'pdfinsightstp');
      const zip = await buildZip([['jan.json', statement('111222', '01')], ['feb.json', statement('111222', '02')], ['notes.txt', Buffer.from('x')]]);
      const url = serve('/statements.zip', zip);
      const r = await c.call('POST', '/uploadpdfs', { appnumber: 'ZIP-1', accounttype: 'MTJson', fileurl: url });
      expect(r.status).toBe(200);
      const body = r.json as { file_status: Array<{ fileName: string; reconciled: boolean }>; appinfo: { totalstatements: number } };
      expect(body.file_status.map((f) => f.fileName).sort()).toEqual(['feb.json', 'jan.json']);
      expect(body.file_status.every((f) => f.reconciled)).toBe(true);
      expect(body.appinfo.totalstatements).toBe(2);
    } finally { await svc.stop(); }
  });

  it('refuses loopback by default with a 400 and stores nothing', async () => {
    const svc = await startTestService();
    try {
      const c = await svc.addAccount('careful', 'pdfinsightstp');
      const url = serve('/one.json', statement('333444', '03'));
      const r = await c.call('POST', '/uploadpdfs', { appnumber: 'ZIP-2', accounttype: 'MTJson', fileurl: url });
      expect(r.status).toBe(400);
      expect((r.json as { error: string }).error).toMatch(/^fileurl: refused: 127\.0\.0\.1 is a loopback address/);
      const apps = await c.call('GET', '/getapps');
      expect(apps.json).toEqual([]);
    } finally { await svc.stop(); }
  });
});

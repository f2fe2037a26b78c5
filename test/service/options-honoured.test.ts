import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { form, jsonFile, mtjson, newAccount, startTestService, twoMonths, type Client, type TestService } from './helpers.js';
import { readZip } from '../fixtures/zip.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';

/**
 * Every conversion field of the reference either changes something a client can observe, or
 * is refused by name (docs/api.md, "Conversion fields: honoured or refused").
 */
let svc: TestService;
let c: Client;
beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc, 'pdfinsightstp', { conversions: 200 });
});
afterAll(async () => { await svc?.stop(); });

const upload = (fields: Record<string, string>, text = twoMonths()) =>
  c.post('/uploadpdfs', { accounttype: 'MTJson', ...fields }, [jsonFile(text)]);

async function postRaw(client: Client, p: string, fields: Record<string, string>): Promise<{ status: number; bytes: Buffer; headers: Record<string, unknown> }> {
  const res = await request(`${client.base}/api/v1.5${p}`, { method: 'POST', headers: { authorization: `Bearer ${client.token}`, 'svc-product': client.product }, body: form(fields) });
  return { status: res.statusCode, bytes: Buffer.from(await res.body.arrayBuffer()), headers: res.headers };
}

describe('yearoverride', () => {
  it('moves the period and every transaction date of a data file', async () => {
    const r = await upload({ appnumber: 'YR-1', yearoverride: '2021', includetransactions: 'true' });
    expect(r.status).toBe(200);
    const [jan, feb] = r.json.file_status;
    expect([jan.startDate, jan.endDate, jan.firstDate, jan.lastDate]).toEqual(['2021-01-01', '2021-01-31', '2021-01-03', '2021-01-15']);
    // 29 February 2024 has no 2021 counterpart: the period ends on the 28th.
    expect(feb.endDate).toBe('2021-02-28');
    const dates = r.json.transactions[0].Statements.flatMap((s: any) => s.transactions.map((t: any) => t.date));
    expect(dates).toEqual(['2021-01-03', '2021-01-09', '2021-01-15', '2021-02-02', '2021-02-20']);
  });

  it('keeps a December–January statement in order', async () => {
    const text = mtjson([{ start: '2024-12-15', end: '2025-01-14', startBalance: 10_000, txns: [
      { date: '2024-12-20', description: 'DEPOSIT', amount: 5_000 }, { date: '2025-01-10', description: 'FEE', amount: -100 },
    ] }]);
    const r = await upload({ appnumber: 'YR-2', yearoverride: '2019', includetransactions: 'true' }, text);
    expect(r.status).toBe(200);
    expect([r.json.file_status[0].startDate, r.json.file_status[0].endDate]).toEqual(['2018-12-15', '2019-01-14']);
    expect(r.json.transactions[0].Statements[0].transactions.map((t: any) => t.date)).toEqual(['2018-12-20', '2019-01-10']);
  });

  it('moves the transaction dates of a PDF that prints full dates', async () => {
    const pdf = await renderStatementPdf(makeStatementSpec({ seed: 41, layout: 'chase', months: 1 }));
    const printedYear = Number(pdf.truth[0]!.endDate!.slice(0, 4));
    const target = printedYear - 3;
    const r = await c.post('/uploadpdfs', { appnumber: 'YR-3', yearoverride: String(target), includetransactions: 'true' }, [{ name: 'chase.pdf', bytes: pdf.bytes, type: 'application/pdf' }]);
    expect(r.status).toBe(200);
    const st = r.json.file_status[0];
    expect(st.endDate.slice(0, 4)).toBe(String(target));
    const years = new Set(r.json.transactions[0].Statements[0].transactions.map((t: any) => Number(t.date.slice(0, 4))));
    for (const y of years) expect([target - 1, target]).toContain(y);
    expect(r.json.transactions[0].Statements[0].transactions.length).toBe(pdf.truth[0]!.transactions.length);
  });
});

describe('writeUSdates', () => {
  it('writes /transactions CSV dates M-D-Y by default and D-M-Y when false', async () => {
    const us = await upload({ appnumber: 'WD-1' });
    const eu = await upload({ appnumber: 'WD-2', writeUSdates: 'false' }, twoMonths('444'));
    const csvOf = async (appid: number) => (await c.post('/transactions', { appid })).text.split('\r\n')[1]!.split(',')[3];
    expect(await csvOf(us.json.appinfo.appid)).toBe('01/03/2024');
    expect(await csvOf(eu.json.appinfo.appid)).toBe('03/01/2024');
  });

  it('formats the date cells of /makexls as the conversion asked', async () => {
    const styleOf = async (appnumber: string) => {
      const appid = (await c.post('/new', { appnumber })).json.appid;
      const x = await postRaw(c, '/makexls', { appid: String(appid), sections: 'dailybalance' });
      expect(x.status).toBe(200);
      const styles = (await readZip(x.bytes)).get('xl/styles.xml')!.toString();
      const sheet = [...(await readZip(x.bytes)).entries()].find(([n]) => n === 'xl/worksheets/sheet2.xml')![1].toString();
      const s = /<c r="A2"[^>]* s="(\d+)"/.exec(sheet)![1]!;
      const xfs = [...styles.matchAll(/<xf numFmtId="(\d+)"[^>]*xfId="0"/g)].map((m) => m[1]);
      const fmtId = xfs[Number(s)]!;
      return new RegExp(`numFmtId="${fmtId}" formatCode="([^"]+)"`).exec(styles)![1];
    };
    expect(await styleOf('WD-1')).toBe('mm/dd/yyyy');
    expect(await styleOf('WD-2')).toBe('dd/mm/yyyy');
  });
});

describe('customerid, logtype, fixedcolumns', () => {
  it('customerid is stored with the conversion and returned in file_status, also by /getresults and /checkprogress', async () => {
    const r = await upload({ appnumber: 'CI-1', customerid: 'RESELLER-42' });
    expect(r.json.file_status.map((f: any) => f.customerid)).toEqual(['RESELLER-42', 'RESELLER-42']);
    const g = await c.post('/getresults', { appid: r.json.appinfo.appid });
    expect(g.json.file_status[0].customerid).toBe('RESELLER-42');
    const p = await c.post('/checkprogress', { appid: r.json.appinfo.appid, resfile: r.json.file_status[0].resfile });
    expect(p.json.file_status[0].customerid).toBe('RESELLER-42');
    const none = await upload({ appnumber: 'CI-2' }, twoMonths('777'));
    expect(none.json.file_status[0].customerid).toBe('');
  });

  it('logtype txt/htm is refused by name; none is accepted', async () => {
    for (const v of ['txt', 'htm']) {
      const r = await upload({ appnumber: 'LT-1', logtype: v });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/^logtype: /);
    }
    expect((await upload({ appnumber: 'LT-1', logtype: 'none' })).status).toBe(200);
  });

  it('fixedcolumns=true gives the standard CSV columns; false is refused by name', async () => {
    const ok = await upload({ appnumber: 'FC-1', fixedcolumns: 'true' }, twoMonths('31'));
    expect(ok.status).toBe(200);
    const csv = await c.post('/transactions', { appid: ok.json.appinfo.appid });
    expect(csv.text.split('\r\n')[0]).toBe('Account Number,Account Name,Statement,Date,Description,Memo,Check Number,Amount,Balance,Type,True Credit,Categories');
    const bad = await upload({ appnumber: 'FC-1', fixedcolumns: 'false' }, twoMonths('32'));
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^fixedcolumns: /);
  });
});

describe('webhook addresses are checked at submit time', () => {
  it.each([
    ['http://127.0.0.1:9/hook', /loopback/],
    ['http://[::1]:9/hook', /loopback/],
    ['http://10.1.2.3/hook', /private/],
    ['http://192.168.0.10/hook', /private/],
    ['http://169.254.169.254/latest', /link-local/],
    ['http://0.0.0.0/hook', /unspecified/],
    ['ftp://example.com/hook', /http/],
    ['http://no-such-host.invalid/hook', /could not be resolved/],
  ])('%s → 400', async (webhook, why) => {
    const r = await upload({ appnumber: 'WH-X', webhook });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/^webhook: /);
    expect(r.json.error).toMatch(why);
    // Nothing stored: the application was not created.
    expect((await c.get('/getapps', { limit: 1000 })).json.map((a: any) => a.appnumber)).not.toContain('WH-X');
  });

  it('a loopback receiver is accepted when the operator allows private webhooks', async () => {
    const open = await startTestService({ allowPrivateWebhooks: true });
    try {
      const oc = await newAccount(open, 'pdfinsightstp');
      const r = await oc.post('/uploadpdfs', { appnumber: 'WH-OK', accounttype: 'MTJson', webhook: 'http://127.0.0.1:9/hook' }, [jsonFile(twoMonths())]);
      expect(r.status).toBe(202);
    } finally { await open.stop(); }
  });
});

/** A minimal SMTP receiver for the test: records every message it is given. */
function smtpSink(): Promise<{ port: number; messages: { from: string; to: string[]; data: string }[]; close(): Promise<void> }> {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((sock) => {
    let buf = '', inData = false, from = '', to: string[] = [], data = '';
    sock.write('220 sink ready\r\n');
    sock.on('data', (d) => {
      buf += d.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data = buf.slice(0, end); buf = buf.slice(end + 5); inData = false;
          messages.push({ from, to, data });
          sock.write('250 queued\r\n');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl); buf = buf.slice(nl + 2);
        if (/^EHLO/i.test(line)) sock.write('250-sink\r\n250 8BITMIME\r\n');
        else if (/^MAIL FROM:/i.test(line)) { from = line.slice(10); to = []; sock.write('250 ok\r\n'); }
        else if (/^RCPT TO:/i.test(line)) { to.push(line.slice(8)); sock.write('250 ok\r\n'); }
        else if (/^DATA/i.test(line)) { inData = true; sock.write('354 go\r\n'); }
        else if (/^QUIT/i.test(line)) { sock.end('221 bye\r\n'); return; }
        else sock.write('502 no\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    port: (server.address() as net.AddressInfo).port, messages,
    close: () => new Promise<void>((r) => server.close(() => r())),
  })));
}

describe('email', () => {
  it('without a mail transport: 501 naming what to configure; a malformed address: 400', async () => {
    const r = await upload({ appnumber: 'EM-1', email: 'ops@example.com' });
    expect(r.status).toBe(501);
    expect(r.json.error).toMatch(/^email: .*config\.mail/);
    const bad = await upload({ appnumber: 'EM-1', email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^email: /);
  });

  it('sends a completion notification through the configured SMTP server', async () => {
    const sink = await smtpSink();
    const mailSvc = await startTestService({ mail: { host: '127.0.0.1', port: sink.port, from: 'ledgerdrop@example.com' } });
    try {
      const mc = await newAccount(mailSvc, 'pdfinsightstp');
      const r = await mc.post('/uploadpdfs', { appnumber: 'EM-2', accounttype: 'MTJson', email: 'ops@example.com' }, [jsonFile(twoMonths(), 'acme.json')]);
      expect(r.status).toBe(200);
      expect(r.json.file_status[0].email).toBe('ops@example.com');
      for (let i = 0; i < 200 && sink.messages.length === 0; i++) await new Promise((res) => setTimeout(res, 25));
      expect(sink.messages).toHaveLength(1);
      const m = sink.messages[0]!;
      expect(m.from).toBe('<ledgerdrop@example.com>');
      expect(m.to).toEqual(['<ops@example.com>']);
      expect(m.data).toMatch(/^Subject: Conversion completed: application EM-2$/m);
      expect(m.data).toMatch(/acme\.json: 2 statement\(s\), reconciled/);
    } finally {
      await mailSvc.stop();
      await sink.close();
    }
  });
});

describe('shapes', () => {
  it('/transactions structured=true is an object keyed by statement tid', async () => {
    const r = await upload({ appnumber: 'SH-1' }, twoMonths('8080'));
    const tids = r.json.file_status.map((f: any) => f.tid);
    const t = await c.post('/transactions', { appid: r.json.appinfo.appid, structured: 'true' });
    expect(Array.isArray(t.json)).toBe(false);
    expect(Object.keys(t.json)).toEqual(tids);
    const first = t.json[tids[0]];
    expect(first['Account Number']).toBe('8080');
    expect(first.Statements).toHaveLength(1);
    expect(first.Statements[0].tid).toBe(tids[0]);
    expect(first.Statements[0].transactions).toHaveLength(3);
  });

  it('/getapps reads limit from form-data as well as from the query', async () => {
    for (const n of ['GA-1', 'GA-2', 'GA-3']) await c.post('/new', { appnumber: n });
    const res = await request(`${c.base}/api/v1.5/getapps`, { method: 'GET', headers: { authorization: `Bearer ${c.token}`, 'svc-product': c.product }, body: form({ limit: 2 }) });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toHaveLength(2);
  });

  it('the signed page sends SAMEORIGIN by default; the operator can allow other origins', async () => {
    const pageHeaders = async (client: Client, appnumber: string) => {
      const appid = (await client.post('/new', { appnumber })).json.appid;
      const url = (await client.post('/scorecard/signedUrl', { appid })).json.url;
      const res = await request(url);
      await res.body.text();
      return res.headers;
    };
    const def = await pageHeaders(c, 'FR-1');
    expect(def['x-frame-options']).toBe('SAMEORIGIN');
    expect(def['content-security-policy']).toBe("frame-ancestors 'self'");
    const open = await startTestService({ signedPageFrameAncestors: ["'self'", 'https://crm.example.com'] });
    try {
      const h = await pageHeaders(await newAccount(open, 'pdfinsightstp'), 'FR-2');
      expect(h['x-frame-options']).toBeUndefined();
      expect(h['content-security-policy']).toBe("frame-ancestors 'self' https://crm.example.com");
    } finally { await open.stop(); }
    await expect(startTestService({ signedPageFrameAncestors: ['javascript:x'] })).rejects.toThrow(/signedPageFrameAncestors/);
  });
});

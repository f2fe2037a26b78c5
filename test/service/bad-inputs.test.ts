import http from 'node:http';
import { SqliteStore } from '../../src/service/store/sqlite-store.js';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestService, type Reply, type TestService } from './helpers.js';
import { insertToken } from '../../src/service/store/accounts.js';
import { hashToken } from '../../src/service/auth/tokens.js';
import { buildZip, lieAboutSizes } from '../fixtures/zip.js';

/**
 * A table of bad requests across endpoints. Each must answer a clear 4xx with JSON `{error}`
 * naming the problem, and leave stored data exactly as it was (/getapps, /getresults,
 * /transactions and /remaining of both accounts compared before and after).
 */
const statement = (acct: string, month: string, amount = 100) => JSON.stringify({
  accounts: [{
    bank_name: 'Edge Bank', account_number: acct, account_type: 'checking', account_name: 'Ops',
    statements: [{ start_date: `2026-${month}-01`, end_date: `2026-${month}-28`, start_balance: 500, end_balance: 500 + amount,
      transactions: [{ date: `2026-${month}-02`, description: 'Deposit', amount }] }],
  }],
});


interface World {
  a: Client; b: Client; thumb: Client; expired: Client; wrongProduct: Client;
  appid: number; appnumber: string; tid: string; statementId: number;
  otherAppid: number; otherTid: string;
  files: string;
}

let strict: TestService;
let open: TestService;
let fileServer: http.Server;
let files = '';
const worlds: Record<'strict' | 'open', World> = {} as never;

async function seed(svc: TestService, tag: string): Promise<World> {
  const a = await svc.addAccount(`owner-${tag}`, 'pdfinsightstp', [], 50);
  const b = await svc.addAccount(`other-${tag}`, 'pdfinsightstp', [], 50);
  const thumb = await svc.addAccount(`thumb-${tag}`, 'thumbprint');
  const up = await a.call('POST', '/uploadpdfs', { appnumber: 'BAD-1', accounttype: 'MTJson', jsondata: statement('55501', '01') });
  expect(up.status).toBe(200);
  const fs0 = (up.json as { file_status: Array<{ tid: string; statementid: number }>; appinfo: { appid: number } });
  const upB = await b.call('POST', '/uploadpdfs', { appnumber: 'OTHER-1', accounttype: 'MTJson', jsondata: statement('66601', '02') });
  expect(upB.status).toBe(200);
  const fsB = (upB.json as { file_status: Array<{ tid: string }>; appinfo: { appid: number } });

  // A session token that expired a minute ago, issued to the owner.
  const rw = new Database(path.join(svc.dataDir, 'ledgerdrop.sqlite'));
  const ownerId = (rw.prepare('SELECT id FROM accounts WHERE username = ?').get(`owner-${tag}`) as { id: number }).id;
  const expiredToken = `expired-${tag}-token`;
  await insertToken(new SqliteStore(rw), ownerId, hashToken(expiredToken), 'pdfinsightstp', -60_000);
  rw.close();

  return {
    a, b, thumb,
    expired: new Client(svc.url, expiredToken, 'pdfinsightstp'),
    wrongProduct: new Client(svc.url, a.token, 'pdfinsights'),
    appid: fs0.appinfo.appid, appnumber: 'BAD-1', tid: fs0.file_status[0]!.tid, statementId: fs0.file_status[0]!.statementid,
    otherAppid: fsB.appinfo.appid, otherTid: fsB.file_status[0]!.tid,
    files,
  };
}

async function snapshot(w: World): Promise<unknown> {
  const take = async (c: Client, appid: number) => ({
    apps: (await c.call('GET', '/getapps')).json,
    results: (await c.call('POST', '/getresults', { appid: String(appid) })).json,
    transactions: (await c.call('POST', '/transactions', { appid: String(appid), structured: 'true' })).json,
    remaining: (await c.call('GET', '/remaining')).json,
  });
  return { a: await take(w.a, w.appid), b: await take(w.b, w.otherAppid) };
}

interface Case {
  name: string;
  on?: 'strict' | 'open';
  send: (w: World) => Promise<Reply>;
  status: number;
  error: RegExp;
}

const upload = (w: World, fields: Record<string, string>) =>
  w.a.call('POST', '/uploadpdfs', { appnumber: 'BAD-NEW', accounttype: 'MTJson', jsondata: statement('77701', '03'), ...fields });

const CASES: Case[] = [
  { name: '/new without appnumber', send: (w) => w.a.call('POST', '/new', {}), status: 400, error: /^appnumber: is required$/ },
  { name: '/uploadpdfs without appnumber', send: (w) => w.a.call('POST', '/uploadpdfs', { accounttype: 'MTJson', jsondata: statement('1', '01') }), status: 400, error: /^appnumber: is required/ },
  { name: '/uploadpdfs with a bad boolean', send: (w) => upload(w, { includescorecard: 'maybe' }), status: 400, error: /^includescorecard: must be true or false/ },
  { name: '/makecsv with a bad boolean', send: (w) => w.a.call('POST', '/makecsv', { appnumber: 'BAD-NEW', accounttype: 'MTJson', jsondata: statement('1', '01'), readempty: 'yes please' }), status: 400, error: /^readempty: must be true or false/ },
  { name: '/uploadpdfs with a bad accounttype', send: (w) => upload(w, { accounttype: 'Savings' }), status: 400, error: /^accounttype: must be one of Bank, CCard, MTJson/ },
  { name: 'userdata that is not JSON', send: (w) => upload(w, { userdata: '{crm: 1' }), status: 400, error: /^userdata: must be valid JSON/ },
  { name: 'userdata over 250 characters', send: (w) => upload(w, { userdata: JSON.stringify({ x: 'y'.repeat(260) }) }), status: 400, error: /^userdata: must be at most 250 characters/ },
  { name: 'firstpage after lastpage', send: (w) => upload(w, { firstpage: '5', lastpage: '2' }), status: 400, error: /^firstpage: .*must not be after lastpage/ },
  { name: 'a language the service does not know', send: (w) => upload(w, { language: 'xx' }), status: 400, error: /^language: must be one of/ },
  { name: 'an unknown scorecard section', send: (w) => upload(w, { sections: 'truerev6mo,nosuchsection' }), status: 400, error: /^sections: unknown section\(s\): nosuchsection/ },
  { name: 'a webhook that is not http(s)', send: (w) => upload(w, { webhook: 'ftp://example.com/hook' }), status: 400, error: /^webhook: must be an http\(s\) URL/ },
  { name: 'includebalance without includetransactions', send: (w) => upload(w, { includebalance: 'true' }), status: 400, error: /^includebalance: only with includetransactions true/ },
  { name: 'jsondata that is not JSON', send: (w) => upload(w, { jsondata: '{"accounts": [' }), status: 400, error: /^jsondata: is not valid JSON/ },
  { name: '/uploadpdfs with no file', send: (w) => w.a.call('POST', '/uploadpdfs', { appnumber: 'BAD-NEW' }), status: 400, error: /^pdf-filename: no file to process/ },
  { name: 'an upload over the size limit', send: (w) => w.a.call('POST', '/uploadpdfs', { appnumber: 'BAD-NEW', 'pdf-filename': { fileName: 'big.pdf', bytes: new Uint8Array(100_000) } }), status: 413, error: /file too large/ },
  { name: 'a malformed Idempotency-Key', send: (w) => w.a.call('POST', '/uploadpdfs', { appnumber: 'BAD-NEW', accounttype: 'MTJson', jsondata: statement('1', '04') }, { headers: { 'idempotency-key': 'has spaces in it' } }), status: 400, error: /^Idempotency-Key: must be 1–200 visible ASCII characters/ },
  { name: 'fileurl to a loopback address', send: (w) => upload(w, { jsondata: '', fileurl: `${w.files}/one.json` }), status: 400, error: /^fileurl: refused: 127\.0\.0\.1 is a loopback address/ },
  { name: 'fileurl with another scheme', send: (w) => upload(w, { jsondata: '', fileurl: 'file:///etc/passwd' }), status: 400, error: /^fileurl: must be an http\(s\) URL/ },
  { name: 'fileurl to the link-local metadata address (even where private is allowed)', on: 'open', send: (w) => upload(w, { jsondata: '', fileurl: 'http://169.254.169.254/latest/meta-data/' }), status: 400, error: /^fileurl: refused: 169\.254\.169\.254 is a link-local address/ },
  { name: 'fileurl zip with path traversal', on: 'open', send: (w) => upload(w, { jsondata: '', fileurl: `${w.files}/traversal.zip` }), status: 400, error: /^fileurl: .*"\.\.\/evil\.json" has an unsafe path/ },
  { name: 'fileurl zip bomb', on: 'open', send: (w) => upload(w, { jsondata: '', fileurl: `${w.files}/bomb.zip` }), status: 400, error: /^fileurl: the zip declares more than \d+ bytes uncompressed/ },
  { name: '/makecsv with fileurl', send: (w) => w.a.call('POST', '/makecsv', { appnumber: 'BAD-NEW', fileurl: 'https://example.com/a.pdf' }), status: 400, error: /^fileurl: only \/uploadpdfs fetches URLs/ },
  { name: 'an unknown API version', send: (w) => w.a.call('GET', '/getapps', {}, { version: '2.0' }), status: 404, error: /^unknown API version 2\.0/ },
  { name: 'a product header that does not match the licence', send: (w) => w.wrongProduct.call('GET', '/getapps'), status: 403, error: /licensed for pdfinsightstp, not pdfinsights/ },
  { name: 'an expired token', send: (w) => w.expired.call('POST', '/deletestmt', { appid: String(w.appid), tid: w.tid }), status: 401, error: /^session token expired: authenticate again/ },
  { name: 'no Authorization header', send: (w) => fetch(`${w.a.base}/api/v1.5/deletestmt`, { method: 'POST', headers: { 'svc-product': 'pdfinsightstp' } }).then(async (r) => { const text = await r.text(); return { status: r.status, text, json: JSON.parse(text), headers: r.headers as never }; }), status: 401, error: /^missing or malformed Authorization header/ },
  { name: 'thumbprint calling an endpoint outside its licence', send: (w) => w.thumb.call('POST', '/deletestmt', { appid: String(w.appid), tid: w.tid }), status: 403, error: /^\/deletestmt is not available with the thumbprint licence/ },
  { name: '/getapps with limit 0', send: (w) => w.a.call('GET', '/getapps', { limit: '0' }), status: 400, error: /^limit: must be 1 or more/ },
  { name: '/getresults with a non-integer appid', send: (w) => w.a.call('POST', '/getresults', { appid: 'abc' }), status: 400, error: /^appid: must be an integer/ },
  { name: '/transactions with a bad structured flag', send: (w) => w.a.call('POST', '/transactions', { appid: String(w.appid), structured: 'perhaps' }), status: 400, error: /^structured: must be true or false/ },
  { name: '/checkprogress without resfile', send: (w) => w.a.call('POST', '/checkprogress', { appid: String(w.appid) }), status: 400, error: /^resfile: is required/ },
  { name: '/updatesummary with nothing to update', send: (w) => w.a.call('POST', '/updatesummary', { appid: String(w.appid), tid: w.tid }), status: 400, error: /give at least one of startbalance, debits, credits, endbalance/ },
  { name: '/updatesummary with negative debits', send: (w) => w.a.call('POST', '/updatesummary', { appid: String(w.appid), tid: w.tid, debits: '-5' }), status: 400, error: /^debits: must be 0 or more/ },
  { name: '/updatesummary with a tid of another account', send: (w) => w.a.call('POST', '/updatesummary', { appid: String(w.appid), tid: w.otherTid, endbalance: '1' }), status: 404, error: /^tid: statement .* not found in application/ },
  { name: '/deletestmt on the application of another account', send: (w) => w.a.call('POST', '/deletestmt', { appid: String(w.otherAppid), tid: w.otherTid }), status: 404, error: /^appid: application \d+ not found/ },
  { name: '/deletestatement with statementId 0', send: (w) => w.a.call('POST', '/deletestatement', { appid: String(w.appid), statementId: '0' }), status: 400, error: /^statementId: must be a positive integer/ },
  { name: '/deletestatement of a statement that is not in the application', send: (w) => w.a.call('POST', '/deletestatement', { appid: String(w.appid), statementId: '999999' }), status: 404, error: /^statementId: statement 999999 not found/ },
  { name: '/scorecard with an unknown section', send: (w) => w.a.call('POST', '/scorecard', { appid: String(w.appid), sections: 'bogus' }), status: 400, error: /^sections: unknown section\(s\): bogus/ },
];

beforeAll(async () => {
  fileServer = http.createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (!body) { res.statusCode = 404; res.end(); return; }
    res.setHeader('content-length', String(body.length));
    res.end(body);
  });
  await new Promise<void>((r) => fileServer.listen(0, '127.0.0.1', r));
  files = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
  served.set('/one.json', Buffer.from(statement('88801', '05')));
  const trav = await buildZip([['xx/evil.json', Buffer.from(statement('88802', '06'))]]);
  served.set('/traversal.zip', Buffer.from(trav.toString('latin1').split('xx/evil.json').join('../evil.json'), 'latin1'));
  // A bomb that declares ~3.75 GB per entry (the service's default cap is 200 MB uncompressed).
  served.set('/bomb.zip', lieAboutSizes(await buildZip([['a.json', Buffer.alloc(100_000, 32)], ['b.json', Buffer.alloc(100_000, 32)]]), 0xf0000000));

  strict = await startTestService({ maxUploadBytes: 64 * 1024 });
  open = await startTestService({ allowPrivateFileUrls: true, maxUploadBytes: 50 * 1024 * 1024 });
  worlds.strict = await seed(strict, 'strict');
  worlds.open = await seed(open, 'open');
});
const served = new Map<string, Buffer>();

afterAll(async () => {
  await strict?.stop();
  await open?.stop();
  await new Promise<void>((r) => fileServer?.close(() => r()));
});

describe('bad inputs: a clear 4xx and nothing stored', () => {
  it('has at least 20 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const w = worlds[c.on ?? 'strict'];
    const before = await snapshot(w);
    const r = await c.send(w);
    expect(r.status).toBe(c.status);
    expect(r.json).toEqual({ error: expect.any(String) });
    expect((r.json as { error: string }).error).toMatch(c.error);
    expect(await snapshot(w)).toEqual(before);
  });

  it('the seeded data was really there to be compared', async () => {
    const snap = (await snapshot(worlds.strict)) as { a: { apps: Array<{ appnumber: string }>; transactions: unknown[] } };
    expect(snap.a.apps.map((x) => x.appnumber)).toEqual(['BAD-1']);
    expect(Object.keys(snap.a.transactions as object)).toHaveLength(1);
  });
});

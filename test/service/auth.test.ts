import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { authenticate, Client, jsonFile, newAccount, send, startTestService, twoMonths, type TestService } from './helpers.js';
import { provisionAccount } from '../../src/service/index.js';

let svc: TestService;
beforeAll(async () => { svc = await startTestService(); });
afterAll(async () => { await svc?.stop(); });

describe('authentication (reference 5)', () => {
  it('Basic credentials + Svc-Product give a plain-text token; passwords and tokens are stored hashed', async () => {
    await provisionAccount(svc.dataDir, { username: 'carol', password: 'c0rrect horse', product: 'pdfinsights' }, { scryptCost: 1 << 14 });
    const r = await authenticate(svc.url, 'carol', 'c0rrect horse', 'pdfinsights');
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^text\/plain/);
    expect(r.text).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const db = new Database(path.join(svc.dataDir, 'ledgerdrop.sqlite'), { readonly: true });
    const acct = db.prepare("SELECT password_hash FROM accounts WHERE username = 'carol'").get() as { password_hash: string };
    expect(acct.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(acct.password_hash).not.toContain('c0rrect');
    const tokens = db.prepare('SELECT token_hash FROM tokens').all() as { token_hash: string }[];
    expect(tokens.some((t) => t.token_hash === r.text)).toBe(false);
    expect(tokens.every((t) => /^[0-9a-f]{64}$/.test(t.token_hash))).toBe(true);
    db.close();
  });

  it('wrong password, unknown user and malformed headers are 401 {error}', async () => {
    await provisionAccount(svc.dataDir, { username: 'dave', password: 'pw-dave', product: 'pdfinsightstp' }, { scryptCost: 1 << 14 });
    for (const r of [
      await authenticate(svc.url, 'dave', 'nope', 'pdfinsightstp'),
      await authenticate(svc.url, 'nobody', 'pw-dave', 'pdfinsightstp'),
      await send(`${svc.url}/api/v1.5/authenticate`, { method: 'GET', headers: { 'svc-product': 'pdfinsightstp' } }),
      await send(`${svc.url}/api/v1.5/authenticate`, { method: 'GET', headers: { authorization: 'Basic !!!', 'svc-product': 'pdfinsightstp' } }),
    ]) {
      expect(r.status).toBe(401);
      expect(typeof r.json.error).toBe('string');
    }
    const noProduct = await send(`${svc.url}/api/v1.5/authenticate`, { method: 'GET', headers: { authorization: `Basic ${Buffer.from('dave:pw-dave').toString('base64')}` } });
    expect(noProduct.status).toBe(401);
    expect(noProduct.json.error).toMatch(/Svc-Product/);
  });

  it('the product must match the licence (403 naming it)', async () => {
    const r = await authenticate(svc.url, 'dave', 'pw-dave', 'thumbprint');
    expect(r.status).toBe(403);
    expect(r.json.error).toMatch(/pdfinsightstp/);
    expect(r.json.error).toMatch(/thumbprint/);
  });

  it('bearer calls need a valid token and the same product header', async () => {
    const c = await newAccount(svc, 'pdfinsights');
    expect((await c.get('/getapps')).status).toBe(200);
    const bad = new Client(svc.url, 'not-a-token', 'pdfinsights');
    const r1 = await bad.get('/getapps');
    expect(r1.status).toBe(401);
    expect(r1.json.error).toMatch(/token/);
    const noAuth = await send(`${svc.url}/api/v1.5/getapps`, { method: 'GET', headers: { 'svc-product': 'pdfinsights' } });
    expect(noAuth.status).toBe(401);
    const other = new Client(svc.url, c.token, 'pdfinsightstp');
    const r2 = await other.get('/getapps');
    expect(r2.status).toBe(403);
    expect(r2.json.error).toMatch(/pdfinsights/);
    const noProduct = await send(`${svc.url}/api/v1.5/getapps`, { method: 'GET', headers: { authorization: `Bearer ${c.token}` } });
    expect(noProduct.status).toBe(401);
    expect(noProduct.json.error).toMatch(/Svc-Product/);
  });

  it('changing an account\'s password ends its sessions; provisioning it again unchanged keeps them', async () => {
    const c = await newAccount(svc, 'pdfinsights', { username: 'erin' });
    expect((await c.get('/remaining')).status).toBe(200);
    await provisionAccount(svc.dataDir, { username: 'erin', password: 'secret pw', product: 'pdfinsights', conversions: 5 }, { scryptCost: 1 << 14 });
    expect((await c.get('/remaining')).json).toEqual({ Remaining: 5 });
    await provisionAccount(svc.dataDir, { username: 'erin', password: 'new pw', product: 'pdfinsights', conversions: 3 }, { scryptCost: 1 << 14 });
    expect((await c.get('/remaining')).status).toBe(401);
    const fresh = await authenticate(svc.url, 'erin', 'new pw', 'pdfinsights');
    expect(fresh.status).toBe(200);
    const r = await new Client(svc.url, fresh.text, 'pdfinsights').get('/remaining');
    expect(r.json).toEqual({ Remaining: 3 });
  });

  it('every version 1.0 … 1.5 is served; an unknown version is 404 JSON', async () => {
    const c = await newAccount(svc, 'pdfinsightstp');
    for (const v of ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5']) {
      c.version = v;
      expect((await c.get('/remaining')).status).toBe(200);
    }
    c.version = '2.0';
    const r = await c.get('/remaining');
    expect(r.status).toBe(404);
    expect(r.json.error).toMatch(/unknown API version 2\.0/);
    const r2 = await send(`${svc.url}/api/v1.5/nosuchthing`, { method: 'GET' });
    expect(r2.status).toBe(404);
    expect(r2.json.error).toMatch(/no such endpoint/);
  });
});

describe('licences (reference 1)', () => {
  it('thumbprint may only authenticate and upload; everything else is 403 naming the product', async () => {
    const t = await newAccount(svc, 'thumbprint');
    for (const [method, p] of [['GET', '/getapps'], ['GET', '/remaining'], ['POST', '/new'], ['POST', '/makecsv'], ['POST', '/getresults'],
      ['POST', '/scorecard'], ['POST', '/transactions'], ['POST', '/checkprogress'], ['POST', '/ziparchive'], ['POST', '/prequalify']] as const) {
      const r = method === 'GET' ? await t.get(p) : await t.post(p, { appid: 1, appnumber: 'x' });
      expect(r.status, `${method} ${p}`).toBe(403);
      expect(r.json.error).toMatch(/thumbprint/);
    }
    const up = await t.post('/uploadpdfs', { appnumber: 'T-1', accounttype: 'MTJson', includescorecard: true, includetransactions: true }, [jsonFile(twoMonths())]);
    expect(up.status).toBe(200);
    expect(up.json.file_status).toHaveLength(2);
    expect(up.json.statement_summaries).toHaveLength(2);
    expect(up.json.appinfo.appnumber).toBe('T-1');
    expect(up.json.scorecard).toBeUndefined();
    expect(up.json.transactions).toBeUndefined();
  });

  it('pdfinsights never sees fraud-score fields', async () => {
    const p = await newAccount(svc, 'pdfinsights');
    const up = await p.post('/uploadpdfs', { appnumber: 'P-1', accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    expect(up.status).toBe(200);
    const text = up.text;
    expect(text).not.toMatch(/"fraudscore"|"tpreasons"|"tpreasonsIndexes"|"fraud_score"/);
  });
});

describe('token expiry', () => {
  it('an expired token is 401 and re-authenticating works', async () => {
    const short = await startTestService({ tokenTtlMs: 50 });
    try {
      const c = await newAccount(short, 'pdfinsightstp', { username: 'shorty' });
      await new Promise((r) => setTimeout(r, 120));
      const r = await c.get('/getapps');
      expect(r.status).toBe(401);
      expect(r.json.error).toMatch(/expired/);
      const again = await authenticate(short.url, 'shorty', 'secret pw', 'pdfinsightstp');
      expect(again.status).toBe(200);
    } finally {
      await short.stop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, Client, jsonFile, newAccount, send, startTestService, twoMonths, type TestService } from './helpers.js';
import { provisionAccount } from '../../src/service/index.js';

let svc: TestService;
let c: Client;
let appid: number;
beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc, 'pdfinsightstp');
  const r = await c.post('/uploadpdfs', { appnumber: 'SC-1', accounttype: 'MTJson', includescorecard: true, format: 'jsonobject' }, [jsonFile(twoMonths())]);
  expect(r.status).toBe(200);
  expect(r.json.scorecard._metadata).toBeDefined();
  appid = r.json.appinfo.appid;
});
afterAll(async () => { await svc?.stop(); });

describe('/scorecard and /makexls', () => {
  it('/scorecard returns the scorecard object; sections selects sections', async () => {
    const r = await c.post('/scorecard', { appid });
    expect(r.status).toBe(200);
    expect(r.json._metadata).toMatchObject({ numFileConversionsInProgress: 0 });
    expect(r.json.metrics).toBeDefined();
    const only = await c.post('/scorecard', { appid, sections: 'debtsummary' });
    expect(only.status).toBe(200);
    expect(Object.keys(only.json)).toContain('debtsummary');
    expect(Object.keys(only.json)).not.toContain('mcacompanies');
    const bad = await c.post('/scorecard', { appid, sections: 'nonsense' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^sections:.*nonsense/);
  });

  it('/makexls returns a spreadsheet file', async () => {
    const r = await c.post('/makexls', { appid });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^application\/vnd\.ms-excel/);
    expect(r.text.slice(0, 2)).toBe('PK');
    expect(String(r.headers['content-disposition'])).toMatch(/scorecard-SC-1\.xlsx/);
    const bad = await c.post('/makexls', { appid, format: 'csv' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^format:/);
  });
});

describe('/scorecard/signedUrl', () => {
  it('gives a URL that opens the page without sign-in; a tampered link is 403', async () => {
    const r = await c.post('/scorecard/signedUrl', { appid });
    expect(r.status).toBe(200);
    expect(r.json.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\.5\/scorecard\/page\?/);
    const page = await send(r.json.url, { method: 'GET' });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(page.text).toContain(String(appid));
    const tampered = await send(r.json.url.replace(/appid=\d+/, `appid=${appid + 1}`), { method: 'GET' });
    expect(tampered.status).toBe(403);
    expect(tampered.json.error).toMatch(/signature/);
    const incomplete = await send(r.json.url.replace(/&sig=.*$/, ''), { method: 'GET' });
    expect(incomplete.status).toBe(400);
  });
});

describe('/prequalify', () => {
  it('is 403 when the feature is off for the account', async () => {
    const r = await c.post('/prequalify', { appnumber: 'SC-1' });
    expect(r.status).toBe(403);
    expect(r.json.error).toMatch(/prequalify is not enabled/);
  });

  it('NO_DECISION until a qualifying run; then the account profile thresholds decide', async () => {
    await provisionAccount(svc.dataDir, {
      username: 'pq', password: 'pq-pass', product: 'pdfinsightstp', features: ['prequalify'], profile: { prequalify: { minMonths: 3 } },
    }, { scryptCost: 1 << 14 });
    const p = new Client(svc.url, (await authenticate(svc.url, 'pq', 'pq-pass', 'pdfinsightstp')).text, 'pdfinsightstp');
    const made = await p.post('/makecsv', { appnumber: 'PQ-1', accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    expect(made.status).toBe(200);
    const r1 = await p.post('/prequalify', { appnumber: 'PQ-1' });
    expect(r1.status).toBe(200);
    expect(r1.json).toEqual([{ result: 'NO_DECISION', reasons: [] }]);
    await p.post('/getresults', { appid: made.json.appinfo.appid });
    const r2 = await p.post('/prequalify', { appnumber: 'PQ-1', appid: made.json.appinfo.appid });
    expect(r2.status).toBe(200);
    expect(r2.json[0].result).toBe('DECLINED');
    expect(r2.json[0].reasons).toEqual([{ rule_name: 'min_months', actual_value: 2, threshold: 3 }]);
    const up = await p.post('/uploadpdfs', { appnumber: 'PQ-2', accounttype: 'MTJson' }, [jsonFile(twoMonths('5'))]);
    expect(up.status).toBe(200);
    const r3 = await p.post('/prequalify', { appnumber: 'PQ-2' });
    expect(r3.json[0].result).not.toBe('NO_DECISION');
    const missing = await p.post('/prequalify', {});
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/^appnumber/);
    const unknown = await p.post('/prequalify', { appnumber: 'NOPE' });
    expect(unknown.status).toBe(404);
  });
});

describe('/ziparchive', () => {
  it('validates its fields and streams a zip of the application\'s files', async () => {
    const missing = await c.post('/ziparchive', {});
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/^appid/);
    const badFlag = await c.post('/ziparchive', { appid, watermarkIsFlatten: 'perhaps' });
    expect(badFlag.status).toBe(400);
    expect(badFlag.json.error).toMatch(/watermarkIsFlatten/);
    const ok = await c.post('/ziparchive', { appid });
    expect(ok.status).toBe(200);
    expect(String(ok.headers['content-type'])).toMatch(/^application\/zip/);
    expect(ok.text.slice(0, 2)).toBe('PK');
  });
});

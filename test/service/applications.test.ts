import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonFile, newAccount, startTestService, twoMonths, type Client, type TestService } from './helpers.js';
import { AppInfoSchema } from '../../src/contract/api/endpoints.js';

let svc: TestService;
let a: Client;
let b: Client;
beforeAll(async () => {
  svc = await startTestService();
  a = await newAccount(svc, 'pdfinsightstp', { conversions: 3 });
  b = await newAccount(svc, 'pdfinsights');
});
afterAll(async () => { await svc?.stop(); });

describe('applications', () => {
  it('/new creates, then returns the same application', async () => {
    const r1 = await a.post('/new', { appnumber: 'N-1', owner: 'Bob Smith' });
    expect(r1.status).toBe(200);
    expect(() => AppInfoSchema.parse(r1.json)).not.toThrow();
    expect(r1.json).toMatchObject({ appnumber: 'N-1', owner: 'Bob Smith', totalstatements: 0, naccounts: 0, accountlist: [] });
    const r2 = await a.post('/new', { appnumber: 'N-1' });
    expect(r2.json.appid).toBe(r1.json.appid);
    const bad = await a.post('/new', {});
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/appnumber/);
  });

  it('/getapps lists newest first, default limit 20, limit as a query parameter', async () => {
    for (let i = 0; i < 22; i++) await a.post('/new', { appnumber: `L-${i}` });
    const all = await a.get('/getapps');
    expect(all.status).toBe(200);
    expect(all.json).toHaveLength(20);
    expect(all.json[0].appnumber).toBe('L-21');
    expect((await a.get('/getapps', { limit: 5 })).json).toHaveLength(5);
    const bad = await a.get('/getapps', { limit: 'many' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^limit:/);
  });

  it('accounts never see each other\'s applications (404)', async () => {
    const up = await a.post('/uploadpdfs', { appnumber: 'SECRET', accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    expect(up.status).toBe(200);
    const appid = up.json.appinfo.appid;
    const tid = up.json.file_status[0].tid;
    const sid = up.json.file_status[0].statementid;
    expect((await b.get('/getapps', { limit: 1000 })).json.map((x: any) => x.appnumber)).not.toContain('SECRET');
    for (const [p, fields] of [
      ['/getresults', { appid }], ['/transactions', { appid, structured: true }], ['/scorecard', { appid }], ['/makexls', { appid }],
      ['/updatesummary', { appid, tid, endbalance: 1 }], ['/deletestmt', { appid, tid }], ['/deletestatement', { appid, statementId: sid }],
      ['/checkprogress', { appid, resfile: up.json.file_status[0].resfile }], ['/scorecard/signedUrl', { appid }], ['/ziparchive', { appid }],
    ] as const) {
      const r = await b.post(p, fields);
      expect(r.status, p).toBe(404);
      expect(r.json.error).toMatch(/not found/);
    }
    // b's appnumber SECRET is b's own, separate application
    const own = await b.post('/new', { appnumber: 'SECRET' });
    expect(own.json.appid).not.toBe(appid);
    expect(own.json.totalstatements).toBe(0);
    // and a's statement is untouched
    const still = await a.post('/getresults', { appid });
    expect(still.json.file_status).toHaveLength(2);
  });

  it('/remaining is decremented per converted statement; 0 left refuses before converting', async () => {
    expect((await a.get('/remaining')).json).toEqual({ Remaining: 1 });
    const one = await a.post('/makecsv', { appnumber: 'R-1', accounttype: 'MTJson', monthseqno: 1 }, [jsonFile(twoMonths('8'))]);
    expect(one.status).toBe(200);
    expect(one.json.file_status[0].remaining).toBe(0);
    expect((await a.get('/remaining')).json).toEqual({ Remaining: 0 });
    const refused = await a.post('/makecsv', { appnumber: 'R-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('9'))]);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatch(/no conversions remaining/);
    const apps = await a.post('/getresults', { appid: one.json.appinfo.appid });
    expect(apps.json.file_status).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonFile, newAccount, startTestService, twoMonths, type Client, type TestService } from './helpers.js';

let svc: TestService;
let c: Client;
let appid: number;
let jan: any;
let feb: any;
beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc, 'pdfinsightstp');
  const r = await c.post('/uploadpdfs', { appnumber: 'S-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('12345678'), 'stmt.json')]);
  appid = r.json.appinfo.appid;
  [jan, feb] = r.json.file_status;
});
afterAll(async () => { await svc?.stop(); });

describe('/transactions', () => {
  it('structured true → accounts with statements and transactions (2.5)', async () => {
    const r = await c.post('/transactions', { appid, structured: 'true' });
    expect(r.status).toBe(200);
    // An object keyed by statement tid, each holding its account and that one statement.
    expect(Object.keys(r.json)).toEqual([jan.tid, feb.tid]);
    for (const [tid, acct] of Object.entries<any>(r.json)) {
      expect(acct['Account Number']).toBe('12345678');
      expect(acct['Account Name']).toBe('Business Checking');
      expect(acct.Statements.map((s: any) => s.tid)).toEqual([tid]);
    }
    const t = r.json[jan.tid].Statements[0].transactions[1];
    expect(t).toMatchObject({ date: '2024-01-09', description: 'ONDECK CAPITAL ACH DEBIT', amount: -450, balance: 3050 });
    expect(Array.isArray(t.tags)).toBe(true);
  });

  it('structured false (default) → CSV text with one row per transaction', async () => {
    const r = await c.post('/transactions', { appid });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^text\/csv/);
    const lines = r.text.trim().split('\r\n');
    expect(lines[0]).toBe('Account Number,Account Name,Statement,Date,Description,Memo,Check Number,Amount,Balance,Type,True Credit,Categories');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/^12345678,Business Checking,[^,]+,01\/03\/2024,CUSTOMER DEPOSIT,,,2500\.00,3500\.00,/);
  });

  it('missing or bad appid is 400 naming appid', async () => {
    const r = await c.post('/transactions', {});
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/^appid: is required/);
    const r2 = await c.post('/transactions', { appid: 'abc' });
    expect(r2.status).toBe(400);
    expect(r2.json.error).toMatch(/^appid:/);
  });
});

describe('/updatesummary and /getresults', () => {
  it('edits change the live summaries; /getresults keeps the original results', async () => {
    const before = await c.post('/getresults', { appid });
    expect(before.status).toBe(200);
    const up = await c.post('/updatesummary', { appid, tid: jan.tid, endbalance: '1900.50', credits: '2550.50' });
    expect(up.status).toBe(200);
    expect(up.text).toBe('');
    const after = await c.post('/getresults', { appid });
    expect(after.json.statement_summaries).toEqual(before.json.statement_summaries);
    expect(after.json.file_status).toEqual(before.json.file_status);
    expect(after.json.statement_summaries[0].end_balance).toBe(1850);
    // a new upload's results reflect the edit (live figures) in the summary of the edited statement
    const live = await c.post('/uploadpdfs', { appnumber: 'S-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('99'), 'other.json')]);
    const edited = live.json.statement_summaries.find((s: any) => s.tid === jan.tid);
    expect(edited).toMatchObject({ end_balance: 1900.5, total_credits: 2550.5, edited: true, reconciled: true });
  });

  it('an edit changes the scorecard (which reads the edited figures)', async () => {
    const before = await c.post('/scorecard', { appid });
    expect(before.status).toBe(200);
    const up = await c.post('/updatesummary', { appid, tid: feb.tid, startbalance: '-5000' });
    expect(up.status).toBe(200);
    const after = await c.post('/scorecard', { appid });
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.json)).not.toBe(JSON.stringify(before.json));
  });

  it('bad edits are 400 naming the field; unknown tid is 404', async () => {
    const r1 = await c.post('/updatesummary', { appid, tid: jan.tid, endbalance: 'ten' });
    expect(r1.status).toBe(400);
    expect(r1.json.error).toMatch(/^endbalance:/);
    const r2 = await c.post('/updatesummary', { appid, tid: jan.tid, debits: '1.234' });
    expect(r2.status).toBe(400);
    expect(r2.json.error).toMatch(/^debits:.*2 decimals/);
    const r3 = await c.post('/updatesummary', { appid, tid: jan.tid });
    expect(r3.status).toBe(400);
    expect(r3.json.error).toMatch(/at least one/);
    const r4 = await c.post('/updatesummary', { appid, tid: 'no-such', endbalance: 1 });
    expect(r4.status).toBe(404);
    const r5 = await c.post('/updatesummary', { appid, endbalance: 1 });
    expect(r5.status).toBe(400);
    expect(r5.json.error).toMatch(/^tid: is required/);
  });
});

describe('deleting statements', () => {
  it('/deletestmt removes a statement by tid from everything', async () => {
    const r = await c.post('/deletestmt', { appid, tid: feb.tid });
    expect(r.status).toBe(200);
    const res = await c.post('/getresults', { appid });
    expect(res.json.file_status.map((f: any) => f.tid)).not.toContain(feb.tid);
    expect(res.json.statement_summaries.map((s: any) => s.tid)).not.toContain(feb.tid);
    const again = await c.post('/deletestmt', { appid, tid: feb.tid });
    expect(again.status).toBe(404);
  });

  it('/deletestatement takes appid + statementId and answers {applicationId, deletedStatementIds}', async () => {
    const r = await c.post('/deletestatement', { appid, statementId: jan.statementid });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ applicationId: appid, deletedStatementIds: [jan.statementid] });
    const tx = await c.post('/transactions', { appid, structured: true });
    expect(Object.values<any>(tx.json).flatMap((a: any) => a.Statements.map((s: any) => s.statementid))).not.toContain(jan.statementid);
    const missing = await c.post('/deletestatement', { appid, statementId: jan.statementid });
    expect(missing.status).toBe(404);
    const bad = await c.post('/deletestatement', { appid });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^statementId/);
  });
});

describe('appinfo.revision', () => {
  it('grows with every change to the application\'s statements (upload, edit, delete), never with a read', async () => {
    const first = await c.post('/uploadpdfs', { appnumber: 'REV-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('555'), 'rev.json')]);
    const id = first.json.appinfo.appid;
    const r0 = first.json.appinfo.revision as number;
    expect(r0).toBeGreaterThan(0);
    const read = await c.post('/getresults', { appid: id });
    expect(read.json.appinfo.revision).toBe(r0);
    const [a, b] = first.json.file_status;
    await c.post('/updatesummary', { appid: id, tid: a.tid, endbalance: '10.00' });
    const r1 = (await c.post('/getresults', { appid: id })).json.appinfo.revision as number;
    expect(r1).toBeGreaterThan(r0);
    const second = await c.post('/uploadpdfs', { appnumber: 'REV-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('556'), 'rev2.json')]);
    const r2 = second.json.appinfo.revision as number;
    expect(r2).toBeGreaterThan(r1);
    await c.post('/deletestatement', { appid: id, statementId: b.statementid });
    const after = (await c.post('/new', { appnumber: 'REV-1' })).json;
    expect(after.revision).toBeGreaterThan(r2);
    expect(after.totalstatements).toBe(3);
  });
});

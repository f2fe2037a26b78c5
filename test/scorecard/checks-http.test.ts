import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonFile, newAccount, startTestService, type Client, type TestService } from '../service/helpers.js';
import { handMtJsonFiles } from './hand-computed.js';
import { MultiFileResultsSchema } from '../../src/contract/api/endpoints.js';

/**
 * The hand-computed application (./hand-computed.ts) sent to a real service over HTTP as the
 * three MTJson files a broker would send: the results and the scorecard carry the consistency
 * checks with the statements they concern, and the figures match the hand computation in
 * ./hand-computed.test.ts.
 */
let svc: TestService;
let c: Client;
let upload: any;

const metric = (sc: any, label: string) => sc.metrics.metricdata.find((r: unknown[]) => r[0] === label);
const codes = (checks: { code: string }[]) => checks.map((x) => x.code).sort();

beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc, 'pdfinsightstp');
  const files = handMtJsonFiles().map((f) => jsonFile(f.json, f.name));
  const r = await c.post('/uploadpdfs', { appnumber: 'HAND-1', accounttype: 'MTJson', finduntrue: true, includescorecard: true, format: 'jsonobject', includetransactions: true }, files);
  expect(r.status).toBe(200);
  upload = r.json;
});
afterAll(async () => { await svc?.stop(); });

describe('consistency checks over HTTP', () => {
  it('/uploadpdfs results carry checks naming the gap, overlap, holders, currencies and the unreconciled file', () => {
    expect(upload.file_status).toHaveLength(6);
    expect(MultiFileResultsSchema.parse(upload).checks).toEqual(upload.checks);
    expect(codes(upload.checks)).toEqual(['coverage_gap', 'overlapping_statements', 'several_currencies', 'several_holders', 'unreconciled']);
    const tids = new Set(upload.file_status.map((f: any) => f.tid));
    for (const check of upload.checks) {
      expect(typeof check.message).toBe('string');
      expect(['alert', 'warning', 'info']).toContain(check.severity);
      for (const s of check.statements) expect(tids.has(s.tid)).toBe(true);
    }
    const gap = upload.checks.find((x: any) => x.code === 'coverage_gap');
    expect(gap.message).toMatch(/account 1111: no statement covers 2025-03-01 to 2025-03-31 \(31 days; month 2025-03\)/);
    expect(gap.statements.map((s: any) => s.file_name)).toEqual(['checking-1111.json', 'checking-1111.json']);
    const cur = upload.checks.find((x: any) => x.code === 'several_currencies');
    expect(cur.message).toContain('GBP (1 statement: gbp-3333.json)');
    const unrec = upload.checks.find((x: any) => x.code === 'unreconciled');
    expect(unrec.statements.map((s: any) => s.file_name)).toEqual(['gbp-3333.json']);
    expect(unrec.message).toContain('difference 100.00');
  });

  it('the scorecard has the same checks and the hand-computed figures', () => {
    const sc = upload.scorecard;
    expect(sc.checks).toEqual(upload.checks);
    expect(sc.metrics.currency).toBe('USD');
    expect(metric(sc, 'True Revenue')).toEqual(['True Revenue', 6667.33, 80007.96]);
    expect(metric(sc, 'Holdback Percent')).toEqual(['Holdback Percent', 7.5, 7.5]);
    expect(metric(sc, 'DTI Percent')).toEqual(['DTI Percent', 11, 11]);
    expect(metric(sc, 'Average Daily Balance')).toEqual(['Average Daily Balance', 5803.93, 5243.01]);
    expect(metric(sc, 'Minimum Balance')).toEqual(['Minimum Balance', -1878.69, -1878.69]);
    expect(metric(sc, 'Negative Days')).toEqual(['Negative Days', 4, 48]);
    expect(sc.combinedsummary.data.map((r: any) => [r.month, r.currency, r.minimum_balance])).toEqual([
      ['2025-01', 'USD', -1235], ['2025-02', 'USD', 501], ['2025-04', 'USD', -1878.69], ['2025-04', 'GBP', 2000],
    ]);
  });

  it('/scorecard and /getresults return the checks; deleting the GBP statement clears the checks it caused', async () => {
    const appid = upload.appinfo.appid;
    const sc = await c.post('/scorecard', { appid, format: 'jsonobject', sections: 'combinedsummary' });
    expect(sc.status).toBe(200);
    expect(codes(sc.json.checks)).toEqual(codes(upload.checks));
    const gbp = upload.file_status.find((f: any) => f.fileName === 'gbp-3333.json');
    const del = await c.post('/deletestmt', { appid, tid: gbp.tid });
    expect(del.status).toBe(200);
    const after = await c.post('/getresults', { appid });
    expect(after.status).toBe(200);
    expect(codes(after.json.checks)).toEqual(['coverage_gap', 'overlapping_statements']);
  });

  it('transactions carry the balance the statement prints even without includebalance', async () => {
    const json = JSON.stringify({ accounts: [{ bank_name: 'First Test Bank', account_number: '7777', statements: [{
      start_date: '2025-05-01', end_date: '2025-05-31', start_balance: 100, end_balance: 130,
      transactions: [
        { date: '2025-05-02', description: 'DEPOSIT', amount: 50, balance: 150 },
        { date: '2025-05-03', description: 'CHECK 12', amount: -20 },
      ],
    }] }] });
    const r = await c.post('/uploadpdfs', { appnumber: 'BAL-1', accounttype: 'MTJson', includetransactions: true }, [jsonFile(json, 'bal.json')]);
    expect(r.status).toBe(200);
    const t = r.json.transactions[0].Statements[0].transactions;
    expect(t.map((x: any) => x.balance)).toEqual([150, undefined]);
    const withRunning = await c.post('/getresults', { appid: r.json.appinfo.appid, includetransactions: true, includebalance: true });
    expect(withRunning.json.transactions[0].Statements[0].transactions.map((x: any) => x.balance)).toEqual([150, 130]);
  });
});

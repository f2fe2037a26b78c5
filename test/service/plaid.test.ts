import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { newAccount, startTestService, type Client, type TestService } from './helpers.js';

const report = () => readFileSync(new URL('../fixtures/formats/plaid-asset-report.json', import.meta.url), 'utf8');

let svc: TestService;
let c: Client;
beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc, 'pdfinsightstp');
});
afterAll(async () => { await svc?.stop(); });

describe('Plaid asset reports through the service', () => {
  it('jsondata as a file with accounttype Plaid: monthly statements, signs flipped, owner address in appinfo', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'PL-1', accounttype: 'Plaid', includetransactions: true },
      [{ field: 'jsondata', name: 'report.json', bytes: report(), type: 'application/json' }]);
    expect(r.status).toBe(200);
    const checking = r.json.file_status.filter((f: any) => f.accountNumber === '0042');
    expect(checking.map((f: any) => [f.startDate, f.endDate, f.startBalance, f.endBalance, f.reconciled])).toEqual([
      ['2025-01-20', '2025-01-31', 245.66, 2199.99, true],
      ['2025-02-01', '2025-02-28', 2199.99, 2499.99, true],
      ['2025-03-01', '2025-03-10', 2499.99, 1500, true],
    ]);
    expect(r.json.appinfo).toMatchObject({ owner: 'Rivera Tile & Stone Inc', city: 'Sparks', state: 'NV', zip: '89431', citystate: 'Sparks, NV', address1: '240 Quarry Way' });
    const acct = r.json.transactions.find((a: any) => a['Account Number'] === '0042');
    expect(acct.Statements[0].transactions.map((t: any) => t.amount)).toEqual([2000, -45.67]);
  });

  it('the deprecated schema=plaid selects the Plaid reader too', async () => {
    const r = await c.post('/makecsv', { appnumber: 'PL-2', schema: 'plaid', jsondata: report() });
    expect(r.status).toBe(200);
    expect(r.json.file_status.length).toBeGreaterThanOrEqual(3);
    expect(r.json.file_status.every((f: any) => f.numTransactions >= 0)).toBe(true);
  });
});

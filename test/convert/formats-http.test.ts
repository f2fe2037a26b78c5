import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, startTestService, type Client, type TestService } from '../service/helpers.js';

/** The structured formats through the real service: multipart upload over HTTP, worker thread, SQLite. */
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url)));

let svc: TestService;
let c: Client;
beforeAll(async () => {
  svc = await startTestService({ syncWaitMs: 10_000 });
  c = await newAccount(svc, 'pdfinsightstp', { conversions: 100 });
});
afterAll(async () => { await svc?.stop(); });

describe('structured formats over HTTP', () => {
  it('an SGML QFX with a bank and a card statement gives two reconciled file_status items', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'FMT-OFX', format: 'jsonobject' }, [{ name: 'granite.qfx', bytes: fixture('ofx-sgml-bank-and-card.qfx') }]);
    expect(r.status).toBe(200);
    const [bank, card] = r.json.file_status;
    expect(bank).toMatchObject({
      fileName: 'granite.qfx', bankName: 'Granite State Savings', accountNumber: '000123456789', accounttypestr: 'Checking',
      reconciled: true, startBalance: 745, endBalance: 2500, totCredits: 3000.25, totDebits: 1245.25, numTransactions: 4, accountSequence: 0,
    });
    expect(card).toMatchObject({ accounttypestr: 'CCard', detectedDocTypeText: 'Credit Card Statement', reconciled: true, startBalance: -490, endBalance: -340, accountSequence: 1 });
  });

  it('a CSV card export with accounttype=CCard is negated and says so', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'FMT-CSV', accounttype: 'CCard', includetransactions: true }, [{ name: 'card.csv', bytes: fixture('csv-card-purchases-positive.csv') }]);
    expect(r.status).toBe(200);
    expect(r.json.file_status[0]).toMatchObject({ donegate: true, accounttypestr: 'CCard', numTransactions: 3, totDebits: 135, totCredits: 150 });
  });

  it('a Plaid report sent as jsondata becomes monthly statements', async () => {
    const text = readFileSync(new URL('../fixtures/formats/plaid-asset-report.json', import.meta.url), 'utf8');
    const r = await c.post('/makecsv', { appnumber: 'FMT-PLAID', accounttype: 'Plaid', jsondata: text });
    expect(r.status).toBe(200);
    const items = r.json.file_status;
    expect(items.map((i: any) => [i.accountNumber, i.startDate, i.reconciled])).toEqual([
      ['0042', '2025-01-20', true], ['0042', '2025-02-01', true], ['0042', '2025-03-01', true], ['9876', '2025-02-10', true], ['5555', '2025-03-02', true],
    ]);
    expect(items[0]).toMatchObject({ bankName: 'Lakeside National Bank', totCredits: 2000, totDebits: 45.67, name: 'Rivera Tile & Stone Inc' });
  });

  it('an investment OFX fails clearly, naming the document type', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'FMT-INV' }, [{ name: 'brokerage.ofx', bytes: fixture('ofx-investment.ofx') }]);
    expect(r.status).toBe(200);
    const [item] = r.json.file_status;
    expect(item.fail).toBe(true);
    expect(item.numTransactions).toBeLessThan(0);
    expect(item.detectedDocTypeText).toBe('Investment Statement');
    expect(item.error).toMatch(/investment statement/);
  });

  it('a CSV with a bad amount fails with the row and column, and stores nothing', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'FMT-BAD' }, [{ name: 'bad.csv', bytes: 'Date,Description,Amount\n2025-01-02,OK,1.00\n2025-01-03,BAD,1.2.3\n' }]);
    expect(r.status).toBe(200);
    expect(r.json.file_status[0].error).toContain('row 3, column "Amount": "1.2.3" is not an amount');
    expect(r.json.appinfo.totalstatements).toBe(0);
  });
});

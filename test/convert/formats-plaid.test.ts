import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertDocument, ConversionError } from '../../src/engine/index.js';
import { defaultConversionOptions, type ConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { sequenceStatements } from '../../src/engine/statement/select.js';

const fixtureText = () => readFileSync(new URL('../fixtures/formats/plaid-asset-report.json', import.meta.url), 'utf8');
const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const convert = (bytes: Uint8Array, options: Partial<ConversionOptions> = { accounttype: 'Plaid' }) =>
  convertDocument({ fileName: 'report.json', bytes, options: defaultConversionOptions(options) });

async function errorOf(p: Promise<unknown>): Promise<ConversionError> {
  try { await p; } catch (e) { if (e instanceof ConversionError) return e; throw e; }
  throw new Error('expected a ConversionError');
}

describe('Plaid asset report converter', () => {
  it('splits each account into calendar-month statements, flipping Plaid signs', async () => {
    const doc = await convert(new TextEncoder().encode(fixtureText()));
    expect(doc.format).toBe('plaid');
    const checking = doc.statements.filter((s) => s.accountNumber === '0042');
    expect(checking.map((s) => [s.startDate, s.endDate, s.startBalance, s.endBalance, s.isMonthToDate])).toEqual([
      ['2025-01-20', '2025-01-31', 24566, 219999, false],
      ['2025-02-01', '2025-02-28', 219999, 249999, false],
      ['2025-03-01', '2025-03-10', 249999, 150000, true],
    ]);
    expect(checking[0]!.transactions.map((t) => [t.date, t.description, t.amount])).toEqual([
      ['2025-01-20', 'PAYROLL DEPOSIT ACME SUPPLY', 200000],
      ['2025-01-25', 'ELECTRIC COMPANY AUTOPAY', -4567],
    ]);
    expect(checking[1]!.transactions.map((t) => t.amount)).toEqual([-10, -20, 30030]);
    expect(checking[2]!.transactions).toHaveLength(1); // the pending coffee is excluded
    expect(checking[2]!.transactions[0]).toMatchObject({ amount: -99999, memo: 'Rent', type: 'special' });
    expect(checking[0]).toMatchObject({
      bankName: 'Lakeside National Bank', accountTypeStr: 'Checking', docType: 'Bank Statement', isStrongAccountNo: false,
      accountTitle: 'Lakeside Business Everyday Checking', ownerName: 'Rivera Tile & Stone Inc', currencyCode: 'USD',
      address: { address1: '240 Quarry Way', city: 'Sparks', state: 'NV', postalcode: '89431', country: 'US' },
    });
    expect(checking[0]!.accountOwner).toEqual(['Rivera Tile & Stone Inc', 'Marco Rivera', '240 Quarry Way', 'Sparks, NV 89431']);
  });

  it('every derived month reconciles to the cent', async () => {
    const doc = await convert(new TextEncoder().encode(fixtureText()));
    for (const s of doc.statements) {
      const r = reconcile(s, 0);
      expect(r.balancesValid, `${s.accountNumber} ${s.startDate}`).toBe(true);
      expect(r.reconciled, `${s.accountNumber} ${s.startDate}`).toBe(true);
    }
  });

  it('credit card and loan balances are amounts owed, shown negative in the holder\'s view', async () => {
    const doc = await convert(new TextEncoder().encode(fixtureText()));
    const card = doc.statements.filter((s) => s.accountNumber === '9876');
    expect(card.map((s) => [s.accountTypeStr, s.docType, s.startBalance, s.endBalance])).toEqual([
      ['CCard', 'Credit Card Statement', 0, -12050],
      ['CCard', 'Credit Card Statement', -12050, -12050],
    ]);
    expect(card[0]!.transactions.map((t) => t.amount)).toEqual([-20050, 8000]);
    const loan = doc.statements.filter((s) => s.accountNumber === '8888');
    expect(loan).toHaveLength(1);
    expect(loan[0]).toMatchObject({ accountTypeStr: 'Line of Credit', startBalance: -5630206, endBalance: -5630206, transactions: [] });
  });

  it('uses historical_balances as given, so a disagreeing balance shows as a failed reconciliation', async () => {
    const json = JSON.parse(fixtureText());
    json.report.items[0].accounts[0].historical_balances[2].current = 2400.00; // 2025-02-28, but 2025-03-01 says 2499.99
    const doc = await convert(bytesOf(json));
    const [jan, feb, mar] = doc.statements.filter((s) => s.accountNumber === '0042');
    expect(feb!.endBalance).toBe(240000);
    expect(reconcile(jan!, 0).reconciled).toBe(true);
    expect(reconcile(feb!, 0).reconciled).toBe(true);
    const r = reconcile(mar!, 0);
    expect(mar!.startBalance).toBe(240000);
    expect(r.reconciled).toBe(false);
    expect(r.difference).toBe(-9999);
    expect(reconcile(mar!, 9999).reconciled).toBe(true); // alloweddiff 99.99 covers it
  });

  it('walks back from the current balance when there are no historical balances', async () => {
    const json = JSON.parse(fixtureText());
    json.report.items[0].accounts[0].historical_balances = [];
    const doc = await convert(bytesOf(json));
    const checking = doc.statements.filter((s) => s.accountNumber === '0042');
    expect(checking.map((s) => [s.startBalance, s.endBalance])).toEqual([[24566, 219999], [219999, 249999], [249999, 150000]]);
  });

  it('starts the first statement of an account where its history starts (days_available)', async () => {
    const json = JSON.parse(fixtureText());
    json.report.items[0].accounts[1].days_available = 45; // 2025-01-25 .. 2025-03-10
    const doc = await convert(bytesOf(json));
    const card = doc.statements.filter((s) => s.accountNumber === '9876');
    expect(card.map((s) => [s.startDate, s.endDate, s.startBalance, s.endBalance, s.transactions.length])).toEqual([
      ['2025-01-25', '2025-01-31', 0, 0, 0],
      ['2025-02-01', '2025-02-28', 0, -12050, 2],
      ['2025-03-01', '2025-03-10', -12050, -12050, 0],
    ]);
  });

  it('without a report date, takes the current balance as of the latest date the report knows', async () => {
    const json = JSON.parse(fixtureText());
    delete json.report.date_generated;
    const doc = await convert(bytesOf(json));
    const card = doc.statements.filter((s) => s.accountNumber === '9876');
    expect(card.map((s) => [s.startDate, s.endDate, s.startBalance, s.endBalance])).toEqual([['2025-02-10', '2025-02-20', 0, -12050]]);
  });

  it('leaves balances unknown (not reconciled) when the report gives none', async () => {
    const json = JSON.parse(fixtureText());
    const acct = json.report.items[1].accounts[0];
    acct.historical_balances = [];
    acct.balances.current = null;
    const doc = await convert(bytesOf(json));
    const sav = doc.statements.find((s) => s.accountNumber === '5555')!;
    expect(sav.startBalance).toBeNull();
    expect(sav.hints?.[0]).toMatch(/no balance/);
    expect(reconcile(sav, 0).balancesValid).toBe(false);
  });

  it('also reads a /transactions/get response (accounts and transactions joined by account_id)', async () => {
    const doc = await convert(bytesOf({
      accounts: [{ account_id: 'A1', mask: '7777', type: 'depository', subtype: 'checking', balances: { current: 500.25 } }],
      transactions: [
        { account_id: 'A1', date: '2025-05-03', amount: -600.25, name: 'DEPOSIT', pending: false },
        { account_id: 'B2', date: '2025-05-04', amount: 10, name: 'OTHER ACCOUNT', pending: false },
        { account_id: 'A1', date: '2025-05-09', amount: 100, name: 'UTILITY', pending: false },
      ],
      item: { institution_id: 'ins_9' },
    }), {}); // recognised by content, no accounttype
    expect(doc.statements).toHaveLength(1);
    expect(doc.statements[0]).toMatchObject({ accountNumber: '7777', bankName: 'ins_9', startBalance: 0, endBalance: 50025, startDate: '2025-05-03', endDate: '2025-05-09' });
    expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([60025, -10000]);
  });

  it('numbers accounts across items and drops empty months unless readempty', async () => {
    const doc = await convert(new TextEncoder().encode(fixtureText()));
    const kept = sequenceStatements(doc, { accountseqno: -1, monthseqno: -1, readempty: false });
    expect(kept.map((s) => `${s.statement.accountNumber}:${s.monthSequence}`)).toEqual(['0042:0', '0042:1', '0042:2', '9876:0', '5555:0']);
    expect(sequenceStatements(doc, { accountseqno: -1, monthseqno: -1, readempty: true })).toHaveLength(7);
    expect(kept[0]!.numAccounts).toBe(4);
  });

  it('is chosen by schema=plaid and by content, never for MTJson requests', async () => {
    const bytes = new TextEncoder().encode(fixtureText());
    expect((await convert(bytes, { schema: 'plaid' })).format).toBe('plaid');
    expect((await convert(bytes, {})).format).toBe('plaid');
    const { plaidConverter } = await import('../../src/engine/formats/plaid.js');
    expect(plaidConverter.accepts({ fileName: 'r.json', bytes, options: defaultConversionOptions({ accounttype: 'MTJson' }) })).toBe(false);
    expect(plaidConverter.accepts({ fileName: 'r.pdf', bytes: new TextEncoder().encode('%PDF-1.4'), options: defaultConversionOptions() })).toBe(false);
  });

  it.each([
    ['a transaction without amount', (j: any) => { delete j.report.items[0].accounts[1].transactions[0].amount; }, 'report.items[0].accounts[1].transactions[0].amount is missing'],
    ['a transaction with a bad date', (j: any) => { j.report.items[1].accounts[0].transactions[0].date = '2025-02-31'; }, 'report.items[1].accounts[0].transactions[0].date is not a valid date'],
    ['an amount with 3 decimals', (j: any) => { j.report.items[0].accounts[0].transactions[1].amount = 999.999; }, 'report.items[0].accounts[0].transactions[1].amount has more than 2 decimals'],
    ['a transaction without any description', (j: any) => { delete j.report.items[0].accounts[1].transactions[1].original_description; }, 'transactions[1].original_description is missing'],
    ['a historical balance without amount', (j: any) => { j.report.items[0].accounts[0].historical_balances[0].current = null; }, 'historical_balances[0].current is missing'],
    ['no items', (j: any) => { delete j.report.items; }, 'report.items is missing'],
    ['items without accounts', (j: any) => { j.report.items = []; }, 'the report has no accounts'],
  ])('rejects %s with a message naming the field', async (_name, mutate, message) => {
    const json = JSON.parse(fixtureText());
    mutate(json);
    const err = await errorOf(convert(bytesOf(json)));
    expect(err.message).toContain(message);
    expect(err.message.startsWith('Plaid:')).toBe(true);
  });

  it('rejects a file that is not JSON', async () => {
    const err = await errorOf(convert(new TextEncoder().encode('date,amount\n2025-01-01,5')));
    expect(err.message).toMatch(/^Plaid: the file is not valid JSON/);
  });
});

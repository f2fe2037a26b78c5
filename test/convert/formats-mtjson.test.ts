import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertDocument, ConversionError } from '../../src/engine/index.js';
import { defaultConversionOptions, type ConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { sequenceStatements } from '../../src/engine/statement/select.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url)));
const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const convert = (bytes: Uint8Array, options: Partial<ConversionOptions> = { accounttype: 'MTJson' }, fileName = 'in.json') =>
  convertDocument({ fileName, bytes, options: defaultConversionOptions(options) });

async function errorOf(p: Promise<unknown>): Promise<ConversionError> {
  try { await p; } catch (e) { if (e instanceof ConversionError) return e; throw e; }
  throw new Error('expected a ConversionError');
}

function minimal(tx: Record<string, unknown> = {}, stmt: Record<string, unknown> = {}, acct: Record<string, unknown> = {}) {
  return {
    accounts: [{
      bank_name: 'Test Bank', account_number: '123456789', ...acct,
      statements: [{
        start_date: '2025-03-01', end_date: '2025-03-31', start_balance: 10, end_balance: 15,
        transactions: [{ date: '2025-03-02', description: 'DEPOSIT', amount: 5, ...tx }], ...stmt,
      }],
    }],
  };
}

describe('MTJson converter', () => {
  it('reads every account and statement of the fixture, in integer cents', async () => {
    const doc = await convert(fixture('mtjson-two-accounts.json'));
    expect(doc.format).toBe('mtjson');
    expect(doc.statements).toHaveLength(3);
    const [jan, feb, card] = doc.statements;
    expect(jan).toMatchObject({
      bankName: 'Harbor Point Community Bank', accountNumber: '4401239876', isStrongAccountNo: true,
      accountTypeStr: 'Checking', docType: 'Bank Statement', accountTitle: 'Business Checking',
      ownerName: 'Maple Street Bakery LLC', startDate: '2025-01-01', endDate: '2025-01-31',
      startBalance: 100010, endBalance: 222167,
      address: { address1: '18 Orchard Lane', city: 'Dayton', state: 'OH', postalcode: '45402' },
    });
    expect(jan!.transactions.map((t) => t.amount)).toEqual([123456, -1299, 10, -20, 10]);
    expect(jan!.transactions.map((t) => t.balance)).toEqual([223466, 222167, null, null, 222167]);
    expect(jan!.transactions[0]).toMatchObject({ memo: 'batch 1183', type: 'credit', customerId: 'C-77' });
    expect(jan!.transactions[1]!.checkNumber).toBe('1042');
    expect(feb!.transactions).toEqual([]);
    expect(card).toMatchObject({ accountTypeStr: 'CCard', docType: 'Credit Card Statement', isStrongAccountNo: false, ownerName: 'Dana Whitfield', startBalance: -25000, endBalance: -32550 });
    expect(card!.accountOwner).toEqual(['Dana Whitfield', 'Maple Street Bakery LLC']);
  });

  it('produces statements that reconcile exactly (0.10 + 0.20 sums in cents, not floats)', async () => {
    const doc = await convert(fixture('mtjson-two-accounts.json'));
    for (const s of doc.statements) {
      const r = reconcile(s, 0);
      expect(r.reconciled).toBe(true);
      expect(r.firstBroken).toBeNull();
    }
    expect(reconcile(doc.statements[0]!, 0)).toMatchObject({ totCredits: 123476, totDebits: 1319, numCredits: 3, numDebits: 2 });
  });

  it('sequences accounts and months; readempty keeps the empty February statement', async () => {
    const doc = await convert(fixture('mtjson-two-accounts.json'));
    const all = sequenceStatements(doc, { accountseqno: -1, monthseqno: -1, readempty: true });
    expect(all.map((s) => [s.accountSequence, s.monthSequence, s.numMonths])).toEqual([[0, 0, 2], [0, 1, 2], [1, 0, 1]]);
    expect(sequenceStatements(doc, { accountseqno: -1, monthseqno: -1, readempty: false })).toHaveLength(2);
  });

  it('negates debits by their type when all amounts are positive and only that reconciles', async () => {
    const txs = [
      { date: '2025-03-02', description: 'DEPOSIT', amount: 50, type: 'credit' },
      { date: '2025-03-03', description: 'RENT', amount: 20, type: 'debit' },
    ];
    const doc = await convert(bytesOf(minimal({}, { start_balance: 100, end_balance: 130, transactions: txs })));
    expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([5000, -2000]);
    expect(doc.statements[0]!.hints!.join(' ')).toMatch(/debits were made negative/);
    // when the amounts as given reconcile, they are left alone
    const asGiven = await convert(bytesOf(minimal({}, { start_balance: 100, end_balance: 170, transactions: txs })));
    expect(asGiven.statements[0]!.transactions.map((t) => t.amount)).toEqual([5000, 2000]);
  });

  it('accepts camelCase field names', async () => {
    const doc = await convert(bytesOf({
      accounts: [{
        bankName: 'Camel Bank', accountNumber: '99887766', accountType: 'savings', accountOwner: 'Ann Lee',
        statements: [{ startDate: '2025-04-01', endDate: '2025-04-30', startBalance: '1,000.00', endBalance: 990.01,
          transactions: [{ date: '2025-04-15', description: 'WITHDRAWAL', amount: -9.99, checkNumber: '7', customerId: 'k1' }] }],
      }],
    }));
    expect(doc.statements[0]).toMatchObject({ bankName: 'Camel Bank', accountNumber: '99887766', accountTypeStr: 'Savings', startBalance: 100000, endBalance: 99001 });
    expect(doc.statements[0]!.transactions[0]).toMatchObject({ amount: -999, checkNumber: '7', customerId: 'k1' });
  });

  it('flags transactions dated outside the statement period', async () => {
    const doc = await convert(bytesOf(minimal({ date: '2025-04-02' })));
    expect(doc.statements[0]!.hints).toEqual(['1 transaction is dated outside the statement period 2025-03-01 to 2025-03-31.']);
    const inside = await convert(bytesOf(minimal()));
    expect(inside.statements[0]!.hints).toEqual([]);
  });

  it('is recognised by content when accounttype is not given and schema is empty', async () => {
    const doc = await convert(bytesOf(minimal()), {});
    expect(doc.format).toBe('mtjson');
  });

  it.each([
    ['transaction amount missing', minimal({ amount: undefined }), 'accounts[0].statements[0].transactions[0].amount is missing'],
    ['transaction date missing', minimal({ date: undefined }), 'accounts[0].statements[0].transactions[0].date is missing'],
    ['transaction description missing', minimal({ description: '' }), 'accounts[0].statements[0].transactions[0].description is missing'],
    ['amount with 3 decimals', minimal({ amount: 1.005 }), 'transactions[0].amount has more than 2 decimals'],
    ['string amount with 3 decimals', minimal({ amount: '1.005' }), 'transactions[0].amount has more than 2 decimals'],
    ['amount that is not a number', minimal({ amount: 'five' }), 'transactions[0].amount is not an amount'],
    ['amount beyond exact cents', minimal({ amount: 1e300 }), 'transactions[0].amount is too large'],
    ['impossible date', minimal({ date: '2025-02-30' }), 'transactions[0].date is not a valid date YYYY-MM-DD: "2025-02-30"'],
    ['US-style date', minimal({ date: '03/02/2025' }), 'transactions[0].date is not a valid date'],
    ['start balance missing', minimal({}, { start_balance: null }), 'accounts[0].statements[0].start_balance is missing'],
    ['end date missing', minimal({}, { end_date: undefined }), 'accounts[0].statements[0].end_date is missing'],
    ['start after end', minimal({}, { start_date: '2025-04-01' }), 'start_date (2025-04-01) is after end_date (2025-03-31)'],
    ['bank name missing', minimal({}, {}, { bank_name: undefined }), 'accounts[0].bank_name is missing'],
    ['account number missing', minimal({}, {}, { account_number: ' ' }), 'accounts[0].account_number is missing'],
    ['statements not an array', { accounts: [{ bank_name: 'B', account_number: '1', statements: {} }] }, 'accounts[0].statements is missing'],
    ['no accounts', { accounts: [] }, 'accounts is empty'],
    ['accounts absent', { statements: [] }, 'accounts is missing'],
  ])('rejects %s with a message naming the field', async (_name, json, message) => {
    const err = await errorOf(convert(bytesOf(json)));
    expect(err.message).toContain(message);
    expect(err.message.startsWith('MTJson:')).toBe(true);
  });

  it('names the exact path of a bad row deep in the file and reports several problems at once', async () => {
    const json = JSON.parse(readFileSync(new URL('../fixtures/formats/mtjson-two-accounts.json', import.meta.url), 'utf8'));
    delete json.accounts[0].statements[0].transactions[3].amount;
    json.accounts[1].statements[0].transactions[1].date = '2025-13-01';
    const err = await errorOf(convert(bytesOf(json)));
    expect(err.message).toContain('accounts[0].statements[0].transactions[3].amount is missing');
    expect(err.message).toContain('accounts[1].statements[0].transactions[1].date is not a valid date');
  });

  it('rejects text that is not JSON with a clear message', async () => {
    const err = await errorOf(convert(new TextEncoder().encode('{"accounts": [')));
    expect(err.message).toMatch(/^MTJson: the file is not valid JSON/);
  });

  it('does not claim PDFs or Plaid requests', async () => {
    const { mtjsonConverter } = await import('../../src/engine/formats/mtjson.js');
    const opts = defaultConversionOptions();
    expect(mtjsonConverter.accepts({ fileName: 'a.pdf', bytes: new TextEncoder().encode('%PDF-1.7'), options: opts })).toBe(false);
    expect(mtjsonConverter.accepts({ fileName: 'a.json', bytes: bytesOf(minimal()), options: defaultConversionOptions({ accounttype: 'Plaid' }) })).toBe(false);
    expect(mtjsonConverter.accepts({ fileName: 'a.json', bytes: bytesOf(minimal()), options: defaultConversionOptions({ schema: 'plaid' }) })).toBe(false);
  });
});

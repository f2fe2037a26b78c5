/**
 * A card issuer's CSV export told by its own columns (src/engine/formats/csv-card.ts): a column
 * naming the card used on each row ("Card Used For Transaction", filled on every row) and a
 * column of merchants. The card used names no account: an account's cards (the holder's and an
 * additional card member's) share one statement. Where the file's evidence does not settle the
 * type or the side its amounts are printed from, the hints say so. Generated exports, shaped like
 * a store card's ("Merchant Name","Card Used For Transaction","Date","Time","Amount"), which was read
 * as two checking statements, one per card, with its purchases as credits.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions, type ConversionOptions } from '../../src/contract/api/conversion-options.js';

const convert = (text: string, options: Partial<ConversionOptions> = {}) =>
  convertDocument({ fileName: 'export.csv', bytes: new TextEncoder().encode(text), options: defaultConversionOptions(options) });

const HEAD = '"Merchant Name","Card Used For Transaction","Date","Time","Amount"\n';
const row = (merchant: string, card: string, date: string, amount: string) => `"${merchant}","${card}","${date}","06:50 PM","${amount}"\n`;

describe('a card export told by the card used and its merchants', () => {
  it('two cards of one account, purchases positive, no payment: one card statement, purchases money out, the unsettled side said', async () => {
    const doc = await convert(HEAD + row('Corner Fuel 118', '**** 2468', '03/10/2025', '41.20') + row('BOOKSHOP*ONLINE', '**** 1357', '03/12/2025', '18.75') + row('Greenleaf Grocers', '**** 2468', '03/15/2025', '96.04'));
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s).toMatchObject({ accountTypeStr: 'CCard', docType: 'Credit Card Statement' });
    expect(s.transactions.map((t) => t.amount)).toEqual([-4120, -1875, -9604]);
    const hints = s.hints!.join(' ');
    expect(hints).toContain('"Card Used For Transaction" column names the card used on each row (**** 2468, **** 1357), not an account');
    expect(hints).toContain('Read as a credit card export: a "Card Used For Transaction" column filled on every row, a "Merchant Name" column.');
    expect(hints).toContain('No payment or credit in the file tells which side');
  });

  it('a payment thanked for, printed negative, settles the side: nothing left unsaid', async () => {
    const doc = await convert(HEAD + row('Corner Fuel 118', '**** 2468', '03/10/2025', '41.20') + row('PAYMENT - THANK YOU', '**** 2468', '03/11/2025', '-500.00') + row('Greenleaf Grocers', '**** 1357', '03/15/2025', '96.04'));
    const s = doc.statements[0]!;
    expect(doc.statements).toHaveLength(1);
    expect(s.transactions.map((t) => t.amount)).toEqual([-4120, 50000, -9604]);
    expect(s.hints!.join(' ')).not.toContain('No payment or credit in the file tells');
  });

  it('one card used on every row: its number is the account\'s', async () => {
    const doc = await convert(HEAD + row('Corner Fuel 118', '**** 2468', '03/10/2025', '41.20') + row('Greenleaf Grocers', '**** 2468', '03/15/2025', '96.04'));
    expect(doc.statements.map((s) => [s.accountTypeStr, s.accountNumber])).toEqual([['CCard', '2468']]);
  });

  it('a bank export naming the debit card used on card rows only, with a running balance, stays one checking statement', async () => {
    const text = 'Date,Description,Card Used,Amount,Balance\n03/10/2025,PAYROLL DEPOSIT,,2500.00,4100.00\n03/11/2025,CORNER FUEL 118,**** 2468,-41.20,4058.80\n03/12/2025,GREENLEAF GROCERS,**** 1357,-96.04,3962.76\n';
    const doc = await convert(text);
    expect(doc.statements.map((s) => [s.accountTypeStr, s.transactions.length])).toEqual([['Checking', 3]]);
    expect(doc.statements[0]!.transactions.map((t) => t.amount)).toEqual([250000, -4120, -9604]);
  });

  it('a "Member Name" column (an issuer naming the card member) with debit and credit columns: a card', async () => {
    const doc = await convert('Status,Date,Description,Debit,Credit,Member Name\nCleared,03/10/2025,CORNER FUEL 118,41.20,,JANE Q DOE\nCleared,03/12/2025,ONLINE PAYMENT,,500.00,JANE Q DOE\n');
    expect(doc.statements.map((s) => [s.accountTypeStr, s.transactions.map((t) => t.amount)])).toEqual([['CCard', [-4120, 50000]]]);
  });

  it('a merchant column alone is too little to tell: read as a bank account, and the hints say so', async () => {
    const doc = await convert('Date,Merchant,Amount\n2025-03-10,Corner Fuel 118,-41.20\n2025-03-12,Greenleaf Grocers,-96.04\n2025-03-14,Refund Greenleaf,12.00\n');
    const s = doc.statements[0]!;
    expect(s.accountTypeStr).toBe('Checking');
    expect(s.hints!.join(' ')).toContain('a "Merchant" column may say a card\'s export, too little to tell');
  });
});

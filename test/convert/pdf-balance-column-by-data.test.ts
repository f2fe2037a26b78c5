/**
 * A running balance under a head that names amounts: "Date | Description | Deposits |
 * Withdrawals | Amount", the last column each row's balance, a "Total" line under the table with
 * the closing balance in it. The column's role comes from its figures: they move by each row's
 * deposit less its withdrawal. Read as balances, every row's balance is checked, the total line
 * is no transaction and the statement reconciles. Drawn with pdf-lib; the same table in a second
 * layout whose third column truly holds amounts (they do not chain) keeps its amounts.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';

const ROWS: [string, string, number][] = [
  ['10/07/2021', 'Cash Deposit', 125000],
  ['10/10/2021', 'Utility Charge', -24535],
  ['10/15/2021', 'Cheque Deposit', 75000],
  ['10/17/2021', 'Bill Payment - Northwind', -35025],
  ['10/22/2021', 'Online Shopping', -38000],
  ['11/01/2021', 'Online Transfer', 48000],
];
const OPENING = 425000;
const money = (c: number) => (Math.abs(c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

async function statement(thirdIsBalance: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  let y = 740;
  const text = (s: string, x: number, f = font) => page.drawText(s, { x, y, size: 9, font: f });
  const right = (s: string, xr: number, f = font) => page.drawText(s, { x: xr - f.widthOfTextAtSize(s, 9), y, size: 9, font: f });
  text('AnyTown Community Bank', 40, bold); y -= 14;
  text('Bank Statement', 40); y -= 12;
  text('Account Number: 123456789012', 40); y -= 12;
  text('Statement Period: 10/06/2021 to 11/06/2021', 40); y -= 24;
  text('Date', 40, bold); text('Description', 120, bold); right('Deposits ($)', 380, bold); right('Withdrawals ($)', 470, bold); right('Amount ($)', 560, bold); y -= 16;
  text('10/06/2021', 40); text('Opening Balance', 120); right(money(OPENING), 560); y -= 14;
  let balance = OPENING;
  for (const [d, desc, c] of ROWS) {
    balance += c;
    text(d, 40); text(desc, 120);
    right(money(c), c > 0 ? 380 : 470);
    // The third column: the running balance, or (the other layout) the row's own amount again.
    right(thirdIsBalance ? money(balance) : money(c), 560);
    y -= 14;
  }
  if (thirdIsBalance) { text('11/06/2021', 40); text('Closing Balance', 120); right(money(balance), 560); y -= 14; }
  text('****Total****', 160, bold); right(money(thirdIsBalance ? balance : ROWS.reduce((n, r) => n + Math.abs(r[2]), 0)), 560, bold); y -= 30;
  text(`Opening Balance $ ${money(OPENING)}`, 360); y -= 12;
  text(`Closing Balance $ ${money(balance)}`, 360);
  return doc.save();
}

describe('a running balance under a head that names amounts', () => {
  it('is read as the balances, by how its figures move; the total line under it is no row', async () => {
    const doc = await convertDocument({ fileName: 'amount-is-balance.pdf', bytes: await statement(true), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount])).toEqual(ROWS.map(([d, , c]) => [`${d.slice(6)}-${d.slice(0, 2)}-${d.slice(3, 5)}`, c]));
    let balance = OPENING;
    expect(s.transactions.map((t) => t.balance)).toEqual(ROWS.map(([, , c]) => (balance += c)));
    expect(s.startBalance).toBe(OPENING);
    expect(s.endBalance).toBe(balance);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('keeps a third column that repeats the amounts as amounts (its figures do not chain)', async () => {
    const doc = await convertDocument({ fileName: 'amount-is-amount.pdf', bytes: await statement(false), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = doc.statements[0]!;
    expect(s.transactions.every((t) => t.balance === undefined || t.balance === null)).toBe(true);
    expect(s.transactions.map((t) => Math.abs(t.amount))).toEqual(expect.arrayContaining(ROWS.map(([, , c]) => Math.abs(c))));
  });
});

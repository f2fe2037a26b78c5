/**
 * A table that pads its cells (ReportLab's TOPPADDING and BOTTOMPADDING, an HTML table's cell
 * padding) sets its rows further apart than a description's lines: single-line rows 17 pt
 * apart in 9 pt type, a wrapped description's lines 10.8 pt apart, its first line 17 pt under
 * the row above. With the description column first and narrow, "ACCT 4410-22" stood on a line
 * of its own, where rows start; a run of table lines was kept only 1.7 sizes (15.3 pt) from line
 * to line, so that line was read as a new account's number and the statement split in two (the
 * second dated 2031). The rows' own spacing now keeps the run going. Drawn with our own pen
 * (plain-pdf.ts).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { formatCents } from '../../src/contract/money.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const ROWS: [number, string[], number][] = [
  [6, ['PAYROLL DEPOSIT ACME', 'CORP 0106'], 250_000],
  [9, ['CARD PURCHASE 01/09', 'STAPLES 00123'], -4_512],
  [13, ['CHECK 1042'], -25_000],
  [23, ['ONLINE', 'PAYMENT TO', 'ACCT 4410-22', 'FOR INV 1043'], -163_255],
  [24, ['CHECK 1043'], -50_000],
  [27, ['MOBILE DEPOSIT 8096'], 120_000],
];
const OPENING = 310_000;

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Harbor Commercial Bank', 50, { bold: true, size: 14 }); pen.down(18);
  pen.text('Business Checking   Account Number: 0075727722   Statement period: 01/01/2025 to 01/31/2025', 50, { size: 9 }); pen.down(14);
  pen.text(`Opening balance ${formatCents(OPENING)}`, 50, { size: 9 }); pen.down(12);
  pen.text(`Closing balance ${formatCents(OPENING + ROWS.reduce((n, r) => n + r[2], 0))}`, 50, { size: 9 }); pen.down(24);
  pen.text('Description', 50, { bold: true, size: 9 }); pen.text('Date', 180, { bold: true, size: 9 });
  pen.right('Amount', 330, { bold: true, size: 9 }); pen.right('Balance', 410, { bold: true, size: 9 }); pen.down(17);
  let balance = OPENING;
  for (const [day, words, cents] of ROWS) {
    // The description's lines 10.8 pt apart, the row's other cells on its last line (ReportLab's
    // default: the cells aligned to the row's bottom); the next row 17 pt down.
    words.forEach((w, i) => { pen.text(w, 50, { size: 9 }); if (i < words.length - 1) pen.down(10.8); });
    balance += cents;
    pen.text(`01/${String(day).padStart(2, '0')}/2025`, 180, { size: 9 });
    pen.right(formatCents(cents), 330, { size: 9 }); pen.right(formatCents(balance), 410, { size: 9 });
    pen.down(17);
  }
  return pen.save();
}

describe('a table whose rows stand further apart than their lines', () => {
  it('reads an account label in a wrapped description as the row\'s words, not a new statement', async () => {
    const doc = await convertDocument({ fileName: 'padded-rows.pdf', bytes: await statement(), options: defaultConversionOptions() });
    expect(doc.statements.map((s) => [s.accountNumber, s.transactions.length])).toEqual([['0075727722', ROWS.length]]);
    const s = doc.statements[0]!;
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(ROWS.map(([day, words, cents]) => [`2025-01-${String(day).padStart(2, '0')}`, cents, words.join(' ')]));
  });
});

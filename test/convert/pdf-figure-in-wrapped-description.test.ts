/**
 * A narrow description column wraps a long description a word or two a line, and a figure the
 * description holds ("DEBIT CARD PURCHASE W/ CASH BACK 20.00 WALGREENS") can land alone on a
 * line, flush left under the description's head, far from every money column (Apache FOP,
 * fop-sweep.ts seed 27). It was read as a figure: there a row of its own (a 20.00 debit the
 * statement never printed, dated from the row above, the balances broken), here a figure the
 * row already had, dropped from the description. A figure set where the
 * description starts, more than two type sizes from its nearest money column's head and from
 * every figure read under it, is a word of the description (pdf/printed-edges.ts
 * inDescription). Drawn with our pen.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const SIZE = 9, DATE_X = 46, DESC_X = 150, AMOUNT_R = 380, BALANCE_R = 500;
/** Rows: day, the description's lines as the narrow column wraps them, cents. */
const ROWS: [number, string[], number][] = [
  [2, ['ACH CREDIT', 'SQUARE INC', 'SETTLEMENT'], 412_050],
  [5, ['DEBIT CARD', 'PURCHASE W/', 'CASH BACK', '20.00', 'WALGREENS', '#4471'], -4_251],
  [9, ['CHECK 1043'], -85_000],
  [12, ['POS PURCHASE', 'CASHBACK', '40.00', 'SHOPRITE', 'NEWARK NJ'], -12_977],
  [16, ['ONLINE TRANSFER', 'FROM SAVINGS'], 150_000],
];
const OPENING = 1_234_567;
/** Figures with their side's letters, as the FOP statement printed them ("42.51 Dr"). */
const money = (c: number) => `${(Math.abs(c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} ${c < 0 ? 'Dr' : 'Cr'}`;

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Harbour Point Bank', 40, { bold: true, size: 13 }); pen.down(18);
  pen.text('Business Checking   Account number 4410 2298 7731', 40, { size: SIZE }); pen.down(12);
  pen.text('Statement period 03/01/2025 to 03/31/2025', 40, { size: SIZE }); pen.down(12);
  const closing = OPENING + ROWS.reduce((n, r) => n + r[2], 0);
  pen.text('Opening balance', 40, { size: SIZE }); pen.right(money(OPENING), 220, { size: SIZE }); pen.down(12);
  pen.text('Closing balance', 40, { size: SIZE }); pen.right(money(closing), 220, { size: SIZE }); pen.down(24);
  pen.text('Date', DATE_X, { size: SIZE, bold: true }); pen.text('Narrative', DESC_X, { size: SIZE, bold: true });
  pen.right('Transaction Amount', AMOUNT_R, { size: SIZE, bold: true }); pen.right('Running Balance', BALANCE_R, { size: SIZE, bold: true }); pen.down(16);
  let balance = OPENING;
  for (const [day, lines, cents] of ROWS) {
    balance += cents;
    pen.text(`03/${String(day).padStart(2, '0')}/2025`, DATE_X, { size: SIZE });
    pen.text(lines[0]!, DESC_X, { size: SIZE });
    pen.right(money(cents), AMOUNT_R, { size: SIZE });
    pen.right(money(balance), BALANCE_R, { size: SIZE }); pen.down(11);
    for (const l of lines.slice(1)) { pen.text(l, DESC_X, { size: SIZE }); pen.down(11); }
    pen.down(4);
  }
  return pen.save();
}

describe('a figure wrapped alone onto a line of a narrow description column', () => {
  it('is a word of the description, not a row', async () => {
    const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount])).toEqual(ROWS.map(([d, , c]) => [`2025-03-${String(d).padStart(2, '0')}`, c]));
    expect(s.transactions[1]!.description).toMatch(/CASH BACK 20\.00 WALGREENS/);
    expect(s.transactions[3]!.description).toMatch(/CASHBACK 40\.00 SHOPRITE/);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

/**
 * A table that prints each row on two lines, its description alone on the first and its
 * reference, dates and amount on the second (jsPDF autotable with the reference under the
 * description, jspdf-sweep.ts seeds 21 and 63), was taken for a sheet printed over several page
 * columns: a later page's lines carry figures and no words (the reference is a number, the date
 * not first), and its rows, evenly spaced as any table's are, fell on the heights of the first
 * page's lines. The first page was read with the later pages' items beside it and the later pages'
 * rows lost (F1 0.48). Lines of words between a page's figure lines, about one to a row, make its
 * rows whole, not a page column's bare figures (pdf/page-columns.ts bareFigures). Drawn with our pen.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf, type PlainPen } from '../fixtures/generator/plain-pdf.js';

const SIZE = 8, DESC_X = 40, DATE_X = 380, VALUE_X = 440, AMOUNT_R = 560;
/** Rows: day, description, reference, cents. */
const ROWS: [number, string, string, number][] = [
  [3, 'BANKCARD DEPOSIT MTOT DEP 250303', '795592', 613_656],
  [3, 'KAPITUS SERVICING ACH DEBIT 127302', '976255', -27_299],
  [4, 'STRIPE TRANSFER ST-236458507', '935477', 119_352],
  [5, 'CARD PURCHASE 03/05 COSTCO WHSE #0234', '186106', -11_619],
  [6, 'ONLINE TRANSFER TO SAV ...2468', '714193', -321_896],
  [7, 'PAYPAL TRANSFER 10005709869', '662020', 208_847],
  [10, 'CHECK 7155', '7155', -228_398],
  [11, 'REMOTE ONLINE DEPOSIT # 5027', '830168', 232_818],
  [12, 'GUSTO PAYROLL 250312 510260', '408622', -494_152],
  [13, 'COUNTER CREDIT', '787154', 483_829],
  [14, 'POS DEBIT SYSCO FOOD SERVICES', '890494', -39_571],
  [17, 'ONDECK CAPITAL DEBIT 0449345', '892288', -167_875],
];
const PER_PAGE = 6, OPENING = 3_365_653;
const money = (c: number) => `${c < 0 ? '-' : ''}${(Math.abs(c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const day = (d: number) => `03/${String(d).padStart(2, '0')}`;

/**
 * Each page's head as tall as the first's (the later pages say "continued" where the first
 * prints its balances), so the table's rows print at the same heights on every page.
 */
function head(pen: PlainPen, first: boolean, closing: number): void {
  pen.text('Harbour Point Bank', 40, { bold: true, size: 12 }); pen.down(18);
  pen.text('Business Checking   Account number 4410 2298 7731', 40, { size: SIZE }); pen.down(12);
  pen.text('Statement period 03/01/2025 to 03/31/2025', 40, { size: SIZE }); pen.down(12);
  if (first) {
    pen.text('Opening balance', 40, { size: SIZE }); pen.right(money(OPENING), 200, { size: SIZE }); pen.down(12);
    pen.text('Closing balance', 40, { size: SIZE }); pen.right(money(closing), 200, { size: SIZE }); pen.down(24);
  } else {
    pen.text('Transactions (continued)', 40, { size: SIZE }); pen.down(36);
  }
  pen.text('Description', DESC_X, { size: SIZE, bold: true }); pen.text('Date', DATE_X, { size: SIZE, bold: true });
  pen.text('Value date', VALUE_X, { size: SIZE, bold: true }); pen.right('Amount', AMOUNT_R, { size: SIZE, bold: true }); pen.down(18);
}

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  const closing = OPENING + ROWS.reduce((n, r) => n + r[3], 0);
  ROWS.forEach(([d, description, ref, cents], i) => {
    if (i % PER_PAGE === 0) { if (i) pen.newPage(); head(pen, i === 0, closing); }
    pen.text(description, DESC_X, { size: SIZE }); pen.down(9);
    pen.text(ref, DESC_X, { size: SIZE }); pen.text(day(d), DATE_X, { size: SIZE }); pen.text(day(d), VALUE_X, { size: SIZE });
    pen.right(money(cents), AMOUNT_R, { size: SIZE }); pen.down(18);
  });
  return pen.save();
}

describe('each row\'s description on a line of its own above its figures, over several pages', () => {
  it('reads every page\'s rows, not the pages as one sheet\'s page columns', async () => {
    const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = doc.statements[0]!;
    expect(s.hints?.join(' ') ?? '').not.toMatch(/page columns/);
    expect(s.transactions.map((t) => [t.date, t.amount])).toEqual(ROWS.map(([d, , , c]) => [`2025-${day(d).replace('/', '-')}`, c]));
    s.transactions.forEach((t, i) => expect(t.description.startsWith(ROWS[i]![1])).toBe(true));
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

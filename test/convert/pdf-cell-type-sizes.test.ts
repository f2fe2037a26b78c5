/**
 * A table whose description cells are paragraphs in their own larger type (10 pt) beside values
 * in the table's (8 pt), each cell aligned to the row's bottom (ReportLab's default for a table
 * of Paragraph cells), its top or its middle: a wrapped description's lines stand over or under
 * its row's dated line in the larger type. They were taken for titles ("a title in a larger type
 * ends the table") and their words dropped, unsaid. So were they where the description column
 * comes before the date ("BLUE RIDGE SUPPLY INC | 16 dic | 3,005.43": the dated line's first
 * cell is the description's last line) and where a description wraps onto three lines (its
 * first line is over another of its lines, not over the dated line), and where the date is
 * printed on a day's first row only (the row's figure line has no date: the row was lost whole,
 * the table paused until the next dated line). Drawn with our own pen (plain-pdf.ts).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { formatCents } from '../../src/contract/money.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

interface Row { day: number; words: string[]; cents: number }
const ROWS: Row[] = [
  { day: 2, words: ['CARD PURCHASE TESCO STORES 2291'], cents: -4_512 },
  { day: 3, words: ['FASTER PAYMENT FROM ACME LTD INV', '4471'], cents: 125_000 },
  { day: 5, words: ['DIRECT DEBIT BRITISH GAS'], cents: -8_930 },
  { day: 8, words: ['STANDING ORDER TO LANDLORD FLAT 2', 'REF RENT MARCH'], cents: -95_000 },
  { day: 9, words: ['ATM WITHDRAWAL HIGH ST'], cents: -10_000 },
  { day: 12, words: ['TRANSFER TO SAVINGS ACCOUNT ENDING', '0093 MONTHLY'], cents: -20_000 },
  { day: 15, words: ['SALARY ACME LTD'], cents: 241_055 },
  { day: 20, words: ['CARD PURCHASE AMAZON MKTPLACE'], cents: -3_299 },
];

/** Descriptions wrapping onto three lines, as a narrow Paragraph column wraps them. */
const ROWS3: Row[] = [
  { day: 2, words: ['CARD PURCHASE TESCO STORES 2291'], cents: -4_512 },
  { day: 3, words: ['SQUARE INC DES:SQ250303 ID:T3557413863', 'INDN:SUMMIT LOGISTICS CO ID:9424300002', 'CCD'], cents: 125_000 },
  { day: 5, words: ['DIRECT DEBIT BRITISH GAS'], cents: -8_930 },
  { day: 8, words: ['ORIG CO NAME:ACME LTD ORIG', 'ID:9424300002 DESC DATE:250308 ENTRY', 'DESCR:RENT MARCH'], cents: -95_000 },
  { day: 15, words: ['SALARY ACME LTD'], cents: 241_055 },
];

/** Several rows a day, some wrapping, for a table that prints the date on a day's first row only. */
const ROWS_DAYS: Row[] = [
  { day: 2, words: ['CARD PURCHASE TESCO STORES 2291'], cents: -4_512 },
  { day: 3, words: ['SALARY ACME LTD'], cents: 241_055 },
  { day: 3, words: ['ONLINE TRANSFER TO SAV ...6697', 'TRANSACTION#: 866362600'], cents: -52_783 },
  { day: 3, words: ['DIRECT DEBIT BRITISH GAS'], cents: -8_930 },
  { day: 8, words: ['STANDING ORDER TO LANDLORD FLAT 2', 'REF RENT MARCH'], cents: -95_000 },
  { day: 8, words: ['CARD PURCHASE 06/24 COSTCO WHSE', '#0234 HACKENSACK NJ CARD 5165'], cents: -51_357 },
  { day: 9, words: ['ATM WITHDRAWAL HIGH ST'], cents: -10_000 },
];

type Align = 'bottom' | 'top' | 'middle';

/** Where the description column stands: after the date (x 120), or first (x 50, the date at 290). */
interface Layout { descFirst?: boolean; rows?: Row[]; oncePerDay?: boolean }

async function statement(align: Align, layout: Layout = {}): Promise<Uint8Array> {
  const rows = layout.rows ?? ROWS;
  const [dateX, descX] = layout.descFirst ? [290, 50] : [50, 120];
  const pen = await plainPdf();
  pen.text('Riverside Community Bank', 50, { bold: true, size: 14 }); pen.down(18);
  pen.text('Current Account Statement   Account Number: 4417229018   Statement period: 01/03/2025 to 31/03/2025', 50); pen.down(16);
  let balance = 500_000;
  pen.text(`Opening balance ${formatCents(balance)}`, 50); pen.down(14);
  pen.text(`Closing balance ${formatCents(balance + rows.reduce((n, r) => n + r.cents, 0))}`, 50); pen.down(24);
  for (const [h, x] of [['Date', dateX], ['Description', descX]] as const) pen.text(h, x, { bold: true, size: 8 });
  for (const [h, x] of [['Paid out', 400], ['Paid in', 470], ['Balance', 550]] as const) pen.right(h, x, { bold: true, size: 8 });
  pen.down(16);
  let lastDay = 0;
  for (const r of rows) {
    // The paragraph's lines in 10 pt, 12 pt apart; the other cells in 8 pt on its last line, its
    // first, or centred on it (the letters' middles: a baseline 0.7 pt below the lines' middle).
    const drop = 12 * (r.words.length - 1);
    const at = align === 'top' ? 0 : align === 'bottom' ? drop : drop / 2 + 0.7;
    r.words.forEach((w, i) => { pen.text(w, descX, { size: 10 }); if (i < r.words.length - 1) pen.down(12); });
    pen.down(at - drop);
    balance += r.cents;
    if (!layout.oncePerDay || r.day !== lastDay) pen.text(`${String(r.day).padStart(2, '0')}/03/2025`, dateX, { size: 8 });
    lastDay = r.day;
    pen.right(formatCents(Math.abs(r.cents)), r.cents < 0 ? 400 : 470, { size: 8 });
    pen.right(formatCents(balance), 550, { size: 8 });
    pen.down(drop - at + 18);
  }
  return pen.save();
}

describe('description cells in a larger type than the row\'s values', () => {
  // Bottom: the first line, over the row's dated line, was taken for a title in a larger type and
  // dropped; top: the last, under it; middle: both, the figures' line no centred row (its type
  // not the description's).
  it.each(['bottom', 'top', 'middle'] as const)('keeps a wrapped description\'s every line with its row, the cells aligned to the %s', async (align) => {
    const doc = await convertDocument({ fileName: 'paragraphs.pdf', bytes: await statement(align), options: defaultConversionOptions() });
    const s = doc.statements[0]!;
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(ROWS.map((r) => [`2025-03-${String(r.day).padStart(2, '0')}`, r.cents, r.words.join(' ')]));
  });

  // The description column first: the dated line starts with the description's words, its date
  // after them; the line over or under it was no row's (a date was looked for in its first cell
  // only). ReportLab sweep 1-100: 6 of 11 seeds whose descriptions lost a line.
  it.each(['bottom', 'top'] as const)('keeps them where the description column comes before the date, the cells aligned to the %s', async (align) => {
    const doc = await convertDocument({ fileName: 'paragraphs-desc-first.pdf', bytes: await statement(align, { descFirst: true }), options: defaultConversionOptions() });
    const s = doc.statements[0]!;
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(ROWS.map((r) => [`2025-03-${String(r.day).padStart(2, '0')}`, r.cents, r.words.join(' ')]));
  });

  // Three lines: the first (bottom) or the last (top) stands a line away from the dated line,
  // another line of its cell between; it was taken for a title and dropped.
  it.each(['bottom', 'top'] as const)('keeps a description of three lines whole, the cells aligned to the %s', async (align) => {
    const doc = await convertDocument({ fileName: 'paragraphs-three-lines.pdf', bytes: await statement(align, { rows: ROWS3 }), options: defaultConversionOptions() });
    const s = doc.statements[0]!;
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(ROWS3.map((r) => [`2025-03-${String(r.day).padStart(2, '0')}`, r.cents, r.words.join(' ')]));
  });

  // Dates on a day's first row only: a wrapped row later in the day has an undated figure line,
  // and its line in the larger type over (bottom) or under (top) it ended the table as a title;
  // the row was lost (ReportLab sweep 1-100: 4 seeds a row short, unreconciled).
  it.each(['bottom', 'top'] as const)('keeps a wrapped row whose date is printed on the day\'s first row only, the cells aligned to the %s', async (align) => {
    const doc = await convertDocument({ fileName: 'paragraphs-once-per-day.pdf', bytes: await statement(align, { rows: ROWS_DAYS, oncePerDay: true }), options: defaultConversionOptions() });
    const s = doc.statements[0]!;
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(ROWS_DAYS.map((r) => [`2025-03-${String(r.day).padStart(2, '0')}`, r.cents, r.words.join(' ')]));
  });

  // Middle, three lines among rows of two: the figures share the middle line and, moved up to the
  // row's first line (centred-values.ts, told by the two-line rows), that line kept the size of
  // the items it held, not its words'; the last line was then no line of its cell, and was
  // dropped as a title (ReportLab sweep 1-500: 9 seeds).
  it('keeps a description of three lines whole among rows of two, the cells aligned to the middle', async () => {
    const rows = [ROWS[0]!, ROWS[1]!, ROWS3[1]!, ROWS[3]!, { ...ROWS3[3]!, day: 10 }, ROWS[6]!];
    const doc = await convertDocument({ fileName: 'paragraphs-three-middle.pdf', bytes: await statement('middle', { rows }), options: defaultConversionOptions() });
    const s = doc.statements[0]!;
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(rows.map((r) => [`2025-03-${String(r.day).padStart(2, '0')}`, r.cents, r.words.join(' ')]));
  });
});

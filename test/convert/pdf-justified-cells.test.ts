/**
 * Description cells set justified (XSL-FO's text-align="justify", as Apache FOP prints banks'
 * statement archives): a wrapped description's first line is spread over its cell's width, its
 * words 10 pt and more apart in 9 pt type, wider than the gap that starts a new cell. Its last word
 * ("...6066", "02/03") stood alone, nearer by distance to the D/C column than to the short
 * "Details" head, and was read as the row's type: the word was lost from the description
 * (fop-sweep.ts: 12 seeds of 100). Words of one font and size at equal gaps are one line of a
 * cell (pdf/justified-words.ts). Drawn with our own pen (plain-pdf.ts).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { formatCents } from '../../src/contract/money.js';
import { plainPdf, type PlainPen } from '../fixtures/generator/plain-pdf.js';
import { justifiedJoins } from '../../src/engine/pdf/justified-words.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';

/** Rows: day, the description's lines (the first justified when it has a second), cents. */
const ROWS: [number, string[], number][] = [
  [3, ['ONLINE TRANSFER FROM SAV ...6066', 'TRANSACTION#: 5272874'], 816_874],
  [3, ['RECURRING CARD PURCHASE 02/03', 'QUICKBOOKS INTUIT CA'], -72_953],
  [4, ['CHECK 1042'], -25_000],
  [6, ['CLOVER SETTLEMENT MERCH DEP', '03562154'], 145_568],
  [7, ['PAYROLL DEPOSIT ACME'], 250_000],
];
const OPENING = 310_000;
const DESC_X0 = 74, DESC_X1 = 262;

/** A line's words spread from x0 to x1 at equal gaps (the last line of a cell stays flush left). */
function justified(pen: PlainPen, text: string, x0: number, x1: number): void {
  // Widths as drawn: glyph by glyph (pdf-lib's measure of a word adds kerning its drawing leaves out).
  const width = (w: string) => [...w].reduce((n, ch) => n + pen.width(ch), 0);
  const words = text.split(' ');
  const gap = (x1 - x0 - words.reduce((s, w) => s + width(w), 0)) / (words.length - 1);
  let x = x0;
  for (const w of words) { pen.text(w, x); x += width(w) + gap; }
}

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Harbor Commercial Bank', 44, { bold: true, size: 14 }); pen.down(18);
  pen.text('Business Checking   Account Number: 0075727722   Statement period: 01/01/2025 to 01/31/2025', 44); pen.down(14);
  pen.text(`Opening balance ${formatCents(OPENING)}`, 44); pen.down(12);
  pen.text(`Closing balance ${formatCents(OPENING + ROWS.reduce((n, r) => n + r[2], 0))}`, 44); pen.down(24);
  pen.text('Date', 44, { bold: true }); pen.text('Details', DESC_X0, { bold: true });
  pen.right('Amount', 330, { bold: true }); pen.text('D/C', 340, { bold: true }); pen.right('Balance', 420, { bold: true }); pen.down(15);
  let balance = OPENING;
  for (const [day, lines, cents] of ROWS) {
    balance += cents;
    pen.text(`01/${String(day).padStart(2, '0')}`, 44);
    lines.forEach((l, i) => {
      if (i < lines.length - 1) justified(pen, l, DESC_X0, DESC_X1); else pen.text(l, DESC_X0);
      if (i === 0) { pen.right(formatCents(Math.abs(cents)), 330); pen.text(cents < 0 ? 'D' : 'C', 340); pen.right(formatCents(balance), 420); }
      pen.down(10.8);
    });
    pen.down(4);
  }
  return pen.save();
}

describe('a description cell set justified', () => {
  it('keeps every word of a spread line in the description', async () => {
    const doc = await convertDocument({ fileName: 'justified.pdf', bytes: await statement(), options: defaultConversionOptions() });
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(ROWS.map(([day, lines, cents]) => [`2025-01-${String(day).padStart(2, '0')}`, cents, lines.join(' ')]));
  });
});

/**
 * A table whose cells fill their columns to the edge, as LaTeX sets a tabular: the description a
 * justified p{} column, the date an l column as wide as its widest date, each column 2·\tabcolsep
 * from the next. The justified line's last word, the date and the D/C word then stand at one
 * gap, equal as a justified line's gaps are, and were read as a second justified line: the date
 * and the type were the description's words, the rows had no date (latex-sweep.ts). A justified
 * line spaces all its words alike: the gap where its spacing changes is a cell break. The
 * reader mostly recovers such a row by the heads' columns (the statement below reads either
 * way); a row of pdfTeX's (words of 10 pt at 9.8 pt, the columns at 11.9 pt) it did not.
 */
const TEX_ROWS: [number, string[], number][] = [
  [3, ['BANKCARD DEPOSIT MTOT DEP MID', '250103 51800370486'], 366_115],
  [6, ['SQUARE INC DES:SQ250106 INDN', 'GREENLEAF LANDSC CO ID:9424300002'], 765_879],
  [7, ['MONTHLY SERVICE FEE'], -2_292],
  [8, ['RENT PAYMENT BILL PAY MAPLE', 'REALTY GROUP LLC 0099'], -787_505],
];
const TEX_OPENING = 1_046_143;
/** The description's column ends here; every column after it starts COL_GAP after the previous one's widest cell. */
const TEX_DESC_X1 = 262, COL_GAP = 12;

async function texTable(): Promise<Uint8Array> {
  const pen = await plainPdf();
  const dateW = pen.width('2025/01/03'), flagW = pen.width('DR');
  const dateX = TEX_DESC_X1 + COL_GAP, flagX = dateX + dateW + COL_GAP, amountR = flagX + flagW + COL_GAP + 50, balanceR = amountR + COL_GAP + 52;
  const closing = TEX_OPENING + TEX_ROWS.reduce((n, r) => n + r[2], 0);
  pen.text('Harbor Commercial Bank', 44, { bold: true, size: 14 }); pen.down(18);
  pen.text('Business Checking   Account Number: 0075727722   Statement period: 2025/01/01 to 2025/01/31', 44); pen.down(14);
  pen.text(`Opening balance ${formatCents(TEX_OPENING)}`, 44); pen.down(12);
  pen.text(`Closing balance ${formatCents(closing)}`, 44); pen.down(24);
  pen.text('Transaction Description', DESC_X0, { bold: true }); pen.text('Date', dateX, { bold: true }); pen.text('Dr/Cr', flagX, { bold: true });
  pen.right('Amount', amountR, { bold: true }); pen.right('Balance', balanceR, { bold: true }); pen.down(15);
  let balance = TEX_OPENING;
  for (const [day, lines, cents] of TEX_ROWS) {
    balance += cents;
    lines.forEach((l, i) => {
      if (i < lines.length - 1) justified(pen, l, DESC_X0, TEX_DESC_X1); else pen.text(l, DESC_X0);
      if (i === 0) {
        pen.text(`2025/01/${String(day).padStart(2, '0')}`, dateX); pen.text(cents < 0 ? 'DR' : 'CR', flagX);
        pen.right(formatCents(Math.abs(cents)), amountR); pen.right(formatCents(balance), balanceR);
      }
      pen.down(10.8);
    });
    pen.down(4);
  }
  return pen.save();
}

describe('a justified description beside columns set at one gap', () => {
  it('ends the justified line where its spacing changes', () => {
    // One row of pdfTeX's, as the reader got it: the description's words at 9.8 pt, the date and the type at the columns' 11.9 pt.
    const words: [string, number, number][] = [['BANKCARD', 55.6, 9.8], ['DEPOSIT', 41, 9.8], ['MTOT', 27.6, 9.8], ['DEP', 18.8, 9.8], ['241120', 29.9, 9.8], ['MID', 19.4, 11.9], ['2024/11/20', 45.4, 11.9], ['CR', 13.3, 24.7], ['3.661,15', 34.9, 0]];
    let x = 79.5;
    const row: TextItem[] = words.map(([str, w, gap]) => { const it = { str, x, w, y: 330.7, size: 10, font: 'NimbusRomNo9L-Regu' }; x += w + gap; return it; });
    expect([...justifiedJoins(row, 8)!].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });
  it('reads dates whose month is a word, at equal gaps, as columns', () => {
    // A date and a value date as wide as each other, the type code after them: "03-Feb-2025 |
    // 03-Feb-2025 | CR" at 13.8 pt gaps in 9 pt type, read as one justified cell (composed seed
    // 5202 --traits noHeads+typeCodes: no dated row, no table read).
    const words: [string, number, number][] = [['03-Feb-2025', 51.5, 13.8], ['03-Feb-2025', 51.5, 13.8], ['CR', 13, 41.9], ['SHOPIFY PAYOUT TRANSFER', 130, 0]];
    let x = 68.5;
    const row: TextItem[] = words.map(([str, w, gap]) => { const it = { str, x, w, y: 206, size: 9, font: 'Helvetica' }; x += w + gap; return it; });
    expect(justifiedJoins(row, 7.2)).toBeNull();
  });

  it('keeps the date and the type out of the description', async () => {
    const doc = await convertDocument({ fileName: 'justified-tex.pdf', bytes: await texTable(), options: defaultConversionOptions() });
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount, t.description])).toEqual(TEX_ROWS.map(([day, lines, cents]) => [`2025-01-${String(day).padStart(2, '0')}`, cents, lines.join(' ')]));
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

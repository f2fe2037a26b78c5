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

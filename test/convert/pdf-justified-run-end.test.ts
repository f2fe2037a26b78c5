/**
 * A justified description that ends at its cell's edge, then cells set the same padding apart
 * (pdfmake's 'auto' columns: a date and a Dr/Cr flag each 8 pt after the cell before at 8 pt):
 * after the justified run "SQUARE … LANDSC CO", "CO 2024/11/21 CR" stood at one gap and was read
 * as a second justified run, so the date and the flag joined the description and the row took
 * the date of the row above (pdfmake-sweep.ts seed 69). A justified line ends at its last word:
 * the gap after it is the next column's (justified-words.ts). Drawn with our pen.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { documentLines } from '../../src/engine/pdf/lines.js';
import { plainPdf, type PlainPen } from '../fixtures/generator/plain-pdf.js';

const SIZE = 8, DESC_X0 = 44, DESC_X1 = 396, PAD = 8;
/** Day, the description's lines (the first justified when it has a second), credit or debit, cents. */
const ROWS: [number, string[], number][] = [
  [20, ['BANKCARD DEPOSIT MTOT DEP 241120 MID 51800370486'], 366_115],
  [21, ['SQUARE INC DES:SQ241121 ID:T37316776152 INDN:GREENLEAF LANDSC CO', 'ID:9424300002 CCD'], 765_879],
  [21, ['MONTHLY SERVICE FEE'], -2_292],
  [22, ['ORIG CO NAME:SQUARE INC ORIG ID:9424300002 DESC DATE:241205 CO ENTRY', 'DESCR:SQ241205'], 216_473],
  [22, ['FORWARD FIN ACH PMT 69131058'], -395_575],
];
const OPENING = -46_143;
const figure = (c: number) => `${Math.floor(Math.abs(c) / 100).toLocaleString('de-DE')},${String(Math.abs(c) % 100).padStart(2, '0')}${c < 0 ? '-' : ''}`;

/** Glyph by glyph, as drawn. */
const width = (pen: PlainPen, s: string) => [...s].reduce((n, ch) => n + pen.width(ch, { size: SIZE }), 0);

/** A line's words spread from DESC_X0 to DESC_X1 at equal gaps, each word an item. */
function justified(pen: PlainPen, text: string): void {
  const words = text.split(' ');
  const gap = (DESC_X1 - DESC_X0 - words.reduce((s, w) => s + width(pen, w), 0)) / (words.length - 1);
  let x = DESC_X0;
  for (const w of words) { pen.text(w, x, { size: SIZE }); x += width(pen, w) + gap; }
}

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  const closing = OPENING + ROWS.reduce((n, r) => n + r[2], 0);
  pen.text('Prairie Ridge Bank', 40, { bold: true, size: 12 }); pen.down(16);
  pen.text('Account Number: 4471200931', 40, { size: SIZE }); pen.down(11);
  pen.text('Statement Period: 2024/11/20 through 2024/12/19', 40, { size: SIZE }); pen.down(11);
  pen.text('Beginning Balance', 40, { size: SIZE }); pen.right(figure(OPENING), 169, { size: SIZE }); pen.down(11);
  pen.text('Closing balance', 40, { size: SIZE }); pen.right(figure(closing), 169, { size: SIZE }); pen.down(22);
  const dateX = DESC_X1 + PAD, flagX = dateX + width(pen, '2024/11/20') + PAD, amountX = flagX + width(pen, 'Dr/Cr') + PAD;
  pen.text('Transaction Description', DESC_X0, { size: SIZE, bold: true }); pen.text('Date', dateX, { size: SIZE, bold: true });
  pen.text('Dr/Cr', flagX, { size: SIZE, bold: true }); pen.text('Amount', amountX, { size: SIZE, bold: true }); pen.text('Balance', 528, { size: SIZE, bold: true }); pen.down(16);
  let balance = OPENING;
  for (const [day, lines, cents] of ROWS) {
    balance += cents;
    if (lines.length > 1) justified(pen, lines[0]!); else pen.text(lines[0]!, DESC_X0, { size: SIZE });
    // The date and the flag each the cells' padding after the cell before: one gap.
    pen.text(`2024/11/${day}`, dateX, { size: SIZE }); pen.text(cents < 0 ? 'DR' : 'CR', flagX, { size: SIZE });
    pen.text(figure(Math.abs(cents)), amountX, { size: SIZE }); pen.text(figure(balance), 528, { size: SIZE }); pen.down(8);
    for (const more of lines.slice(1)) { pen.text(more, DESC_X0, { size: SIZE }); pen.down(8); }
    pen.down(8);
  }
  return pen.save();
}

describe('a justified description ending at its cell\'s edge', () => {
  it('ends its cell: the date and the flag after it are cells of their own', async () => {
    const text = await extractPdf(await statement(), 'x.pdf', {});
    for (const l of documentLines(text.pages).filter((l) => /^(SQUARE|ORIG) /.test(l.text))) {
      expect(l.cells.map((c) => c.text).slice(1, 3)).toEqual([expect.stringMatching(/^2024\/11\/2\d$/), 'CR']);
    }
  });

  it('leaves the date and the flag set one padding apart after it to their columns', async () => {
    const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount])).toEqual(ROWS.map(([d, , c]) => [`2024-11-${d}`, c]));
    for (const t of s.transactions) expect(t.description).not.toMatch(/2024\/11|\b[CD]R$/);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

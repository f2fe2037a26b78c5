/**
 * A description that fills its cell to the edge (justified, or long enough) leaves the next
 * column's date only the cells' padding away: Apache FOP with 3-pt padding at 7.5 pt set
 * "2025.03.10" 6 pt (0.8 em) after "INDN:ACME PLUMBING HE CO", the gap under which a line's
 * items join into one cell. Rows whose figures are centred on a wrapped description (the date
 * on its middle line) then lost their date, read as the description's last word, and took the
 * date of the row above (fop-sweep.ts seed 260). A date with its year set most of a cell's break
 * from the text before it starts a cell of its own (pdf/lines.ts dateApart). Drawn with our pen.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf, type PlainPen } from '../fixtures/generator/plain-pdf.js';

const SIZE = 7.5, DESC_X0 = 43, DESC_X1 = 197.9, DATE_X = 203.9;
/** Rows: day, three description lines (the middle one fills the cell), cents. */
const ROWS: [number, [string, string, string], number][] = [
  [3, ['SQUARE INC DES:SQ250303', 'ID:T3856766304 INDN:ACME PLUMBING HE', 'CO ID:9424300002 CCD'], 192_648],
  [7, ['ONLINE TRANSFER TO CHK', 'TRANSACTION#: 846673 CONFIRMED NOW', 'REF 9606'], -646_542],
  [10, ['SHOPIFY PAYOUT TRANSFER', 'ORDER BATCH 5004823 NORTHSIDE AUTO', 'REPAIR LLC'], 800_467],
  [14, ['FORWARD FIN ACH PMT', 'LOAN 905495 MERCHANT ADVANCE PLAN', 'WEEKLY'], -182_800],
];
const OPENING = 3_530_773;
const figure = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100).toLocaleString('fr-FR').replace(/\s/g, ' ')},${String(Math.abs(c) % 100).padStart(2, '0')}`;

/** Words spread from x0 to x1 at equal gaps, each word an item (justified), or the line as one string set flush to x1. */
function filled(pen: PlainPen, text: string, justify: boolean): void {
  const width = (w: string) => [...w].reduce((n, ch) => n + pen.width(ch, { size: SIZE }), 0);
  if (!justify) { pen.text(text, DESC_X1 - width(text), { size: SIZE }); return; }
  const words = text.split(' ');
  const gap = (DESC_X1 - DESC_X0 - words.reduce((s, w) => s + width(w), 0)) / (words.length - 1);
  let x = DESC_X0;
  for (const w of words) { pen.text(w, x, { size: SIZE }); x += width(w) + gap; }
}

async function statement(justify: boolean): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Caja Rural del Tajo', 40, { bold: true, size: 12 }); pen.down(16);
  pen.text('Extracto de cuenta  Cuenta: ES91 2100 0418 4502 0005 1332', 40, { size: SIZE }); pen.down(11);
  pen.text('Periodo: 2025.03.01 al 2025.03.31', 40, { size: SIZE }); pen.down(11);
  pen.text('Saldo inicial', 40, { size: SIZE }); pen.right(figure(OPENING), 200, { size: SIZE }); pen.down(11);
  pen.text('Saldo final', 40, { size: SIZE }); pen.right(figure(OPENING + ROWS.reduce((n, r) => n + r[2], 0)), 200, { size: SIZE }); pen.down(22);
  pen.text('Concepto / Descripción', DESC_X0, { size: SIZE, bold: true }); pen.text('F. Operación', DATE_X, { size: SIZE, bold: true });
  pen.text('Cargo', 259, { size: SIZE, bold: true }); pen.text('Abono', 313, { size: SIZE, bold: true }); pen.text('Saldo', 371, { size: SIZE, bold: true }); pen.down(16);
  let balance = OPENING;
  for (const [day, [first, middle, last], cents] of ROWS) {
    balance += cents;
    pen.text(first, DESC_X0, { size: SIZE }); pen.down(10);
    filled(pen, middle, justify);
    pen.text(`2025.03.${String(day).padStart(2, '0')}`, DATE_X, { size: SIZE });
    pen.text(figure(Math.abs(cents)), cents < 0 ? 259 : 313, { size: SIZE });
    pen.text(figure(balance), 371, { size: SIZE }); pen.down(10);
    pen.text(last, DESC_X0, { size: SIZE }); pen.down(14);
  }
  return pen.save();
}

describe('a date a cell\'s padding after a description that fills its cell', () => {
  for (const justify of [true, false]) {
    it(`is the row's date, not the description's last word (${justify ? 'justified words' : 'one string'})`, async () => {
      const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(justify), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      const s = doc.statements[0]!;
      expect(s.transactions.map((t) => [t.date, t.amount])).toEqual(ROWS.map(([d, , c]) => [`2025-03-${String(d).padStart(2, '0')}`, c]));
      for (const t of s.transactions) expect(t.description).not.toMatch(/2025\./);
      expect(reconcile(s, 0).reconciled).toBe(true);
    });
  }
});

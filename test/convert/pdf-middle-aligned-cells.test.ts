/**
 * A table whose cells are set in the middle of their rows (jsPDF's autoTable, valign middle), its
 * columns a padding apart (jspdf-sweep seed 87, drawn here with our pen):
 * - the heads: "Data" over the one-line heads "Descrizione | D/C | Importo | Valuta" over
 *   "contabile". Read alone, the middle line names the same kinds of column as with the others
 *   (its value date's "Valuta" a date column), and the rows' booking dates, left of the
 *   descriptions under no head, were read as their words (pdf/wrapped-heads.ts: as many kinds
 *   in more head cells);
 * - each amount with its value date two paddings after it, read as one cell ("5.167,84 03 feb
 *   2025"): such a line was no line of figures to pdf/glued-column-dates.ts, and a booking date run into a
 *   description's middle line ("07 feb 2025 ENTRY DESCR:SQ250207") was not cut;
 * - a description of two lines (its words over the reference) stands half a line over and half a
 *   line under the figures: no spacing pdf/row-spacing.ts read, and every reference was read as
 *   the next row's first words. The page's spacing is measured across the figures' lines;
 * - a check's reference is its number: joined under "CHECK 3406", it is the check number, no
 *   second "3406" in the description (pdf/assemble.ts).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const SIZE = 9, PITCH = 10.35, GAP = 16.35, PAD = 3;
const DATE_X = 43, DESC_X = 96, FLAG_X = 450, AMOUNT_R = 505, VALUE_X = 522;
/** Rows: day, description lines, reference, cents. */
const ROWS: [number, string[], string, number][] = [
  [3, ['ZELLE PAYMENT FROM JOHN MARTINEZ 0721853'], '117488', 516_784],
  [3, ['SHOPIFY PAYOUT TRANSFER 1544719'], '308489', 544_068],
  [4, ['CON ED OF NY INTELL CK 7048067253'], '646648', -74_382],
  [4, ['CHECK 3406'], '3406', -15_569],
  [6, ['DEPOSIT'], '634988', 333_553],
  [7, ['ORIG CO NAME:SQUARE INC ORIG ID:9424300002 DESC DATE:250207 CO', 'ENTRY DESCR:SQ250207'], '159517', 651_341],
  [7, ['ADP WAGE PAY WAGE PAY 250207 433983'], '180851', -398_084],
  [7, ['DUKE ENERGY PAYMENT 963814249'], '555567', -87_414],
];
const OPENING = 1_000_000;
const figure = (c: number) => `${Math.floor(Math.abs(c) / 100).toLocaleString('de-DE')},${String(Math.abs(c) % 100).padStart(2, '0')}`;
const date = (d: number) => `${String(d).padStart(2, '0')} feb 2025`;

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  const closing = OPENING + ROWS.reduce((n, r) => n + r[3], 0);
  const signed = (c: number) => `${c < 0 ? '-' : ''}${figure(c)}`;
  pen.text('Banca Alpina', 40, { bold: true, size: 14 }); pen.down(24);
  pen.text('Conto corrente', 40, { size: SIZE }); pen.down(14);
  pen.text('Numero conto: 448120937', 40, { size: SIZE }); pen.down(14);
  pen.text('Periodo: 01 feb 2025 al 28 feb 2025', 40, { size: SIZE }); pen.down(14);
  pen.text('Divisa: EUR', 40, { size: SIZE }); pen.down(14);
  pen.text('Saldo precedente', 40, { size: SIZE }); pen.right(signed(OPENING), 160, { size: SIZE }); pen.down(14);
  pen.text('Saldo finale', 40, { size: SIZE }); pen.right(signed(closing), 160, { size: SIZE }); pen.down(30);
  // The heads in the middle of their cells: "Data contabile" on two lines around the others' one.
  pen.text('Data', DATE_X, { size: SIZE, bold: true }); pen.down(PITCH / 2);
  pen.text('Descrizione', DESC_X, { size: SIZE, bold: true }); pen.text('D/C', FLAG_X, { size: SIZE, bold: true });
  pen.right('Importo', AMOUNT_R, { size: SIZE, bold: true }); pen.text('Valuta', VALUE_X, { size: SIZE, bold: true }); pen.down(PITCH / 2);
  pen.text('contabile', DATE_X, { size: SIZE, bold: true }); pen.down(GAP);
  for (const [day, lines, ref, cents] of ROWS) {
    // The description's lines and the reference under them, the figures' line in their middle.
    const all = [...lines, ref], mid = (all.length - 1) / 2;
    const figuresAt = Math.ceil(mid), half = mid !== figuresAt;
    for (let k = 0; k < all.length; k++) {
      if (half && k === figuresAt) pen.down(-PITCH / 2);
      if (k === figuresAt) {
        // The booking date run into a description line printed on the figures' line (one string);
        // the amount and its value date two paddings apart, read as one cell.
        if (half) pen.text(date(day), DATE_X, { size: SIZE });
        else pen.text(`${date(day)} ${all[k]}`, DATE_X, { size: SIZE });
        pen.text(cents < 0 ? 'D' : 'C', FLAG_X, { size: SIZE });
        pen.right(figure(cents), VALUE_X - 2 * PAD, { size: SIZE }); pen.text(date(day), VALUE_X, { size: SIZE });
        if (half) pen.down(PITCH / 2);
      }
      if (half || k !== figuresAt) pen.text(all[k]!, DESC_X, { size: SIZE });
      pen.down(k === all.length - 1 ? GAP : PITCH);
    }
  }
  return pen.save();
}

describe('a table set in the middle of its cells, a reference under each description', () => {
  it('reads each row\'s booking date, its words and its reference, and a check\'s number once', async () => {
    const doc = await convertDocument({ fileName: 'middle.pdf', bytes: await statement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const rows = doc.statements.flatMap((s) => s.transactions);
    expect(rows.map((t) => `${t.date} ${t.amount} ${t.description}`)).toEqual(ROWS.map(([day, lines, ref, cents]) =>
      `2025-02-${String(day).padStart(2, '0')} ${cents} ${[...lines, ...(lines[0]!.startsWith('CHECK') ? [] : [ref])].join(' ')}`));
    expect(rows[3]!.checkNumber).toBe('3406');
  });
});

/**
 * Rows whose date and figures are centred between a description and a reference printed under
 * it in smaller type (pdfmake's verticalAlignment 'middle', a table of 'auto' columns): a credit
 * and the balance set only the cells' padding apart (6 pt at 10 pt) ran into one cell
 * ("1 455,68 29 548,93 C"), which centred-values.ts took for words: the line was no row's
 * values, and each reference went to the row below as its first words (pdfmake-sweep.ts seed 68).
 * A cell that is a run of figures is a line's values as separate figures are. Drawn with our pen.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const SIZE = 10;
/** Day, description, reference, cents. */
const ROWS: [number, string, string, number][] = [
  [3, 'CLOVER SETTLEMENT MERCH DEP 03562154', '218976', 145_568],
  [4, 'ONLINE TRANSFER FROM SAV 2144', '594236', 584_889],
  [5, 'ONDECK CAPITAL DEBIT 157118', '672897', -327_775],
  [6, 'ZELLE PAYMENT FROM JOHN MARTINEZ', '955159', 828_122],
  [7, 'PAYPAL TRANSFER 1000923484701', '496906', 378_808],
  [10, 'PAYCHEX PAYROLL 56556800', '951721', -629_121],
];
const OPENING = 2_809_325;
const figure = (c: number) => `${Math.floor(Math.abs(c) / 100).toLocaleString('fr-FR').replace(/\s/g, ' ')},${String(Math.abs(c) % 100).padStart(2, '0')}`;

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  const closing = OPENING + ROWS.reduce((n, r) => n + r[3], 0);
  pen.text('Crédit Maritime du Nord', 40, { bold: true, size: 12 }); pen.down(16);
  pen.text('Numéro de compte: 464842864', 40, { size: SIZE }); pen.down(12);
  pen.text('Période du relevé: 2025/02/01 au 2025/02/28', 40, { size: SIZE }); pen.down(12);
  pen.text('Solde initial', 40, { size: SIZE }); pen.right(`${figure(OPENING)} C`, 240, { size: SIZE }); pen.down(12);
  pen.text('Solde final', 40, { size: SIZE }); pen.right(`${figure(closing)} C`, 240, { size: SIZE }); pen.down(24);
  pen.text('Date', 43, { size: SIZE, bold: true }); pen.text('Libellé de l\'opération', 99, { size: SIZE, bold: true });
  pen.right('Débits', 452, { size: SIZE, bold: true }); pen.right('Crédits', 503, { size: SIZE, bold: true }); pen.text('Solde', 509, { size: SIZE, bold: true }); pen.down(16);
  let balance = OPENING;
  for (const [day, desc, ref, cents] of ROWS) {
    balance += cents;
    // The description, then the values 5 pt lower (centred), then the reference 5 pt lower again.
    pen.text(desc, 99, { size: SIZE }); pen.down(5);
    pen.text(`2025/02/${String(day).padStart(2, '0')}`, 43, { size: SIZE });
    pen.right(figure(cents), cents < 0 ? 452 : 503, { size: SIZE });
    // The balance starts 6 pt after the credit column's edge: a credit and it run into one cell.
    pen.text(`${figure(balance)} C`, 509, { size: SIZE }); pen.down(5);
    pen.text(ref, 99, { size: SIZE - 1 }); pen.down(14);
  }
  return pen.save();
}

describe('a credit and the balance run into one cell on a line centred between a description and its reference', () => {
  it('are the row\'s values: each reference stays with its own row', async () => {
    const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount])).toEqual(ROWS.map(([d, , , c]) => [`2025-02-${String(d).padStart(2, '0')}`, c]));
    s.transactions.forEach((t, i) => expect(t.description.startsWith(ROWS[i]![1])).toBe(true));
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

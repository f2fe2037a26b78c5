/**
 * The currency a table's heads name, on the third line of heads: jsPDF's autoTable sets a
 * one-line head ("Causale") halfway down heads of two lines ("Data / contabile", "Importo /
 * (CHF)", "Saldo / (CHF)"), so the code is on the heads' third line. That line was taken for a
 * row's text, where only figures count, and a franc statement mailed to a US address was read
 * as dollars (jspdf-sweep.ts seed 67: currency USD, want CHF; seed 88: none, want EUR). Up to
 * two lines under the first are heads when the heads merged with them still read as heads
 * (pdf/fields.ts tableTextLines). Drawn with our pen.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const SIZE = 10;
const ROWS: [number, string, number][] = [
  [16, 'WIRE TRANSFER IN FED REF 706329', 300_543],
  [17, 'POS DEBIT SYSCO FOOD SERVICES', -58_422],
  [18, 'RENT PAYMENT BILL PAY MAPLE REALTY GROUP', -636_816],
  [19, 'FUNDKITE LLC COLLECTION 159042003', -363_300],
  [20, 'GUSTO TAX 241220 114096543', -246_889],
  [27, 'REMOTE ONLINE DEPOSIT # 0992', 2_174_764],
];
const OPENING = 1_744_565;
const figure = (c: number) => `${c < 0 ? '-' : ''}${(Math.abs(c) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function statement(code: string, heads: 2 | 3): Promise<Uint8Array> {
  const pen = await plainPdf();
  const DATE_X = 330, AMOUNT_R = 470, BALANCE_R = 560;
  const closing = OPENING + ROWS.reduce((n, r) => n + r[2], 0);
  pen.text('Banca Alpina', 40, { bold: true, size: 14 }); pen.right('Estratto conto corrente', 560, { size: 12 }); pen.down(30);
  for (const l of ['GREENLEAF LANDSCAPING CORP', '17 HARBOR RD', 'TAMPA FL 33602']) { pen.text(l, 40, { size: SIZE }); pen.down(13); }
  pen.down(10);
  pen.text('Conto n.: 520826751', 40, { size: SIZE }); pen.down(13);
  pen.text('Periodo: 01 dic 2024 al 31 dic 2024', 40, { size: SIZE }); pen.down(24);
  pen.text('Saldo precedente', 40, { size: SIZE }); pen.right(figure(OPENING), 250, { size: SIZE }); pen.down(13);
  pen.text('Saldo finale', 40, { size: SIZE }); pen.right(figure(closing), 250, { size: SIZE }); pen.down(30);
  // Heads: "Data / contabile", "Importo / (CHF)", "Saldo / (CHF)"; "Causale" on a line of its
  // own halfway down (three lines), or beside the first (two).
  const bold = { size: SIZE, bold: true };
  pen.text('Data', DATE_X, bold); pen.right('Importo', AMOUNT_R, bold); pen.right('Saldo', BALANCE_R, bold);
  if (heads === 2) pen.text('Causale', 43, bold);
  pen.down(6);
  if (heads === 3) pen.text('Causale', 43, bold);
  pen.down(6);
  pen.text('contabile', DATE_X, bold); pen.right(`(${code})`, AMOUNT_R, bold); pen.right(`(${code})`, BALANCE_R, bold); pen.down(17);
  let balance = OPENING;
  for (const [day, desc, cents] of ROWS) {
    balance += cents;
    pen.text(desc, 43, { size: SIZE }); pen.text(`${day} dic`, DATE_X, { size: SIZE });
    pen.right(figure(cents), AMOUNT_R, { size: SIZE }); pen.right(figure(balance), BALANCE_R, { size: SIZE }); pen.down(16);
  }
  return pen.save();
}

describe('the currency code under heads of three lines', () => {
  for (const [code, heads] of [['CHF', 3], ['EUR', 3], ['CHF', 2]] as const) {
    it(`is the amounts' currency (${code}, ${heads} lines of heads, a US address)`, async () => {
      const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(code, heads), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      const s = doc.statements[0]!;
      expect(s.currencyCode).toBe(code);
      expect(s.transactions.map((t) => [t.date, t.amount])).toEqual(ROWS.map(([d, , c]) => [`2024-12-${d}`, c]));
      expect(reconcile(s, 0).reconciled).toBe(true);
    });
  }
});

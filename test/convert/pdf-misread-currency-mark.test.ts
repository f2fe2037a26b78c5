/**
 * A currency mark its font names wrong ("8.646,27 Å" for "8.646,27 €": Ghostscript's re-written
 * fonts) made every figure of a statement no figure: no row, no balance (a composed statement
 * re-written by Ghostscript, seed 26, F1 0). One character beside a good share of the document's
 * figures and nothing else is read as their currency's mark (pdf/misread-currency-mark.ts), and
 * the statement says so.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const ROWS: [string, string, string, string][] = [
  ['02.01.2025', 'SHOPIFY AUSZAHLUNG', '', '9.951,13'],
  ['06.01.2025', 'MIETE JANUAR', '-5.199,00', ''],
  ['07.01.2025', 'VERSICHERUNG', '-182,52', ''],
  ['09.01.2025', 'KARTENZAHLUNG', '-61,18', ''],
];

/** A German statement whose every figure prints `mark` after it. */
async function statement(mark: string): Promise<Uint8Array> {
  const pen = await plainPdf();
  const m = (s: string) => `${s} ${mark}`;
  pen.text('Talgrunder Bank eG', 40, { bold: true, size: 12 }); pen.down(18);
  pen.text('Kontoauszug', 40, { bold: true }); pen.down(12);
  pen.text('Konto-Nr.: 379866772', 40); pen.down(12);
  pen.text('Zeitraum: 01.01.2025 bis 31.01.2025', 40); pen.down(12);
  pen.text('Waehrung: EUR', 40); pen.down(20);
  pen.text('Datum', 40, { bold: true }); pen.text('Buchungstext', 110, { bold: true }); pen.right('Betrag', 450, { bold: true }); pen.right('Saldo', 540, { bold: true }); pen.down(14);
  pen.text('Saldo alt', 110); pen.right(m('8.646,27'), 540); pen.down(12);
  let balance = 864_627;
  for (const [d, desc, out, inn] of ROWS) {
    const amount = inn || out;
    balance += Math.round(Number(amount.replace(/\./g, '').replace(',', '.')) * 100);
    const abs = Math.abs(balance);
    pen.text(d, 40); pen.text(desc, 110); pen.right(m(amount), 450);
    pen.right(m(`${Math.floor(abs / 100).toLocaleString('de-DE')},${String(abs % 100).padStart(2, '0')}`), 540); pen.down(12);
  }
  pen.text('Saldo neu', 110); pen.right(m('13.154,70'), 540);
  return pen.save();
}

const read = async (bytes: Uint8Array) =>
  (await convertDocument({ fileName: 'auszug.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) })).statements;

describe('a currency mark its font names wrong', () => {
  it('is read as the figures\' mark: rows, balances, and the hint saying so', async () => {
    const [s] = await read(await statement('Å'));
    expect(s!.transactions.map((t) => t.amount)).toEqual([995113, -519900, -18252, -6118]);
    expect(s!.startBalance).toBe(864_627);
    expect(s!.endBalance).toBe(1_315_470);
    expect(reconcile(s!, 0).reconciled).toBe(true);
    expect(s!.hints).toContainEqual(expect.stringMatching(/The mark "Å" printed beside 10 figures names no currency/));
  });

  it('a known mark reads as before, and nothing is said', async () => {
    const [s] = await read(await statement('€'));
    expect(s!.transactions.map((t) => t.amount)).toEqual([995113, -519900, -18252, -6118]);
    expect(reconcile(s!, 0).reconciled).toBe(true);
    expect((s!.hints ?? []).filter((h) => /names no currency/.test(h))).toEqual([]);
  });
});

/**
 * TeX's default fonts (OT1) have no accented letters: "é" is an acute accent drawn over an "e",
 * the accent first and TeX moving back to centre it, so the text layer reads "D´" "ebit" in two
 * pieces; and a minus set as $-$ or -- is U+2212 or an en-dash, often a piece of its own beside
 * the figure ("–" "2 902,99", "665,00" "−"). Dates with French month names ("3 f´evr. 2025") were
 * no dates, heads no heads, and dashes no signs: nothing read, or every sign wrong
 * (latex-sweep.ts: 8 seeds of 100). The accent is given to its letter and the dash against a
 * figure read as its minus (pdf/typeset-marks.ts). Drawn with our own pen (plain-pdf.ts):
 * accents at the end of a piece, the letter starting the next, as pdfTeX writes them.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { readTypesetMarks, withTypesetMarks } from '../../src/engine/pdf/typeset-marks.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';
import { plainPdf, type PlainPen } from '../fixtures/generator/plain-pdf.js';

/** A piece of text on one baseline, as the reader gives it (12 pt, as small capitals set a title). */
const piece = (str: string, x: number, w: number): TextItem => ({ str, x, w, y: 380.5, size: 12, font: 'CMCSC10' });

/** 1 234,56: grouping by a space, decimal comma, no sign. */
function fr(cents: number): string {
  const units = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+$)/g, ' ');
  return `${units},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** Text with accents as TeX's OT1 fonts set them: each accent ends a piece, its letter starts the next at the accent's own x. */
function texText(pen: PlainPen, s: string, x: number, bold = false): void {
  const pieces = s.normalize('NFD').replace(/([a-zA-Z])\u0301/g, '\u00b4$1').split(/(?<=\u00b4)/);
  for (const piece of pieces) {
    pen.text(piece, x, { bold });
    x += pen.width(piece.replace('\u00b4', ''), { bold });
  }
}

/** A figure right-aligned at `xr`, its minus an en-dash of its own before it (or after it, `after`). */
function signed(pen: PlainPen, cents: number, xr: number, after: boolean): void {
  const body = fr(cents);
  if (cents >= 0) { pen.right(body, xr); return; }
  if (after) { pen.right('\u2013', xr); pen.right(body, xr - pen.width('\u2013')); return; }
  pen.right(body, xr); pen.right('\u2013', xr - pen.width(body));
}

const ROWS: [string, string, number][] = [
  ['3 févr. 2025', 'VIREMENT RECU SARL DUPONT', 145_568],
  ['5 févr. 2025', 'PRELEVEMENT EDF 157118', -827_775],
  ['7 févr. 2025', 'CARTE 02/07 CARREFOUR', -62_950],
  ['10 févr. 2025', 'REMISE CHEQUE 8841', 522_428],
  ['12 févr. 2025', 'ECHEANCE PRET 0099', -240_000],
];
const OPENING = 309_325;
const CLOSING = OPENING + ROWS.reduce((n, r) => n + r[2], 0);

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Banque du Levant', 40, { bold: true, size: 14 }); pen.down(18);
  texText(pen, 'Relevé de compte courant', 40); pen.down(12);
  texText(pen, 'Numéro de compte: 3919442180', 40); pen.down(12);
  texText(pen, 'Période: 1 févr. 2025 au 28 févr. 2025', 40); pen.down(12);
  pen.text('Devise: EUR', 40); pen.down(18);
  pen.text('Solde initial', 40); signed(pen, OPENING, 300, true); pen.down(12);
  pen.text('Solde final', 40); signed(pen, CLOSING, 300, true); pen.down(20);
  pen.text('Date', 40, { bold: true }); texText(pen, 'Libellé', 120, true);
  pen.right('Montant', 420, { bold: true }); pen.right('Solde', 530, { bold: true }); pen.down(13);
  let balance = OPENING;
  for (const [day, text, cents] of ROWS) {
    balance += cents;
    texText(pen, day, 40); pen.text(text, 120);
    signed(pen, cents, 420, false); signed(pen, balance, 530, true);
    pen.down(12);
  }
  return pen.save();
}

describe('accents and minus signs as TeX sets them', () => {
  it('gives a spacing accent to its letter and reads a dash against a figure as its minus', () => {
    expect(readTypesetMarks('D\u00b4ebit Cr\u00b4edit Descripci\u00b4on na\u00a8\u0131ve')).toBe('Débit Crédit Descripción naïve');
    // A cedilla before its c (TeX's \\accent) or after it (small capitals): the letter it makes a letter with.
    expect(readTypesetMarks('Lan\u00b8camento poupanc\u00b8a')).toBe('Lançamento poupança');
    expect(withTypesetMarks([piece('Conta poupanc', 56.7, 91.6), piece('\u00b8a', 141.9, 13.8)]).map((it) => it.str).join('')).toBe('Conta poupança');
    expect(readTypesetMarks('\u20132 902,99')).toBe('-2 902,99');
    expect(readTypesetMarks('665,00\u2212')).toBe('665,00-');
    // A dash between dates or words stays a dash; a backquote before a consonant stays.
    expect(readTypesetMarks('01/02/2025 \u2013 28/02/2025')).toBe('01/02/2025 \u2013 28/02/2025');
    expect(readTypesetMarks('Smith \u2013 Jones `n')).toBe('Smith \u2013 Jones `n');
  });

  it('reads the rows, their signs and the balances of a statement set so', async () => {
    const doc = await convertDocument({ fileName: 'typeset-marks.pdf', bytes: await statement(), options: defaultConversionOptions() });
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect(s.transactions.map((t) => [t.date, t.amount])).toEqual(ROWS.map(([d, , c]) => [`2025-02-${d.split(' ')[0]!.padStart(2, '0')}`, c]));
    expect([s.startBalance, s.endBalance]).toEqual([OPENING, CLOSING]);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });
});

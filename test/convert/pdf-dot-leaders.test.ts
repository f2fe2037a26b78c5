/**
 * A summary whose labels and figures are joined by a leader of dots ("Opening balance..........
 * €28 093,25 CR": XSL-FO's fo:leader leader-pattern="dots", as Apache FOP prints banks'
 * statement archives) is one text item: label, dots and figure in one cell, and the balance was
 * read from its last digit group ("93,25"), or not at all (fop-sweep.ts: 6 seeds of 100). A run
 * of five dots or more is cut out, the label and the figure made cells of their own
 * (pdf/dot-leaders.ts). Drawn with our own pen (plain-pdf.ts).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

/** 1 234,56 € style figures: thin grouping by a space, decimal comma. */
function fr(cents: number): string {
  const units = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+$)/g, ' ');
  return `${cents < 0 ? '-' : ''}${units},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

const ROWS: [number, string, number][] = [
  [3, 'VIREMENT RECU SARL DUPONT', 145_568],
  [5, 'PRELEVEMENT EDF 157118', -327_775],
  [7, 'CARTE 02/07 CARREFOUR', -62_950],
  [10, 'REMISE CHEQUE 8841', 522_428],
];
const OPENING = 2_809_325;
const CLOSING = OPENING + ROWS.reduce((n, r) => n + r[2], 0);

async function statement(): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Banque du Levant', 40, { bold: true, size: 14 }); pen.down(18);
  pen.text('Relevé de compte courant', 40); pen.down(12);
  pen.text('Numéro de compte: 3919442180', 40); pen.down(12);
  pen.text('Période du relevé: 01/02/2025 au 28/02/2025', 40); pen.down(12);
  pen.text('Devise: EUR', 40); pen.down(18);
  const credits = ROWS.filter((r) => r[2] > 0).reduce((n, r) => n + r[2], 0), debits = -ROWS.filter((r) => r[2] < 0).reduce((n, r) => n + r[2], 0);
  for (const [label, cents] of [['Solde initial', OPENING], ['Total crédits', credits], ['Total des débits', debits], ['Solde final', CLOSING]] as const) {
    pen.text(`${label}${'.'.repeat(60 - label.length)}${fr(cents)}`, 40); pen.down(11);
  }
  pen.down(14);
  pen.text('Date', 40, { bold: true }); pen.text('Libellé', 100, { bold: true });
  pen.right('Débit', 380, { bold: true }); pen.right('Crédit', 450, { bold: true }); pen.right('Solde', 530, { bold: true }); pen.down(13);
  let balance = OPENING;
  for (const [day, text, cents] of ROWS) {
    balance += cents;
    pen.text(`${String(day).padStart(2, '0')}/02/2025`, 40); pen.text(text, 100);
    pen.right(fr(Math.abs(cents)), cents < 0 ? 380 : 450); pen.right(fr(balance), 530);
    pen.down(12);
  }
  return pen.save();
}

describe('a summary printed with dot leaders', () => {
  it('reads each balance whole, not from the digits after the leader', async () => {
    const doc = await convertDocument({ fileName: 'dot-leaders.pdf', bytes: await statement(), options: defaultConversionOptions() });
    expect(doc.statements).toHaveLength(1);
    const s = doc.statements[0]!;
    expect([s.startBalance, s.endBalance]).toEqual([OPENING, CLOSING]);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.transactions.map((t) => t.amount)).toEqual(ROWS.map((r) => r[2]));
  });
});

/**
 * "Balance on <date>" labels ("Solde au 28 février 2026", "Saldo al 31/01"): the statement's
 * opening when printed before its first transaction, its closing after the last. The French
 * photo of the dev corpus printed its closing balance only so, and could not reconcile.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';

async function statement(rows: [number, string][][]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  rows.forEach((r, i) => { for (const [x, t] of r) page.drawText(t, { x, y: 740 - i * 14, size: 9, font }); });
  const parsed = await convertDocument({ fileName: 'releve.pdf', bytes: await doc.save(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
  return parsed.statements[0]!;
}

describe('balance-on-a-date labels', () => {
  it('reads "Solde au <date>" before the rows as the opening and after them as the closing', async () => {
    const s = await statement([
      [[50, 'Banque Exemple']], [[50, 'RELEVE DE COMPTE']], [[50, 'du 1 au 28 février 2026']],
      [[50, 'Date'], [110, 'Opérations'], [380, 'Débit'], [470, 'Crédit']],
      [[50, 'Solde au 31 janvier 2026'], [470, '1 000,00']],
      [[50, '01/02'], [110, 'Virement salaire'], [470, '1 240,00']],
      [[50, '02/02'], [110, 'Virement loyer'], [380, '520,00']],
      [[50, '09/02'], [110, 'Retrait espèces DAB'], [380, '60,00']],
      [[50, 'Solde au 28 février 2026'], [470, '1 660,00']],
    ]);
    expect([s.startBalance, s.endBalance, s.transactions.length]).toEqual([100000, 166000, 3]);
    expect(reconcile(s, 0).reconciled).toBe(true);
  });

  it('does not take a label that merely starts so ("Solde autorisé") for a balance', async () => {
    const s = await statement([
      [[50, 'Banque Exemple']], [[50, 'RELEVE DE COMPTE']], [[50, 'du 1 au 28 février 2026']],
      [[50, 'Solde autorisé'], [470, '500,00']],
      [[50, 'Ancien solde'], [470, '1 000,00']],
      [[50, 'Date'], [110, 'Opérations'], [380, 'Débit'], [470, 'Crédit']],
      [[50, '02/02'], [110, 'Virement loyer'], [380, '520,00']],
      [[50, 'Nouveau solde'], [470, '480,00']],
    ]);
    expect([s.startBalance, s.endBalance]).toEqual([100000, 48000]);
  });
});

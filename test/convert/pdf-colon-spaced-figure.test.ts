/**
 * A summary printed as "Label: figure" in one string, or a label and its figure set a cell's
 * padding apart (jsPDF's autoTable of labels and figures: "Saldo precedente 33 067,42" read as
 * one cell, the opening read 67.42, jspdf-sweep.ts seeds 7 and 98), the figure grouped by spaces ("Ancien
 * solde: 23 720,76 C", pdfmake's plain text lines): the label's split took the figure from its
 * last group ("720,76 C", the point- and comma-grouped tail) and left "23" to the label, so the
 * opening and closing balances lost their thousands and the statement did not reconcile
 * (pdfmake-sweep.ts seeds 47, 53, 84). After a colon, or after a balance or total label of the
 * data alone, a spaced or apostrophe-grouped figure is read whole (tokens.ts splitMoneyTail).
 * Drawn with our pen.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { splitMoneyTail } from '../../src/engine/pdf/tokens.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const SIZE = 8;
const ROWS: [number, string, number][] = [
  [4, 'REMOTE ONLINE DEPOSIT # 4617', 403_804],
  [6, 'KAPITUS SERVICING ACH DEBIT 220423', -83_399],
  [11, 'ZELLE PAYMENT TO WESTSIDE PROPERTIES', -275_562],
  [18, 'PAYPAL TRANSFER 1000922596', 267_460],
];
const OPENING = 2_372_076;
const CLOSING = OPENING + ROWS.reduce((n, r) => n + r[2], 0);
const figure = (c: number) => `${Math.floor(Math.abs(c) / 100).toLocaleString('fr-FR').replace(/\s/g, ' ')},${String(Math.abs(c) % 100).padStart(2, '0')}`;

async function statement(glued: boolean): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Crédit Maritime du Nord', 40, { bold: true, size: 12 }); pen.down(16);
  pen.text('Numéro de compte: 464842864', 40, { size: SIZE }); pen.down(11);
  pen.text('Période du relevé: 1 nov. 2024 au 30 nov. 2024', 40, { size: SIZE }); pen.down(11);
  // Each summary line one string (label, colon, figure), or the label and the figure 4 pt apart.
  for (const [label, cents] of [['Ancien solde', OPENING], ['Nouveau solde', CLOSING]] as const) {
    if (glued) { pen.text(label, 40, { size: SIZE }); pen.text(`${figure(cents)} C`, 40 + pen.width(label, { size: SIZE }) + 4, { size: SIZE }); }
    else pen.text(`${label}: ${figure(cents)} C`, 40, { size: SIZE });
    pen.down(11);
  }
  pen.down(11);
  pen.text('Date', 47, { size: SIZE, bold: true }); pen.text('Opérations', 124, { size: SIZE, bold: true });
  pen.right('Débit', 437, { size: SIZE, bold: true }); pen.right('Crédit', 505, { size: SIZE, bold: true }); pen.right('Solde', 566, { size: SIZE, bold: true }); pen.down(16);
  let balance = OPENING;
  for (const [day, desc, cents] of ROWS) {
    balance += cents;
    pen.text(`${String(day).padStart(2, '0')}/11/2024`, 47, { size: SIZE }); pen.text(desc, 124, { size: SIZE });
    pen.right(figure(cents), cents < 0 ? 437 : 505, { size: SIZE }); pen.right(`${figure(balance)} C`, 566, { size: SIZE }); pen.down(14);
  }
  return pen.save();
}

describe('a spaced figure after a label\'s colon in one string', () => {
  it('is split whole from its label', () => {
    expect(splitMoneyTail('Ancien solde: 23 720,76 C')).toEqual(['Ancien solde:', '23 720,76 C']);
    expect(splitMoneyTail('Saldo: (1 081,97)')).toEqual(['Saldo:', '(1 081,97)']);
    expect(splitMoneyTail("Saldo finale: 1'234.50")).toEqual(['Saldo finale:', "1'234.50"]);
    // After a balance or total label of the data alone.
    expect(splitMoneyTail('Saldo precedente 33 067,42')).toEqual(['Saldo precedente', '33 067,42']);
    expect(splitMoneyTail('Totale accrediti 59 993,25')).toEqual(['Totale accrediti', '59 993,25']);
    // Without a colon the number before may be the text's own.
    expect(splitMoneyTail('CHECK 123 456,78')).toEqual(['CHECK 123', '456,78']);
  });

  for (const glued of [false, true]) {
    it(`gives the statement its opening and closing balances, and it reconciles (${glued ? 'label and figure a padding apart' : 'after a colon'})`, async () => {
      const doc = await convertDocument({ fileName: 'x.pdf', bytes: await statement(glued), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      const s = doc.statements[0]!;
      expect([s.startBalance, s.endBalance]).toEqual([OPENING, CLOSING]);
      expect(s.transactions.map((t) => [t.date, t.amount])).toEqual(ROWS.map(([d, , c]) => [`2024-11-${String(d).padStart(2, '0')}`, c]));
      expect(reconcile(s, 0).reconciled).toBe(true);
    });
  }
});

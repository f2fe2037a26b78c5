/**
 * A ledger's debit head OCR did not read ("Date d'opération | Date valeur | Libellé | [Débits] |
 * Crédits", composed motion-any scan 1009): the only money column the heads named was the
 * credits', and every debit, printed in the column left of it, was read as a credit. With one of
 * the two sides' heads read, the one column of figures under no money head, between the
 * descriptions and the last money column, is the other side's (pdf/heads-apart.ts
 * unreadSideColumn). Only on a scan: a text layer's heads are as printed. The reader on OCR words
 * laid out as a page.
 */
import { describe, expect, it } from 'vitest';
import { wordsPage, type WordLines } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';

const ROWS: [string, string, number][] = [
  ['02-juin', 'BANKCARD DEPOSIT MTOT DEP 250602', 145110],
  ['02-juin', 'CREDIBLY PAYMENT 675574', -71850],
  ['03-juin', 'CREDIBLY PAYMENT 9980454', -71850],
  ['04-juin', 'FUNDKITE LLC COLLECTION 3505595536', -93425],
  ['06-juin', 'ONLINE TRANSFER FROM SAV 1655', 234785],
  ['06-juin', 'AT&T BILL PAYMENT 1873949554', -83560],
];
const figure = (c: number) => `${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

/** The page as 1009 was read: heads with the debit head lost, debits printed from x 456 (left-aligned), credits from x 517; `balance` adds a balance column under its head "Solde". */
function page(balance: boolean, ocr = true) {
  let b = 100000;
  const lines: WordLines = [
    [40, [[40, 'Banque du Levant'], [462, 'Relevé de compte courant']]],
    [106, [[40, 'Numéro de compte: 033567974442']]],
    [118, [[40, 'Période: 01-juin-2025 au 30-juin-2025']]],
    [214, [[39, "Date d'opération"], [123, 'Date valeur'], [189, 'Libellé'], [517, 'Crédits'], ...(balance ? [[560, 'Solde'] as [number, string]] : [])]],
    ...ROWS.map(([d, text, c], i): WordLines[number] => {
      b += c;
      return [228 + i * 11, [[40, d], [124, d], [189, text], [c < 0 ? 456 : 517, figure(c)], ...(balance ? [[560, figure(b)] as [number, string]] : [])]];
    }),
  ];
  const doc = readStatements({ fileName: 'x.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, wordsPage(lines, ocr));
  return doc.statements.flatMap((s) => s.transactions);
}

describe('a debit head OCR did not read, the credit head read', () => {
  it('the column of figures under no head, left of the credits, is the debits\'', () => {
    expect(page(false).map((t) => t.amount)).toEqual(ROWS.map((r) => r[2]));
  });

  it('with a balance column beside the credits, the same', () => {
    expect(page(true).map((t) => t.amount)).toEqual(ROWS.map((r) => r[2]));
  });

  it('the debit head lost between the credits and the balance ("Bij | [Af] | Saldo", composed motion-any 1005): the same', () => {
    let b = 100000;
    const lines: WordLines = [
      [40, [[40, 'Noordelijke Handelsbank'], [462, 'Rekeningafschrift']]],
      [106, [[40, 'Rekeningnummer: 033567974442']]],
      [118, [[40, 'Periode: 01-01-2025 t/m 31-01-2025']]],
      [190, [[40, 'Boekdatum'], [110, 'Omschrijving'], [389, 'Bij'], [515, 'Saldo']]],
      ...ROWS.map(([, text, c], i): WordLines[number] => {
        b += c;
        return [205 + i * 11, [[40, `2025.01.0${i + 2}`], [110, text], [c < 0 ? 453 : 391, figure(c).replace('.', ',')], [516, figure(b).replace('.', ',')]]];
      }),
    ];
    const doc = readStatements({ fileName: 'x.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, wordsPage(lines, true));
    expect(doc.statements.flatMap((s) => s.transactions).map((t) => t.amount)).toEqual(ROWS.map((r) => r[2]));
  });

  it('on a text layer, no column is added: the figures are read as the heads say', () => {
    expect(page(false, false).map((t) => t.amount)).not.toEqual(ROWS.map((r) => r[2]));
  });
});

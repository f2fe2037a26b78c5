/**
 * A first page whose column heads OCR misread ("Date d‘opénuion | Libvlté de l'opération |
 * Montant | Solde") over rows whose dates print a month's name, garbled too ("21-nos,", "2M-nus.",
 * "25-nuws. -24"), while the next page's heads read cleanly (composed fax-150 scan 966: page 1's
 * 36 rows lost, only page 2's one row under its heads; the loose reading of the heads was not
 * tried, since the rows' dates were counted only where they read as dates, and the cells under
 * the date head were counted as dates only where mostly digits). Now lines with money count for
 * the rows a reading should find, and a day with a month's word, however misread, is a date's
 * cell. The reader on OCR words laid out as pages.
 */
import { describe, expect, it } from 'vitest';
import { wordsPage, type WordLines } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import type { PdfText } from '../../src/engine/pdf/extract.js';

const W = 4.5; // wordsPage sets a glyph 4.5 pt wide
const right = (x: number, s: string): [number, string] => [x - s.length * W, s];
const swiss = (c: number) => {
  const a = Math.abs(c), units = String(Math.floor(a / 100)).replace(/\B(?=(\d{3})+$)/g, "'");
  return `${c < 0 ? '(' : ''}${units}.${String(a % 100).padStart(2, '0')}${c < 0 ? ')' : ''}`;
};
const AMOUNTS = [-145300, -380349, 183458, -85421, -363336, -37743, -145300, 768140];
const DATES = ['2M-nus.', '21-nos,', '22-nuv, -24', '25-nuws.', '26-now,', '26-nov.-24', '27-nev.', '29-nov.-24'];

function pages(heads: [number, string][]): PdfText {
  let balance = 3629591;
  const rows: WordLines = AMOUNTS.map((a, i) => {
    balance += a;
    return [230 + i * 12, [[41, DATES[i]!], [128, `ONDECK CAPITAL DEBIT ${11301596 + i}`], right(490, swiss(a)), right(560, swiss(balance))]];
  });
  const one = wordsPage([
    [40, [[41, 'Crédit Maritime du Nord'], [462, 'Relevé de compte courant']]],
    [95, [[41, 'Compte courant']]],
    [106, [[41, 'N° de compte: 927672221519']]],
    [117, [[40, 'Période du relevé: 20-nov.-2024 au 19-déc.-2024']]],
    [130, [[40, 'Devise: CHF']]],
    [160, [[40, 'Solde initial'], [267, "36'295.91"]]],
    [193, [[40, 'Nouveau solde'], [267, swiss(balance - 1500)]]],
    [214, heads],
    ...rows,
  ], true);
  const two = wordsPage([
    [40, [[41, 'Crédit Maritime du Nord'], [462, 'Relevé de compte courant']]],
    [70, [[40, 'Date'], [57, "d'opération"], [128, "Libellé de l'opération"], [458, 'Montant'], [531, 'Solde']]],
    [92, [[41, '02-déc.-24'], [128, 'CHECK 5691'], right(490, '(15.00)'), right(560, swiss(balance - 1500))]],
  ], true);
  return { pages: [one.pages[0]!, { ...two.pages[0]!, page: 2 }], info: { ...one.info, pagecount: 2, ocrPages: [1, 2] } };
}

function read(text: PdfText) {
  const doc = readStatements({ fileName: 'x.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
  return doc.statements.flatMap((s) => s.transactions);
}

describe('a first page\'s heads misread over month-name dates garbled, the next page\'s heads read', () => {
  it('reads the first page\'s rows under its heads read loosely', () => {
    const rows = read(pages([[41, 'Date d‘opénuion'], [128, 'Libvlté de l\'opération'], [458, 'Montant'], [531, 'Solde']]));
    expect(rows.map((t) => t.amount)).toEqual([...AMOUNTS, -1500]);
    expect([rows[5]!.date, rows[7]!.date]).toEqual(['2024-11-26', '2024-11-29']);
  });

  it('a line of prose in the heads\' place reads no rows of the first page', () => {
    const rows = read(pages([[41, 'Relevé des opérations de la période sur votre compte']]));
    expect(rows.length).toBeLessThan(AMOUNTS.length);
  });
});

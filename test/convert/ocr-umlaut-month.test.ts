/**
 * A German month name whose umlaut's dots OCR read as an "i" ("Miirz", "Mairz" for "März", a
 * defocused scan of composed 972): the period "01-Miirz-2025 bis 31-Miirz-2025" was not read,
 * the rows' dates neither, and the rows above the first date read cleanly were dated 1 January.
 * "ä" read "ii" or "ai" is one of the glyph misreadings a month name is mended by
 * (data/ocr-confusables.ts), so the period is read (flagged) and the rows' dates with it. The
 * reader on OCR words laid out as a page.
 */
import { describe, expect, it } from 'vitest';
import { wordsPage, type WordLines } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';

const W = 4.5; // wordsPage sets a glyph 4.5 pt wide
const right = (x: number, s: string): [number, string] => [x - s.length * W, s];

describe('a German month name with its umlaut read as "ii"', () => {
  it('the period and the rows\' dates are read, flagged', () => {
    const dates = ['03-Miirz-2025', '04-Mairz-2025', '05-März-2025', '06-März-2025'];
    let balance = 2712474;
    const lines: WordLines = [
      [40, [[40, 'Rheinische Handelsbank'], [448, 'Kontoauszug']]],
      [106, [[41, 'Kontonummer: 4715620670']]],
      [117, [[40, 'Auszugszeitraum: 01-Miirz-2025 bis 31-Miirz-2025']]],
      [160, [[40, 'Saldo alt'], [266, '27.124,74']]],
      [214, [[41, 'Buchungstag'], [105, 'Vorgang'], [454, 'Belastung (€)'], [517, 'Gutschrift (€)']]],
      ...dates.map((d, i): WordLines[number] => {
        balance -= 68499;
        return [228 + i * 11, [[40, d], [105, `LIBERTAS FUNDING ACH ${5042744 + i}`], right(493, '684,99')]];
      }),
    ];
    const text = wordsPage(lines, true);
    const doc = readStatements({ fileName: 'x.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
    markOcrConfidence(doc, text.pages);
    const s = doc.statements[0]!;
    expect([s.startDate, s.endDate]).toEqual(['2025-03-01', '2025-03-31']);
    expect(s.transactions.map((t) => t.date)).toEqual(['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06']);
    expect(s.transactions.slice(0, 2).every((t) => (t.amountConfidence ?? 100) < LOW_CONFIDENCE)).toBe(true);
  });
});

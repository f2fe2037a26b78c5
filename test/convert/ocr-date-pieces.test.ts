/**
 * A row date a 150-dpi fax garbled and read apart, its separators lost ("Gl | 09" for "01-09",
 * "2025 | 0h 02": composed fax-150 1214, 1313): the first piece was taken as the date cell, read
 * as no date, and the rest as the description's first words ("09 STRIPE TRANSFER"). The row took
 * the date above and ./garbled-dates.ts never saw the date's digits. The pieces that stand in
 * the date column, left of the next column, are now the date cell's (pdf/line-cells.ts datePieces).
 */
import { describe, expect, it } from 'vitest';
import { statementLines, wordsPage, type WordLines } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { markOcrConfidence } from '../../src/engine/ocr/confidence.js';
import { LOW_CONFIDENCE } from '../../src/engine/ocr/limits.js';

/** statementLines with a date written "A|B" read as two words, B set a gap after A, both in the date column. */
function read(dates: string[]) {
  const lines: WordLines = statementLines(dates, '01/01/2025 - 01/31/2025').map(([y, cells]) => [y, cells.flatMap(([x, s]): [number, string][] => {
    const [a, b] = s.split('|');
    return b === undefined ? [[x, s]] : [[x, a!], [x + a!.length * 4.5 + 8, b]];
  })]);
  const text = wordsPage(lines, true);
  const doc = readStatements({ fileName: 'scan.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, text);
  markOcrConfidence(doc, text.pages);
  return doc.statements[0]!.transactions;
}

describe('a garbled date read apart', () => {
  it('its pieces in the date column are the date\'s: dated from its glyphs, flagged, the description its own', () => {
    const rows = read(['01/06/2025', '01/08/2025', 'Gl|09', '01/13/2025', '01/15/2025', '01/20/2025']);
    // Before: the 8th (the date above), described "09 STRIPE TRANSFER 3".
    expect(rows[2]!.date).toBe('2025-01-09');
    expect(rows[2]!.description).toBe('STRIPE TRANSFER 3');
    expect(rows[2]!.amountConfidence).toBeLessThan(LOW_CONFIDENCE);
  });
});

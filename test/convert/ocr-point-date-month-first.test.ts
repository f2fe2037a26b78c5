/**
 * A month-first statement's row date whose separator a 150-dpi fax read as a point ("01-08" read
 * "01.08", composed fax-150 scan 1214): read as a day-month date whose closing point was lost
 * (pdf/line-cells.ts pointLostDate), the rows of 8 January were dated 1 August 2024. In a
 * statement that prints the month first, the point is its separator: month, then day.
 */
import { describe, expect, it } from 'vitest';
import { statementLines, wordsPage } from '../fixtures/ocr-words.js';
import { readStatements } from '../../src/engine/pdf/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';

const read = (dates: string[], period: string) => readStatements({ fileName: 'scan.pdf', bytes: new Uint8Array(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) }, wordsPage(statementLines(dates, period), true)).statements[0]!.transactions.map((t) => t.date);

describe('a date cell read with a point for its separator', () => {
  it('in a month-first statement: month, then day', () => {
    // Before: 2024-08-01 and 2024-09-01.
    expect(read(['01/06/2025', '01.08', '01.09', '01/13/2025', '01/15/2025'], '01/01/2025 - 01/31/2025'))
      .toEqual(['2025-01-06', '2025-01-08', '2025-01-09', '2025-01-13', '2025-01-15']);
  });

  it('in a day-first statement: day, then month, as its closing point lost ("16.12" for "16.12.")', () => {
    expect(read(['02/12/2024', '10.12', '16.12', '20/12/2024', '28/12/2024'], '01/12/2024 - 31/12/2024'))
      .toEqual(['2024-12-02', '2024-12-10', '2024-12-16', '2024-12-20', '2024-12-28']);
  });
});

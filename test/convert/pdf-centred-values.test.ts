/**
 * Rows printed with their date and figures centred on a wrapped description (HTML tables'
 * vertical-align: middle, as online-banking printouts and neobank statements print them): a
 * two-line description has its figures halfway between its lines, a three-line one on its middle
 * line. Composed statements printed that way (composer trait wrapValues "middle") read every
 * row's description whole, dated notices included; a table printed with its figures on each
 * row's first or last line is left as it is, and so is a guide's callout text in larger type
 * beside a table's rows.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';
import { centredValueRows } from '../../src/engine/pdf/centred-values.js';
import type { Cell, Line } from '../../src/engine/pdf/lines.js';

describe('figures centred on a wrapped description', () => {
  // 3: three-line rows; 5: two-line rows right under the heads; 38: a dated notice centred on its lines;
  // 57: two accounts, the second's first row straddling the break; 21: a notice after a one-line row;
  // 292: one-line rows between dated notices (a notice's line is a row of its own, never a description's).
  for (const seed of [3, 5, 21, 38, 57, 292]) {
    it(`composed seed ${seed} reads every row whole`, async () => {
      const r = await readComposed(seed, { wrapValues: 'middle' });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
  for (const wrapValues of ['first', 'last'] as const) {
    it(`a table with its figures on each row's ${wrapValues} line is read as before`, async () => {
      const r = await readComposed(5, { wrapValues });
      expect(r.problems).toEqual([]);
    });
  }

  const cell = (text: string, x0: number, x1: number, size: number): Cell => ({ text, x0, x1, size, bold: false, parts: [{ text, x0, x1 }] });
  const line = (y: number, size: number, ...cells: Cell[]): Line => {
    const text = cells.map((c) => c.text).join('  ');
    return { page: 1, y, size, x0: cells[0]!.x0, x1: cells.at(-1)!.x1, cells, text, key: text.toLowerCase().replace(/[^a-z]/g, ''), index: 0 };
  };
  it('moves a row\'s date and figure up to its first description line', () => {
    const lines = [
      line(100, 8, cell('ZELLE PAYMENT TO WESTSIDE', 100, 220, 8)),
      line(105, 8, cell('2024/11/22', 40, 80, 8), cell('6,591.03', 400, 440, 8)),
      line(110, 8, cell('PROPERTIES LLC', 100, 170, 8)),
    ];
    expect(centredValueRows(lines).map((l) => l.text)).toEqual(['2024/11/22  ZELLE PAYMENT TO WESTSIDE  6,591.03', 'PROPERTIES LLC']);
  });
  it('leaves a summary line between two lines of an address block as printed (a label is no row\'s values)', () => {
    const lines = [
      line(110, 8, cell('BRIGHT SMILE DENTAL PLLC', 60, 187, 8)),
      line(114, 8, cell('Beginning balance', 330, 406, 8), cell('24,624.51', 534, 572, 8)),
      line(121, 8, cell('17 HARBOR RD', 60, 127, 8)),
    ];
    expect(centredValueRows(lines)).toBe(lines);
  });
  it('leaves a row between two lines of larger callout text as printed', () => {
    const lines = [
      line(343, 12.5, cell('This summarises the interest rates', 111, 268, 12.5)),
      line(351, 9.1, cell('03 June', 341, 374, 9.1), cell('Interest', 461, 520, 9.1), cell('23.40', 817, 840, 9.1)),
      line(358, 12.5, cell('you will be charged for different', 111, 256, 12.5)),
    ];
    expect(centredValueRows(lines)).toBe(lines);
  });
});

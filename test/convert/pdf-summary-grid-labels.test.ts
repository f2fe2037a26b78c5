/**
 * A summary printed as a small table, labels over figures ("Balance Brought Forward | Total
 * Deposits | Money Out | Ending Balance" over four figures), when a label's last word stands over
 * the table's Balance column below and is parted from the rest of the label as a glued column
 * word ("Ending | Balance"): the value's label is both cells, not the first one.
 */
import { describe, expect, it } from 'vitest';
import { stackedSummary } from '../../src/engine/pdf/summary.js';
import type { Cell, Line } from '../../src/engine/pdf/lines.js';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';

const cell = (text: string, x0: number, x1: number): Cell => ({ text, x0, x1, size: 8, bold: false, parts: [{ text, x0, x1 }] });
const line = (y: number, index: number, ...cells: Cell[]): Line => {
  const text = cells.map((c) => c.text).join('  ');
  return { page: 1, y, size: 8, x0: cells[0]!.x0, x1: cells.at(-1)!.x1, cells, text, key: '', index };
};

describe('a summary grid\'s label split into cells', () => {
  it('reads the cells a word\'s space apart over one figure as one label, and two boxes\' labels apart', () => {
    const labels = line(160, 0, cell('Balance Brought Forward', 55, 165), cell('Money Out', 388, 431), cell('Ending', 497, 527), cell('Balance', 531, 564));
    const figures = line(171, 1, cell('7,779.65', 124, 165), cell('44,006.83', 385, 431), cell('8,325.29', 523, 564));
    expect(stackedSummary(null, labels, figures)?.map((p) => [p.text, p.money])).toEqual([
      ['Balance Brought Forward', '7,779.65'], ['Money Out', '44,006.83'], ['Ending Balance', '8,325.29'],
    ]);
    // Two boxes' labels close over one wide figure stay apart: the first is the figure's.
    const tight = line(160, 0, cell('Deposits', 300, 340), cell('Fees', 350, 370));
    expect(stackedSummary(null, tight, line(171, 1, cell('1,204.00', 310, 348)))?.map((p) => p.text)).toEqual(['Deposits']);
  });

  // "Ending Balance" read as "Ending": no closing was read from the summary, and the page's
  // "Balance c/f 2,792.88" was taken for the statement's closing (flagged unreconciled, a
  // difference of 5,532.41). A random composer seed, no trait forced.
  it('reads the closing balance under a split label (composed seed 6050)', async () => {
    const r = await readComposed(6050);
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(r.match)).toBe(1);
  });
});

/**
 * A row that the page break cut after its figures' line (jsPDF autoTable, rowPageBreak auto):
 * its last words ("372327", a reference under the description; "DESCR:SQ250328") print atop the
 * next page, under the heads repeated there and apart from the first row below them as two rows
 * stand apart. They are the cut row's last words, not the next row's first (src/engine/pdf/
 * rows-over-pages.ts rowEnded); and that next row, its words over its figures' line and its
 * amount printed in one cell with its value date ("2.370,49 13 feb 2025"), still begins right
 * under the heads (rows.ts moneyBelow: a figure the row's cells split at the columns is money).
 */
import { describe, expect, it } from 'vitest';
import { composeJspdfStatement, jspdfMissing } from '../fixtures/generator/jspdf-statement.js';
import { readPrinted } from '../fixtures/generator/composer/score.js';

describe.skipIf(!!jspdfMissing())('a row\'s last words printed atop the next page, under the heads repeated there', () => {
  // 87: cells set in their middle, a reference under each description; 111: cells set at their foot.
  it.each([87, 111])('jsPDF seed %i: every description whole', async (seed) => {
    const s = composeJspdfStatement(seed, {});
    const r = await readPrinted(`jspdf-${seed}.pdf`, s.bytes, s.truth);
    expect(r.problems).toEqual([]);
  });
});

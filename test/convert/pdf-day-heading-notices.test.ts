/**
 * Notices between rows under day headings (composer trait dayHeadings, its dated notices printed
 * with no date: "KREDIETLIMIET GEWIJZIGD", "STANDING ORDER" over "AMENDED"). With no date of
 * their own they are lines of words like a wrapped description's; where the table's rows wrap by
 * width, a break the line above had room for is none of a description's (src/engine/pdf/rows.ts:
 * undated notices under a row's figure line, the next row past the day's heading taken out;
 * `notesAbove` over a row's first line where rows end with their figures). Before, each was
 * joined to the row above or below it.
 */
import { describe, expect, it } from 'vitest';
import { readComposed } from '../fixtures/generator/composer/score.js';

describe('notices between rows under day headings', () => {
  // Rows that end with their figures: 38 "STANDING ORDER" over "AMENDED" over "POS DEBIT SYSCO FOOD"
  // (and a notice right over a day heading); 9507, 9556: read again as such rows (their amount
  // lines told it), the notice over the next row's first line.
  for (const seed of [38, 9507, 9556]) {
    it(`composed seed ${seed}: a notice over a row's first line is no word of it`, async () => {
      const r = await readComposed(seed, { dayHeadings: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(r.doc.statements.flatMap((s) => s.transactions.map((t) => (t as { description: string }).description)).filter((d) => /STANDING ORDER|CARD REPLACED|KREDIETLIMIET/.test(d))).toEqual([]);
    });
  }
  // Rows that begin with their figures: 9543 "AVISO: ALTERACAO DE LIMITE" under a row's figure
  // line, the next row's past the day's heading taken out.
  it('composed seed 9543: a notice under a row is no word of it', async () => {
    const r = await readComposed(9543, { dayHeadings: true });
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
  });
});

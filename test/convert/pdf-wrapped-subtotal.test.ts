/**
 * A day's subtotal whose label wraps in a narrow description column ("Totale del 02 giu 2025",
 * "Total do dia 2025-03-03"), on composed statements: the label's other line is the total's,
 * whichever line its figures stand on. Read as a row's, the subtotal became a row or its last
 * words became the row above's.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';
import type { Traits } from '../fixtures/generator/composer/traits.js';

const clean = (seed: number, traits: Partial<Traits>) => async () => {
  const r = await readComposed(seed, traits);
  expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
  expect(f1(r.match)).toBe(1);
};

describe("a day's subtotal with its label wrapped", () => {
  // 24101: rows end with their figures; "Totale del 02 giu" over "2025 | 755,97" was read as an
  // undated row, each day's (F1 0.825, the balances broken).
  it('reads a subtotal whose label wraps above its figures as no row (seed 24101)', clean(24101, { daySubtotals: true, footnotes: true }));
  // 24108: rows begin with their figures; "Total do dia | 5.555,99" over "2025-03-05": the date
  // was read as the last words of the row above, where the balance below ran on from it.
  it("leaves a subtotal label's wrapped tail out of the row above (seed 24108)", clean(24108, { daySubtotals: true, footnotes: true }));
});

/**
 * Table features real statements print, on composed statements (render.ts's forced traits
 * typeCodes, serialNo, fxLines, tableTotals, pending, gridRules): a payment-type column, a
 * serial-number column, a foreign amount and rate under a card purchase, a totals line under the
 * table, a pending section above or below it, a grid of rules. Each case failed before its fix.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';
import type { Traits } from '../fixtures/generator/composer/traits.js';

const clean = (seed: number, traits: Partial<Traits>) => async () => {
  const r = await readComposed(seed, traits);
  expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
  expect(f1(r.match)).toBe(1);
};

describe('foreign amounts and rates under card purchases', () => {
  // 3 "… CHF TAUX 1,3770", 18 "… GBP KURS …", 51, 96 "… JPY CAMBIO …": a euro account's codes
  // outnumbered by the purchases' on their rate lines, read AUD, GBP, GBP, JPY (silently).
  for (const seed of [3, 18, 51, 96]) it(`keeps the account's currency beside foreign amounts (seed ${seed})`, clean(seed, { fxLines: true }));
});

describe('a pending section above or below the table', () => {
  // 3: "Opérations en cours" above the table under heads of its own; the posted table's heads
  // after its rows did not end the section, and all 251 posted rows were set aside. 74: the
  // second account's pending rows at a page's foot, the posted heads atop the next page.
  for (const seed of [3, 74]) it(`ends the pending section at the posted table's heads (seed ${seed})`, clean(seed, { pending: true }));
  // 1 (Dutch), 5 (English "Authorisations not yet posted"), 6 (Italian): the heading not known, its rows counted.
  for (const seed of [1, 5, 6]) it(`sets pending rows aside under a spelled-out heading (seed ${seed})`, clean(seed, { pending: true }));
});

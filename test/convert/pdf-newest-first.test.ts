/**
 * Statements printed newest first, as online-banking printouts list their rows (composer trait
 * `newestFirst`, forced): the rows bottom up, each balance still the one after its row, the
 * closing balance's row on top. Read with accounttype autoDetect, every row must be right and
 * listed oldest first (the order the running balance, the daily balances and the scorecard
 * use), and the statement must reconcile.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';

const CLASSES: [number, string][] = [
  [33, 'rows without a year crossing New Year ("10 ene" above "31 dic"), no balance column: read oldest first'],
  [143, 'a savings account of three rows, too few to tell their order alone, goes as the first account did'],
  [58, 'a "Page subtotal" at each page\'s foot sums the rows above it as printed: no transaction'],
];

describe('rows printed newest first', () => {
  for (const [seed, what] of CLASSES) {
    it(`seed ${seed}: ${what}`, async () => {
      const r = await readComposed(seed, { newestFirst: true });
      expect(r.problems).toEqual([]);
      expect(f1(r.match)).toBe(1);
      for (const s of r.doc.statements) {
        const dates = s.transactions.map((t) => t.date);
        expect(dates).toEqual([...dates].sort());
      }
    });
  }
});

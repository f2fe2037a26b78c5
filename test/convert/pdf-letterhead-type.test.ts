/**
 * A bank whose name holds an account type and no word of an institution after it ("Ridgewood
 * Savings", "Lakemont Checking Co.", "Osprey Money Market Co."), printed as its letterhead atop
 * every page and in the footer, names no account's type: the account's own words decide (its
 * title, the rate a product-titled savings account earns), else Checking said in the hints
 * (src/engine/pdf/fields.ts findAccountType, bankShaped). Composed with the forced-only
 * `typedLetterhead` trait beside `identity` (test/fixtures/generator/composer/identity-vocab.ts
 * LETTERHEAD_BANKS). Sweep 1-600 with both: 395 seeds misread the account type before, 0 now.
 */
import { describe, expect, it } from 'vitest';
import { readComposed } from '../fixtures/generator/composer/score.js';

const CASES: [number, string][] = [
  [1, 'a Dutch checking account of "Osprey Money Market Co." was MoneyMarket'],
  [2, 'a Portuguese checking account ("Extrato de conta corrente") under "Ridgewood Savings" was Savings'],
  [35, 'a Dutch savings account titled by a product name under "Lakemont Checking Co." was Checking: its rate tells Savings'],
  [57, 'two accounts on one page under "Northfield Savings, N.A.": the checking account was Savings; the savings account\'s title, which starts its statement mid-page, is still its own (a page\'s edges are the document\'s, not the statement\'s)'],
  [105, 'a savings account titled "Business Advantage" under "Osprey Money Market Co." was MoneyMarket: its yield tells Savings'],
];

describe('a letterhead naming an account type', () => {
  for (const [seed, what] of CASES) {
    it(`seed ${seed}: ${what}`, async () => {
      const r = await readComposed(seed, { identity: true, typedLetterhead: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    });
  }
});

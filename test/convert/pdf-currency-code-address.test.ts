/**
 * A statement printing its currency's code in every figure ("1 234,56 CHF") to an address in the
 * currency's country (composer traits codeInAmounts+currencyByAddress). The composer drew the
 * code from all of CODE_CURRENCIES, "PLN" or "MXN" among them, and threw where no address was
 * known for it ("currencyByAddress: no address for MXN"): sweep.ts --traits
 * gridRules+codeInAmounts+currencyByAddress stopped at seed 1. It now draws a code an address
 * names, and the statement reads in it.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed } from '../fixtures/generator/composer/score.js';
import { ADDRESS_COUNTRY_LINES } from '../fixtures/generator/composer/identity-vocab.js';

describe('codes in the figures and an address in their country', () => {
  for (const seed of [1, 2]) {
    it(`composed seed ${seed} is composed and read in the code it prints`, async () => {
      const r = await readComposed(seed, { gridRules: true, codeInAmounts: true, currencyByAddress: true });
      expect(ADDRESS_COUNTRY_LINES[r.pdf.truth[0]!.currencyCode!]).toBeDefined();
      expect(r.doc.statements.map((s) => s.currencyCode)).toEqual(r.pdf.truth.map((t) => t.currencyCode));
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
});

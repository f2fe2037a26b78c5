/**
 * A statement in whole units whose figures print their currency's mark ("£36 014", "-£631") is in
 * that currency, wherever its holder lives (src/engine/pdf/currency.ts printedCurrencies): with no
 * decimal figure to find the marks by, none was counted, and a pound statement sent to a Tampa
 * address was read as dollars (composer/sweep.ts --traits '{"wholeUnits":true,"noHeads":true}'
 * seed 79: every row right, the currency wrong).
 */
import { describe, expect, it } from 'vitest';
import { readComposed } from '../fixtures/generator/composer/score.js';

describe('the currency of whole-unit figures', () => {
  it('"£36 014" figures under a US address: GBP (seed 79, no column heads)', async () => {
    const r = await readComposed(79, { wholeUnits: true, noHeads: true });
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(r.doc.statements.map((s) => s.currencyCode)).toEqual(['GBP']);
  });
});

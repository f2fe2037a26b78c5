/**
 * A foreign purchase's detail line ("MONTANT EN DEVISE 66.699 JPY TAUX DE …",
 * "FOREIGN AMOUNT 102'672 JPY EXCHANGE RATE 0.007141") printed under its row in a card's narrow
 * description column runs on over the amounts: it is the row's (src/engine/pdf/fx-detail.ts,
 * rows.ts tableOwns), not prose across the table set aside. Each row below lost its detail
 * (composer/sweep.ts --cards --traits '{"fxRows":3}' 9100-9199: 2 failing on descriptions, and
 * random card seed 9004; 0 after).
 */
import { describe, expect, it } from 'vitest';
import { readComposedCard } from '../fixtures/generator/composer/score.js';

const CASES: [number, string][] = [
  [9101, 'a French card: "MONTANT EN DEVISE … JPY TAUX DE CHANGE …" under "TOKYU HANDS SHIBUYA JP"'],
  [9182, 'a French card in Courier: a foreign amount in yen grouped by a space ("18 943 JPY")'],
];

describe('a foreign purchase\'s detail running over the amounts', () => {
  for (const [seed, what] of CASES) {
    it(`seed ${seed}: ${what}`, async () => {
      const r = await readComposedCard(seed, { fxRows: 3 });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      const tokyu = r.doc.statements[0]!.transactions.filter((t) => t.description.startsWith('TOKYU HANDS'));
      expect(tokyu.length).toBeGreaterThan(0);
      for (const t of tokyu) expect(t.description).toMatch(/JPY/);
    });
  }
  it('random card seed 9004 (no trait forced): "FOREIGN AMOUNT 102\'672 JPY EXCHANGE RATE 0.007141"', async () => {
    const r = await readComposedCard(9004);
    expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
  });
});

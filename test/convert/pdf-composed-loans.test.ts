/**
 * Loan statements nobody drew: composed from independently drawn traits
 * (test/fixtures/generator/composer/loan-render.ts: a term loan or a line of credit; English,
 * Spanish, French, German, Portuguese, Italian and Dutch words; one period or several
 * consecutive ones in one file, each its own statement; the instalment split into principal, interest and late
 * fees, or the principal's movement alone; a principal-balance column or none; the principal
 * signed from the lender's side with parentheses, a minus or not at all; the summary as lines or
 * a grid; a loan box of rate, maturity and amounts due that are no transactions). Each seed is
 * read with accounttype autoDetect and must be a loan (a Line of Credit) with every principal
 * movement right, reconciled, with the right principal balances. The first list holds every
 * trait value; the second a seed of each class the loan sweep (composer/sweep.ts --loans) found.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposedLoan } from '../fixtures/generator/composer/score.js';
import { drawLoanTraits, loanTraitFeatures } from '../fixtures/generator/composer/loan-traits.js';

const COVERING = [20, 27, 59, 15, 32, 45, 4, 7, 12];

const CLASSES: [number, string][] = [
  [1, 'a French loan ("Relevé de prêt", "Capital restant dû", "Capital amorti") read as no statement'],
  [36, 'a German loan ("Tilgung", "Zinsen", "Verzugsgebühren", "Restschuld")'],
  [43, 'a Spanish loan ("Cuota", "Amortización", "Capital pendiente")'],
];

describe('composed loan statements', () => {
  it('the fixed seeds hold every trait value the loan composer draws', () => {
    const covered = new Set(COVERING.flatMap((s) => loanTraitFeatures(drawLoanTraits(s))));
    const drawn = new Set<string>();
    for (let s = 1; s <= 200; s++) for (const f of loanTraitFeatures(drawLoanTraits(s))) drawn.add(f);
    expect([...drawn].filter((f) => !covered.has(f))).toEqual([]);
  });

  for (const [seed, what] of [...COVERING.map((s): [number, string] => [s, 'every trait value between them']), ...CLASSES]) {
    it(`seed ${seed}: ${what}`, async () => {
      const r = await readComposedLoan(seed);
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`), drawLoanTraits(seed).lang).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }

  // Five money columns in a monospaced type: the composer prints the table smaller so no
  // description runs under the first money column (overprinted, the words of a monospaced
  // embedded font, one item each, fell between the figures: "PAYMENT RECEIVED947,01 - THANK YOU").
  for (const seed of [44, 228]) {
    it(`seed ${seed}: five money columns in DejaVu Sans Mono, embedded`, async () => {
      const r = await readComposedLoan(seed, { fonts: 'embedded' });
      expect(r.pdf.traits.font).toBe('courier');
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
    });
  }
});

/**
 * A checking account that pays a credit card: rows named "CREDIT CARD AUTOPAY CAPITAL ONE 4417",
 * "ONLINE PAYMENT CREDIT CARD ACCOUNT 7878", "AFLOSSING CREDITCARD 4417" (composer trait
 * `cardWords`, forced). Such a row's wrapped line, or a row printed without its date under the
 * day's first, lies inside the table but has no row's shape: it had counted as what the
 * document says of itself. Composed statements read with accounttype autoDetect: every row
 * right, one statement, the bank the fictional one or Unknown, the type a checking account.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposed, readComposedCard } from '../fixtures/generator/composer/score.js';

const CLASSES: [number, string][] = [
  [4083, 'a wrapped row\'s line "CREDIT CARD AUTOPAY CAPITAL ONE" between two rows named the bank Capital One'],
  [4144, 'the same, "Capital One" in two rows of a US-dollar statement'],
  [4438, 'Dutch "AFLOSSING CREDITCARD" and a dated notice "KREDIETLIMIET GEWIJZIGD" inside the table made it a card statement'],
  [4077, 'the same with year-less dates: read as a card, every balance and row sign negated'],
  [4222, '"ONLINE PAYMENT CREDIT" over "CARD ACCOUNT 7878 | 2\'982.02" (figures on the last line): the account label in a wrapped row started a second statement'],
  [4605, 'the same in a description-first table (its date in the second cell), two accounts'],
  [9141, 'German "KREDITKARTENABRECHNUNG 2862 | (177.99)", the day\'s second row printed undated: set aside as a card\'s summary line ("Kreditkartenabrechnung" only cards print), the statement unreconciled'],
];

describe('"credit card" in a checking account\'s rows', () => {
  for (const [seed, what] of CLASSES) {
    it(`seed ${seed}: ${what}`, async () => {
      const r = await readComposed(seed, { cardWords: true });
      // What these seeds guard is the account's type and every row's sign. Their descriptions are
      // not held here: with dates printed once per day, a dated notice ("KREDIETLIMIET GEWIJZIGD")
      // over the day's next, undated row is still read as that row's first line (seeds 4438, 4077).
      expect(r.problems.filter((p) => p.kind !== 'description')).toEqual([]);
      expect(f1(r.match)).toBe(1);
      for (const s of r.doc.statements) {
        expect(s.docType).toBe('Bank Statement');
        expect(s.bankName ?? 'Unknown').not.toMatch(/capital one/i);
      }
    });
  }
});

describe('a card statement\'s own words stay its evidence', () => {
  it('card seed 406: "Fecha límite de pago: | 13.01.2025" (a date and a figure, a row\'s shape) bounds no table: the limits under it still say card', async () => {
    const r = await readComposedCard(406);
    expect(r.problems).toEqual([]);
    expect(r.doc.statements.map((s) => s.docType)).toEqual(['Credit Card Statement']);
  });
});

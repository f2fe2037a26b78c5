/**
 * Sectioned US bank statements nobody drew: composed from independently drawn traits
 * (test/fixtures/generator/composer/sectioned-traits.ts: a summary block of lines or a grid, with
 * or without counts, debits with a minus, a spaced minus, in parentheses or bare, balances with
 * their dates; credits in one section or split electronic/other; debits in card, electronic,
 * other, fee and check sections in several orders, or checks listed among the withdrawals;
 * section totals or none, empty sections printed or left out, "(continued)" titles; date |
 * description | amount, date | amount | description or with a reference column; amounts with
 * or without $; MM/DD without year or MM/DD/YY; checks in 1-3 side-by-side groups with "*"
 * gap marks; a daily-balance table in 1-4 groups, on its own last page or none; a disclosure
 * page; wrapped descriptions; one to four pages; fictional banks). Each seed is read with
 * accounttype autoDetect and must be one checking statement with every transaction (date,
 * signed amount, description) right, reconciled, the right balances, and no other bank's name.
 * The first list together holds every trait value (the first test checks it); the second holds
 * a seed of each class of failure the sectioned sweep found (composer/sweep.ts --sectioned) and
 * the engine now reads.
 */
import { describe, expect, it } from 'vitest';
import { f1, readComposedSectioned, totalsProblems } from '../fixtures/generator/composer/score.js';
import { drawSectionedTraits, sectionedTraitFeatures, type SectionedTraits } from '../fixtures/generator/composer/sectioned-traits.js';

/** Together these hold every trait value the sectioned composer draws (seeds 1-300). */
const COVERING = [9, 272, 70, 67, 50, 71, 132];

/**
 * The seed's statement as the composer first drew it, before the traits drawn later (two
 * accounts, overdrawn months, M/D dates, parentheses, the summary at the right, amounts on a
 * wrapped row's last line, operators, the fee table, check images, counts in titles): the classes below were
 * found on those statements.
 */
function firstDraw(seed: number): Partial<SectionedTraits> {
  const t = drawSectionedTraits(seed);
  return {
    accounts: 1, hard: false, amountLast: false, operators: false, feeTable: false, checkImages: 'none', summaryAt: 'left', rowMinus: 'minus', titleCount: 'none',
    dateStyle: t.dateStyle === 'M/D' ? 'MM/DD' : t.dateStyle,
  };
}

/** Seeds of the classes the sectioned sweep exposed, by what broke before (the first ones as first drawn). */
const FIRST_CLASSES: [number, string][] = [
  [8, 'checks in two groups headed "Number | Amount | Paid": "Paid" alone in its cell heads the dates (no header was found, the checks were read as rows of the table above)'],
  [44, '"Paid | Check No. | Amount" in two groups: the same, the date first'],
  [2, '"Paid | Check Number | Amount" in three groups: a check read with its number as its description ("1567" for "CHECK 1567")'],
  [23, '"Bluestem Savings Bank": a savings bank\'s business checking account is no savings account'],
  [27, '"Tri-County Commerce Bank" is no Commerce Bank: a known name as the tail of a longer one'],
  [22, 'a summary grid whose labels wrap over three lines ("Balance This | Statement on May 4, | 2025")'],
];
const CLASSES: [number, string, Partial<SectionedTraits>?][] = [
  [170, 'check images captioned "#5195 02/06/25 $3,084.44" under "CHECK IMAGES", after the last section: no rows of it'],
  [170, 'the same images with no title above them: their captions looked like rows of the last section ("#5195 02/06/25 $2,413.48 #5196 02/06/25 $3,084.44" read as one credit); a check is paid once, so a line of marked check numbers, dates and amounts whose checks the ledger prints is captions', { imagesTitled: false }],
  [6, 'the same, one image on a page of its own: "#5160 12/05/24 $2,289.59" read as a second debit of check 5160', { imagesTitled: false }],
  [310, 'the same, two checks of other days to a line after checks listed among the withdrawals: read as a row of one\'s number and the other\'s amount', { imagesTitled: false }],
  [4, 'a savings account\'s "INTEREST SUMMARY" ("Interest paid this period 15.81") after its last section: no row of it'],
  [28, 'section titles with their counts ("Checks Paid (3)"): were no headings: rows were signed by the wrong section or left to the balance to sign', { titleCount: 'paren' }],
  [292, 'the same as "Deposits and Additions - 12 items"', { titleCount: 'items' }],
  [201, 'the running head of pages 2-3 of 3 ("Account # 773476167"; page 1 has the letterhead) is page furniture, no part of the last row before it'],
];

describe('composed sectioned statements', () => {
  it('the fixed seeds hold every trait value the sectioned composer draws', () => {
    const covered = new Set(COVERING.flatMap((s) => sectionedTraitFeatures(drawSectionedTraits(s))));
    const drawn = new Set<string>();
    for (let s = 1; s <= 300; s++) for (const f of sectionedTraitFeatures(drawSectionedTraits(s))) drawn.add(f);
    expect([...drawn].filter((f) => !covered.has(f))).toEqual([]);
  });

  const cases: [number, string, Partial<SectionedTraits> | null][] = [
    ...COVERING.map((s): [number, string, null] => [s, 'every trait value between them', null]),
    ...FIRST_CLASSES.map(([s, what]): [number, string, Partial<SectionedTraits>] => [s, `(first draw) ${what}`, firstDraw(s)]),
    // The later classes as found: titles without counts, check images titled, unless the class is another.
    ...CLASSES.map(([s, what, o]): [number, string, Partial<SectionedTraits>] => [s, what, { titleCount: 'none', imagesTitled: true, ...o }]),
  ];
  for (const [seed, what, overrides] of cases) {
    it(`seed ${seed}: ${what}`, async () => {
      const r = await readComposedSectioned(seed, overrides ?? {});
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(r.doc.statements[0]?.accountTypeStr).toBe('Checking');
      expect(f1(r.match)).toBe(1);
    });
  }
});

/**
 * A summary whose "Total Withdrawals" is but one of the debits' items ("Checks and Substitute
 * Checks", "Fees and Service Charges" under it): the printed total of the debits is all of them,
 * the reading that carries the opening balance to the closing one (rows.ts gives both, assemble.ts
 * keeps that one). Taken alone, "Total Withdrawals 32,773.34" made statements whose rows were all
 * right flagged as missing rows (file-status: "Totals printed on the statement differ …"):
 * sweep.ts 1 100 --sectioned --totals 16 failing -> 0, 101 200 0.
 */
describe('a summary total that is one of its side\'s items', () => {
  for (const seed of [6, 10, 26]) {
    it(`seed ${seed}: the printed debits are the summary's withdrawals, checks and fees together`, async () => {
      const r = await readComposedSectioned(seed);
      expect(totalsProblems(r.doc)).toEqual([]);
      const s = r.doc.statements[0]!;
      expect(s.printedTotals?.debits).toBe(-r.pdf.truth[0]!.transactions.filter((t) => t.amount < 0).reduce((a, t) => a + t.amount, 0));
    });
  }
});

/**
 * Identity, type and currency of the statements US and UK small-business brokers receive, composed
 * with the forced-only `broker` trait (test/fixtures/generator/composer/broker-identity.ts): a
 * fintech's statement naming its partner bank, a fictional bank's notices naming known banks,
 * credit unions' share accounts, business checking accounts whose notices name lines of credit and
 * sweeps, money market accounts, and currencies printed once. Each seed is one of a class the
 * sweep (composer/sweep.ts --traits '{"broker":"CLASS"}') found misread, read with accounttype
 * autoDetect: document type, account type, currency and bank (its name or Unknown), every row.
 */
import { describe, expect, it } from 'vitest';
import { readComposed } from '../fixtures/generator/composer/score.js';
import type { BrokerClass } from '../fixtures/generator/composer/broker-identity.js';

const CLASSES: [BrokerClass, number, string][] = [
  ['partner', 8, '"Parcel Business Banking is not a bank. Deposit accounts are held at Cross River Bank, Member FDIC." under the block and in the footer: the partner is no letterhead (was Cross River Bank)'],
  ['partner', 97, '"… is a financial technology company, not a bank. Banking services provided by Live Oak Bank, Member FDIC." (was Live Oak Bank)'],
  ['partner', 5, '"The … Visa® Debit Card is issued by Live Oak Bank pursuant to a license …", and the footer of the page the second account starts on (was Live Oak Bank)'],
  ['bankNotices', 96, '"ATM fees charged by Bank of America and other banks are refunded …" in the head of page 1 is a sentence, no letterhead (was Bank of America)'],
  ['bankNotices', 94, '"Zelle® payments from Wells Fargo and other banks now arrive in minutes." (the second account was Wells Fargo)'],
  ['creditUnion', 5, 'a credit union\'s second account titled "Regular Share" is its savings account (was Checking)'],
  ['lookalikes', 5, 'a checking account titled "Platinum Business" over "Overdraft protection: linked Business Line of Credit ending in 8083.": a notice names another account, no title (was Line of Credit)'],
  ['lookalikes', 8, '"Investment Sweep: balances above $25,000.00 are swept nightly to a money market fund." under a product title: no title (was MoneyMarket)'],
  ['wrappedNotices', 1, '"Zelle® payments from Wells Fargo and" over "other banks now arrive in minutes.": a sentence wrapped over two lines is a notice, no letterhead (was Wells Fargo)'],
  ['wrappedNotices', 11, '"Investment Sweep: balances above $25,000.00 are swept nightly to a" over "money market fund." (a checking account was MoneyMarket)'],
  ['wrappedNotices', 18, '"Overdraft protection: linked Business" over "Line of Credit ending in 2218." (was Line of Credit)'],
  ['wrappedNotices', 21, '"Overdraft protection: linked Business Line of Credit" over "ending in 5501." (was Line of Credit)'],
  ['wrappedNotices', 13, '"Your credit card payment and loan" over "payments can be scheduled in online" over "banking.": a notice\'s lines are no section heading of credits (every unsigned row a credit, unreconciled)'],
  ['wrappedNotices', 7225, '"ATM fees charged by Bank of" over "America and other banks are" over "refunded up to $15 a month.": no heading of fees (every unsigned row a debit, unreconciled)'],
  ['wrappedNotices', 7240, '"Overdraft protection: linked" over "Business Line of Credit" over "ending in 2755.": the middle line, gone on from in small letters, is no title (was Line of Credit, reconciled: a silent wrong type)'],
  ['ukSummaryPound', 41, '"£" printed only in the summary under the table (within the table\'s range), a US owner\'s address: the summary\'s figures say GBP (was USD)'],
  ['ukSummaryPound', 12, 'the same with no address evidence (currency was unknown)'],
  ['cadOnce', 5, '"All amounts are in CAD." once, under the first of two accounts printing a bare "$": both are CAD (the second was unknown)'],
  ['cadOnce', 38, 'the same beside a US owner\'s address (the second account was USD)'],
];

describe('composed statements of brokers\' identity classes', () => {
  for (const [broker, seed, what] of CLASSES) {
    it(`${broker} seed ${seed}: ${what}`, async () => {
      const r = await readComposed(seed, { broker });
      expect(r.problems).toEqual([]);
    });
  }

  // A known bank whose letterhead is an image names itself only in its footer (broker=footerOnly).
  it.each([
    [2, 'Frost Bank', 'its web address, phone and routing number in the footer of its one page (was Unknown: the web address alone weighs too little)'],
    [10, 'KeyBank', 'its customer service phone alone, in the footer of two pages (was Unknown)'],
    [25, 'Regions Bank', 'its routing number alone ("Routing Number 062005690"), in the footer of five pages (was Unknown)'],
  ])('footerOnly seed %i is %s: %s', async (seed, bank) => {
    const r = await readComposed(seed, { broker: 'footerOnly' });
    expect(r.problems).toEqual([]);
    expect(r.doc.statements.map((s) => s.bankName)).toEqual([bank]);
  });

  it('creditUnion seed 1: a credit union\'s "Share Draft" title names its checking account (was read as no type printed)', async () => {
    const r = await readComposed(1, { broker: 'creditUnion' });
    expect(r.problems).toEqual([]);
    expect(r.doc.statements[0]!.hints?.join(' ')).not.toContain('No account type is printed');
  });
});

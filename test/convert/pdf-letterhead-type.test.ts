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
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { drawnPdf } from '../fixtures/drawn-pdf.js';

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

/**
 * The same names set as a logo: centred in the page's largest type under a line of service
 * numbers, on neither the page's first nor its last line, and not in the footer (the forced-only
 * `letterheadLogo` trait). Only a page's first and last line were taken for where a bank prints
 * its name: sweep.ts 601 800 --traits '{"identity":true,"typedLetterhead":true,"letterheadLogo":true}'
 * 117 seeds misread the account type before, 0 now.
 */
const LOGO_CASES: [number, string][] = [
  [612, 'an English checking account titled "Checking" under the logo "Ridgewood Savings" was Savings (the logo comes first)'],
  [604, 'two accounts under "Osprey Money Market Co." were both MoneyMarket'],
  [608, 'a Spanish savings account titled by a product name under "Lakemont Checking Co." was Checking: its rate tells Savings'],
  [610, 'two French accounts on one page under "Northfield Savings, N.A.": the checking account was Savings'],
];

describe('a letterhead naming an account type, set as a logo mid-head', () => {
  for (const [seed, what] of LOGO_CASES) {
    it(`seed ${seed}: ${what}`, async () => {
      const r = await readComposed(seed, { identity: true, typedLetterhead: true, letterheadLogo: true });
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    });
  }
});

/** A one-page statement drawn line by line: `head` above the summary and rows, `foot` below them. */
async function drawnStatement(head: string[][], foot: string[][]) {
  const lines = [...head, ['Statement Period: 03/01/2025 - 03/31/2025'], ['Account Number: 4410228815'],
    ['Beginning Balance', '', '$1,000.00'], ['Ending Balance', '', '$1,150.00'],
    ['Date', 'Description', 'Amount'], ['03/05/2025', 'PAYROLL DEPOSIT', '200.00'], ['03/09/2025', 'POWER BILL', '-50.00'], [''], ...foot];
  const doc = await convertDocument({ fileName: 'drawn.pdf', bytes: await drawnPdf(lines), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
  const s = doc.statements[0]!;
  expect(s.transactions.map((t) => t.amount)).toEqual([20000, -5000]);
  return s;
}

describe('a bank\'s name holding a type word, printed where a bank prints it', () => {
  it('in the footer with its address and phone ("Ridgewood Savings · 71-02 Forest Avenue …"): no account type; Checking, said', async () => {
    const s = await drawnStatement([['Business Advantage']], [['Ridgewood Savings  -  71-02 Forest Avenue, Ridgewood NY 11385  -  1-800-555-0142']]);
    expect(s.accountTypeStr).toBe('Checking');
    expect(s.hints?.join(' ')).toContain('No account type is printed');
  });

  it('in a sentence mid-page ("Thank you for banking with Ridgewood Savings."), the letterhead\'s name: no account type', async () => {
    const s = await drawnStatement([['Ridgewood Savings'], ['Business Advantage'], ['Thank you for banking with Ridgewood Savings.']], []);
    expect(s.accountTypeStr).toBe('Checking');
  });

  it('under a letterhead naming a type, the account\'s own title decides ("Premier Savings Account" under "Lakemont Checking Co.")', async () => {
    const s = await drawnStatement([['Lakemont Checking Co.'], ['Premier Savings Account']], [['Lakemont Checking Co.  -  Member FDIC']]);
    expect(s.accountTypeStr).toBe('Savings');
  });
});

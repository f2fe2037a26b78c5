/**
 * Identity on statements nobody drew: bank statements composed with the forced-only `identity`
 * trait (test/fixtures/generator/composer/identity-vocab.ts, traits.ts drawIdentity): fictional
 * banks whose names hold type words ("Caixa de Poupança Serrana", "Millbrook Checking & Savings
 * Bank", "Tamarack Loan and Trust"), rows naming known banks, cards, loans and tax payments
 * ("MINIMUM PAYMENT DUE CREDIT CARD", "WELLS FARGO LOAN PMT", "IRS USATAXPYMT"), accounts titled
 * by a product name only ("Growth Account"), savings accounts that tell their type only by the
 * interest they earn, and checking accounts that earn interest and pay cheques. Where nothing
 * tells the type, the API's accounttypestr (Checking, Savings, MoneyMarket, Line of Credit,
 * CCard: no unknown) is Checking, and the statement's hints say so. Each seed is read
 * with accounttype autoDetect and must come out with the document type, account type, currency
 * and bank (its name or Unknown) it was drawn with, every row right and reconciled (score.ts).
 * Each seed is one of a class the identity sweep (composer/sweep.ts --traits '{"identity":true}')
 * found misread; the engine now reads them.
 */
import { describe, expect, it } from 'vitest';
import { readComposed } from '../fixtures/generator/composer/score.js';

const CLASSES: [number, string][] = [
  [6, 'a type word is a whole word: "isa" inside another word ("Visa", "Lisa") made a checking account Savings'],
  [32, '"Caixa de Poupança Serrana": a savings word after an institution\'s word is the bank\'s name (its checking account was Savings)'],
  [303, '"Millbrook Checking & Savings Bank": a type word joined to another before "Bank" is the bank\'s name (its "Premier Saver" account was Checking)'],
  [237, 'a wrapped description\'s first line "TRANSFER FROM SAVINGS | Feb 03, 2025" over the row\'s figures is the table\'s text, no account title (a checking account was Savings)'],
  [971, 'the last row of a page wrapped under it ("UEBERTRAG AUF" over "SPARKONTO 7391"): row text, no account title (a checking account was Savings)'],
  [11, 'a savings account titled "Conta Negócios Mais" tells its type by "Taxa de remuneração: 1,08% ao ano" (was Checking)'],
  [101, 'a savings account titled "Everyday Account" of "Millbrook Checking & Savings Bank" tells its type by "Annual Percentage Yield Earned: 1.48%" (was Checking)'],
  [1029, 'the savings account of the card-evidence case below, titled "Streamline Account", tells its type by its yield'],
  [25, 'a checking account titled "Zakelijk Plus" that earns "Spaarrente" but pays a cheque ("CHECK 1xxx") stays Checking'],
  [1170, 'a savings account whose reference column is headed "Cheque No." (every row carries a number) is no checking account: only a debit described as a cheque counts'],
  [1449, 'the page\'s last row wrapped under it ("TRANSFER FROM" over "SAVINGS 7281") where few rows print their date: row text, no account title (a checking account was Savings)'],
  [1623, '"DISCOVER CARD E-PAYMENT 9623 | 03.01. | -2\'082.75" (a row whose date has no year, so no row by its shape) in the first lines of page 1 is no letterhead: the bank was Discover'],
  [2277, '"KREDITKARTENABRECHNUNG" over "COMMERZBANK 2865" in a table of "22.11." dates: the bank was Commerzbank'],
  [2143, '"WELLS FARGO LOAN PMT | 22-Nov-24" under the heads, its figures on the next line: the second statement\'s bank was Wells Fargo'],
];

describe('composed statements of confusable identity', () => {
  for (const [seed, what] of CLASSES) {
    it(`seed ${seed}: ${what}`, async () => {
      const r = await readComposed(seed, { identity: true });
      expect(r.problems).toEqual([]);
    });
  }

  it('seed 1029: a description\'s first line above its row ("MINIMUM PAYMENT DUE CREDIT CARD" over "3715 | 1/2/2025 | …") is rows\' text, no card evidence: the savings account is a bank statement, its balances not negated', async () => {
    const r = await readComposed(1029, { identity: true });
    expect(r.problems.filter((p) => ['doc-type', 'opening', 'closing', 'rows', 'unreconciled'].includes(p.kind))).toEqual([]);
  });

  it('says why a type is Savings from its interest rate, and that a type nothing names is reported as Checking', async () => {
    const savings = await readComposed(11, { identity: true });
    expect(savings.doc.statements[0]!.accountTypeStr).toBe('Savings');
    expect(savings.doc.statements[0]!.hints?.join(' ')).toContain('Savings from the interest rate');
    const checking = await readComposed(237, { identity: true });
    expect(checking.doc.statements[0]!.accountTypeStr).toBe('Checking');
    expect(checking.doc.statements[0]!.hints?.join(' ')).toContain('No account type is printed');
  });
});

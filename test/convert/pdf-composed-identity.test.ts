/**
 * Identity on statements nobody drew: bank statements composed with the forced-only `identity`
 * trait (test/fixtures/generator/composer/identity-vocab.ts, traits.ts drawIdentity): fictional
 * banks whose names hold type words ("Caixa de Poupança Serrana", "Millbrook Checking & Savings
 * Bank", "Tamarack Loan and Trust"), rows naming known banks, cards, loans and tax payments
 * ("MINIMUM PAYMENT DUE CREDIT CARD", "WELLS FARGO LOAN PMT", "IRS USATAXPYMT"), accounts titled
 * by a product name only ("Growth Account"), savings accounts that tell their type only by the
 * interest they earn, and checking accounts that earn interest and pay cheques. Each seed is read
 * with accounttype autoDetect and must come out with the document type, account type, currency
 * and bank (its name or Unknown) it was drawn with, every row right and reconciled (score.ts).
 * Each seed is one of a class the identity sweep (composer/sweep.ts --traits '{"identity":true}')
 * found misread; the engine now reads them.
 */
import { describe, expect, it } from 'vitest';
import { readComposed } from '../fixtures/generator/composer/score.js';

describe('composed statements of confusable identity', () => {
  it('seed 1029: a description\'s first line above its row ("MINIMUM PAYMENT DUE CREDIT CARD" over "3715 | 1/2/2025 | …") is rows\' text, no card evidence: the savings account is a bank statement, its balances not negated', async () => {
    const r = await readComposed(1029, { identity: true });
    expect(r.problems.filter((p) => ['doc-type', 'opening', 'closing', 'rows', 'unreconciled'].includes(p.kind))).toEqual([]);
  });
});

/**
 * The PDF engine on the classes of layout real statements from other countries showed (and
 * that the engine had misread): Indian lakh grouping and whole-rupee amounts with CR/DR type
 * columns and "Opening Balance b/f" rows; New Zealand "Debit/Withdrawal $" headers; a German
 * grid statement whose balances and totals sit in label grids around the table; bilingual
 * headers with the translation in parentheses and no printed closing balance; rows grouped by
 * day with CR/DR balances and an unrelated table after the statement; a line of credit whose
 * payments split into principal and interest (only the principal moves its balance), signed the
 * lender's way or not at all; a card statement of two headed sections whose amounts are unsigned.
 * Read with accounttype autoDetect, over several seeds each, compared field by field with the truth.
 */
import { describe, expect, it } from 'vitest';
import type { SpecOptions } from '../fixtures/generator/index.js';
import { readGeneratedLayout } from '../fixtures/generator/read-layout.js';

const read = (spec: SpecOptions) => readGeneratedLayout(spec);

const shapes: { name: string; spec: SpecOptions }[] = [
  { name: 'indian, paise, closing balance printed', spec: { seed: 2, layout: 'indian' } },
  { name: 'indian, whole rupees (no decimals), lakh grouping, 2 months', spec: { seed: 1, layout: 'indian', months: 2, transactionsPerMonth: 45 } },
  { name: 'indian, whole rupees, no closing balance printed', spec: { seed: 3, layout: 'indian' } },
  { name: 'indian, business account with many small debits over pages', spec: { seed: 4, layout: 'indian', transactionsPerMonth: 140 } },
  { name: 'nzbank', spec: { seed: 1, layout: 'nzbank' } },
  { name: 'nzbank two statements concatenated, hard', spec: { seed: 2, layout: 'nzbank', months: 2, hard: true } },
  { name: 'girokonto', spec: { seed: 1, layout: 'girokonto' } },
  { name: 'girokonto 2 months, many rows', spec: { seed: 2, layout: 'girokonto', months: 2, transactionsPerMonth: 50 } },
  { name: 'bilingual', spec: { seed: 1, layout: 'bilingual' } },
  { name: 'bilingual hard, long wrapped descriptions', spec: { seed: 2, layout: 'bilingual', hard: true, transactionsPerMonth: 50 } },
  { name: 'daygroup: CR/DR balances at day end, an example table after the statement', spec: { seed: 1, layout: 'daygroup' } },
  { name: 'daygroup hard (overdrawn DR balances), 2 months', spec: { seed: 2, layout: 'daygroup', hard: true, months: 2 } },
  { name: 'loan: unsigned principal, signs from the principal balance', spec: { seed: 1, layout: 'loan' } },
  { name: 'loan: lender-signed principal "(2,000.00)", 2 months', spec: { seed: 2, layout: 'loan', months: 2 } },
  { name: 'loan hard: several draws and two payments a month, 3 months', spec: { seed: 3, layout: 'loan', months: 3, hard: true } },
  { name: 'loan, 4 months', spec: { seed: 4, layout: 'loan', months: 4 } },
  { name: 'cardsections: reference column, amounts unsigned under two headed sections', spec: { seed: 1, layout: 'cardsections' } },
  { name: 'cardsections: transaction and posting dates, 2 months', spec: { seed: 2, layout: 'cardsections', months: 2 } },
  { name: 'cardsections hard, many charges over pages', spec: { seed: 3, layout: 'cardsections', hard: true, transactionsPerMonth: 90 } },
  { name: 'cardsections, two cards', spec: { seed: 4, layout: 'cardsections', accounts: 2 } },
];

describe('PDF engine on statements from other countries', () => {
  for (const s of shapes) {
    it(s.name, async () => {
      const { diffs } = await read(s.spec);
      expect(diffs, `differences:\n  ${diffs.join('\n  ')}`).toEqual([]);
    });
  }

  it('currency and type come from the document: INR, NZD, EUR, IDR bank statements', async () => {
    const got: string[] = [];
    for (const layout of ['indian', 'nzbank', 'girokonto', 'bilingual'] as const) {
      const { doc } = await read({ seed: 5, layout });
      got.push(`${doc.detectedDocType} ${doc.statements[0]?.currencyCode} ${doc.statements[0]?.bankName}`);
    }
    expect(got).toEqual(['Bank Statement INR ICICI Bank', 'Bank Statement NZD ASB Bank', 'Bank Statement EUR Postbank', 'Bank Statement IDR Bank Mandiri']);
  });

  it('a line of credit is a Bank Statement of account type Line of Credit, though it prints a credit limit and a payment due date', async () => {
    const { doc } = await read({ seed: 5, layout: 'loan' });
    expect(doc.detectedDocType).toBe('Bank Statement');
    expect(doc.docTypeEvidence).toMatch(/^Bank Statement \(loan or line of credit\): .*principal balance.*loan number/);
    expect(doc.statements.map((s) => [s.accountTypeStr, s.donegate, s.bankName])).toEqual([['Line of Credit', true, 'KeyBank']]);
    // The debt is the holder's negative balance; a payment's principal is money in, an advance money out.
    const s = doc.statements[0]!;
    expect(s.startBalance).toBeLessThan(0);
    expect(s.transactions.filter((t) => /PAYMENT/.test(t.description)).every((t) => t.amount > 0)).toBe(true);
    expect(s.transactions.filter((t) => /ADVANCE|DRAW/.test(t.description)).every((t) => t.amount < 0)).toBe(true);
    const card = await read({ seed: 5, layout: 'cardsections' });
    expect([card.doc.detectedDocType, card.doc.statements[0]?.accountTypeStr]).toEqual(['Credit Card Statement', 'CCard']);
  });
});

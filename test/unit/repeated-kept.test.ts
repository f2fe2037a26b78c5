import { describe, expect, it } from 'vitest';
import { dropKeptRowsThatBreakBalances } from '../../src/engine/statement/repeated-kept.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import type { ParsedDocument, ParsedStatement, ParsedTransaction } from '../../src/contract/model.js';

function doc(transactions: ParsedTransaction[], endBalance: number, kept = 1): { d: ParsedDocument; s: ParsedStatement } {
  const s: ParsedStatement = {
    docType: 'Bank Statement', accountTypeStr: 'Checking', bankName: 'Test Bank', accountNumber: '1234',
    isStrongAccountNo: true, startBalance: 100_00, endBalance, transactions,
    repeatedListings: [{ page: 2, rows: 3, sameAs: [1], kept }],
  };
  return { d: { format: 'pdf', detectedDocType: 'Bank Statement', statements: [s] }, s };
}

const page1: ParsedTransaction[] = [
  { date: '2025-01-02', description: 'Deposit', amount: 80_00, page: 1 },
  { date: '2025-01-03', description: 'Rent', amount: -30_00, page: 1 },
  { date: '2025-01-05', description: 'Fee', amount: -2_50, page: 1 },
];

describe('rows kept from a repeated page, weighed by the balances', () => {
  it('leaves out the one kept row whose absence makes the statement reconcile exactly, and names it', () => {
    const { d, s } = doc([...page1, { date: '2025-01-07', description: 'Purchase', amount: -31_57, page: 2 }], 147_50);
    dropKeptRowsThatBreakBalances(d);
    expect(s.transactions).toHaveLength(3);
    expect(reconcile(s, 0).reconciled).toBe(true);
    expect(s.nonTransactions!.join(' ')).toMatch(/repeated page.*Purchase -31\.57/);
    expect(s.hints!.join(' ')).toMatch(/1 row\(s\) found only on a repeated page are left out/);
  });

  it('keeps a kept row the balances need (the first listing lost it)', () => {
    const { d, s } = doc([...page1, { date: '2025-01-07', description: 'Purchase', amount: -31_57, page: 2 }], 115_93);
    dropKeptRowsThatBreakBalances(d);
    expect(s.transactions).toHaveLength(4);
  });

  it('changes nothing when two sets of kept rows would fit equally (no guess) or none fits', () => {
    const two = doc([...page1, { date: '2025-01-07', description: 'A', amount: -10_00, page: 2 }, { date: '2025-01-08', description: 'B', amount: -10_00, page: 2 }], 137_50, 2);
    dropKeptRowsThatBreakBalances(two.d);
    expect(two.s.transactions).toHaveLength(5);
    const none = doc([...page1, { date: '2025-01-07', description: 'A', amount: -10_00, page: 2 }], 140_00);
    dropKeptRowsThatBreakBalances(none.d);
    expect(none.s.transactions).toHaveLength(4);
  });
});

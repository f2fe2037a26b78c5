import { describe, expect, it } from 'vitest';
import { dailyBalances, summarizeStatement } from '../../src/service/results/summaries.js';
import { NON_TRUE_DEBIT_CATEGORIES, NSF_PATTERN } from '../../src/service/results/summary-rules.js';
import { forProduct } from '../../src/service/results/build.js';
import { transactionsCsv } from '../../src/service/results/transactions.js';
import type { StatementRecord } from '../../src/service/store/statements.js';

function stmt(txns: { date: string; description: string; amount: number; categories?: string[]; trueval?: boolean | null }[], startBalance = 10_000): StatementRecord {
  const credits = txns.filter((t) => t.amount > 0).reduce((a, t) => a + t.amount, 0);
  const debits = -txns.filter((t) => t.amount < 0).reduce((a, t) => a + t.amount, 0);
  return {
    id: 1, tid: '1-1', fileName: 'f.json', accountIdx: 0, accountNumber: '123', accountTypeStr: 'Checking', bankName: 'B', ownerName: 'O',
    startDate: '2024-04-01', endDate: '2024-04-05', startBalance, endBalance: startBalance + credits - debits, totCredits: credits, totDebits: debits,
    reconciled: true, excludedTransactions: false, conversionId: 1, accountTitle: 'Checking', address: {}, edited: false,
    original: { startBalance, endBalance: startBalance + credits - debits, totCredits: credits, totDebits: debits, reconciled: true },
    transactions: txns.map((t, i) => ({ id: i + 1, statementId: 1, accountIdx: 0, date: t.date, description: t.description, amount: t.amount, balance: null,
      categories: t.categories ?? [], trueval: t.trueval === undefined ? (t.amount > 0 ? true : null) : t.trueval })),
  };
}

describe('statement summaries', () => {
  it('daily balances cover every calendar day, carrying the balance forward', () => {
    const s = stmt([{ date: '2024-04-02', description: 'X', amount: -15_000 }, { date: '2024-04-04', description: 'Y', amount: 20_000 }]);
    expect(dailyBalances(s)).toEqual([10_000, -5_000, -5_000, 15_000, 15_000]);
    const sum = summarizeStatement(s);
    expect(sum.average_balance).toBe(60);   // (100 - 50 - 50 + 150 + 150) / 5
    expect(sum.minimum_balance).toBe(-50);
    expect(sum.negative_days).toBe(2);
    // The same balances on a credit card are amounts owed, not days in overdraft.
    expect(summarizeStatement({ ...s, accountTypeStr: 'CCard' })).toMatchObject({ minimum_balance: -50, negative_days: 0, true_credits: 0, non_true_credits: 200 });
  });

  it('true vs non-true credits follow trueval; transfers are non-true debits (rules by example)', () => {
    expect(NON_TRUE_DEBIT_CATEGORIES).toContain('transfer');
    const s = stmt([
      { date: '2024-04-01', description: 'SALES', amount: 50_000 },
      { date: '2024-04-02', description: 'ONDECK FUNDING', amount: 100_000, trueval: false },
      { date: '2024-04-03', description: 'TRANSFER TO SAVINGS', amount: -30_000, categories: ['transfer'] },
      { date: '2024-04-03', description: 'RENT', amount: -20_000 },
    ]);
    expect(summarizeStatement(s)).toMatchObject({
      total_credits: 1500, true_credits: 500, num_true_credits: 1, non_true_credits: 1000, num_non_true_credits: 1,
      total_debits: 500, true_debits: 200, non_true_debits: 300, net_cash_flow: 1000, statement_month: 'April', statement_year: 2024, month_number: 4,
    });
  });

  it('NSF pattern counts fee rows by example', () => {
    for (const yes of ['NSF FEE', 'Overdraft Fee', 'INSUFFICIENT FUNDS CHARGE', 'Returned Item Fee']) expect(NSF_PATTERN.test(yes), yes).toBe(true);
    for (const no of ['MONTHLY SERVICE FEE', 'TRANSFER', 'OD PROTECTION XFER IN']) expect(NSF_PATTERN.test(no), no).toBe(false);
  });
});

describe('outputs', () => {
  it('pdfinsights loses every fraud-score field; pdfinsightstp keeps them', () => {
    const item = { fileName: 'a', fraudscore: 88, tpreasons: ['edited'], tpreasonsIndexes: [3], fraud_score: 88 };
    expect(forProduct(item, 'pdfinsights')).toEqual({ fileName: 'a' });
    expect(forProduct(item, 'pdfinsightstp')).toEqual(item);
  });

  it('CSV quotes cells that hold commas and quotes', () => {
    const csv = transactionsCsv([stmt([{ date: '2024-04-01', description: 'ACME, "THE" CO', amount: 1_234 }])]);
    expect(csv.split('\r\n')[1]).toContain('"ACME, ""THE"" CO"');
    expect(csv.split('\r\n')[1]).toContain(',12.34,112.34,');
  });
});

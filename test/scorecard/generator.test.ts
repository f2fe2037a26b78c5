import { describe, expect, it } from 'vitest';
import { LAYOUTS, makeStatementSpec, type TxnKind } from '../fixtures/generator/index.js';
import { buildScorecard, classifyTransaction } from '../../src/scorecard/index.js';
import { application } from './fixtures.js';

/**
 * The project's statement generator labels every transaction with what it is (`kind`). The
 * categorizer must agree on the kinds the scorecard relies on, across every layout.
 */
const EXPECTED: Partial<Record<TxnKind, { categories: string[]; trueval?: boolean }>> = {
  mca: { categories: ['mca'] },
  payroll: { categories: ['payroll'] },
  utility: { categories: ['utility'] },
  nsf: { categories: ['nsf', 'overdraft'] },
  'card-deposit': { categories: ['cardprocessor', 'paymentprocessor', 'ecommerce'], trueval: true },
  'transfer-in': { categories: ['xferin'], trueval: false },
  insurance: { categories: ['insurance', 'tax'] },
  fee: { categories: ['bankfee'] },
  'cc-payment': { categories: ['xferin'], trueval: false },
  'loan-payment': { categories: ['xferin'], trueval: false },
};

describe('categorizer vs the generator ground truth', () => {
  for (const layout of LAYOUTS) {
    it(`${layout}: every labelled transaction gets its category`, () => {
      let checked = 0;
      for (const seed of [1, 2, 3]) {
        const spec = makeStatementSpec({ seed, layout, months: 2, hard: seed === 3 });
        for (const s of spec.statements) for (const t of s.transactions) {
          const want = EXPECTED[t.kind];
          const c = classifyTransaction({ description: t.description, amount: t.amount }, { finduntrue: true });
          if (t.kind === 'deposit' || t.kind === 'card-deposit') expect(c.trueval, t.description).toBe(!/TRANSFER FROM/.test(t.description));
          if (!want) continue;
          expect(want.categories, `${t.kind}: ${t.description} → ${c.categories.join(',')}`).toContain(c.categories[0]);
          if (want.trueval !== undefined) expect(c.trueval, t.description).toBe(want.trueval);
          if (t.kind === 'mca') expect(c.categories.some((x) => x.startsWith('lender:')), t.description).toBe(true);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(5);
    });
  }
});

describe('credit-card accounts in balances', () => {
  it('a card balance (debt) is shown but not counted in combined balances, ADB or negative days', () => {
    const input = application([
      { accountIdx: 0, accountNumber: '1111', start: '2025-07-01', end: '2025-07-31', startBalance: 3_000, rows: [['2025-07-10', 'BANKCARD DEPOSIT MTOT DEP', 1_000]] },
      { accountIdx: 1, accountNumber: '4000', type: 'CCard', start: '2025-07-01', end: '2025-07-31', startBalance: -2_000, rows: [
        ['2025-07-05', 'HOME DEPOT #6812 BROOKLYN NY', -500], ['2025-07-20', 'ONLINE PAYMENT THANK YOU', 2_500]] },
    ]);
    const sc = buildScorecard(input, { format: 'jsonobject' });
    const daily = (sc.dailybalance as { data: Record<string, number>[] }).data;
    expect(daily[0]).toEqual({ date: '2025-07-01', balance_0: 3000, balance_1: -2000, total: 3000 });
    const neg = (sc.monthlynegativedays as { data: Record<string, unknown>[] }).data;
    expect(neg.map((r) => r.negative_days)).toEqual([0, 0]);
    const metric = (l: string) => (sc.metrics.metricdata as [string, number, number][]).find((r) => r[0] === l)!;
    expect(metric('Negative Days')).toEqual(['Negative Days', 0, 0]);
    // Checking: 3,000 for 9 days, 4,000 for 22 days.
    expect(metric('Average Daily Balance')[2]).toBe(Math.round((3_000 * 9 + 4_000 * 22) / 31 * 100) / 100);
    // The card payment is the owner's own money moving: not revenue.
    expect(metric('True Revenue')).toEqual(['True Revenue', 1000, 12000]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildScorecard, prequalify, type Scorecard } from '../../src/scorecard/index.js';
import { application } from './fixtures.js';
import { HAND_SPECS } from './hand-computed.js';
import { ScorecardSchema } from '../../src/contract/api/scorecard.js';

/**
 * Every headline figure of docs/scorecard.md against a hand computation (the arithmetic is in
 * the comments; amounts in dollars). The application (./hand-computed.ts):
 *
 * 1111 Checking USD
 *   Jan 1–31, start 1,000: +5,000 card (Jan 2) → 6,000; +10,000 LOAN PROCEEDS (Jan 3) → 16,000;
 *     −500 Kapitus (Jan 6) → 15,500; −700 SBA loan (Jan 10) → 14,800; −16,000 check (Jan 15) →
 *     −1,200; −35 NSF (Jan 16) → −1,235; +2,000 mobile deposit (Jan 20) → 765.
 *     Days: 1×1,000 + 1×6,000 + 3×16,000 + 4×15,500 + 5×14,800 + 1×(−1,200) + 4×(−1,235) + 12×765
 *     = 194,040 over 31 days → ADB 6,259.35; negative Jan 15–19 = 5 days; min −1,235.
 *   Feb 1–28, start 765: +6,000 card (Feb 3) → 6,765; −500 Kapitus (Feb 5) → 6,265; −35 overdraft
 *     fee (Feb 20) → 6,230. Days: 2×765 + 2×6,765 + 15×6,265 + 9×6,230 = 165,105 / 28 → 5,896.61.
 *   March: no statement (gap).
 *   Apr 1–30, start 6,230: +4,000 card (Apr 1) → 10,230; −500 Kapitus (Apr 7) → 9,730; −11,573.69
 *     check (Apr 14) → −1,843.69; −35 NSF (Apr 16) → −1,878.69; +3,000 (Apr 21) → 1,121.31.
 *     Days: 6×10,230 + 7×9,730 + 2×(−1,843.69) + 5×(−1,878.69) + 10×1,121.31 = 127,622.27 / 30
 *     → 4,254.08 (4,254.0757); negative Apr 14–20 = 7 days; min −1,878.69.
 * 2222 Savings USD
 *   Jan 15 – Feb 14 (statement month Jan), start 500, +1 Jan 31; Feb 10 – Mar 9 (month Feb), start
 *   501, +1 Feb 28. They overlap Feb 10–14: the later statement holds those days.
 *   Jan period: Jan 15–30 16×500 + Jan 31–Feb 9 10×501 = 13,010 / 26 → 500.38.
 *   Feb period: Feb 10–27 18×501 + Feb 28–Mar 9 10×502 = 14,038 / 28 → 501.36.
 * 3333 Checking GBP (holder JOHN SMITH), Apr 1–30, start 2,000, +1,500 card settlement Apr 10;
 *   prints 3,600 at the end (start + transactions = 3,500: unreconciled by 100).
 */
const app = application(HAND_SPECS, { finduntrue: true });
const sc = buildScorecard(app, { format: 'jsonobject' });
const amountOf = new Map(app.statements.flatMap((s) => s.transactions).map((t) => [t.id, t.amount / 100]));
type Obj = Record<string, any>;
const metric = (s: { metricdata: unknown[] }, label: string) => (s.metricdata as [string, number | null, number | null][]).find((r) => r[0] === label);
const rows = (name: string) => (sc[name] as { data: Obj[] }).data;

describe('a hand-computed application: three accounts, a gap month, overlapping statements, two currencies', () => {
  it('the scorecard with its checks, period and by_currency is valid against the contract', () => {
    expect(() => ScorecardSchema.parse(sc)).not.toThrow();
    expect(() => ScorecardSchema.parse(buildScorecard(app, { format: 'default' }))).not.toThrow();
  });

  it('headline metrics are in the main currency (USD: 5 statements against 1 GBP) over the 3 months covered', () => {
    expect(sc.metrics.currency).toBe('USD');
    // Jan 1 – Mar 9 (68 days: 1111 to Feb 28, 2222 to Mar 9) + Apr 1–30 (30 days) = 98 covered days; March 10–31 is not covered.
    expect(sc.metrics.period).toEqual({ currency: 'USD', months: 3, month_list: ['2025-01', '2025-02', '2025-04'], balance_days: 98,
      first_balance_day: '2025-01-01', last_balance_day: '2025-04-30' });
  });

  it('true revenue leaves loan proceeds out and is averaged over the months covered, not the calendar span', () => {
    // True: Jan 5,000 + 2,000 + 1 = 7,001; Feb 6,000 + 1 = 6,001; Apr 4,000 + 3,000 = 7,000 → 20,002; LOAN PROCEEDS 10,000 is not.
    // n = 3 (Jan, Feb, Apr; March has no statement): 20,002 ÷ 3 = 6,667.33; × 12 = 80,007.96.
    expect(metric(sc.metrics, 'True Revenue')).toEqual(['True Revenue', 6667.33, 80007.96]);
    // Total: 17,001 + 6,001 + 7,000 = 30,002 ÷ 3 = 10,000.67.
    expect(metric(sc.metrics, 'Total Revenue')).toEqual(['Total Revenue', 10000.67, 120008.04]);
    const cs = rows('combinedsummary').map((r) => [r.month, r.currency, r.true_credits, r.non_true_credits, r.total_debits]);
    expect(cs).toEqual([
      ['2025-01', 'USD', 7001, 10000, 17235], // debits 500 + 700 + 16,000 + 35
      ['2025-02', 'USD', 6001, 0, 535], // 500 + 35
      ['2025-04', 'USD', 7000, 0, 12108.69], // 500 + 11,573.69 + 35
      ['2025-04', 'GBP', 1500, 0, 0],
    ]);
  });

  it('holdback is MCA withdrawals ÷ true revenue, DTI all debt ÷ true revenue (they differ by the SBA loan)', () => {
    // MCA: Kapitus 500 × 3 = 1,500 → 1,500 ÷ 20,002 = 7.499 % → 7.5. Debt: 1,500 + SBA 700 = 2,200 → 2,200 ÷ 20,002 = 10.999 % → 11.
    expect(metric(sc.metrics, 'Holdback Percent')).toEqual(['Holdback Percent', 7.5, 7.5]);
    expect(metric(sc.metrics, 'DTI Percent')).toEqual(['DTI Percent', 11, 11]);
    expect(metric(sc.metrics, 'MCA Withdrawals')).toEqual(['MCA Withdrawals', 500, 6000]);
    expect(metric(sc.metrics, 'Total Debt Withdrawals')).toEqual(['Total Debt Withdrawals', 733.33, 8799.96]);
  });

  it('average daily balance: per month the sum of the accounts\' ADBs; over the period the combined balance on covered days', () => {
    // Monthly ADBs: Jan 6,259.35 + 500.38 = 6,759.73; Feb 5,896.61 + 501.36 = 6,397.97; Apr 4,254.08.
    expect(rows('combinedsummary').map((r) => [r.month, r.currency, r.average_balance])).toEqual([
      ['2025-01', 'USD', 6759.73], ['2025-02', 'USD', 6397.97], ['2025-04', 'USD', 4254.08], ['2025-04', 'GBP', 3050],
    ]);
    // Monthly column: (6,759.73 + 6,397.97 + 4,254.08) ÷ 3 = 5,803.93.
    // Period column: (194,040 + 165,105 + 127,622.27 + 13,010 + 14,038) ÷ 98 days = 513,815.27 ÷ 98 = 5,243.01.
    expect(metric(sc.metrics, 'Average Daily Balance')).toEqual(['Average Daily Balance', 5803.93, 5243.01]);
  });

  it('minimum balance is the true minimum, per month and overall', () => {
    // Lowest end-of-day balance of any deposit account: Jan −1,235 (1111, Jan 16); Feb 501 (2222 is lower than
    // 1111's 765); Apr −1,878.69 (1111, Apr 16: the −1,843.69 of Apr 14–15 then a 35 fee); GBP 2,000.
    expect(rows('combinedsummary').map((r) => r.minimum_balance)).toEqual([-1235, 501, -1878.69, 2000]);
    expect(metric(sc.metrics, 'Minimum Balance')).toEqual(['Minimum Balance', -1878.69, -1878.69]);
  });

  it('negative days, NSF count and NSF days', () => {
    // Negative account-days: Jan 15–19 (5) + Apr 14–20 (7) = 12 → 12 ÷ 3 = 4 a month, 48 a year.
    expect(rows('combinedsummary').map((r) => r.negative_days)).toEqual([5, 0, 7, 0]);
    expect(metric(sc.metrics, 'Negative Days')).toEqual(['Negative Days', 4, 48]);
    expect(rows('declinelist').find((r) => r.indicator === 'negative_days')).toMatchObject({ count: 12 });
    // NSF/overdraft fees on Jan 16, Feb 20, Apr 16: 3 fees on 3 days → 1 a month.
    expect(rows('combinedsummary').map((r) => [r.nsf_count, r.nsf_days])).toEqual([[1, 1], [1, 1], [1, 1], [0, 0]]);
    expect(metric(sc.metrics, 'NSF Count')).toEqual(['NSF Count', 1, 12]);
    expect(metric(sc.metrics, 'NSF Days')).toEqual(['NSF Days', 1, 12]);
  });

  it('daily balances stop at each account\'s coverage: nothing carried over the gap or after the last statement', () => {
    const d = rows('dailybalance');
    const day = (date: string) => d.find((r) => r.date === date)!;
    // Mar 5: 1111 has no statement (gap), 2222 is covered (Feb 10 – Mar 9): total = 502 only.
    expect(day('2025-03-05')).toEqual({ date: '2025-03-05', balance_0: null, balance_1: 502, balance_2: null, total: 502, total_gbp: null });
    // Mar 20: nobody covers it in either currency.
    expect(day('2025-03-20')).toEqual({ date: '2025-03-20', balance_0: null, balance_1: null, balance_2: null, total: null, total_gbp: null });
    // Apr 15: the −1,843.69 the statement shows; GBP never added to USD.
    expect(day('2025-04-15')).toEqual({ date: '2025-04-15', balance_0: -1843.69, balance_1: null, balance_2: 3500, total: -1843.69, total_gbp: 3500 });
    // Every calendar day from Jan 1 to Apr 30 is a row (120 days): no cap.
    expect(d).toHaveLength(120);
  });

  it('debt per month and currency, with a Total row per currency', () => {
    expect(rows('debtsummary').map((r) => [r.month, r.currency, r.mca, r.non_mca_loan, r.total])).toEqual([
      ['2025-01', 'USD', 500, 700, 1200], ['2025-02', 'USD', 500, 0, 500], ['2025-04', 'USD', 500, 0, 500], ['2025-04', 'GBP', 0, 0, 0],
      ['Total', 'USD', 1500, 700, 2200], ['Total', 'GBP', 0, 0, 0],
    ]);
    expect(rows('monthlymca').map((r) => [r.month, r.currency, r.mca_withdrawals, r.true_revenue, r.holdback_percent])).toEqual([
      // 500 ÷ 7,001 = 7.14 %; 500 ÷ 6,001 = 8.33 %; 500 ÷ 7,000 = 7.14 %.
      ['2025-01', 'USD', 500, 7001, 7.14], ['2025-02', 'USD', 500, 6001, 8.33], ['2025-04', 'USD', 500, 7000, 7.14], ['2025-04', 'GBP', 0, 1500, 0],
    ]);
  });

  it('GBP has its own figures under metrics.by_currency', () => {
    const gbp = (sc.metrics.by_currency as Obj[]).find((c) => c.currency === 'GBP')!;
    expect(gbp).toMatchObject({ months: 1, month_list: ['2025-04'], balance_days: 30 });
    // 9 × 2,000 + 21 × 3,500 = 91,500 ÷ 30 = 3,050.
    expect(metric(gbp as { metricdata: unknown[] }, 'Average Daily Balance')).toEqual(['Average Daily Balance', 3050, 3050]);
    expect(metric(gbp as { metricdata: unknown[] }, 'True Revenue')).toEqual(['True Revenue', 1500, 18000]);
    expect((sc.metrics.by_currency as Obj[]).map((c) => c.currency)).toEqual(['USD', 'GBP']);
  });

  it('the Debits drill-down ids are debits only', () => {
    const jan = rows('monthlycashflow')[0]!;
    expect(jan.debit_ids.map((id: number) => amountOf.get(id))).toEqual([-500, -700, -16000, -35]);
    expect(jan.credit_ids.map((id: number) => amountOf.get(id))).toEqual([5000, 10000, 2000, 1]);
    expect(new Set([...jan.debit_ids, ...jan.credit_ids])).toEqual(new Set(jan.ids));
    const janSummary = rows('combinedsummary')[0]!;
    expect(janSummary.debit_ids).toEqual(jan.debit_ids);
  });

  it('checks name the gap, the overlap, the holders, the currencies and the unreconciled statement with their files', () => {
    const checks = sc.checks ?? [];
    expect(checks.map((c) => c.code).sort()).toEqual(['coverage_gap', 'overlapping_statements', 'several_currencies', 'several_holders', 'unreconciled']);
    const gap = checks.find((c) => c.code === 'coverage_gap')!;
    expect(gap.message).toContain('account 1111: no statement covers 2025-03-01 to 2025-03-31 (31 days; month 2025-03)');
    expect(gap.statements.map((s) => [s.file_name, s.start_date])).toEqual([['checking-1111.json', '2025-02-01'], ['checking-1111.json', '2025-04-01']]);
    expect(checks.find((c) => c.code === 'overlapping_statements')!.message).toContain('overlap by 5 days (2025-02-10 to 2025-02-14)');
    expect(checks.find((c) => c.code === 'several_currencies')!.message).toContain('USD (5 statements: checking-1111.json, savings-2222.json); GBP (1 statement: gbp-3333.json)');
    expect(checks.find((c) => c.code === 'several_holders')!.message).toContain('JOHN SMITH (gbp-3333.json)');
    const unrec = checks.find((c) => c.code === 'unreconciled')!;
    expect(unrec.message).toContain('gives 3,500.00, the statement prints 3,600.00 (difference 100.00)');
    expect(unrec.statements.map((s) => s.file_name)).toEqual(['gbp-3333.json']);
  });

  it('prequalification reads the same figures', () => {
    const r = prequalify(application(HAND_SPECS, { finduntrue: true }), { minAvgDailyBalance: 6_000, maxHoldbackPercent: 7, maxNegativeDays: 6 }, { qualifyingRunDone: true });
    expect(r.reasons).toEqual([
      { rule_name: 'min_avg_daily_balance', actual_value: 5243.01, threshold: 6000 },
      { rule_name: 'max_negative_days', actual_value: 7, threshold: 6 },
      { rule_name: 'max_holdback_percent', actual_value: 7.5, threshold: 7 },
    ]);
  });

  it('without finduntrue the loan proceeds count as revenue (the API default)', () => {
    const off = buildScorecard(application(HAND_SPECS, { finduntrue: false }), { format: 'jsonobject', sections: ['combinedsummary'] }) as Scorecard;
    // 20,002 + 10,000 = 30,002 ÷ 3 = 10,000.67.
    expect(metric(off.metrics, 'True Revenue')).toEqual(['True Revenue', 10000.67, 120008.04]);
  });
});

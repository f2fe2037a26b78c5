import type { Ctx } from './sections/context.js';
import type { MetricKey, MetricsPeriod } from '../contract/api/scorecard.js';
import { inCategory } from './sections/context.js';
import { monthFlows, periodBalances } from './sections/monthly.js';
import { combinedDaily } from './sections/balances.js';
import { lenderMonths } from './sections/mca.js';
import { DEBT_CATEGORIES } from './sections/lists.js';
import { percent } from './sections/table.js';

/**
 * The application's headline figures in one currency, computed once and shared by
 * `metrics.metricdata`, prequalification and the page. Money in integer cents. Only
 * statements in that currency count: two currencies are never added or averaged together.
 */
export interface Facts {
  currency: string;
  /** Statement months with a statement in this currency (gap months are not counted). */
  months: number;
  monthList: string[];
  trueRevenue: number;
  totalRevenue: number;
  /** Debits other than transfers to the owner's own accounts. */
  expenses: number;
  debtWithdrawals: number;
  mcaWithdrawals: number;
  /** Mean combined end-of-day balance over the days a deposit statement covers (null: none). */
  averageDailyBalance: number | null;
  /** Mean of the monthly average daily balances (sum over accounts of each account's ADB). */
  monthlyAverageDailyBalance: number | null;
  /** Days counted by averageDailyBalance, and the first and last of them. */
  balanceDays: number;
  firstBalanceDay: string | null;
  lastBalanceDay: string | null;
  /** Lowest end-of-day balance of any deposit account (null: no deposit account). */
  minBalance: number | null;
  /** Account-days below zero (deposit accounts). */
  negativeDays: number;
  maxNegativeDaysInMonth: number;
  nsfCount: number;
  /** Distinct dates with an NSF or overdraft fee. */
  nsfDays: number;
  maxNsfInMonth: number;
  /** Distinct funders debiting in the latest statement month / over the whole period. */
  positionsLatest: number;
  positionsAll: number;
}

export function computeFacts(ctx: Ctx, currency: string = ctx.currencies[0] ?? 'USD'): Facts {
  const flows = monthFlows(ctx);
  const bals = periodBalances(ctx);
  const periods = ctx.periods.filter((p) => p.currency === currency);
  let trueRevenue = 0, totalRevenue = 0, nsfCount = 0, maxNsf = 0, negDays = 0, maxNeg = 0;
  let adbSum = 0, adbMonths = 0;
  let minBalance: number | null = null;
  const nsfDates = new Set<string>();
  for (const p of periods) {
    const f = flows.get(p.key)!;
    trueRevenue += f.trueCredits; totalRevenue += f.credits; nsfCount += f.nsf; maxNsf = Math.max(maxNsf, f.nsf);
    for (const d of f.nsfDays) nsfDates.add(d);
    const b = bals.get(p.key)!;
    negDays += b.negativeDays; maxNeg = Math.max(maxNeg, b.negativeDays);
    if (!b.deposit) continue;
    if (b.adb !== null) { adbSum += b.adb; adbMonths++; }
    if (b.min !== null && (minBalance === null || b.min < minBalance)) minBalance = b.min;
  }
  const mine = (x: { currency: string }) => x.currency === currency;
  let expenses = 0;
  for (const x of ctx.debits) if (mine(x) && x.primary !== 'xferout') expenses -= x.t.amount;
  let debt = 0;
  for (const x of inCategory(ctx, ...DEBT_CATEGORIES)) if (mine(x) && x.t.amount < 0) debt -= x.t.amount;
  let mca = 0;
  for (const x of inCategory(ctx, 'mca')) if (mine(x) && x.t.amount < 0) mca -= x.t.amount;

  const daily = combinedDaily(ctx, currency);
  let sum = 0, n = 0, first = -1, last = -1;
  for (let d = 0; d < daily.length; d++) {
    const b = daily[d];
    if (b === null || b === undefined) continue;
    sum += b; n++;
    if (first < 0) first = d;
    last = d;
  }
  const iso = (d: number) => {
    const [y, m, dd] = ctx.firstDay.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, dd + d)).toISOString().slice(0, 10);
  };

  const lenders = lenderMonths(ctx);
  const latest = periods[periods.length - 1]?.month;
  const positionsLatest = lenders.filter((l) => l.months.some((m) => m.month === latest)).length;
  const monthList = [...new Set(periods.map((p) => p.month))];

  return {
    currency, months: monthList.length, monthList, trueRevenue, totalRevenue, expenses, debtWithdrawals: debt, mcaWithdrawals: mca,
    averageDailyBalance: n ? Math.round(sum / n) : null,
    monthlyAverageDailyBalance: adbMonths ? Math.round(adbSum / adbMonths) : null,
    balanceDays: n, firstBalanceDay: first >= 0 ? iso(first) : null, lastBalanceDay: last >= 0 ? iso(last) : null,
    minBalance, negativeDays: negDays, maxNegativeDaysInMonth: maxNeg, nsfCount, nsfDays: nsfDates.size, maxNsfInMonth: maxNsf,
    positionsLatest, positionsAll: lenders.length,
  };
}

export interface MetricRow { key: MetricKey; label: string; kind: 'money' | 'percent' | 'number'; monthly: number | null; annual: number | null }

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * metricdata rows [label, monthly, annual]. Flows (revenue, expenses, debt) and counts
 * (negative days, NSF, NSF days): monthly = total ÷ statement months of the currency (months
 * actually covered, gaps not counted), annual = monthly × 12 (cents rounded once). Percentages
 * are the same ratio in both columns: DTI = all debt withdrawals ÷ true revenue, holdback = MCA
 * withdrawals ÷ true revenue. Average daily balance: monthly = mean of the monthly ADBs,
 * annual = mean combined balance over every covered day. Minimum balance: the lowest end-of-day
 * balance of any deposit account, both columns. MCA positions: monthly = funders debiting in
 * the latest month, annual = distinct funders over the period. A balance that cannot be
 * computed (no deposit account) is null, never 0.
 */
export function metricRows(f: Facts): MetricRow[] {
  const n = f.months || 1;
  const perMonth = (cents: number) => Math.round(cents / n);
  const flow = (key: MetricKey, label: string, cents: number): MetricRow => {
    const m = perMonth(cents);
    return { key, label, kind: 'money', monthly: m, annual: m * 12 };
  };
  const count = (key: MetricKey, label: string, c: number): MetricRow => {
    const m = f.months ? c / f.months : 0;
    return { key, label, kind: 'number', monthly: round2(m), annual: round2(m * 12) };
  };
  const dti = percent(f.debtWithdrawals, f.trueRevenue);
  const hold = percent(f.mcaWithdrawals, f.trueRevenue);
  return [
    flow('true_revenue', 'True Revenue', f.trueRevenue),
    flow('total_revenue', 'Total Revenue', f.totalRevenue),
    flow('expenses', 'Expenses', f.expenses),
    flow('profit', 'Profit', f.trueRevenue - f.expenses),
    flow('total_debt_withdrawals', 'Total Debt Withdrawals', f.debtWithdrawals),
    { key: 'dti_percent', label: 'DTI Percent', kind: 'percent', monthly: dti, annual: dti },
    flow('mca_withdrawals', 'MCA Withdrawals', f.mcaWithdrawals),
    { key: 'holdback_percent', label: 'Holdback Percent', kind: 'percent', monthly: hold, annual: hold },
    { key: 'average_daily_balance', label: 'Average Daily Balance', kind: 'money', monthly: f.monthlyAverageDailyBalance, annual: f.averageDailyBalance },
    { key: 'minimum_balance', label: 'Minimum Balance', kind: 'money', monthly: f.minBalance, annual: f.minBalance },
    count('negative_days', 'Negative Days', f.negativeDays),
    count('nsf_count', 'NSF Count', f.nsfCount),
    count('nsf_days', 'NSF Days', f.nsfDays),
    { key: 'mca_positions', label: 'MCA Positions', kind: 'number', monthly: f.positionsLatest, annual: f.positionsAll },
  ];
}

/** What the figures cover: `metrics.period` (and each `metrics.by_currency` item). */
export function periodOf(f: Facts): MetricsPeriod {
  return {
    currency: f.currency, months: f.months, month_list: f.monthList,
    balance_days: f.balanceDays, first_balance_day: f.firstBalanceDay, last_balance_day: f.lastBalanceDay,
  };
}

import type { Ctx } from './sections/context.js';
import { inCategory } from './sections/context.js';
import { monthFlows } from './sections/monthly.js';
import { combinedDaily } from './sections/balances.js';
import { lenderMonths } from './sections/mca.js';
import { DEBT_CATEGORIES } from './sections/lists.js';
import { percent } from './sections/table.js';

/**
 * The application's headline figures, computed once and shared by `metrics.metricdata`,
 * prequalification and the page. Money in integer cents.
 */
export interface Facts {
  months: number;
  trueRevenue: number;
  totalRevenue: number;
  /** Debits other than transfers to the owner's own accounts. */
  expenses: number;
  debtWithdrawals: number;
  mcaWithdrawals: number;
  /** Mean combined end-of-day balance over every calendar day. */
  averageDailyBalance: number;
  /** Mean of the per-month combined average daily balances. */
  monthlyAverageDailyBalance: number;
  negativeDays: number;
  maxNegativeDaysInMonth: number;
  nsfCount: number;
  maxNsfInMonth: number;
  /** Distinct funders debiting in the latest statement month / over the whole period. */
  positionsLatest: number;
  positionsAll: number;
}

export function computeFacts(ctx: Ctx): Facts {
  const flows = monthFlows(ctx);
  let trueRevenue = 0, totalRevenue = 0, nsfCount = 0, maxNsf = 0;
  for (const f of flows.values()) {
    trueRevenue += f.trueCredits; totalRevenue += f.credits; nsfCount += f.nsf; maxNsf = Math.max(maxNsf, f.nsf);
  }
  let expenses = 0;
  for (const x of ctx.debits) if (x.primary !== 'xferout') expenses -= x.t.amount;
  let debt = 0;
  for (const x of inCategory(ctx, ...DEBT_CATEGORIES)) if (x.t.amount < 0) debt -= x.t.amount;
  let mca = 0;
  for (const x of inCategory(ctx, 'mca')) if (x.t.amount < 0) mca -= x.t.amount;

  const daily = combinedDaily(ctx);
  let sum = 0;
  for (const b of daily) sum += b;
  const adb = daily.length ? Math.round(sum / daily.length) : 0;
  const monthAdb = new Map<string, number>();
  let negDays = 0;
  const negPerMonth = new Map<string, number>();
  for (const s of ctx.statements) {
    if (!s.deposit) continue;
    monthAdb.set(s.month, (monthAdb.get(s.month) ?? 0) + s.adb);
    negDays += s.negativeDays;
    negPerMonth.set(s.month, (negPerMonth.get(s.month) ?? 0) + s.negativeDays);
  }
  const mAdb = monthAdb.size ? Math.round([...monthAdb.values()].reduce((a, b) => a + b, 0) / monthAdb.size) : 0;

  const lenders = lenderMonths(ctx);
  const latest = ctx.months[ctx.months.length - 1];
  const positionsLatest = lenders.filter((l) => l.months.some((m) => m.month === latest)).length;

  return {
    months: ctx.months.length, trueRevenue, totalRevenue, expenses, debtWithdrawals: debt, mcaWithdrawals: mca,
    averageDailyBalance: adb, monthlyAverageDailyBalance: mAdb, negativeDays: negDays,
    maxNegativeDaysInMonth: Math.max(0, ...negPerMonth.values()), nsfCount, maxNsfInMonth: maxNsf,
    positionsLatest, positionsAll: lenders.length,
  };
}

export interface MetricRow { key: string; label: string; kind: 'money' | 'percent' | 'number'; monthly: number; annual: number }

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * metricdata rows [label, monthly, annual]. Flows (revenue, expenses, debt) and counts
 * (negative days, NSF): monthly = total ÷ statement months, annual = monthly × 12 (cents
 * rounded once). Percentages are the same ratio in both columns. Average daily balance:
 * monthly = mean of the monthly ADBs, annual = ADB over every day. MCA positions: monthly =
 * funders debiting in the latest month, annual = distinct funders over the period.
 */
export function metricRows(f: Facts): MetricRow[] {
  const n = f.months || 1;
  const perMonth = (cents: number) => Math.round(cents / n);
  const flow = (key: string, label: string, cents: number): MetricRow => {
    const m = perMonth(cents);
    return { key, label, kind: 'money', monthly: m, annual: m * 12 };
  };
  const count = (key: string, label: string, c: number): MetricRow => {
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
    { key: 'holdback_percent', label: 'Holdback Percent', kind: 'percent', monthly: hold, annual: hold },
    { key: 'average_daily_balance', label: 'Average Daily Balance', kind: 'money', monthly: f.monthlyAverageDailyBalance, annual: f.averageDailyBalance },
    count('negative_days', 'Negative Days', f.negativeDays),
    count('nsf_count', 'NSF Count', f.nsfCount),
    { key: 'mca_positions', label: 'MCA Positions', kind: 'number', monthly: f.positionsLatest, annual: f.positionsAll },
  ];
}

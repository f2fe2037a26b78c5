import type { Ctx, Txn } from './context.js';
import { inCategory } from './context.js';
import { col, percent, totals, type Cell, type Table } from './table.js';

/**
 * Monthly sections: one row per statement month and currency (ctx.periods), then none or a
 * Total row per currency. A one-currency application has one row per statement month.
 */

const monthCol = col('month', 'Month', 'text');
const idsCol = col('ids', 'Transaction IDs', 'ids');

/** Transactions grouped by period (statement month × currency; every period present, possibly empty). */
function byPeriod(ctx: Ctx, list: Iterable<Txn>): Map<string, Txn[]> {
  const m = new Map<string, Txn[]>(ctx.periods.map((p) => [p.key, []]));
  for (const x of list) m.get(x.period)?.push(x);
  return m;
}

/**
 * A monthly table of debit totals per group of categories, plus a Total column: one row per
 * statement month and currency, then one `Total` row per currency (amounts of two currencies
 * are never added).
 */
function monthlyDebitTable(ctx: Ctx, groups: { key: string; label: string; categories: string[] }[]): Table {
  const perGroup = groups.map((g) => byPeriod(ctx, inCategory(ctx, ...g.categories).filter((x) => x.t.amount < 0)));
  const rows: Cell[][] = [];
  const grand = new Map<string, { sums: number[]; ids: number[] }>();
  for (const p of ctx.periods) {
    const row: Cell[] = [p.month];
    let total = 0;
    const ids: number[] = [];
    let g = grand.get(p.currency);
    if (!g) { g = { sums: new Array(groups.length + 1).fill(0) as number[], ids: [] }; grand.set(p.currency, g); }
    perGroup.forEach((m, i) => {
      const t = totals(m.get(p.key) ?? []);
      row.push(t.total);
      total += t.total;
      g!.sums[i]! += t.total;
      for (const id of t.ids) ids.push(id);
    });
    row.push(total, ids, p.currency);
    g.sums[groups.length]! += total;
    for (const id of ids) g.ids.push(id);
    rows.push(row);
  }
  for (const c of ctx.currencies) {
    const g = grand.get(c);
    if (g) rows.push(['Total', ...g.sums, g.ids, c]);
  }
  return {
    columns: [monthCol, ...groups.map((g) => col(g.key, g.label, 'money')), col('total', 'Total', 'money'), idsCol, currencyCol],
    rows,
  };
}

export function debtsummary(ctx: Ctx): Table {
  return monthlyDebitTable(ctx, [
    { key: 'mca', label: 'MCA', categories: ['mca'] },
    { key: 'non_mca_loan', label: 'Non-MCA Loan', categories: ['nonmcaloan'] },
    { key: 'auto_finance', label: 'Auto Finance', categories: ['autofinance'] },
    { key: 'student_loan', label: 'Student Loan', categories: ['studentloan'] },
    { key: 'mortgage', label: 'Mortgage', categories: ['mortgage'] },
    { key: 'personal_loan', label: 'Personal Loan', categories: ['personalloan'] },
  ]);
}

export function operatingexpenses(ctx: Ctx): Table {
  return monthlyDebitTable(ctx, [
    { key: 'payroll', label: 'Payroll', categories: ['payroll'] },
    { key: 'insurance', label: 'Insurance', categories: ['insurance', 'lifeinsurance'] },
    { key: 'tolls', label: 'Tolls', categories: ['toll'] },
    { key: 'construction', label: 'Construction', categories: ['construction'] },
    { key: 'ecommerce', label: 'E-Commerce', categories: ['ecommerce'] },
    { key: 'mca_fees', label: 'MCA Fees', categories: ['mcafee'] },
    { key: 'utilities', label: 'Utilities', categories: ['utility'] },
  ]);
}

interface MonthFlows {
  credits: number; creditCount: number; trueCredits: number; trueCount: number; untrue: number; untrueCount: number;
  debits: number; debitCount: number; nsf: number; nsfDays: Set<string>; ids: number[]; trueIds: number[]; creditIds: number[]; debitIds: number[];
}

const flowsMemo = new WeakMap<Ctx, Map<string, MonthFlows>>();

/**
 * Credits, true credits, debits and NSF/overdraft fees per period (statement month × currency,
 * keyed by periodKey), computed once per context.
 */
export function monthFlows(ctx: Ctx): Map<string, MonthFlows> {
  const memo = flowsMemo.get(ctx);
  if (memo) return memo;
  const m = new Map<string, MonthFlows>(ctx.periods.map((p) => [p.key, {
    credits: 0, creditCount: 0, trueCredits: 0, trueCount: 0, untrue: 0, untrueCount: 0, debits: 0, debitCount: 0, nsf: 0, nsfDays: new Set<string>(),
    ids: [], trueIds: [], creditIds: [], debitIds: [],
  }]));
  for (const x of ctx.txns) {
    const f = m.get(x.period)!;
    const a = x.t.amount;
    if (a > 0) {
      f.credits += a; f.creditCount++; f.creditIds.push(x.t.id);
      if (x.t.trueval) { f.trueCredits += a; f.trueCount++; f.trueIds.push(x.t.id); } else { f.untrue += a; f.untrueCount++; }
    } else if (a < 0) { f.debits -= a; f.debitCount++; f.debitIds.push(x.t.id); }
    if (x.primary === 'nsf' || x.primary === 'overdraft') { f.nsf++; f.nsfDays.add(x.t.date); }
    f.ids.push(x.t.id);
  }
  flowsMemo.set(ctx, m);
  return m;
}

export interface PeriodBalances {
  /**
   * Sum over the deposit accounts of each account's mean end-of-day balance over its covered
   * days. A period with no deposit statement uses its card / credit-line statements instead
   * (their balances are amounts owed, negative) and says so with `deposit: false`.
   */
  adb: number | null;
  /** Lowest end-of-day balance of any of those accounts on a covered day, and that day. */
  min: number | null;
  minDay: number | null;
  /** Account-days below zero, deposit accounts only (a day negative in two accounts counts twice; overlaps count once). */
  negativeDays: number;
  /** Days covered by at least one of those accounts. */
  days: number;
  /** The figures come from deposit accounts (false: only card / credit-line statements that month). */
  deposit: boolean;
}

const balMemo = new WeakMap<Ctx, Map<string, PeriodBalances>>();

/**
 * Balance figures per period from the per-account daily series (context.ts): each day belongs
 * to the statement that covers it, so a duplicate or overlapping statement is counted once.
 */
export function periodBalances(ctx: Ctx): Map<string, PeriodBalances> {
  const memo = balMemo.get(ctx);
  if (memo) return memo;
  const out = new Map<string, PeriodBalances>(ctx.periods.map((p) => [p.key, { adb: null, min: null, minDay: null, negativeDays: 0, days: 0, deposit: true }]));
  const accumulate = (deposit: boolean, only: Set<string> | null) => {
    const coveredDays = new Map<string, Set<number>>();
    for (const a of ctx.accounts) {
      if (a.deposit !== deposit) continue;
      const series = ctx.dailyBalances.get(a.idx)!;
      const owner = ctx.dayPeriods.get(a.idx)!;
      const sums = new Map<string, { sum: number; n: number }>();
      for (let d = 0; d < ctx.numDays; d++) {
        const key = owner[d];
        const b = series[d];
        if (!key || b === null || b === undefined || (only && !only.has(key))) continue;
        const p = out.get(key)!;
        let acc = sums.get(key);
        if (!acc) { acc = { sum: 0, n: 0 }; sums.set(key, acc); }
        acc.sum += b; acc.n++;
        if (p.min === null || b < p.min) { p.min = b; p.minDay = d; }
        if (deposit && b < 0) p.negativeDays++;
        let days = coveredDays.get(key);
        if (!days) { days = new Set(); coveredDays.set(key, days); }
        days.add(d);
      }
      for (const [key, acc] of sums) {
        const p = out.get(key)!;
        p.adb = (p.adb ?? 0) + Math.round(acc.sum / acc.n);
        p.deposit = deposit;
      }
    }
    for (const [key, days] of coveredDays) out.get(key)!.days = days.size;
  };
  accumulate(true, null);
  const withoutDeposit = new Set([...out].filter(([, p]) => p.days === 0).map(([k]) => k));
  if (withoutDeposit.size) accumulate(false, withoutDeposit);
  balMemo.set(ctx, out);
  return out;
}

const currencyCol = col('currency', 'Currency', 'text');
const creditIdsCol = col('credit_ids', 'Credit Transaction IDs', 'ids');
const debitIdsCol = col('debit_ids', 'Debit Transaction IDs', 'ids');

/**
 * One row per statement month and currency. Money adds only within a currency; balances come
 * from periodBalances (null where no deposit account has a statement that month).
 */
export function combinedsummary(ctx: Ctx): Table {
  const flows = monthFlows(ctx);
  const bals = periodBalances(ctx);
  const rows: Cell[][] = ctx.periods.map((p) => {
    const f = flows.get(p.key)!;
    const b = bals.get(p.key)!;
    // A month with only card / credit-line statements shows their balances (amounts owed).
    const stmts = ctx.statements.filter((s) => s.month === p.month && s.currency === p.currency).length;
    return [p.month, stmts, f.credits, f.creditCount, f.trueCredits, f.trueCount, f.untrue, f.untrueCount,
      f.debits, f.debitCount, f.credits - f.debits, b.adb, b.min, f.nsf, b.negativeDays, f.ids, p.currency, f.nsfDays.size, f.creditIds, f.debitIds];
  });
  return {
    columns: [monthCol, col('statements', 'Statements', 'int'), col('total_credits', 'Total Credits', 'money'), col('num_credits', '# Credits', 'int'),
      col('true_credits', 'True Credits', 'money'), col('num_true_credits', '# True Credits', 'int'),
      col('non_true_credits', 'Non-True Credits', 'money'), col('num_non_true_credits', '# Non-True Credits', 'int'),
      col('total_debits', 'Total Debits', 'money'), col('num_debits', '# Debits', 'int'), col('net_cash_flow', 'Net Cash Flow', 'money'),
      col('average_balance', 'Average Daily Balance', 'money'), col('minimum_balance', 'Minimum Balance', 'money'),
      col('nsf_count', 'NSF Count', 'int'), col('negative_days', 'Negative Days', 'int'), idsCol, currencyCol, col('nsf_days', 'NSF Days', 'int'),
      creditIdsCol, debitIdsCol],
    rows,
  };
}

export function monthlycashflow(ctx: Ctx): Table {
  const flows = monthFlows(ctx);
  const rows: Cell[][] = ctx.periods.map((p) => {
    const f = flows.get(p.key)!;
    let start = 0, end = 0;
    for (const s of ctx.statements) if (s.month === p.month && s.currency === p.currency) { start += s.s.startBalance; end += s.s.endBalance; }
    return [p.month, start, f.credits, f.creditCount, f.debits, f.debitCount, f.credits - f.debits, end, f.ids, p.currency, f.creditIds, f.debitIds];
  });
  return {
    columns: [monthCol, col('start_balance', 'Starting Balance', 'money'), col('credits', 'Credits', 'money'), col('num_credits', '# Credits', 'int'),
      col('debits', 'Debits', 'money'), col('num_debits', '# Debits', 'int'), col('net', 'Net Cash Flow', 'money'),
      col('end_balance', 'Ending Balance', 'money'), idsCol, currencyCol, creditIdsCol, debitIdsCol],
    rows,
  };
}

/** One row per statement (account × month). */
export function monthlynegativedays(ctx: Ctx): Table {
  const rows: Cell[][] = ctx.statements.map((s) => {
    let lowest = s.minBalance, lowestDay = '';
    s.balances.forEach((b, i) => { if (b === lowest && !lowestDay) lowestDay = dayToIso(ctx, s.firstDay + i); });
    return [s.month, s.s.accountIdx, s.s.accountNumber, s.negativeDays, s.balances.length, lowest, lowestDay || null];
  });
  return {
    columns: [monthCol, col('accountidx', 'Account #', 'int'), col('account', 'Account', 'text'), col('negative_days', 'Negative Days', 'int'),
      col('days', 'Days in Statement', 'int'), col('lowest_balance', 'Lowest Balance', 'money'), col('lowest_date', 'Lowest Balance Date', 'date')],
    rows,
  };
}

/** Each day's ISO date, kept per scorecard build: the daily tables ask for the same days once per account and currency. */
const isoDays = new WeakMap<Ctx, { base: number; days: string[] }>();

export function dayToIso(ctx: Ctx, day: number): string {
  let memo = isoDays.get(ctx);
  if (!memo) {
    const [y, m, d] = ctx.firstDay.split('-').map(Number) as [number, number, number];
    memo = { base: Date.UTC(y, m - 1, d), days: [] };
    isoDays.set(ctx, memo);
  }
  return (memo.days[day] ??= new Date(memo.base + day * 86_400_000).toISOString().slice(0, 10));
}

export function monthlymca(ctx: Ctx): Table {
  const flows = monthFlows(ctx);
  const pays = byPeriod(ctx, inCategory(ctx, 'mca').filter((x) => x.t.amount < 0));
  const fundings = byPeriod(ctx, inCategory(ctx, 'mcafunding'));
  const fees = byPeriod(ctx, inCategory(ctx, 'mcafee'));
  const rows: Cell[][] = ctx.periods.map((p) => {
    const list = pays.get(p.key) ?? [];
    const t = totals(list);
    const lenders = new Set(list.map((x) => x.lender));
    const fu = totals(fundings.get(p.key) ?? []);
    const fe = totals(fees.get(p.key) ?? []);
    const tr = flows.get(p.key)!.trueCredits;
    return [p.month, t.total, t.count, lenders.size, fu.total, fe.total, tr, percent(t.total, tr), t.ids.concat(fu.ids, fe.ids), p.currency];
  });
  return {
    columns: [monthCol, col('mca_withdrawals', 'MCA Withdrawals', 'money'), col('num_withdrawals', '# Withdrawals', 'int'),
      col('positions', 'Positions', 'int'), col('mca_fundings', 'MCA Fundings', 'money'), col('mca_fees', 'MCA Fees', 'money'),
      col('true_revenue', 'True Revenue', 'money'), col('holdback_percent', 'Holdback %', 'percent'), idsCol, currencyCol],
    rows,
  };
}

export function monthlyrecovery(ctx: Ctx): Table {
  const rec = byPeriod(ctx, inCategory(ctx, 'recovery'));
  const col2 = byPeriod(ctx, inCategory(ctx, 'debtcollector'));
  const rows: Cell[][] = ctx.periods.map((p) => {
    const a = totals(rec.get(p.key) ?? []), b = totals(col2.get(p.key) ?? []);
    return [p.month, a.total, a.count, b.total, b.count, a.total + b.total, a.ids.concat(b.ids), p.currency];
  });
  return {
    columns: [monthCol, col('recovery_total', 'Recovery Companies', 'money'), col('recovery_count', '# Recovery', 'int'),
      col('debt_collector_total', 'Debt Collectors', 'money'), col('debt_collector_count', '# Debt Collector', 'int'),
      col('total', 'Total', 'money'), idsCol, currencyCol],
    rows,
  };
}

/**
 * Trailing window of `n` calendar months ending with the latest statement month, in the
 * application's main currency (ctx.currencies[0]); Average = Total ÷ months with a statement.
 */
export function trueRevenueWindow(ctx: Ctx, n: number): Table {
  const currency = ctx.currencies[0] ?? 'USD';
  const all = monthFlows(ctx);
  const flows = new Map<string, MonthFlows>();
  for (const p of ctx.periods) if (p.currency === currency) flows.set(p.month, all.get(p.key)!);
  const columns = [monthCol, col('true_revenue', 'True Revenue', 'money'), col('num_true_credits', '# True Credits', 'int'),
    col('total_revenue', 'Total Revenue', 'money'), col('covered', 'Statement Present', 'bool'), idsCol];
  const mine = ctx.periods.filter((p) => p.currency === currency);
  const last = mine[mine.length - 1]?.month;
  if (!last) return { columns, rows: [] };
  const window: string[] = [];
  let [y, m] = last.split('-').map(Number) as [number, number];
  for (let i = 0; i < n; i++) {
    window.unshift(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`);
    m--; if (m === 0) { m = 12; y--; }
  }
  const rows: Cell[][] = [];
  let tot = 0, cnt = 0, totAll = 0, covered = 0;
  const allIds: number[] = [];
  for (const month of window) {
    const f = flows.get(month);
    if (f) { covered++; tot += f.trueCredits; cnt += f.trueCount; totAll += f.credits; for (const id of f.trueIds) allIds.push(id); }
    rows.push([month, f?.trueCredits ?? 0, f?.trueCount ?? 0, f?.credits ?? 0, !!f, f?.trueIds ?? []]);
  }
  rows.push(['Total', tot, cnt, totAll, covered > 0, allIds]);
  rows.push(['Average', covered ? Math.round(tot / covered) : 0, covered ? Math.round(cnt / covered) : 0, covered ? Math.round(totAll / covered) : 0, covered > 0, []]);
  return { columns, rows };
}

export type { Txn };

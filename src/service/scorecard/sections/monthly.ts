import type { Ctx, Txn } from './context.js';
import { inCategory } from './context.js';
import { byMonth, col, percent, totals, type Cell, type Table } from './table.js';

/** Monthly sections: one row per statement month (ctx.months), then none or a Total row. */

const monthCol = col('month', 'Month', 'text');
const idsCol = col('ids', 'Transaction IDs', 'ids');

/** A monthly table of debit totals per group of categories, plus a Total column. */
function monthlyDebitTable(ctx: Ctx, groups: { key: string; label: string; categories: string[] }[]): Table {
  const perGroup = groups.map((g) => byMonth(ctx, inCategory(ctx, ...g.categories).filter((x) => x.t.amount < 0)));
  const rows: Cell[][] = [];
  const grand = new Array(groups.length + 1).fill(0) as number[];
  const allIds: number[] = [];
  for (const month of ctx.months) {
    const row: Cell[] = [month];
    let total = 0;
    const ids: number[] = [];
    perGroup.forEach((m, i) => {
      const t = totals(m.get(month) ?? []);
      row.push(t.total);
      total += t.total;
      grand[i]! += t.total;
      for (const id of t.ids) ids.push(id);
    });
    row.push(total, ids);
    grand[groups.length]! += total;
    for (const id of ids) allIds.push(id);
    rows.push(row);
  }
  if (rows.length) rows.push(['Total', ...grand, allIds]);
  return {
    columns: [monthCol, ...groups.map((g) => col(g.key, g.label, 'money')), col('total', 'Total', 'money'), idsCol],
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
  debits: number; debitCount: number; nsf: number; ids: number[]; trueIds: number[];
}

const flowsMemo = new WeakMap<Ctx, Map<string, MonthFlows>>();

/** Credits, true credits, debits and NSF count per statement month (computed once per context). */
export function monthFlows(ctx: Ctx): Map<string, MonthFlows> {
  const memo = flowsMemo.get(ctx);
  if (memo) return memo;
  const m = new Map<string, MonthFlows>(ctx.months.map((k) => [k, {
    credits: 0, creditCount: 0, trueCredits: 0, trueCount: 0, untrue: 0, untrueCount: 0, debits: 0, debitCount: 0, nsf: 0, ids: [], trueIds: [],
  }]));
  for (const x of ctx.txns) {
    const f = m.get(x.month)!;
    const a = x.t.amount;
    if (a > 0) {
      f.credits += a; f.creditCount++;
      if (x.t.trueval) { f.trueCredits += a; f.trueCount++; f.trueIds.push(x.t.id); } else { f.untrue += a; f.untrueCount++; }
    } else if (a < 0) { f.debits -= a; f.debitCount++; }
    if (x.primary === 'nsf' || x.primary === 'overdraft') f.nsf++;
    f.ids.push(x.t.id);
  }
  flowsMemo.set(ctx, m);
  return m;
}

export function combinedsummary(ctx: Ctx): Table {
  const flows = monthFlows(ctx);
  const rows: Cell[][] = ctx.months.map((month) => {
    const f = flows.get(month)!;
    const stmts = ctx.statements.filter((s) => s.month === month);
    let adb = 0, neg = 0, min: number | null = null;
    for (const s of stmts) {
      if (!s.deposit) continue;
      adb += s.adb; neg += s.negativeDays; min = min === null ? s.minBalance : Math.min(min, s.minBalance);
    }
    return [month, stmts.length, f.credits, f.creditCount, f.trueCredits, f.trueCount, f.untrue, f.untrueCount,
      f.debits, f.debitCount, f.credits - f.debits, adb, min ?? 0, f.nsf, neg, f.ids];
  });
  return {
    columns: [monthCol, col('statements', 'Statements', 'int'), col('total_credits', 'Total Credits', 'money'), col('num_credits', '# Credits', 'int'),
      col('true_credits', 'True Credits', 'money'), col('num_true_credits', '# True Credits', 'int'),
      col('non_true_credits', 'Non-True Credits', 'money'), col('num_non_true_credits', '# Non-True Credits', 'int'),
      col('total_debits', 'Total Debits', 'money'), col('num_debits', '# Debits', 'int'), col('net_cash_flow', 'Net Cash Flow', 'money'),
      col('average_balance', 'Average Daily Balance', 'money'), col('minimum_balance', 'Minimum Balance', 'money'),
      col('nsf_count', 'NSF Count', 'int'), col('negative_days', 'Negative Days', 'int'), idsCol],
    rows,
  };
}

export function monthlycashflow(ctx: Ctx): Table {
  const flows = monthFlows(ctx);
  const rows: Cell[][] = ctx.months.map((month) => {
    const f = flows.get(month)!;
    let start = 0, end = 0;
    for (const s of ctx.statements) if (s.month === month) { start += s.s.startBalance; end += s.s.endBalance; }
    return [month, start, f.credits, f.creditCount, f.debits, f.debitCount, f.credits - f.debits, end, f.ids];
  });
  return {
    columns: [monthCol, col('start_balance', 'Starting Balance', 'money'), col('credits', 'Credits', 'money'), col('num_credits', '# Credits', 'int'),
      col('debits', 'Debits', 'money'), col('num_debits', '# Debits', 'int'), col('net', 'Net Cash Flow', 'money'),
      col('end_balance', 'Ending Balance', 'money'), idsCol],
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

export function dayToIso(ctx: Ctx, day: number): string {
  const [y, m, d] = ctx.firstDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + day)).toISOString().slice(0, 10);
}

export function monthlymca(ctx: Ctx): Table {
  const flows = monthFlows(ctx);
  const pays = byMonth(ctx, inCategory(ctx, 'mca').filter((x) => x.t.amount < 0));
  const fundings = byMonth(ctx, inCategory(ctx, 'mcafunding'));
  const fees = byMonth(ctx, inCategory(ctx, 'mcafee'));
  const rows: Cell[][] = ctx.months.map((month) => {
    const p = pays.get(month) ?? [];
    const t = totals(p);
    const lenders = new Set(p.map((x) => x.lender));
    const fu = totals(fundings.get(month) ?? []);
    const fe = totals(fees.get(month) ?? []);
    const tr = flows.get(month)!.trueCredits;
    return [month, t.total, t.count, lenders.size, fu.total, fe.total, tr, percent(t.total, tr), t.ids.concat(fu.ids, fe.ids)];
  });
  return {
    columns: [monthCol, col('mca_withdrawals', 'MCA Withdrawals', 'money'), col('num_withdrawals', '# Withdrawals', 'int'),
      col('positions', 'Positions', 'int'), col('mca_fundings', 'MCA Fundings', 'money'), col('mca_fees', 'MCA Fees', 'money'),
      col('true_revenue', 'True Revenue', 'money'), col('holdback_percent', 'Holdback %', 'percent'), idsCol],
    rows,
  };
}

export function monthlyrecovery(ctx: Ctx): Table {
  const rec = byMonth(ctx, inCategory(ctx, 'recovery'));
  const col2 = byMonth(ctx, inCategory(ctx, 'debtcollector'));
  const rows: Cell[][] = ctx.months.map((month) => {
    const a = totals(rec.get(month) ?? []), b = totals(col2.get(month) ?? []);
    return [month, a.total, a.count, b.total, b.count, a.total + b.total, a.ids.concat(b.ids)];
  });
  return {
    columns: [monthCol, col('recovery_total', 'Recovery Companies', 'money'), col('recovery_count', '# Recovery', 'int'),
      col('debt_collector_total', 'Debt Collectors', 'money'), col('debt_collector_count', '# Debt Collector', 'int'),
      col('total', 'Total', 'money'), idsCol],
    rows,
  };
}

/** Trailing window of `n` calendar months ending with the latest statement month. */
export function trueRevenueWindow(ctx: Ctx, n: number): Table {
  const flows = monthFlows(ctx);
  const columns = [monthCol, col('true_revenue', 'True Revenue', 'money'), col('num_true_credits', '# True Credits', 'int'),
    col('total_revenue', 'Total Revenue', 'money'), col('covered', 'Statement Present', 'bool'), idsCol];
  const last = ctx.months[ctx.months.length - 1];
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

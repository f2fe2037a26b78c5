import type { Ctx, Txn } from './context.js';
import { inCategory } from './context.js';
import { col, type Cell, type Table } from './table.js';
import { WITHDRAWAL_FREQUENCIES } from '../rules/thresholds.js';
import { businessDayIndex, businessDaysInMonth } from './business-days.js';

/** Frequency label from the intervals (business days) between successive debits. */
export function frequencyOf(intervals: number[]): string {
  const xs = intervals.filter((i) => i > 0).sort((a, b) => a - b);
  if (xs.length === 0) return '';
  const mid = xs.length >> 1;
  const median = xs.length % 2 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
  for (const f of WITHDRAWAL_FREQUENCIES) if (median >= f.min && median < f.max) return f.label;
  return '';
}

/** Business days (Mon–Fri less bank holidays) of a calendar month 'YYYY-MM'. */
export const workDaysInMonth = businessDaysInMonth;

export interface LenderMonth { lender: string; month: string; frequency: string; count: number; total: number; workDays: number; ids: number[] }

/** MCA debits grouped by lender and month with their withdrawal frequency. */
export type LenderSummary = { lender: string; months: LenderMonth[]; all: LenderMonth };
const memo = new WeakMap<Ctx, LenderSummary[]>();

export function lenderMonths(ctx: Ctx): LenderSummary[] {
  let cached = memo.get(ctx);
  if (!cached) { cached = computeLenderMonths(ctx); memo.set(ctx, cached); }
  return cached;
}

function computeLenderMonths(ctx: Ctx): LenderSummary[] {
  const byLender = new Map<string, Txn[]>();
  for (const x of inCategory(ctx, 'mca')) {
    if (x.t.amount >= 0 || !x.lender) continue;
    let l = byLender.get(x.lender);
    if (!l) { l = []; byLender.set(x.lender, l); }
    l.push(x);
  }
  const epochDay0 = ctx.firstDay ? Math.round(Date.parse(ctx.firstDay + 'T00:00:00Z') / 86_400_000) : 0;
  const businessDay = businessDayIndex(epochDay0, epochDay0 + ctx.numDays);
  const out: { lender: string; months: LenderMonth[]; all: LenderMonth }[] = [];
  for (const lender of [...byLender.keys()].sort()) {
    const list = byLender.get(lender)!;
    const biz = list.map((x) => businessDay(epochDay0 + x.day));
    const allIntervals: number[] = [];
    const perMonth = new Map<string, { intervals: number[]; count: number; total: number; ids: number[] }>();
    list.forEach((x, i) => {
      let m = perMonth.get(x.month);
      if (!m) { m = { intervals: [], count: 0, total: 0, ids: [] }; perMonth.set(x.month, m); }
      m.count++; m.total += -x.t.amount; m.ids.push(x.t.id);
      if (i > 0) {
        const gap = biz[i]! - biz[i - 1]!;
        if (gap > 0) { m.intervals.push(gap); allIntervals.push(gap); }
      }
    });
    const months: LenderMonth[] = [];
    let count = 0, total = 0, workDays = 0;
    const ids: number[] = [];
    for (const month of [...perMonth.keys()].sort()) {
      const m = perMonth.get(month)!;
      const wd = workDaysInMonth(month);
      months.push({ lender, month, frequency: frequencyOf(m.intervals), count: m.count, total: m.total, workDays: wd, ids: m.ids });
      count += m.count; total += m.total; workDays += wd;
      for (const id of m.ids) ids.push(id);
    }
    out.push({ lender, months, all: { lender, month: 'Totals', frequency: frequencyOf(allIntervals), count, total, workDays, ids } });
  }
  return out;
}

export function mcacompanies(ctx: Ctx): Table {
  const rows: Cell[][] = [];
  for (const l of lenderMonths(ctx)) {
    for (const m of [...l.months, l.all]) rows.push([m.lender, m.month, m.frequency, m.count, m.total, m.workDays, m.ids]);
  }
  return {
    columns: [col('lender', 'Lender', 'text'), col('month', 'Month', 'text'), col('withdrawal_frequency', 'Withdrawal Frequency', 'text'),
      col('withdrawal_count', 'Withdrawal Count', 'int'), col('withdrawal_total', 'Withdrawal Total', 'money'),
      col('work_days', 'Work Days', 'int'), col('ids', 'Transaction IDs', 'ids')],
    rows,
  };
}

import type { Ctx } from './context.js';
import { dayToIso } from './monthly.js';
import { col, type Cell, type Column, type Table } from './table.js';

/**
 * dailybalance: every calendar day from the first statement day to the last, one balance
 * column per account (end-of-day on the days one of its statements covers, null elsewhere:
 * before its first statement, in a gap month, after its last statement), then one total per
 * currency: the sum of the deposit accounts of that currency with a balance that day (null
 * when none has). `total` is the main currency's (ctx.currencies[0]); `total_gbp`, … the others.
 * No row limit: one row per day of the range, bounded by the statements' own dates.
 */
export function dailybalance(ctx: Ctx): Table {
  const columns: Column[] = [col('date', 'Date', 'date')];
  for (const a of ctx.accounts) columns.push(col(`balance_${a.idx}`, `Balance ${a.accountNumber}${ctx.currencies.length > 1 ? ` (${a.currency})` : ''}`, 'money'));
  const totals = (ctx.currencies.length ? ctx.currencies : ['USD']).map((c, i) => ({ c, series: combinedDaily(ctx, c), key: i === 0 ? 'total' : `total_${c.toLowerCase()}` }));
  for (const t of totals) columns.push(col(t.key, `Total Balance (deposit accounts${ctx.currencies.length > 1 ? `, ${t.c}` : ''})`, 'money'));
  const series = ctx.accounts.map((a) => ctx.dailyBalances.get(a.idx)!);
  const rows: Cell[][] = [];
  for (let d = 0; d < ctx.numDays; d++) {
    const row: Cell[] = [dayToIso(ctx, d)];
    for (const s of series) row.push(s[d] ?? null);
    for (const t of totals) row.push(t.series[d] ?? null);
    rows.push(row);
  }
  return { columns, rows };
}

const combinedMemo = new WeakMap<Ctx, Map<string, (number | null)[]>>();

/**
 * Combined end-of-day balance per day in one currency (default: the main one): the sum of the
 * deposit accounts of that currency with a known balance that day; null on days none covers.
 */
export function combinedDaily(ctx: Ctx, currency: string = ctx.currencies[0] ?? 'USD'): (number | null)[] {
  let memo = combinedMemo.get(ctx);
  if (!memo) { memo = new Map(); combinedMemo.set(ctx, memo); }
  const hit = memo.get(currency);
  if (hit) return hit;
  const out = new Array<number | null>(ctx.numDays).fill(null);
  for (const a of ctx.accounts) {
    if (!a.deposit || a.currency !== currency) continue;
    const s = ctx.dailyBalances.get(a.idx)!;
    for (let d = 0; d < ctx.numDays; d++) {
      const b = s[d];
      if (b !== null && b !== undefined) out[d] = (out[d] ?? 0) + b;
    }
  }
  memo.set(currency, out);
  return out;
}

/** dailycashflow: one row per day (and currency) with transactions: credits, debits, net, combined end balance. */
export function dailycashflow(ctx: Ctx): Table {
  const rows: Cell[][] = [];
  const open = new Map<string, { day: number; credits: number; debits: number; count: number; ids: number[] }>();
  let day = -1;
  const flush = () => {
    for (const [currency, cur] of open) {
      rows.push([dayToIso(ctx, cur.day), cur.credits, cur.debits, cur.credits - cur.debits, cur.count, combinedDaily(ctx, currency)[cur.day] ?? null, cur.ids, currency]);
    }
    open.clear();
  };
  for (const x of ctx.txns) {
    if (x.day !== day) { flush(); day = x.day; }
    let cur = open.get(x.currency);
    if (!cur) { cur = { day: x.day, credits: 0, debits: 0, count: 0, ids: [] }; open.set(x.currency, cur); }
    if (x.t.amount > 0) cur.credits += x.t.amount; else cur.debits -= x.t.amount;
    cur.count++; cur.ids.push(x.t.id);
  }
  flush();
  return {
    columns: [col('date', 'Date', 'date'), col('credits', 'Credits', 'money'), col('debits', 'Debits', 'money'), col('net', 'Net', 'money'),
      col('count', '# Transactions', 'int'), col('end_balance', 'Ending Balance (deposit accounts)', 'money'), col('ids', 'Transaction IDs', 'ids'),
      col('currency', 'Currency', 'text')],
    rows,
  };
}

import type { Ctx } from './context.js';
import { dayToIso } from './monthly.js';
import { col, type Cell, type Column, type Table } from './table.js';

/**
 * dailybalance: every calendar day from the first statement day to the last, one balance
 * column per account (end-of-day, carried forward across gaps and weekends; null before the
 * account's first statement) and the total of the known balances of deposit accounts.
 */
export function dailybalance(ctx: Ctx): Table {
  const columns: Column[] = [col('date', 'Date', 'date')];
  for (const a of ctx.accounts) columns.push(col(`balance_${a.idx}`, `Balance ${a.accountNumber}`, 'money'));
  columns.push(col('total', 'Total Balance (deposit accounts)', 'money'));
  const series = ctx.accounts.map((a) => ({ s: ctx.dailyBalances.get(a.idx)!, deposit: a.deposit }));
  const rows: Cell[][] = [];
  for (let d = 0; d < ctx.numDays; d++) {
    const row: Cell[] = [dayToIso(ctx, d)];
    let total = 0;
    for (const { s, deposit } of series) { const b = s[d] ?? null; row.push(b); if (b !== null && deposit) total += b; }
    row.push(total);
    rows.push(row);
  }
  return { columns, rows };
}

/** Combined end-of-day balance per day: the sum of the deposit accounts with a known balance. */
export function combinedDaily(ctx: Ctx): number[] {
  const out = new Array<number>(ctx.numDays).fill(0);
  for (const a of ctx.accounts) {
    if (!a.deposit) continue;
    const s = ctx.dailyBalances.get(a.idx)!;
    for (let d = 0; d < ctx.numDays; d++) out[d]! += s[d] ?? 0;
  }
  return out;
}

/** dailycashflow: one row per day with transactions: credits, debits, net, combined end balance. */
export function dailycashflow(ctx: Ctx): Table {
  const combined = combinedDaily(ctx);
  const rows: Cell[][] = [];
  let cur: { day: number; credits: number; debits: number; count: number; ids: number[] } | null = null;
  const flush = () => {
    if (!cur) return;
    rows.push([dayToIso(ctx, cur.day), cur.credits, cur.debits, cur.credits - cur.debits, cur.count, combined[cur.day] ?? 0, cur.ids]);
  };
  for (const x of ctx.txns) {
    if (!cur || cur.day !== x.day) { flush(); cur = { day: x.day, credits: 0, debits: 0, count: 0, ids: [] }; }
    if (x.t.amount > 0) cur.credits += x.t.amount; else cur.debits -= x.t.amount;
    cur.count++; cur.ids.push(x.t.id);
  }
  flush();
  return {
    columns: [col('date', 'Date', 'date'), col('credits', 'Credits', 'money'), col('debits', 'Debits', 'money'), col('net', 'Net', 'money'),
      col('count', '# Transactions', 'int'), col('end_balance', 'Ending Balance (all accounts)', 'money'), col('ids', 'Transaction IDs', 'ids')],
    rows,
  };
}

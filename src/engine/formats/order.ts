import type { Cents } from '../../contract/money.js';
import type { IsoDate } from '../../contract/dates.js';

/**
 * Putting exported transactions oldest first. Exports list them newest first or oldest first;
 * rows of one day come in any order, and when running balances are given they tell the true
 * order (the peer converter's "balance ordering" cases).
 */
export type Balanced = { date: IsoDate; amount: Cents; balance: Cents | null };

/** Rows of one day put in the order their running balances follow from `prev` (linear time). */
function orderDay<T extends Balanced>(group: T[], prev: Cents | null): T[] {
  const holds = group.every((r, i) => {
    const before = i === 0 ? prev : group[i - 1]!.balance;
    return before === null || before + r.amount === r.balance;
  });
  if (holds) return group;
  const byPrevious = new Map<Cents, T[]>();
  const unusedBalances = new Map<Cents, number>();
  for (const r of group) {
    const key = r.balance! - r.amount;
    const same = byPrevious.get(key);
    if (same) same.push(r); else byPrevious.set(key, [r]);
    unusedBalances.set(r.balance!, (unusedBalances.get(r.balance!) ?? 0) + 1);
  }
  const used = new Set<T>();
  const out: T[] = [];
  let cur = prev;
  let restarts = 0;
  while (out.length < group.length) {
    let next = cur !== null ? byPrevious.get(cur)?.find((r) => !used.has(r)) : undefined;
    if (!next) {
      // Balances that do not chain more than once say nothing about order: keep the file's.
      if (++restarts > 2) return group;
      // the row that no unused row of the day leads to starts the chain
      next = group.find((r) => !used.has(r) && !unusedBalances.get(r.balance! - r.amount)) ?? group.find((r) => !used.has(r))!;
    }
    used.add(next);
    unusedBalances.set(next.balance!, unusedBalances.get(next.balance!)! - 1);
    out.push(next);
    cur = next.balance;
  }
  return out;
}

/** Oldest first: newest-first files are reversed; rows of one day follow their running balances. */
export function orderChronologically<T extends Balanced>(rows: T[]): T[] {
  let list = [...rows];
  if (list.length > 1 && list[0]!.date > list[list.length - 1]!.date) list.reverse();
  list = list.map((r, i) => ({ r, i })).sort((a, b) => (a.r.date < b.r.date ? -1 : a.r.date > b.r.date ? 1 : a.i - b.i)).map((x) => x.r);
  const out: T[] = [];
  let prev: Cents | null = null;
  for (let i = 0; i < list.length;) {
    let j = i;
    while (j < list.length && list[j]!.date === list[i]!.date) j++;
    const group = list.slice(i, j);
    out.push(...(group.length > 1 && group.every((r) => r.balance !== null) ? orderDay(group, prev) : group));
    const last = out[out.length - 1]!;
    prev = last.balance ?? (prev !== null ? prev + group.reduce((sum, r) => sum + r.amount, 0) : null);
    i = j;
  }
  return out;
}

import type { StoredStatement, StoredTransaction } from '../../contract/model.js';
import { isIsoDate, parseIso } from '../../contract/dates.js';
import { OWN_TRANSFER_PAIRING as P } from '../rules/own-transfers.js';
import { RULES } from '../rules/index.js';
import { businessDayIndex } from '../sections/business-days.js';
import { LENDER_TAG } from './classify.js';

/** Categories that are tags (non-exclusive rules): never a transaction's primary category. */
const TAG_CATEGORIES = new Set(RULES.filter((r) => r.exclusive === false).map((r) => r.category));
const CREDIT_OK = new Set(P.creditCategories);
const DEBIT_OK = new Set(P.debitCategories);

/** The winning category of stored categories ('' when none). */
function primaryOf(categories: readonly string[]): string {
  const c = categories[0];
  return c && !c.startsWith(LENDER_TAG) && !TAG_CATEGORIES.has(c) ? c : '';
}

interface Side { t: StoredTransaction; day: number; biz: number; stmt: number; idx: number }

const dayOf = (d: string) => { const { year, month, day } = parseIso(d); return Math.round(Date.UTC(year, month - 1, day) / 86_400_000); };

/**
 * Pairs unlabelled transfers between the application's own accounts (rules/own-transfers.ts)
 * over the whole application and returns the statements with both sides relabelled: the credit
 * `xferin` with `trueval` false, the debit `xferout`, both tagged `ownxferpair`. Pairing is one
 * to one: of all candidate pairs (same amount, different accounts, within the window), the
 * closest in business days are taken first (tie: the earlier credit, then the earlier debit), each
 * side at most once. Statements without a paired transaction are returned as they were (same
 * objects); the input is never changed.
 *
 * Idempotent: a paired side is no longer eligible, and when the pass ends no candidate pair has
 * both sides free, so a second pass over the result pairs nothing new. Linear in the number of
 * eligible transactions (times the window and the number of accounts), whatever the amounts. The service
 * runs it when it loads an application's transactions (/transactions, statement summaries) and
 * buildScorecard runs it again on its input, so both always show the same `trueval`.
 */
export function pairOwnTransfers<S extends StoredStatement>(statements: readonly S[]): S[] {
  const groups = new Map<number, { credits: Side[]; debits: Side[] }>();
  let lo = Infinity, hi = -Infinity;
  const dayCache = new Map<string, number>();
  statements.forEach((s, stmt) => {
    (s.transactions ?? []).forEach((t, idx) => {
      if (!Number.isSafeInteger(t.amount) || t.amount === 0 || typeof t.date !== 'string') return;
      const primary = primaryOf(t.categories ?? []);
      if (t.amount > 0 ? !CREDIT_OK.has(primary) || t.trueval === false : !DEBIT_OK.has(primary)) return;
      let day = dayCache.get(t.date);
      if (day === undefined) { day = isIsoDate(t.date) ? dayOf(t.date) : NaN; dayCache.set(t.date, day); }
      if (Number.isNaN(day)) return;
      const key = Math.abs(t.amount);
      let g = groups.get(key);
      if (!g) { g = { credits: [], debits: [] }; groups.set(key, g); }
      (t.amount > 0 ? g.credits : g.debits).push({ t, day, biz: 0, stmt, idx });
      if (day < lo) lo = day;
      if (day > hi) hi = day;
    });
  });
  if (lo > hi) return [...statements];
  const biz = businessDayIndex(lo, hi);
  const order = (a: Side, b: Side) => a.day - b.day || a.t.accountIdx - b.t.accountIdx || a.t.id - b.t.id;
  /** statement index → transaction index → replacement. */
  const changed = new Map<number, Map<number, StoredTransaction>>();
  const relabel = (x: Side, category: string, trueval: boolean | null) => {
    const rest = (x.t.categories ?? []).filter((c) => c !== 'nondescript' && c !== primaryOf(x.t.categories ?? []));
    let m = changed.get(x.stmt);
    if (!m) { m = new Map(); changed.set(x.stmt, m); }
    m.set(x.idx, { ...x.t, categories: [category, ...rest, P.tag], trueval });
  };
  for (const g of groups.values()) {
    if (!g.credits.length || !g.debits.length) continue;
    g.credits.sort(order);
    g.debits.sort(order);
    for (const x of g.credits) x.biz = biz(x.day);
    for (const x of g.debits) x.biz = biz(x.day);
    // Closest first: all pairs 0 business days apart, then 1, 2, 3. At each gap, credits in
    // order take the earliest free debit of another account (the order of a sort of every
    // candidate pair by gap, credit, debit — without listing the pairs, which for many equal
    // amounts on the same days would grow with the square of their number).
    // Debits by business day, then by account: positions (in g.debits order) and a cursor.
    const byBiz = new Map<number, Map<number, { list: number[]; at: number }>>();
    g.debits.forEach((d, di) => {
      let accts = byBiz.get(d.biz);
      if (!accts) { accts = new Map(); byBiz.set(d.biz, accts); }
      let slot = accts.get(d.t.accountIdx);
      if (!slot) { slot = { list: [], at: 0 }; accts.set(d.t.accountIdx, slot); }
      slot.list.push(di);
    });
    const usedC = new Uint8Array(g.credits.length), usedD = new Uint8Array(g.debits.length);
    /** Earliest free debit on business day `biz` not in `account`, or -1. */
    const freeDebit = (biz: number, account: number): number => {
      const accts = byBiz.get(biz);
      if (!accts) return -1;
      let best = -1;
      for (const [acct, slot] of accts) {
        if (acct === account) continue;
        while (slot.at < slot.list.length && usedD[slot.list[slot.at]!]) slot.at++;
        const di = slot.list[slot.at];
        if (di !== undefined && (best < 0 || di < best)) best = di;
      }
      return best;
    };
    for (let gap = 0; gap <= P.maxBusinessDays; gap++) {
      g.credits.forEach((c, ci) => {
        if (usedC[ci]) return;
        // The earlier business day's debits come first in debit order.
        let di = freeDebit(c.biz - gap, c.t.accountIdx);
        if (di < 0 && gap > 0) di = freeDebit(c.biz + gap, c.t.accountIdx);
        if (di < 0) return;
        usedC[ci] = 1; usedD[di] = 1;
        relabel(c, P.creditCategory, false);
        relabel(g.debits[di]!, P.debitCategory, null);
      });
    }
  }
  if (!changed.size) return [...statements];
  return statements.map((s, i) => {
    const m = changed.get(i);
    if (!m) return s;
    return { ...s, transactions: s.transactions.map((t, j) => m.get(j) ?? t) };
  });
}

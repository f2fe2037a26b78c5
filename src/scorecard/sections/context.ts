import type { ScorecardInput, StoredStatement, StoredTransaction } from '../../contract/model.js';
import { addDays, daysBetween, monthKey, parseIso } from '../../contract/dates.js';
import { lenderOf, LENDER_TAG } from '../categorize/classify.js';
import { RULES } from '../rules/index.js';

/**
 * Everything the section builders need, indexed once (linear in the number of transactions):
 * transactions in date order with their statement month, lists per category, credits/debits,
 * per-account daily balances over the application's calendar range. Builders read these
 * lists; none rescans every transaction with regexes.
 */
export interface Txn {
  t: StoredTransaction;
  /** Statement month 'YYYY-MM' of the statement holding the transaction. */
  month: string;
  /** Currency of the statement holding the transaction (ISO 4217; USD when not stated). */
  currency: string;
  /** periodKey(month, currency). */
  period: string;
  account: string;
  /** Winning category ('' when none). */
  primary: string;
  lender: string | null;
  /** Day index within the application's range (0 = ctx.firstDay). */
  day: number;
  /** Position in ctx.txns (date, account, id order). */
  ord: number;
  /** Cached output rows (sections/table.ts, format.ts). */
  row: unknown[] | undefined;
  out: unknown;
  outDefault: unknown;
}

export interface StatementInfo {
  s: StoredStatement;
  month: string;
  currency: string;
  /**
   * A deposit account (checking, savings, money market). A credit card's or credit line's
   * balance is debt: it is shown, but left out of combined balances, ADB and negative days.
   */
  deposit: boolean;
  /** End-of-day balances over the statement's own period, in cents. */
  balances: number[];
  firstDay: number;
  adb: number;
  minBalance: number;
  negativeDays: number;
  credits: number; creditCount: number;
  debits: number; debitCount: number;
  trueCredits: number; trueCreditCount: number;
}

export interface AccountInfo {
  idx: number;
  accountNumber: string;
  bankName: string;
  accountType: string;
  owner: string;
  deposit: boolean;
  /** Currency of the account's first statement. */
  currency: string;
  statements: StatementInfo[];
}

/** A statement month in one currency: monthly figures never add two currencies. */
export interface Period { key: string; month: string; currency: string }
export const periodKey = (month: string, currency: string) => `${month} ${currency}`;

/** ISO 4217 code of a statement (USD when the document did not state one). */
export function currencyOf(s: Pick<StoredStatement, 'currency'>): string {
  const c = (s.currency ?? '').trim().toUpperCase();
  return /^[A-Z]{3}$/.test(c) ? c : 'USD';
}

export interface Ctx {
  input: ScorecardInput;
  txns: Txn[];
  byCategory: Map<string, Txn[]>;
  credits: Txn[];
  debits: Txn[];
  /** Sorted statement months present in the application. */
  months: string[];
  statements: StatementInfo[];
  accounts: AccountInfo[];
  firstDay: string;
  lastDay: string;
  numDays: number;
  /** accountIdx → end-of-day balance per day of the range (null on days no statement of the account covers). */
  dailyBalances: Map<number, (number | null)[]>;
  /** accountIdx → period key of the statement covering each day (null where none does). */
  dayPeriods: Map<number, (string | null)[]>;
  /** Currencies present, the most used first (the application's main currency). */
  currencies: string[];
  /** Statement months per currency, in month order. */
  periods: Period[];
}

/** Month of a statement: the month holding the middle day of its period. */
export function statementMonth(s: Pick<StoredStatement, 'startDate' | 'endDate'>): string {
  const span = Math.max(0, daysBetween(s.startDate, s.endDate));
  return monthKey(addDays(s.startDate, Math.floor(span / 2)));
}

export function isDepositAccount(type: string): boolean {
  return type !== 'CCard' && type !== 'Line of Credit';
}

/** Days since 1970-01-01 of an ISO date (cheap, no Date per call after the parse). */
export function dayNumber(d: string): number {
  const { year, month, day } = parseIso(d);
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}

export function buildContext(input: ScorecardInput): Ctx {
  const statements = [...input.statements].sort((a, b) =>
    a.accountIdx - b.accountIdx || (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id - b.id));
  let first = '', last = '';
  for (const s of statements) {
    const lo = s.startDate <= s.endDate ? s.startDate : s.endDate;
    const hi = s.startDate <= s.endDate ? s.endDate : s.startDate;
    if (!first || lo < first) first = lo;
    if (!last || hi > last) last = hi;
    for (const t of s.transactions) {
      if (t.date < first) first = t.date;
      if (t.date > last) last = t.date;
    }
  }
  const firstNum = first ? dayNumber(first) : 0;
  const numDays = first ? daysBetween(first, last) + 1 : 0;

  const txns: Txn[] = [];
  const byCategory = new Map<string, Txn[]>();
  const credits: Txn[] = [];
  const debits: Txn[] = [];
  const monthSet = new Set<string>();
  const infos: StatementInfo[] = [];
  const accountMap = new Map<number, AccountInfo>();
  // Day numbers are computed per distinct date string only.
  const dayCache = new Map<string, number>();
  const dayOf = (d: string) => {
    let n = dayCache.get(d);
    if (n === undefined) { n = dayNumber(d) - firstNum; dayCache.set(d, n); }
    return n;
  };

  for (const s of statements) {
    const month = statementMonth(s);
    const currency = currencyOf(s);
    monthSet.add(month);
    const info: StatementInfo = {
      s, month, currency, deposit: isDepositAccount(s.accountTypeStr), balances: [], firstDay: dayOf(s.startDate), adb: 0, minBalance: 0, negativeDays: 0,
      credits: 0, creditCount: 0, debits: 0, debitCount: 0, trueCredits: 0, trueCreditCount: 0,
    };
    infos.push(info);
    let acct = accountMap.get(s.accountIdx);
    if (!acct) {
      acct = { idx: s.accountIdx, accountNumber: s.accountNumber, bankName: s.bankName, accountType: s.accountTypeStr, owner: s.ownerName, deposit: info.deposit, currency, statements: [] };
      accountMap.set(s.accountIdx, acct);
    }
    acct.statements.push(info);
    for (const stored of s.transactions) {
      // A credit on a card or credit line is a payment or a refund, never revenue.
      const t = !info.deposit && stored.trueval ? { ...stored, trueval: false } : stored;
      const categories = t.categories ?? [];
      const primary = categories[0] && !categories[0].startsWith(LENDER_TAG) && !TAGS.has(categories[0]) ? categories[0] : '';
      const x: Txn = { t, month, currency, period: periodKey(month, currency), account: s.accountNumber, primary, lender: lenderOf(categories), day: dayOf(t.date), ord: 0, row: undefined, out: undefined, outDefault: undefined };
      txns.push(x);
      if (t.amount > 0) {
        info.credits += t.amount; info.creditCount++;
        if (t.trueval) { info.trueCredits += t.amount; info.trueCreditCount++; }
      } else if (t.amount < 0) {
        info.debits += -t.amount; info.debitCount++;
      }
    }
  }
  // Date order in linear time: bucket by day, then (small) sorts inside a day by account and id.
  const buckets: Txn[][] = Array.from({ length: Math.max(0, numDays) }, () => []);
  for (const x of txns) buckets[x.day]!.push(x);
  txns.length = 0;
  const inDay = (a: Txn, b: Txn) => a.t.accountIdx - b.t.accountIdx || a.t.id - b.t.id;
  for (const b of buckets) {
    if (b.length > 1) b.sort(inDay);
    for (const x of b) { x.ord = txns.length; txns.push(x); }
  }
  // Lists built in that order are already sorted.
  for (const x of txns) {
    for (const c of x.t.categories ?? []) {
      if (c.startsWith(LENDER_TAG)) continue;
      let list = byCategory.get(c);
      if (!list) { list = []; byCategory.set(c, list); }
      list.push(x);
    }
    if (x.t.amount > 0) credits.push(x);
    else if (x.t.amount < 0) debits.push(x);
  }

  // Daily balances: each statement restarts from its start balance and covers its own period
  // only. Days outside every statement of the account (gap months, before the first and after
  // the last statement) are null: a finished account's last balance is never carried forward.
  // Where two statements of one account overlap, the later one (by start date) holds the day.
  const dailyBalances = new Map<number, (number | null)[]>();
  const dayPeriods = new Map<number, (string | null)[]>();
  for (const acct of accountMap.values()) {
    const series: (number | null)[] = new Array(numDays).fill(null);
    const owner: (string | null)[] = new Array(numDays).fill(null);
    for (const info of acct.statements) {
      const key = periodKey(info.month, info.currency);
      const s = info.s;
      const start = Math.max(0, info.firstDay);
      const end = Math.min(numDays - 1, dayOf(s.endDate));
      const perDay = new Map<number, number>();
      for (const t of s.transactions) {
        const d = dayOf(t.date);
        perDay.set(d, (perDay.get(d) ?? 0) + t.amount);
      }
      let bal = s.startBalance;
      let min = Number.POSITIVE_INFINITY, neg = 0, sum = 0;
      const balances: number[] = [];
      // Transactions dated before the period count on its first day.
      for (const [d, amt] of perDay) if (d < start) bal += amt;
      for (let d = start; d <= end; d++) {
        bal += perDay.get(d) ?? 0;
        series[d] = bal;
        owner[d] = key;
        balances.push(bal);
        sum += bal;
        if (bal < min) min = bal;
        if (bal < 0) neg++;
      }
      info.balances = balances;
      info.firstDay = start;
      info.adb = balances.length ? Math.round(sum / balances.length) : s.startBalance;
      info.minBalance = balances.length ? min : Math.min(s.startBalance, s.endBalance);
      info.negativeDays = info.deposit ? neg : 0;
    }
    dailyBalances.set(acct.idx, series);
    dayPeriods.set(acct.idx, owner);
  }

  // Currencies, the most used first (tie: USD, then alphabetical); periods = month × currency.
  const perCurrency = new Map<string, number>();
  for (const i of infos) perCurrency.set(i.currency, (perCurrency.get(i.currency) ?? 0) + 1);
  const currencies = [...perCurrency.keys()].sort((a, b) =>
    perCurrency.get(b)! - perCurrency.get(a)! || (a === 'USD' ? -1 : b === 'USD' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  const periodMap = new Map<string, Period>();
  for (const i of infos) {
    const key = periodKey(i.month, i.currency);
    if (!periodMap.has(key)) periodMap.set(key, { key, month: i.month, currency: i.currency });
  }
  const rank = new Map(currencies.map((c, n) => [c, n]));
  const periods = [...periodMap.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : rank.get(a.currency)! - rank.get(b.currency)!));

  return {
    input, txns, byCategory, credits, debits,
    months: [...monthSet].sort(),
    statements: infos,
    accounts: [...accountMap.values()].sort((a, b) => a.idx - b.idx),
    firstDay: first, lastDay: last, numDays, dailyBalances, dayPeriods, currencies, periods,
  };
}

/** Categories that are tags (non-exclusive rules), never a transaction's primary category. */
export const TAGS = new Set(RULES.filter((r) => r.exclusive === false).map((r) => r.category));

export function inCategory(ctx: Ctx, ...categories: string[]): Txn[] {
  if (categories.length === 1) return ctx.byCategory.get(categories[0]!) ?? [];
  const all: Txn[] = [];
  for (const c of categories) for (const x of ctx.byCategory.get(c) ?? []) all.push(x);
  all.sort((a, b) => a.ord - b.ord);
  return all.filter((x, i) => i === 0 || all[i - 1] !== x);
}

import type { AccountTransactions } from '../../contract/api/transactions.js';
import { csvText } from '../../contract/spreadsheet-text.js';
import { matchesSearch, parseSearch } from './search.js';

/** A transaction as the window shows it. Amount and balance in integer cents. */
export interface TxnRow {
  id: number;
  date: string;
  month: string;
  description: string;
  amount: number;
  balance: number | null;
  account: string;
  categories: string[];
  /** True revenue (true), a credit that is not (false), a debit (null). */
  trueval: boolean | null;
  /** ISO 4217 code of the row's statement (from its account); USD when unknown. */
  currency?: string;
}

/** Dollars with at most 2 decimals (the service's money) to integer cents. */
const toCents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Flattens what `results:transactions` returns (transactions grouped by account and statement)
 * into rows; `currencyByAccount` marks rows of accounts in another currency than USD.
 */
export function flattenTransactions(result: AccountTransactions[] | null, currencyByAccount?: Map<string, string>): TxnRow[] {
  const out: TxnRow[] = [];
  for (const account of result ?? []) {
    const number = account['Account Number'];
    const currency = currencyByAccount?.get(number);
    for (const statement of account.Statements) {
      const from = out.length;
      for (const t of statement.transactions) {
        const date = t.date.slice(0, 10);
        const row: TxnRow = {
          id: t.id,
          date,
          month: date.slice(0, 7),
          description: t.description,
          amount: toCents(t.amount),
          balance: t.balance === undefined ? null : toCents(t.balance),
          account: number,
          categories: t.tags.map((g) => g.tagName),
          trueval: t.trueval,
        };
        if (currency && currency !== 'USD') row.currency = currency;
        out.push(row);
      }
      // A statement that prints no running balance: the balance after each row is its start
      // balance plus the rows so far (in cents, in the statement's order).
      if (out.length > from && out.slice(from).every((r) => r.balance === null)) {
        let bal = toCents(statement.start_balance);
        for (let i = from; i < out.length; i++) { bal += out[i]!.amount; out[i]!.balance = bal; }
      }
    }
  }
  return out;
}

export interface TxnFilter {
  search: string;
  category: string;
  section: string;
  account: string;
  month: string;
  /** Restrict to these ids (a drill-down from the scorecard). */
  ids: Set<number> | null;
}

export const emptyFilter: TxnFilter = { search: '', category: '', section: '', account: '', month: '', ids: null };

export function filterTransactions(rows: TxnRow[], f: TxnFilter, sectionsById: Map<number, string[]>): TxnRow[] {
  const terms = parseSearch(f.search);
  return rows.filter((r) => {
    if (f.ids && !f.ids.has(r.id)) return false;
    if (f.category && !r.categories.includes(f.category)) return false;
    if (f.account && r.account !== f.account) return false;
    if (f.month && r.month !== f.month) return false;
    if (f.section && !(sectionsById.get(r.id) ?? []).includes(f.section)) return false;
    if (terms.length && !matchesSearch(r, terms)) return false;
    return true;
  });
}

/** Text fields: formula text neutralised (OWASP), quoted when needed; money stays number text. */
const csvCell = csvText;

/** CSV of the rows as shown; money written from integer cents without float arithmetic. */
export function transactionsCsv(rows: TxnRow[]): string {
  const money = (c: number | null) => {
    if (c === null) return '';
    const a = Math.abs(c);
    return `${c < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
  };
  const lines = ['id,date,account,description,amount,balance,categories'];
  for (const r of rows) {
    lines.push([String(r.id), r.date, csvCell(r.account), csvCell(r.description), money(r.amount), money(r.balance), csvCell(r.categories.join(';'))].join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

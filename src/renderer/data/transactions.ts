import type { AccountTransactions } from '../../contract/api/transactions.js';
import { csvText } from '../../contract/spreadsheet-text.js';

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
}

/** Dollars with at most 2 decimals (the service's money) to integer cents. */
const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Flattens what `results:transactions` returns (transactions grouped by account and statement) into rows. */
export function flattenTransactions(result: AccountTransactions[] | null): TxnRow[] {
  const out: TxnRow[] = [];
  for (const account of result ?? []) {
    for (const statement of account.Statements) {
      for (const t of statement.transactions) {
        const date = t.date.slice(0, 10);
        out.push({
          id: t.id,
          date,
          month: date.slice(0, 7),
          description: t.description,
          amount: toCents(t.amount),
          balance: t.balance === undefined ? null : toCents(t.balance),
          account: account['Account Number'],
          categories: t.tags.map((g) => g.tagName),
        });
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
  const q = f.search.trim().toLowerCase();
  return rows.filter((r) => {
    if (f.ids && !f.ids.has(r.id)) return false;
    if (f.category && !r.categories.includes(f.category)) return false;
    if (f.account && r.account !== f.account) return false;
    if (f.month && r.month !== f.month) return false;
    if (f.section && !(sectionsById.get(r.id) ?? []).includes(f.section)) return false;
    if (q && !r.description.toLowerCase().includes(q) && !r.date.includes(q) && !(r.amount / 100).toFixed(2).includes(q)) return false;
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

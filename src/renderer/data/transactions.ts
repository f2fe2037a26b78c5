import { isRecord, num, str } from './format.js';
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

const toCents = (v: unknown, isCents: boolean): number | null => {
  const n = num(v);
  if (n === null) return null;
  return isCents ? Math.round(n) : Math.round(n * 100);
};

function rowFrom(t: Record<string, unknown>, account: string, isCents: boolean, fallbackId: number): TxnRow {
  const date = str(t.date ?? t.Date ?? t.postedDate).slice(0, 10);
  const tags = Array.isArray(t.tags) ? t.tags.map((g) => (isRecord(g) ? str(g.tagName ?? g.name) : str(g))).filter(Boolean) : null;
  const cats = tags ?? t.categories ?? t.category;
  return {
    id: num(t.id ?? t.transactionId ?? t.txnId) ?? fallbackId,
    date,
    month: date.slice(0, 7),
    description: str(t.description ?? t.Description ?? t.desc),
    amount: toCents(t.amount ?? t.Amount, isCents) ?? 0,
    balance: toCents(t.balance ?? t.Balance, isCents),
    account: account || str(t.accountNumber ?? t.account),
    categories: Array.isArray(cats) ? cats.map(String) : typeof cats === 'string' && cats ? cats.split(/[,;]\s*/) : [],
  };
}

/**
 * Flattens what `results:transactions` returns into rows. Accepts the stored form (rows with
 * `statementId`/`accountIdx`, amounts in cents), the reference's structured form (accounts with
 * `Account Number` and `Statements[].transactions`, amounts in dollars), the same keyed by
 * statement tid, or `{transactions: […]}`.
 */
export function flattenTransactions(result: unknown): TxnRow[] {
  const out: TxnRow[] = [];
  let seq = 1;
  const visitList = (list: unknown[], account: string) => {
    for (const t of list) {
      if (!isRecord(t)) continue;
      if (Array.isArray(t.Statements) || Array.isArray(t.statements)) {
        const acct = str(t['Account Number'] ?? t.accountNumber ?? account);
        for (const s of (t.Statements ?? t.statements) as unknown[]) {
          if (isRecord(s) && Array.isArray(s.transactions)) visitList(s.transactions, acct || str(s.accountNumber));
        }
        continue;
      }
      if (Array.isArray(t.transactions)) {
        visitList(t.transactions, str(t['Account Number'] ?? t.accountNumber ?? account));
        continue;
      }
      const isCents = 'statementId' in t || 'accountIdx' in t || 'amountCents' in t;
      const row = rowFrom(t, account, isCents, seq++);
      if ('amountCents' in t) row.amount = num(t.amountCents) ?? row.amount;
      out.push(row);
    }
  };
  if (Array.isArray(result)) visitList(result, '');
  else if (isRecord(result)) {
    if (Array.isArray(result.transactions)) visitList(result.transactions, '');
    else if (Array.isArray(result.accounts)) visitList(result.accounts, '');
    // The service's /transactions structured form: statement tid → { Account Number, Statements }.
    else visitList(Object.values(result).filter((v) => isRecord(v) && Array.isArray(v.Statements)), '');
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

import { centsToAmount } from '../../contract/money.js';
import { formatApiDate } from '../../contract/dates.js';
import type { StatementRecord } from '../store/statements.js';
import type { AccountTransactions, TransactionOut } from '../../contract/api/transactions.js';
import { csvText } from '../../contract/spreadsheet-text.js';

export interface TransactionsOptions {
  /** Running balance after each transaction (the printed one where there is one, else computed); without it only printed balances are given. */
  includebalance: boolean;
  /** Amounts positive, direction in `type` ('credit' | 'debit'). */
  showtranstype: boolean;
}

export type { TransactionOut, AccountTransactions } from '../../contract/api/transactions.js';

export function transactionsByAccount(statements: StatementRecord[], opts: TransactionsOptions): AccountTransactions[] {
  const accounts = new Map<string, AccountTransactions>();
  for (const s of statements) {
    let acc = accounts.get(s.accountNumber);
    if (!acc) {
      acc = { 'Account Name': s.accountTitle || `${s.bankName} ${s.accountTypeStr}`.trim(), 'Account Number': s.accountNumber, Statements: [] };
      accounts.set(s.accountNumber, acc);
    }
    let running = s.startBalance;
    acc.Statements.push({
      tid: s.tid, statementid: s.id, start_date: s.startDate, end_date: s.endDate,
      start_balance: centsToAmount(s.startBalance), end_balance: centsToAmount(s.endBalance),
      transactions: s.transactions.map((t) => {
        running += t.amount;
        const out: TransactionOut = {
          id: t.id, date: t.date, description: t.description, memo: t.memo ?? '', checknumber: t.checkNumber ?? '',
          amount: centsToAmount(opts.showtranstype ? Math.abs(t.amount) : t.amount),
          type: opts.showtranstype ? (t.amount >= 0 ? 'credit' : 'debit') : (t.type ?? ''),
          trueval: t.trueval,
          tags: t.categories.map((c) => ({ tagName: c, metadata: {} })),
        };
        // The balance the statement prints is always given; includebalance fills the rows
        // without one with the running balance computed from the start balance.
        if (opts.includebalance) out.balance = centsToAmount(t.balance ?? running);
        else if (t.balance !== null && t.balance !== undefined) out.balance = centsToAmount(t.balance);
        return out;
      }),
    });
  }
  return [...accounts.values()];
}

/**
 * /transactions with structured=true: an object keyed by statement (its `tid`), each value the
 * reference's transactions object (2.5) — `Account Name`, `Account Number` and `Statements`
 * holding that one statement — in the order the statements were stored.
 */
export function transactionsByStatement(statements: StatementRecord[], opts: TransactionsOptions): Record<string, AccountTransactions> {
  const out: Record<string, AccountTransactions> = {};
  for (const acc of transactionsByAccount(statements, opts)) {
    for (const st of acc.Statements) out[st.tid] = { 'Account Name': acc['Account Name'], 'Account Number': acc['Account Number'], Statements: [st] };
  }
  const order = new Map(statements.map((s, i) => [s.tid, i]));
  return Object.fromEntries(Object.entries(out).sort((a, b) => (order.get(a[0]) ?? 0) - (order.get(b[0]) ?? 0)));
}

/** Text fields go through csvText (formula text neutralised); numbers and booleans are written as they are. */
function csvCell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? csvText(v) : String(v);
}

export const CSV_COLUMNS = ['Account Number', 'Account Name', 'Statement', 'Date', 'Description', 'Memo', 'Check Number', 'Amount', 'Balance', 'Type', 'True Credit', 'Categories'];

/**
 * The same transactions as CSV text (one header row). Dates are written M-D-Y or D-M-Y as the
 * statement's conversion asked (`writeUSdates`, default M-D-Y): `usDates(statement)`.
 */
export function transactionsCsv(statements: StatementRecord[], usDates: (s: StatementRecord) => boolean = () => true): string {
  const lines = [CSV_COLUMNS.join(',')];
  const byTid = new Map(statements.map((s) => [s.tid, s]));
  for (const acc of transactionsByAccount(statements, { includebalance: true, showtranstype: false })) {
    for (const st of acc.Statements) {
      const us = usDates(byTid.get(st.tid)!);
      for (const t of st.transactions) {
        // Money as number text ("-12.50"): a number, never neutralised.
        lines.push([csvCell(acc['Account Number']), csvCell(acc['Account Name']), csvCell(st.tid), csvCell(formatApiDate(t.date, us)), csvCell(t.description),
          csvCell(t.memo), csvCell(t.checknumber), t.amount.toFixed(2), (t.balance ?? 0).toFixed(2), csvCell(t.type),
          t.trueval === null ? '' : String(t.trueval), csvCell(t.tags.map((x) => x.tagName).join(';'))].join(','));
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

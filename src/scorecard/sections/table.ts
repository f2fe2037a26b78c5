import type { Ctx, Txn } from './context.js';

/**
 * A section as builders produce it: typed columns and rows of raw cells. Money cells hold
 * integer cents; ../format.ts turns them into numbers with 2 decimals for the API, the xlsx
 * writer into currency cells. `ids` cells list the transaction ids behind a figure.
 */
export type ColumnKind = 'int' | 'text' | 'money' | 'date' | 'percent' | 'bool' | 'ids' | 'number';
export interface Column { key: string; label: string; kind: ColumnKind }
export type Cell = string | number | boolean | null | number[];
export interface Table {
  columns: Column[];
  rows: Cell[][];
  /** Transaction-list sections: the transactions behind `rows` (lets the formatter reuse output rows). */
  txns?: Txn[];
}

export const col = (key: string, label: string, kind: ColumnKind): Column => ({ key, label, kind });

/** Columns of every transaction-list section (same fields as the flat `utilities` items, plus more). */
export const TXN_COLUMNS: Column[] = [
  col('accountidx', 'Account #', 'int'),
  col('account', 'Account', 'text'),
  col('id', 'Transaction ID', 'int'),
  col('date', 'Date', 'date'),
  col('description', 'Description', 'text'),
  col('memo', 'Memo', 'text'),
  col('amount', 'Amount', 'money'),
  col('balance', 'Balance', 'money'),
  col('number', 'Check Number', 'int'),
  col('trueval', 'True Credit', 'bool'),
  col('category', 'Category', 'text'),
];

export function checkNumber(t: Txn): number | null {
  const n = t.t.checkNumber;
  if (!n) return null;
  const v = Number(n.replace(/^0+(?=\d)/, ''));
  return Number.isSafeInteger(v) ? v : null;
}

/** Row of a transaction: built once per transaction and shared by every section listing it. */
export function txnRow(x: Txn): Cell[] {
  let row = x.row as Cell[] | undefined;
  if (!row) {
    const t = x.t;
    row = [t.accountIdx, x.account, t.id, t.date, t.description, t.memo ?? '', t.amount, t.balance ?? null, checkNumber(x), t.trueval, x.primary];
    x.row = row;
  }
  return row;
}

export function txnTable(list: Txn[]): Table {
  return { columns: TXN_COLUMNS, rows: list.map(txnRow), txns: list };
}

/** Sum of |amount| in cents and the ids, for aggregates. */
export function totals(list: Iterable<Txn>): { total: number; count: number; ids: number[] } {
  let total = 0, count = 0;
  const ids: number[] = [];
  for (const x of list) { total += Math.abs(x.t.amount); count++; ids.push(x.t.id); }
  return { total, count, ids };
}

export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
}

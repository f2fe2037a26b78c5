import type { ScorecardFormat } from './types.js';
import type { ScorecardMetrics, ScorecardRow, ScorecardTable } from '../contract/api/scorecard.js';
import { TXN_COLUMNS, type Cell, type Table } from './sections/table.js';
import type { MetricRow } from './metrics.js';

/**
 * Output shapes (docs/scorecard.md "Formats"):
 *  - both formats: a section is `{labels, columns, data}`; `labels` are the human headers,
 *    `columns` the stable snake_case keys, money is a number of dollars with 2 decimals,
 *    dates 'YYYY-MM-DD', `ids` cells arrays of transaction ids.
 *  - default: each `data` row is an array aligned with `columns`; metrics.metricdata rows are
 *    `[label, monthly, annual]`.
 *  - jsonobject: each `data` row is an object keyed by `columns`; metrics.metricdata is the
 *    same array of rows and metrics.revenue_statistics holds the same figures as named rows
 *    `{ true_revenue: {label, monthly, annual}, … }`.
 */
export type SectionOut = ScorecardTable;

const toAmount = (c: Cell) => (typeof c === 'number' ? c / 100 : c);

export function formatTable(table: Table, format: ScorecardFormat): SectionOut {
  const money = table.columns.map((c) => c.kind === 'money');
  const keys = table.columns.map((c) => c.key);
  const convert = (row: Cell[]): Cell[] => row.map((v, i) => (money[i] ? toAmount(v) : v));
  const toObject = (row: Cell[]) => {
    const o: Record<string, Cell> = {};
    for (let i = 0; i < keys.length; i++) o[keys[i]!] = money[i] ? toAmount(row[i] ?? null) : (row[i] ?? null);
    return o;
  };
  const one: (row: Cell[]) => ScorecardRow = format === 'jsonobject' ? (table.columns === TXN_COLUMNS ? txnObject : toObject) : convert;
  let data: ScorecardRow[];
  if (table.txns) {
    // A transaction's output row is the same in every list section: make it once.
    const slot = format === 'jsonobject' ? 'out' : 'outDefault';
    data = table.txns.map((x, i) => {
      const cached = (x as unknown as Record<string, unknown>)[slot];
      if (cached) return cached as ScorecardRow;
      const made = one(table.rows[i]!);
      (x as unknown as Record<string, unknown>)[slot] = made;
      return made;
    });
  } else {
    data = table.rows.map(one);
  }
  return { labels: table.columns.map((c) => c.label), columns: keys, data };
}

export function formatMetrics(rows: MetricRow[], format: ScorecardFormat): ScorecardMetrics {
  const value = (r: MetricRow, v: number | null) => (v === null ? null : r.kind === 'money' ? v / 100 : v);
  const metricdata = rows.map((r): [string, number | null, number | null] => [r.label, value(r, r.monthly), value(r, r.annual)]);
  if (format !== 'jsonobject') return { metricdata };
  const revenue_statistics: NonNullable<ScorecardMetrics['revenue_statistics']> = {};
  for (const r of rows) revenue_statistics[r.key] = { label: r.label, monthly: value(r, r.monthly), annual: value(r, r.annual) };
  return { metricdata, revenue_statistics };
}

/** jsonobject row of a transaction (TXN_COLUMNS), as an object literal so V8 keeps one shape. */
function txnObject(r: Cell[]): Record<string, Cell> {
  return <Record<string, Cell>>{
    accountidx: r[0], account: r[1], id: r[2], date: r[3], description: r[4], memo: r[5],
    amount: toAmount(r[6] ?? null), balance: toAmount(r[7] ?? null), number: r[8], trueval: r[9], category: r[10],
  };
}

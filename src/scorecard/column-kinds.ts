import type { ColumnKind } from './sections/table.js';
import { buildContext } from './sections/context.js';
import { SECTION_NAMES, sectionBuilder } from './sections/registry.js';
import { computeFacts, metricRows } from './metrics.js';

/**
 * Column kinds of every section, learnt once by running each builder on an empty application
 * (columns are static per section; dailybalance's per-account `balance_N` columns are money).
 * The xlsx writer and the page use it to type cells of an already formatted scorecard.
 */
let kinds: Map<string, Map<string, ColumnKind>> | null = null;
let metricKinds: Map<string, 'money' | 'percent' | 'number'> | null = null;

function learn(): void {
  kinds = new Map();
  const ctx = buildContext({ appid: 0, appnumber: '', statements: [], numFileConversionsInProgress: 0 });
  for (const name of SECTION_NAMES) {
    const b = sectionBuilder(name);
    if (!b || b.kind !== 'table') continue;
    const m = new Map<string, ColumnKind>();
    for (const c of b.build(ctx).columns) m.set(c.key, c.kind);
    kinds.set(name, m);
  }
  kinds.set('utilities', new Map<string, ColumnKind>([['accountidx', 'int'], ['account', 'text'], ['id', 'int'], ['date', 'date'],
    ['description', 'text'], ['amount', 'money'], ['memo', 'text'], ['number', 'int']]));
  metricKinds = new Map(metricRows(computeFacts(ctx)).map((r) => [r.label, r.kind]));
}

export function columnKind(section: string, key: string): ColumnKind {
  if (!kinds) learn();
  const k = kinds!.get(section)?.get(key);
  if (k) return k;
  if (/^balance_\d+$/.test(key) || (section === 'dailybalance' && /^total_[a-z]{3}$/.test(key))) return 'money';
  return 'text';
}

export function metricKind(label: string): 'money' | 'percent' | 'number' {
  if (!metricKinds) learn();
  return metricKinds!.get(label) ?? 'number';
}

/**
 * A section of a formatted scorecard as rows of cells, whatever the format it was built in.
 * `cell(n, i)` reads row n's cell of column i without making a row array (jsonobject rows are
 * objects); `rows` makes every row array on first use (fine for short sections and charts).
 */
export interface SectionView {
  name: string;
  columns: string[];
  labels: string[];
  count: number;
  cell(n: number, i: number): unknown;
  row(n: number): unknown[];
  readonly rows: unknown[][];
}

const UTILITY_COLUMNS = ['accountidx', 'account', 'id', 'date', 'description', 'amount', 'memo', 'number'];
const UTILITY_LABELS = ['Account #', 'Account', 'Transaction ID', 'Date', 'Description', 'Amount', 'Memo', 'Check Number'];

function view(name: string, columns: string[], labels: string[], data: unknown[]): SectionView {
  const cell = (n: number, i: number): unknown => {
    const r = data[n];
    return Array.isArray(r) ? r[i] : (r as Record<string, unknown>)[columns[i]!] ?? null;
  };
  const row = (n: number): unknown[] => {
    const r = data[n];
    return Array.isArray(r) ? r : columns.map((c) => (r as Record<string, unknown>)[c] ?? null);
  };
  let rows: unknown[][] | null = null;
  return {
    name, columns, labels, count: data.length, cell, row,
    get rows() { return (rows ??= data.map((_, n) => row(n))); },
  };
}

export function sectionViews(scorecard: Record<string, unknown>): SectionView[] {
  const out: SectionView[] = [];
  for (const name of SECTION_NAMES) {
    const v = scorecard[name];
    if (v === undefined) continue;
    // utilities: array of flat objects.
    if (Array.isArray(v)) out.push(view(name, UTILITY_COLUMNS, UTILITY_LABELS, v));
    else {
      const s = v as { labels: string[]; columns: string[]; data: unknown[] };
      out.push(view(name, s.columns, s.labels, s.data));
    }
  }
  return out;
}

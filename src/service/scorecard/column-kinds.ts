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
  if (/^balance_\d+$/.test(key)) return 'money';
  return 'text';
}

export function metricKind(label: string): 'money' | 'percent' | 'number' {
  if (!metricKinds) learn();
  return metricKinds!.get(label) ?? 'number';
}

/** A section of a formatted scorecard as rows of cells, whatever the format it was built in. */
export interface SectionView { name: string; columns: string[]; labels: string[]; rows: unknown[][] }

export function sectionViews(scorecard: Record<string, unknown>): SectionView[] {
  const out: SectionView[] = [];
  for (const name of SECTION_NAMES) {
    const v = scorecard[name];
    if (v === undefined) continue;
    if (Array.isArray(v)) {
      // utilities: array of flat objects.
      const columns = ['accountidx', 'account', 'id', 'date', 'description', 'amount', 'memo', 'number'];
      out.push({ name, columns, labels: ['Account #', 'Account', 'Transaction ID', 'Date', 'Description', 'Amount', 'Memo', 'Check Number'],
        rows: v.map((o) => columns.map((c) => (o as Record<string, unknown>)[c] ?? null)) });
      continue;
    }
    const s = v as { labels: string[]; columns: string[]; data: unknown[] };
    const rows = s.data.map((r) => (Array.isArray(r) ? r : s.columns.map((c) => (r as Record<string, unknown>)[c] ?? null)));
    out.push({ name, columns: s.columns, labels: s.labels, rows });
  }
  return out;
}

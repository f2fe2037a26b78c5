import { isRecord, num, str } from './format.js';

/**
 * Reads the scorecard object (reference 2.4, format jsonobject): `_metadata`, `metrics.metricdata`
 * and sections of `{labels, columns, data}`. Rows may carry the ids of the transactions behind
 * them (a column named id/ids/transactionIds, or an `ids` member of an object row); the window
 * uses them to show "the transactions behind this figure".
 */
export interface SectionTable {
  name: string;
  columns: string[];
  rows: { cells: string[]; raw: unknown[]; ids: number[] }[];
  labels: string[];
}

const ID_COLUMN = /^(id|ids|transactionids|transaction_ids|txnids|txids)$/i;

function columnName(c: unknown, i: number): string {
  if (typeof c === 'string') return c;
  if (isRecord(c)) return str(c.name ?? c.title ?? c.label ?? c.field ?? c.key ?? `col${i + 1}`);
  return `col${i + 1}`;
}

function idsOf(v: unknown): number[] {
  if (Array.isArray(v)) return v.map((x) => num(x)).filter((x): x is number => x !== null);
  const n = num(v);
  return n === null ? [] : [n];
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (Array.isArray(v)) return v.map(cellText).join(', ');
  if (isRecord(v)) return JSON.stringify(v);
  return String(v);
}

export function sectionTable(name: string, section: unknown): SectionTable | null {
  if (Array.isArray(section)) section = { data: section };
  if (!isRecord(section)) return null;
  const labels = Array.isArray(section.labels) ? section.labels.map((l) => str(l)) : [];
  let columns = Array.isArray(section.columns) ? section.columns.map(columnName) : [];
  const data = Array.isArray(section.data) ? section.data : isRecord(section) && 'date' in section ? [section] : [];
  if (!columns.length) {
    const firstObj = data.find(isRecord);
    if (firstObj) columns = Object.keys(firstObj);
  }
  const idCol = columns.findIndex((c) => ID_COLUMN.test(c.replace(/\s/g, '')));
  const shown = columns.map((c, i) => ({ c, i })).filter(({ i }) => i !== idCol || /^id$/i.test(columns[i]!));
  const rows = data.map((row) => {
    const raw = Array.isArray(row) ? row : isRecord(row) ? columns.map((c) => row[c]) : [row];
    let ids = idCol >= 0 ? idsOf(raw[idCol]) : [];
    if (isRecord(row)) {
      const extra = row.ids ?? row.transactionIds ?? row.transaction_ids;
      if (extra !== undefined) ids = idsOf(extra);
    }
    return { cells: shown.map(({ i }) => cellText(raw[i])), raw, ids };
  });
  return { name, columns: shown.map(({ c }) => c), rows, labels };
}

export function sectionNames(scorecard: unknown): string[] {
  if (!isRecord(scorecard)) return [];
  return Object.keys(scorecard).filter((k) => k !== '_metadata' && k !== 'metrics');
}

/** transaction id → names of the sections listing it (for the section filter). */
export function sectionsByTransaction(scorecard: unknown): Map<number, string[]> {
  const map = new Map<number, string[]>();
  if (!isRecord(scorecard)) return map;
  for (const name of sectionNames(scorecard)) {
    const t = sectionTable(name, scorecard[name]);
    if (!t) continue;
    for (const r of t.rows) for (const id of r.ids) {
      const list = map.get(id);
      if (!list) map.set(id, [name]);
      else if (!list.includes(name)) list.push(name);
    }
  }
  return map;
}

export interface MetricCard { key: string; label: string; value: string }

/** The headline metrics, matched by name in metricdata (name/label/metric → value). */
const CARDS: { key: string; label: string; match: RegExp; money: boolean }[] = [
  { key: 'truerevMonthly', label: 'True revenue (monthly avg)', match: /true\s*rev.*(month|avg|average)|monthly.*true\s*rev/i, money: true },
  { key: 'truerevAnnual', label: 'True revenue (annual)', match: /true\s*rev.*(annual|year)|annual.*true\s*rev/i, money: true },
  { key: 'adb', label: 'Average daily balance', match: /average\s*daily\s*balance|avg\s*daily\s*bal|^adb$/i, money: true },
  { key: 'negdays', label: 'Negative days', match: /negative\s*days/i, money: false },
  { key: 'nsf', label: 'NSF', match: /nsf/i, money: false },
  { key: 'mca', label: 'MCA positions', match: /mca\s*(positions|count|lenders)|positions/i, money: false },
  { key: 'holdback', label: 'Holdback', match: /holdback/i, money: false },
];

function metricEntries(scorecard: unknown): { name: string; value: unknown }[] {
  if (!isRecord(scorecard) || !isRecord(scorecard.metrics)) return [];
  const md = scorecard.metrics.metricdata;
  const out: { name: string; value: unknown }[] = [];
  if (!Array.isArray(md)) return out;
  for (const m of md) {
    if (isRecord(m)) {
      const name = str(m.name ?? m.label ?? m.metric ?? m.key ?? m.description);
      if (name) out.push({ name, value: m.value ?? m.amount ?? m.total });
      else for (const [k, v] of Object.entries(m)) if (typeof v !== 'object') out.push({ name: k, value: v });
    } else if (Array.isArray(m) && m.length >= 2) out.push({ name: str(m[0]), value: m[1] });
  }
  return out;
}

export function metricCards(scorecard: unknown, formatMoney: (v: unknown) => string): MetricCard[] {
  const entries = metricEntries(scorecard);
  return CARDS.map((c) => {
    const e = entries.find((x) => c.match.test(x.name));
    const value = e === undefined ? '—' : c.money ? formatMoney(e.value) : c.key === 'holdback' && num(e.value) !== null ? `${num(e.value)}${/%/.test(str(e.value)) ? '' : '%'}` : str(e.value);
    return { key: c.key, label: c.label, value };
  });
}

export function allMetrics(scorecard: unknown): { name: string; value: string }[] {
  return metricEntries(scorecard).map((e) => ({ name: e.name, value: cellText(e.value) }));
}

/** Points for a chart: x from the first column matching `x`, y series from columns matching. */
export function chartSeries(table: SectionTable | null, x: RegExp, ys: { key: string; match: RegExp }[]) {
  if (!table) return [];
  const xi = table.columns.findIndex((c) => x.test(c));
  const yi = ys.map((y) => ({ key: y.key, i: table.columns.findIndex((c) => y.match.test(c)) })).filter((y) => y.i >= 0);
  if (xi < 0 || !yi.length) return [];
  return table.rows.map((r) => {
    const p: Record<string, string | number | number[]> = { x: r.cells[xi] ?? '', ids: r.ids };
    for (const y of yi) p[y.key] = num(r.cells[y.i]) ?? 0;
    return p;
  });
}

import { isRecord, localDay, money, num, str } from './format.js';

/**
 * Reads the scorecard object (reference 2.4, format jsonobject): `_metadata`, `metrics.metricdata`
 * and sections of `{labels, columns, data}`. Rows may carry the ids of the transactions behind
 * them (a column named id/ids/transactionIds, or an `ids` member of an object row); the window
 * uses them to show "the transactions behind this figure".
 */
export interface SectionTable {
  name: string;
  /** Column keys (as in `columns`), for lookups. */
  keys: string[];
  /** Column titles to show (from `labels` when they match the columns one to one). */
  columns: string[];
  rows: { cells: string[]; raw: unknown[]; ids: number[]; values: unknown[]; currency: string | null; idLists: Record<string, number[]> }[];
  labels: string[];
  /** Per shown column: right-aligned (money and counts). */
  numeric: boolean[];
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

const MONEY_KEY = /^(?!num_|#)(.*_)?(balance|credits?|debits?|amount|revenue|net|total|withdrawals?|payments?|flow|expenses?|profit)(_\d+)?$/i;

const DAY = /^\d{4}-\d{2}(-\d{2})?$/;

function cellText(v: unknown, key = '', currency: string | null = null): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' && MONEY_KEY.test(key)) return money(v, currency);
  if (typeof v === 'string' && DAY.test(v) && /date|day|month|start|end/i.test(key)) return localDay(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (Array.isArray(v)) return v.map((x) => cellText(x)).join(', ');
  if (isRecord(v)) return JSON.stringify(v);
  return String(v);
}

/** `currency`: of rows without a currency column (the application's main currency). */
export function sectionTable(name: string, section: unknown, currency: string | null = null): SectionTable | null {
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
  const curCol = columns.indexOf('currency');
  // Id lists (ids, credit_ids, debit_ids) drive drill-downs; they are not shown as cells.
  const listCols = columns.map((c, i) => ({ c, i })).filter(({ c }) => /_ids$/i.test(c));
  const shown = columns.map((c, i) => ({ c, i })).filter(({ c, i }) => (i !== idCol || /^id$/i.test(columns[i]!)) && !/_ids$/i.test(c) && c !== 'accountidx');
  const rows = data.map((row) => {
    const raw = Array.isArray(row) ? row : isRecord(row) ? columns.map((c) => row[c]) : [row];
    let ids = idCol >= 0 ? idsOf(raw[idCol]) : [];
    if (isRecord(row)) {
      const extra = row.ids ?? row.transactionIds ?? row.transaction_ids;
      if (extra !== undefined) ids = idsOf(extra);
    }
    const cur = curCol >= 0 && typeof raw[curCol] === 'string' && raw[curCol] ? String(raw[curCol]) : currency;
    const idLists = Object.fromEntries(listCols.map(({ c, i }) => [c, idsOf(raw[i])]));
    return { cells: shown.map(({ c, i }) => cellText(raw[i], c, cur)), raw, ids, values: shown.map(({ i }) => raw[i]), currency: cur, idLists };
  });
  const titled = labels.length === columns.length;
  const numeric = shown.map(({ i }) => data.length > 0 && rows.every((r) => r.raw[i] === null || r.raw[i] === undefined || typeof r.raw[i] === 'number'));
  return { name, keys: shown.map(({ c }) => c), columns: shown.map(({ c, i }) => (titled ? labels[i]! : c)), rows, labels: titled ? [] : labels, numeric };
}

export function sectionNames(scorecard: unknown): string[] {
  if (!isRecord(scorecard)) return [];
  return Object.keys(scorecard).filter((k) => k !== '_metadata' && k !== 'metrics' && k !== 'checks');
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

export interface MetricCard { key: string; label: string; value: string; detail: string }

/**
 * The headline metrics, matched by name in metricdata. Items are `[name, monthly, annual]`
 * arrays (this service) or `{name|label|metric, value}` objects (other servers).
 *
 * Money cards show the metric as it is. For counts (negative days, NSF) the service's "annual"
 * column is the monthly average × 12, a figure nobody observed: those cards show the total seen
 * over the statements' months (summed from the monthly sections) with the monthly average
 * beneath. MCA positions is the number of funders debiting in the latest statement month (the
 * metric's monthly column, docs/scorecard.md), with who they are and how many debited over the
 * whole period beneath.
 */
const CARDS: { key: string; label: string; match: RegExp; kind: 'money' | 'count' | 'percent' | 'positions'; use: 'monthly' | 'annual' }[] = [
  { key: 'truerevMonthly', label: 'True revenue, monthly', match: /^true\s*rev/i, kind: 'money', use: 'monthly' },
  { key: 'truerevAnnual', label: 'True revenue, annual', match: /^true\s*rev/i, kind: 'money', use: 'annual' },
  { key: 'adb', label: 'Average daily balance', match: /average\s*daily\s*balance|^adb$/i, kind: 'money', use: 'monthly' },
  { key: 'negdays', label: 'Negative days', match: /negative\s*days/i, kind: 'count', use: 'monthly' },
  { key: 'nsf', label: 'NSF', match: /nsf/i, kind: 'count', use: 'monthly' },
  { key: 'mca', label: 'MCA positions', match: /mca\s*positions|positions/i, kind: 'positions', use: 'monthly' },
  { key: 'holdback', label: 'Holdback', match: /holdback/i, kind: 'percent', use: 'monthly' },
];

interface MetricEntry { name: string; monthly: unknown; annual: unknown }

function metricEntries(scorecard: unknown): MetricEntry[] {
  if (!isRecord(scorecard) || !isRecord(scorecard.metrics)) return [];
  const md = scorecard.metrics.metricdata;
  const out: MetricEntry[] = [];
  if (!Array.isArray(md)) return out;
  for (const m of md) {
    if (Array.isArray(m) && m.length >= 2) out.push({ name: str(m[0]), monthly: m[1], annual: m.length > 2 ? m[2] : m[1] });
    else if (isRecord(m)) {
      const name = str(m.name ?? m.label ?? m.metric ?? m.key ?? m.description);
      const v = m.value ?? m.amount ?? m.total;
      if (name) out.push({ name, monthly: m.monthly ?? v, annual: m.annual ?? m.total ?? v });
    }
  }
  return out;
}

function show(kind: 'money' | 'count' | 'percent' | 'positions', v: unknown, money: (v: unknown) => string): string {
  if (v === undefined || v === null || v === '') return '—';
  if (kind === 'money') return money(v);
  const n = num(v);
  if (n === null) return str(v);
  const t = Number.isInteger(n) ? String(n) : n.toFixed(2);
  return kind === 'percent' ? `${t} %` : t;
}

/** A section's data rows as objects keyed by its `columns` (array or object rows). */
function sectionRecords(section: unknown): Record<string, unknown>[] {
  if (!isRecord(section) || !Array.isArray(section.data)) return [];
  const cols = Array.isArray(section.columns) ? section.columns.map(columnName) : [];
  return section.data.map((row) => (isRecord(row) ? row : Array.isArray(row) ? Object.fromEntries(cols.map((c, i) => [c, row[i]])) : {}));
}

const MONTH = /^\d{4}-\d{2}$/;

/** What the monthly sections say was observed: totals over the statement months. */
export interface Observed {
  /** Statement months present (YYYY-MM), in order. */
  months: string[];
  negativeDays: number | null;
  nsf: number | null;
  /** Funders with a debit in the latest statement month (mcacompanies). */
  lendersLatest: string[] | null;
}

export function observedCounts(scorecard: unknown): Observed {
  const rec = isRecord(scorecard) ? scorecard : {};
  const combined = sectionRecords(rec.combinedsummary).filter((r) => MONTH.test(str(r.month)));
  const perStatement = sectionRecords(rec.monthlynegativedays).filter((r) => MONTH.test(str(r.month)));
  const monthSet = new Set<string>([...combined, ...perStatement].map((r) => str(r.month)));
  const months = [...monthSet].sort();
  const sum = (rows: Record<string, unknown>[], key: string): number | null => {
    if (!rows.length || !rows.some((r) => num(r[key]) !== null)) return null;
    return rows.reduce((s, r) => s + (num(r[key]) ?? 0), 0);
  };
  const latest = months[months.length - 1];
  const mca = sectionRecords(rec.mcacompanies);
  const lendersLatest = isRecord(rec.mcacompanies) && latest
    ? [...new Set(mca.filter((r) => str(r.month) === latest && (num(r.withdrawal_count) ?? 0) > 0).map((r) => str(r.lender)))]
    : null;
  return {
    months,
    negativeDays: sum(perStatement, 'negative_days') ?? sum(combined, 'negative_days'),
    nsf: sum(combined, 'nsf_count'),
    lendersLatest,
  };
}

const perMonth = (total: number, months: number) => `${(total / months).toFixed(2)} a month over ${months} month${months === 1 ? '' : 's'}`;

export function metricCards(scorecard: unknown, formatMoney: (v: unknown) => string): MetricCard[] {
  const entries = metricEntries(scorecard);
  const seen = observedCounts(scorecard);
  const n = seen.months.length;
  return CARDS.map((c) => {
    const e = entries.find((x) => c.match.test(x.name));
    if (c.kind === 'count') {
      const total = c.key === 'negdays' ? seen.negativeDays : seen.nsf;
      if (total !== null && n > 0) return { key: c.key, label: c.label, value: String(total), detail: perMonth(total, n) };
      // No monthly sections: the monthly average is all there is (never the × 12 figure).
      if (!e) return { key: c.key, label: c.label, value: '—', detail: '' };
      return { key: c.key, label: c.label, value: show(c.kind, e.monthly, formatMoney), detail: e.monthly !== e.annual ? 'a month on average' : '' };
    }
    if (!e) return { key: c.key, label: c.label, value: '—', detail: '' };
    const value = show(c.kind, c.use === 'monthly' ? e.monthly : e.annual, formatMoney);
    if (c.kind === 'positions') {
      const latest = seen.months[n - 1];
      const who = seen.lendersLatest?.length ? `${seen.lendersLatest.join(', ')} ` : num(e.monthly) === 0 ? 'none ' : '';
      const now = latest ? `${who}debiting in ${latest}` : 'funders debiting in the latest month';
      const whole = num(e.annual);
      return { key: c.key, label: c.label, value, detail: whole !== null ? `${now} · ${whole} funder${whole === 1 ? '' : 's'} over the whole period` : now };
    }
    return { key: c.key, label: c.label, value, detail: '' };
  });
}

/** Metric names that are not money: counts, days, ratios and percentages. */
const NOT_MONEY = /days|count|nsf|positions|percent|%|ratio|months|number|frequency|holdback|dti|score/i;

export function allMetrics(scorecard: unknown, formatMoney: (v: unknown) => string): { name: string; monthly: string; annual: string }[] {
  return metricEntries(scorecard).map((e) => {
    const kind = NOT_MONEY.test(e.name) ? 'count' : 'money';
    return { name: e.name, monthly: show(kind, e.monthly, formatMoney), annual: show(kind, e.annual, formatMoney) };
  });
}

/** Points for a chart: x from the first column matching `x`, y series from columns matching. */
export function chartSeries(table: SectionTable | null, x: RegExp, ys: { key: string; match: RegExp }[], currency: string | null = null) {
  if (!table) return [];
  const xi = table.keys.findIndex((c) => x.test(c));
  const yi = ys.map((y) => ({ key: y.key, i: table.keys.findIndex((c) => y.match.test(c)) })).filter((y) => y.i >= 0);
  if (xi < 0 || !yi.length) return [];
  // One currency per chart: amounts of different currencies are never drawn on one axis.
  return table.rows.filter((r) => !currency || !r.currency || r.currency === currency).map((r) => {
    const p: Record<string, string | number | number[]> = { x: str(r.values[xi]), ids: r.ids, ...r.idLists };
    for (const y of yi) p[y.key] = num(r.values[y.i]) ?? 0;
    return p;
  });
}

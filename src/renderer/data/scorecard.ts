import type { MetricKey, Scorecard, ScorecardCell, ScorecardSection, ScorecardTable } from '../../contract/api/scorecard.js';
import { scorecardSections } from '../../contract/api/scorecard.js';
import { localDay, money, num, str } from './format.js';

/**
 * Reads the scorecard object (contract: src/contract/api/scorecard.ts, format jsonobject):
 * `_metadata`, `metrics.metricdata` and sections of `{labels, columns, data}` (utilities: a flat
 * list of transactions). An `ids` column holds the transactions behind a row; the window uses
 * them to show "the transactions behind this figure".
 */
export interface SectionTable {
  name: string;
  /** Column keys (as in `columns`), for lookups. */
  keys: string[];
  /** Column titles to show (from `labels` when they match the columns one to one). */
  columns: string[];
  rows: { cells: string[]; raw: ScorecardCell[]; ids: number[]; values: ScorecardCell[]; currency: string | null; idLists: Record<string, number[]> }[];
  labels: string[];
  /** Per shown column: right-aligned (money and counts). */
  numeric: boolean[];
}

const ID_COLUMN = 'ids';

const MONEY_KEY = /^(?!num_|#)(.*_)?(balance|credits?|debits?|amount|revenue|net|total|withdrawals?|payments?|flow|expenses?|profit)(_\d+)?$/i;

const DAY = /^\d{4}-\d{2}(-\d{2})?$/;

function cellText(v: ScorecardCell | undefined, key = '', currency: string | null = null): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' && MONEY_KEY.test(key)) return money(v, currency);
  if (typeof v === 'string' && DAY.test(v) && /date|day|month|start|end/i.test(key)) return localDay(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (Array.isArray(v)) return v.map((x) => cellText(x)).join(', ');
  return String(v);
}

/** A flat section (utilities) as a table: its columns are the keys of its first item. */
function asTable(section: ScorecardSection): ScorecardTable {
  if (!Array.isArray(section)) return section;
  const columns = section[0] ? Object.keys(section[0]) : [];
  return { labels: [], columns, data: section };
}

const idList = (v: ScorecardCell | undefined): number[] => (Array.isArray(v) ? v : []);

/** `currency`: of rows without a currency column (the application's main currency). */
export function sectionTable(name: string, section: ScorecardSection | undefined, currency: string | null = null): SectionTable | null {
  if (!section) return null;
  const { labels, columns, data } = asTable(section);
  const idCol = columns.indexOf(ID_COLUMN);
  const curCol = columns.indexOf('currency');
  // Id lists (ids, credit_ids, debit_ids) drive drill-downs; they are not shown as cells.
  const listCols = columns.map((c, i) => ({ c, i })).filter(({ c }) => /_ids$/i.test(c));
  const shown = columns.map((c, i) => ({ c, i })).filter(({ c, i }) => i !== idCol && !/_ids$/i.test(c) && c !== 'accountidx');
  const rows = data.map((row) => {
    const raw = Array.isArray(row) ? row : columns.map((c) => row[c] ?? null);
    const ids = idCol >= 0 ? idList(raw[idCol]) : [];
    const cur = curCol >= 0 && typeof raw[curCol] === 'string' && raw[curCol] ? String(raw[curCol]) : currency;
    const idLists = Object.fromEntries(listCols.map(({ c, i }) => [c, idList(raw[i])]));
    return { cells: shown.map(({ c, i }) => cellText(raw[i], c, cur)), raw, ids, values: shown.map(({ i }) => raw[i] ?? null), currency: cur, idLists };
  });
  const titled = labels.length === columns.length;
  const numeric = shown.map(({ i }) => data.length > 0 && rows.every((r) => r.raw[i] === null || r.raw[i] === undefined || typeof r.raw[i] === 'number'));
  return { name, keys: shown.map(({ c }) => c), columns: shown.map(({ c, i }) => (titled ? labels[i]! : c)), rows, labels: titled ? [] : labels, numeric };
}

export function sectionNames(scorecard: Scorecard | null): string[] {
  return scorecard ? scorecardSections(scorecard).map(([name]) => name) : [];
}

/** transaction id → names of the sections listing it (for the section filter). */
export function sectionsByTransaction(scorecard: Scorecard | null): Map<number, string[]> {
  const map = new Map<number, string[]>();
  if (!scorecard) return map;
  for (const [name, section] of scorecardSections(scorecard)) {
    const t = sectionTable(name, section);
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
 * The headline metrics, read by key from `metrics.revenue_statistics` (the core asks for format
 * jsonobject).
 *
 * Money cards show the metric as it is. For counts (negative days, NSF) the service's "annual"
 * column is the monthly average × 12, a figure nobody observed: those cards show the total seen
 * over the statements' months (summed from the monthly sections) with the monthly average
 * beneath. MCA positions is the number of funders debiting in the latest statement month (the
 * metric's monthly column, docs/scorecard.md), with who they are and how many debited over the
 * whole period beneath.
 */
type CardKind = 'money' | 'count' | 'percent' | 'positions';
const CARDS: { key: string; label: string; metric: MetricKey; kind: CardKind; use: 'monthly' | 'annual' }[] = [
  { key: 'truerevMonthly', label: 'True revenue, monthly', metric: 'true_revenue', kind: 'money', use: 'monthly' },
  { key: 'truerevAnnual', label: 'True revenue, annual', metric: 'true_revenue', kind: 'money', use: 'annual' },
  { key: 'adb', label: 'Average daily balance', metric: 'average_daily_balance', kind: 'money', use: 'monthly' },
  { key: 'negdays', label: 'Negative days', metric: 'negative_days', kind: 'count', use: 'monthly' },
  { key: 'nsf', label: 'NSF', metric: 'nsf_count', kind: 'count', use: 'monthly' },
  { key: 'mca', label: 'MCA positions', metric: 'mca_positions', kind: 'positions', use: 'monthly' },
  { key: 'holdback', label: 'Holdback', metric: 'holdback_percent', kind: 'percent', use: 'monthly' },
];

function show(kind: CardKind, v: number | null | undefined, money: (v: number) => string): string {
  if (v === undefined || v === null) return '—';
  if (kind === 'money') return money(v);
  const t = Number.isInteger(v) ? String(v) : v.toFixed(2);
  return kind === 'percent' ? `${t} %` : t;
}

/** A section's data rows as objects keyed by its `columns` (array or object rows). */
function sectionRecords(section: ScorecardSection | undefined): Record<string, ScorecardCell>[] {
  if (!section) return [];
  const { columns, data } = asTable(section);
  return data.map((row) => (Array.isArray(row) ? Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null])) : row));
}

/** A section of the scorecard by name (never `_metadata` or `metrics`). */
function section(scorecard: Scorecard | null, name: string): ScorecardSection | undefined {
  if (!scorecard || name === '_metadata' || name === 'metrics') return undefined;
  return scorecard[name] as ScorecardSection | undefined;
}
export { section as scorecardSection };

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

export function observedCounts(scorecard: Scorecard | null): Observed {
  const combined = sectionRecords(section(scorecard, 'combinedsummary')).filter((r) => MONTH.test(str(r.month)));
  const perStatement = sectionRecords(section(scorecard, 'monthlynegativedays')).filter((r) => MONTH.test(str(r.month)));
  const monthSet = new Set<string>([...combined, ...perStatement].map((r) => str(r.month)));
  const months = [...monthSet].sort();
  const sum = (rows: Record<string, ScorecardCell>[], key: string): number | null => {
    if (!rows.length || !rows.some((r) => num(r[key]) !== null)) return null;
    return rows.reduce((s, r) => s + (num(r[key]) ?? 0), 0);
  };
  const latest = months[months.length - 1];
  const mcaSection = section(scorecard, 'mcacompanies');
  const mca = sectionRecords(mcaSection);
  const lendersLatest = mcaSection && latest
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

export function metricCards(scorecard: Scorecard | null, formatMoney: (v: number) => string): MetricCard[] {
  const stats = scorecard?.metrics.revenue_statistics ?? {};
  const seen = observedCounts(scorecard);
  const n = seen.months.length;
  return CARDS.map((c) => {
    const e = stats[c.metric];
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
      const who = seen.lendersLatest?.length ? `${seen.lendersLatest.join(', ')} ` : e.monthly === 0 ? 'none ' : '';
      const now = latest ? `${who}debiting in ${latest}` : 'funders debiting in the latest month';
      const whole = e.annual;
      return { key: c.key, label: c.label, value, detail: whole !== null ? `${now} · ${whole} funder${whole === 1 ? '' : 's'} over the whole period` : now };
    }
    return { key: c.key, label: c.label, value, detail: '' };
  });
}

/** Metric names that are not money: counts, days, ratios and percentages. */
const NOT_MONEY = /days|count|nsf|positions|percent|%|ratio|months|number|frequency|holdback|dti|score/i;

export function allMetrics(scorecard: Scorecard | null, formatMoney: (v: number) => string): { name: string; monthly: string; annual: string }[] {
  return (scorecard?.metrics.metricdata ?? []).map(([name, monthly, annual]) => {
    const kind = NOT_MONEY.test(name) ? 'count' : 'money';
    return { name, monthly: show(kind, monthly, formatMoney), annual: show(kind, annual, formatMoney) };
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

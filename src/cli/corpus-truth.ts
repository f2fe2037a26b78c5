/**
 * Truth files for `npm run corpus`: which file holds the transactions a document must give,
 * and reading them as (date, signed cents) pairs. Found by a MANIFEST.tsv beside or above the
 * document (columns `path` and `truth`, paths relative to the manifest; `kind` gives the class)
 * or else by name: `X.expected.csv`, `X.expected.json`, `X-expected.json`, `X.truth.json` …
 * Formats read: CSV with a header naming a date column and a signed amount (or debit and
 * credit columns), a header-less CSV (an ISO date column and a signed amount column), JSON
 * holding an array of objects with a date and an amount (any nesting: `bookings[]`,
 * `prediction.transactions[]`, the generator's ParsedStatement[]). A description column or key
 * (`description`, `info` lines, `memo` …) gives each transaction its text.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { amountToCents, parseMoney, type Cents } from '../contract/money.js';
import { detectDelimiter, parseRecords } from '../engine/formats/csv-records.js';

/**
 * A transaction of a truth file; `date` is ISO, or `--MM-DD` when the truth prints no year;
 * `text` its description where the truth gives one.
 */
export interface TruthTxn { date: string; cents: Cents; text?: string }

export interface ManifestEntry { truth?: string; note?: string; kind?: string }

/** Truth file names tried beside a document `X.pdf` when no manifest names one. */
export function truthCandidates(file: string): string[] {
  const dir = dirname(file), name = basename(file), stem = name.replace(/\.[^.]+$/, '');
  const out: string[] = [];
  for (const base of [stem, name]) for (const suffix of ['.expected.csv', '.expected.json', '-expected.json', '-expected.csv', '.truth.json', '.truth.csv']) out.push(join(dir, base + suffix));
  return out;
}

/** True for a file that is a truth file by its name (never read as a document). */
export function isTruthName(name: string): boolean {
  return /[.-](expected|truth)\.(csv|json)$/i.test(name);
}

const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/** Reads every MANIFEST.tsv under `root` that a document's folder or an ancestor holds: doc path → entry. */
export async function readManifests(root: string, dirs: Iterable<string>): Promise<Map<string, ManifestEntry>> {
  const out = new Map<string, ManifestEntry>();
  const seen = new Set<string>();
  for (const d of dirs) {
    for (let cur = d; ; cur = dirname(cur)) {
      if (!seen.has(cur)) {
        seen.add(cur);
        const path = join(cur, 'MANIFEST.tsv');
        const st = await stat(path).catch(() => null);
        if (st?.isFile()) {
          if (st.size > MAX_MANIFEST_BYTES) throw new Error(`${path}: manifest larger than ${MAX_MANIFEST_BYTES} bytes`);
          for (const [p, e] of parseManifest(await readFile(path, 'utf8'))) out.set(join(cur, p), e.truth ? { ...e, truth: join(cur, e.truth) } : e);
        }
      }
      const rel = relative(root, cur);
      if (!rel || rel.startsWith('..') || cur === dirname(cur)) break;
    }
  }
  return out;
}

/** MANIFEST.tsv rows: `path`, optional `truth` ("a.csv (first month only)": path, then a note) and `kind`. */
export function parseManifest(text: string): Map<string, ManifestEntry> {
  const rows = text.split(/\r?\n/).filter(Boolean).map((l) => l.split('\t'));
  const head = rows[0]?.map((h) => h.trim().toLowerCase()) ?? [];
  const pathCol = head.indexOf('path'), truthCol = head.indexOf('truth'), kindCol = head.indexOf('kind');
  const out = new Map<string, ManifestEntry>();
  if (pathCol < 0) return out;
  for (const r of rows.slice(1)) {
    const path = r[pathCol]?.trim();
    if (!path) continue;
    const entry: ManifestEntry = {};
    const t = truthCol >= 0 ? r[truthCol]?.trim() : '';
    if (t && t !== '-') {
      const m = /^(\S+)(?:\s+(.*))?$/.exec(t)!;
      entry.truth = m[1]!.split('/').join(sep);
      if (m[2]) entry.note = m[2].replace(/^\(|\)$/g, '');
    }
    if (kindCol >= 0 && r[kindCol]?.trim()) entry.kind = r[kindCol]!.trim();
    out.set(path.split('/').join(sep), entry);
  }
  return out;
}

const MAX_TRUTH_ROWS = 100_000;

/** A truth date as ISO (`2025-01-31`, `2025-01-31T…`, `31.01.2025`), or `--MM-DD` for a year-less `MM/DD`. */
export function truthDate(raw: string): string | null {
  const s = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  m = /^(\d{1,2})\/(\d{1,2})$/.exec(s);
  if (m) return `--${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  return null;
}

function cents(v: unknown): Cents | null {
  if (typeof v === 'number') return amountToCents(v);
  if (typeof v === 'string' && v.trim()) return parseMoney(v.trim());
  return null;
}

/** A truth's description column (CSV) or key (JSON, compared without case or punctuation). */
const TEXT_HEAD = /^(description|details|narrative|memo|booking_?text|text)$/;
const TEXT_KEYS = ['description', 'info', 'memo', 'details', 'narrative', 'text'];

/** A description value: a string, or lines as an array of strings. */
function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join(' ').trim() || undefined;
  return undefined;
}

const DATE_KEYS = ['date', 'postdate', 'bookingdate', 'transactiondate', 'posteddate', 'valuedate'];
const AMOUNT_KEYS = ['amount', 'signedamount', 'value'];

function keyRank(key: string, list: string[]): number {
  const k = key.toLowerCase().replace(/[^a-z]/g, '');
  return list.indexOf(k);
}

/** The transactions of a CSV truth: a header with date + amount (or debit + credit), or header-less ISO date + amount. */
export function readCsvTruth(text: string): TruthTxn[] {
  const records = parseRecords(text, detectDelimiter(text), MAX_TRUTH_ROWS + 1).filter((r) => r.some((c) => c.trim()));
  if (!records.length) return [];
  if (records.length > MAX_TRUTH_ROWS) throw new Error(`truth file has more than ${MAX_TRUTH_ROWS} rows`);
  const head = records[0]!.map((h) => h.trim().toLowerCase());
  const find = (re: RegExp) => head.findIndex((h) => re.test(h));
  let date = find(/^date$/);
  if (date < 0) date = find(/date(?!_?raw)/);
  const amount = find(/^(signed_?)?amount$/);
  const debit = find(/^debit/), credit = find(/^credit/);
  const textCol = find(TEXT_HEAD);
  const out: TruthTxn[] = [];
  if (date >= 0 && (amount >= 0 || (debit >= 0 && credit >= 0))) {
    for (const r of records.slice(1)) {
      const d = truthDate(r[date] ?? '');
      let c = amount >= 0 ? cents(r[amount]) : null;
      if (c === null && debit >= 0) { const dv = cents(r[debit]), cv = cents(r[credit]); c = cv !== null ? Math.abs(cv) : dv !== null ? -Math.abs(dv) : null; }
      const t = textCol >= 0 ? r[textCol]?.trim() : '';
      if (d && c !== null) out.push({ date: d, cents: c, ...(t ? { text: t } : {}) });
    }
    return out;
  }
  // No header: the first ISO date column and the last column that is a signed decimal on every row.
  const width = Math.min(...records.map((r) => r.length));
  const dateCol = [...Array(width).keys()].find((i) => records.every((r) => /^\d{4}-\d{2}-\d{2}/.test(r[i]!.trim())));
  const amtCol = [...Array(width).keys()].reverse().find((i) => records.every((r) => /^-?\d+(\.\d{1,2})?$/.test(r[i]!.trim())));
  if (dateCol === undefined || amtCol === undefined) return [];
  for (const r of records) out.push({ date: truthDate(r[dateCol]!)!, cents: cents(r[amtCol])! });
  return out;
}

/** The transactions of a JSON truth: the longest array of objects with a date and an amount, anywhere in it. */
export function readJsonTruth(value: unknown): TruthTxn[] {
  let best: TruthTxn[] = [];
  let visited = 0;
  const visit = (v: unknown, depth: number) => {
    if (depth > 12 || ++visited > 200_000 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      const rows: TruthTxn[] = [];
      for (const item of v) {
        if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
        const keys = Object.keys(item);
        const dk = keys.filter((k) => keyRank(k, DATE_KEYS) >= 0).sort((a, b) => keyRank(a, DATE_KEYS) - keyRank(b, DATE_KEYS))[0];
        const ak = keys.filter((k) => keyRank(k, AMOUNT_KEYS) >= 0).sort((a, b) => keyRank(a, AMOUNT_KEYS) - keyRank(b, AMOUNT_KEYS))[0];
        const rec = item as Record<string, unknown>;
        const d = dk && typeof rec[dk] === 'string' ? truthDate(rec[dk] as string) : null;
        const c = ak ? cents(rec[ak]) : null;
        const tk = keys.find((k) => keyRank(k, TEXT_KEYS) >= 0);
        const text = tk ? textOf(rec[tk]) : undefined;
        if (d && c !== null) rows.push({ date: d, cents: c, ...(text ? { text } : {}) });
      }
      if (rows.length > best.length && rows.length >= v.length / 2) best = rows;
      for (const item of v) visit(item, depth + 1);
      return;
    }
    for (const x of Object.values(v)) visit(x, depth + 1);
  };
  // The generator's truth (ParsedStatement[]: objects with `transactions` and `startBalance`) holds integer cents.
  const centsTruth = Array.isArray(value) && value.some((s) => s && typeof s === 'object' && 'transactions' in s && 'startBalance' in s);
  if (centsTruth) return (value as { transactions: { date: string; amount: number; description?: string }[] }[]).flatMap((s) => s.transactions.map((t) => ({ date: t.date, cents: t.amount, ...(t.description ? { text: t.description } : {}) })));
  visit(value, 0);
  return best;
}

/** Reads a truth file by its extension; null when it holds no transaction list (a PDF original, a field list). */
export async function readTruth(path: string): Promise<TruthTxn[] | null> {
  if (/\.csv$/i.test(path)) return readCsvTruth(await readFile(path, 'utf8'));
  if (/\.json$/i.test(path)) {
    const rows = readJsonTruth(JSON.parse(await readFile(path, 'utf8')) as unknown);
    return rows.length ? rows : null;
  }
  return null;
}

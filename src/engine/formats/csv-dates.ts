import { isIsoDate, toIso, type IsoDate } from '../../contract/dates.js';
import { MONTHS, type Lang } from '../data/labels.js';
import { withoutAccents } from '../text-fold.js';

/**
 * Dates as CSV exports print them: 2025-01-31, 2025/01/31, 20250131, 31/01/2025, 01/31/25,
 * 31.01.2025, 31-Jan-2025, 31 Jan 25, Jan 31, 2025 (month names in en/es/fr/de/pt/it/nl), each
 * optionally followed by a time. Numeric day/month dates are ambiguous: `dateOrder` decides
 * D-M-Y vs M-D-Y for a whole column from its values.
 */
/** Month names and abbreviations of every language the engine reads (../data/labels.ts), English first. */
const MONTH_NUMBERS: Map<string, number> = (() => {
  const map = new Map<string, number>();
  for (const lang of ['en', ...Object.keys(MONTHS).filter((l) => l !== 'en')] as Lang[]) {
    MONTHS[lang].forEach((names, i) => { for (const n of names) if (!map.has(n)) map.set(n, i + 1); });
  }
  return map;
})();

function monthNumber(word: string): number | undefined {
  const w = withoutAccents(word).toLowerCase().replace(/\.$/, '');
  // The whole word ("maart", "mrt", "juil"), else its first four or three letters ("Septem", "Decemb").
  return MONTH_NUMBERS.get(w) ?? MONTH_NUMBERS.get(w.slice(0, 4)) ?? MONTH_NUMBERS.get(w.slice(0, 3));
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
}

export type DateShape =
  | { kind: 'fixed'; date: IsoDate | null }           // unambiguous: ISO, compact, month name
  | { kind: 'numeric'; a: number; b: number; year: number; sep: string }; // a/b/year, order unknown

const TIME = '(?:[ T,]+\\d{1,2}:\\d{2}.*)?';
const ISO_RE = new RegExp(`^(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${TIME}$`);
const COMPACT_RE = /^(\d{4})(\d{2})(\d{2})$/;
const NUMERIC_RE = new RegExp(`^(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})${TIME}$`);
const DAY_MONTH_RE = new RegExp(`^(\\d{1,2})[-/. ]+([A-Za-zÀ-ÿ]{3,}\\.?)[-/. ,]+(\\d{4}|\\d{2})${TIME}$`);
const MONTH_DAY_RE = new RegExp(`^([A-Za-zÀ-ÿ]{3,}\\.?)[-/. ]+(\\d{1,2}),?[-/. ]+(\\d{4}|\\d{2})${TIME}$`);

/** Classifies a date cell; undefined when it does not look like a date at all. */
export function dateShape(cell: string): DateShape | undefined {
  const s = cell.trim();
  if (!s) return undefined;
  let m = ISO_RE.exec(s);
  if (m) return fixed(Number(m[1]), Number(m[2]), Number(m[3]));
  m = COMPACT_RE.exec(s);
  if (m && Number(m[1]) > 1900) return fixed(Number(m[1]), Number(m[2]), Number(m[3]));
  m = NUMERIC_RE.exec(s);
  if (m) return { kind: 'numeric', a: Number(m[1]), b: Number(m[3]), year: fullYear(m[4]!), sep: m[2]! };
  m = DAY_MONTH_RE.exec(s);
  if (m) { const mo = monthNumber(m[2]!); if (mo) return fixed(fullYear(m[3]!), mo, Number(m[1])); }
  m = MONTH_DAY_RE.exec(s);
  if (m) { const mo = monthNumber(m[1]!); if (mo) return fixed(fullYear(m[3]!), mo, Number(m[2])); }
  return undefined;
}

function fixed(y: number, m: number, d: number): DateShape {
  const iso = toIso(y, m, d);
  return { kind: 'fixed', date: isIsoDate(iso) ? iso : null };
}

export type DateOrder = 'MDY' | 'DMY';

/**
 * D-M-Y or M-D-Y for a column: `readUSdates` when given; else a first number above 12 means
 * D-M-Y and a second number above 12 means M-D-Y; when nothing settles it, dotted dates
 * (31.01.2025) are European, so is a file with other evidence of a day-first country
 * (`dayFirst`: what it is, e.g. decimal-comma amounts, which no M-D-Y country writes), and the
 * rest US (the API's default).
 */
export function dateOrder(shapes: DateShape[], readUSdates: boolean | undefined, dayFirst?: string): { order: DateOrder; settledBy: string; conflict: boolean } {
  const numeric = shapes.filter((s): s is Extract<DateShape, { kind: 'numeric' }> => s.kind === 'numeric');
  const dmy = numeric.some((s) => s.a > 12 && s.b <= 12);
  const mdy = numeric.some((s) => s.b > 12 && s.a <= 12);
  if (readUSdates !== undefined) return { order: readUSdates ? 'MDY' : 'DMY', settledBy: 'readUSdates', conflict: false };
  if (dmy && !mdy) return { order: 'DMY', settledBy: 'a day above 12 in first place', conflict: false };
  if (mdy && !dmy) return { order: 'MDY', settledBy: 'a day above 12 in second place', conflict: false };
  const dotted = numeric.length > 0 && numeric.every((s) => s.sep === '.');
  if (dotted) return { order: 'DMY', settledBy: 'dotted dates', conflict: dmy && mdy };
  if (dayFirst) return { order: 'DMY', settledBy: dayFirst, conflict: dmy && mdy };
  return { order: 'MDY', settledBy: 'default (US)', conflict: dmy && mdy };
}

/** The ISO date of a shape under an order; null when the date does not exist. */
export function resolveDate(shape: DateShape, order: DateOrder): IsoDate | null {
  if (shape.kind === 'fixed') return shape.date;
  const [month, day] = order === 'MDY' ? [shape.a, shape.b] : [shape.b, shape.a];
  const iso = toIso(shape.year, month, day);
  return isIsoDate(iso) ? iso : null;
}

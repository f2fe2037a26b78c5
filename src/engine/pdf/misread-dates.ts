/**
 * Dates OCR misread by a glyph: month names ("Noy" for "Nov", "Dee" for "Dec", "0ct", "Jui" for
 * "Jul") and the digits of numeric dates ("2025 OL 07"), off Times and Courier at 8 pt faxed at
 * 150 dpi. Read as dates they are none: a period printed "20 Noy 2024 through 19 Dee 2024" was
 * lost and every row dated in the current year (composed 533 faxed: F1 0), and a row whose date
 * cell read "26 Noy" took the date above.
 *
 * A word is taken for a month only when one glyph of it is what OCR reads for a letter of the
 * month's name (data/ocr-confusables.ts `OCR_GLYPH_MISREADS`; "rn" for "m" counts as one), of
 * exactly one month of the document's language, the word being no month name itself in any
 * language; a digit only for a glyph those pairs give it, inside a numeric date's group. Only
 * OCR'd print is read so (never a text layer), and its callers take the result only where the
 * date would otherwise be unread and it agrees with the dates around it; a date read so is
 * flagged, never taken as read.
 */
import { MONTHS, type Lang } from '../data/labels.js';
import { OCR_GLYPH_MISREADS } from '../data/ocr-confusables.js';
import { foldWord, misreadOf } from './ocr-misreads.js';
import type { DateParts } from './tokens.js';
import type { Line } from './lines.js';
import { periodAt } from './fields.js';
import { toIso, type IsoDate } from '../../contract/dates.js';

const MONTH_WORDS = new Set(Object.values(MONTHS).flat(2));

/** Per language: every month name and abbreviation with its month (1–12). */
const NAMES = new Map<Lang, [string, number][]>(
  (Object.keys(MONTHS) as Lang[]).map((lang) => [lang, MONTHS[lang].flatMap((names, i) => names.map((n) => [n, i + 1] as [string, number]))]),
);

/**
 * The month (1–12) an OCR'd word is a one-glyph misreading of, in `lang`: null when it is a
 * month name itself (in any language), matches none, or matches names of two months.
 */
export function misreadMonth(word: string, lang: Lang): number | null {
  const w = foldWord(word);
  if (w.length < 3 || w.length > 10 || MONTH_WORDS.has(w) || !/\p{L}.*\p{L}/u.test(w)) return null;
  return misreadOf(w, NAMES.get(lang) ?? []);
}

/**
 * A word where a month name stands in a date: after a day ("20 Noy", "20-Noy-2024", "5. Dee")
 * or before one ("Noy 20, 2024"). Letters, digits and the marks OCR reads for letters.
 */
const MONTH_SLOT = /(?<=(?:^|[^\p{L}\p{N}])\d{1,2}(?:\.|st|nd|rd|th)?[ \-./]?)([\p{L}0-9§|]{3,10})(?=\.?(?:$|[^\p{L}\p{N}]))|(?<=^|[^\p{L}\p{N}])([\p{L}0-9§|]{3,10})(?=\.?[ \-]?\d{1,2}(?!\d))/gu;

/** Where a date at a cell's start puts its month name at the latest ("20. Noy", "Noy 20"). */
const START_SLOT = 4;

/**
 * The text with every word in a month's place that is an OCR misreading of one month name of
 * `lang` written as that name, of the word's length where the language has one ("20 Noy 2024"
 * → "20 nov 2024"); null when there is none. `atStart`: only a date starting the text (a row's
 * first cell, whose description after it is left as read).
 */
export function withMisreadMonths(text: string, lang: Lang, atStart = false): string | null {
  let mended = false;
  const out = text.replace(MONTH_SLOT, (word: string, ...rest: unknown[]) => {
    const at = rest.find((x) => typeof x === 'number') as number;
    if (/^\d+$/.test(word) || (atStart && (mended || at > START_SLOT))) return word;
    const m = misreadMonth(word, lang);
    if (m === null) return word;
    mended = true;
    const names = MONTHS[lang][m - 1]!;
    return names.find((n) => n.length === word.length) ?? names.find((n) => n.length === 3) ?? names[0]!;
  });
  return mended ? out : null;
}

/**
 * Glyphs OCR reads for the digits 0 and 1 of a numeric date, from the data's pairs
 * (data/ocr-confusables.ts: "O" for 0, "l", "L", "I" and a bow ")" for 1): "2025 OL O8", "2025
 * 0) 07", "O8 OL 2025" off a 150-dpi fax (composed 531 and 535, whose rows took the date above).
 */
const DIGIT_LOOKALIKES = new Map<string, string>();
for (const [a, b] of OCR_GLYPH_MISREADS) {
  for (const [digit, glyph] of [[a, b], [b, a]] as const) {
    if ((digit === '0' || digit === '1') && glyph.length === 1 && !/\d/.test(glyph)) for (const g of new Set([glyph, glyph.toUpperCase()])) DIGIT_LOOKALIKES.set(g, digit);
  }
}
const LOOKALIKE = new RegExp(`[${[...DIGIT_LOOKALIKES.keys()].join('').replace(/[\\\]^-]/g, '\\$&')}]`, 'g');
/**
 * A day-and-month date whose space before its two- or four-digit year blur closed ("03 mar25",
 * "06'mar 25" aside: Helvetica 8.5 pt defocused at 200 dpi, composed 2107, every row of the page):
 * read as it stands it is no date, every row took the date above or none, and a period-less
 * statement was dated from New Year's Day. The date with its year a space apart, for the caller
 * to read (and flag); null when the text is no such date. Only a month name of the data before
 * the year, after a day.
 */
const YEAR_GLUED = /^(\d{1,2}[ .\-/]?)(\p{L}{3,9})(\.?)((?:19|20)?\d{2})$/u;
export function withYearApart(text: string): string | null {
  const m = YEAR_GLUED.exec(text.trim());
  return m && MONTH_WORDS.has(foldWord(m[2]!)) ? `${m[1]}${m[2]}${m[3]} ${m[4]}` : null;
}

/**
 * A numeric date day or month first whose separators blur lost, one or both ("030325",
 * "06/0325", "1403/25" for "03/03/25": Times 7 pt shaken at 200 dpi, composed 2119, most rows
 * of the page): its groups of two digits written apart with "-", for the caller to read in the
 * document's order (and flag); null when the text is no such date or one as printed.
 */
const SEPARATORS_LOST = /^(\d{2})([/.-]?)(\d{2})([/.-]?)(\d{2}|(?:19|20)\d{2})$/;
export function withSeparatorsLost(text: string): string | null {
  const m = SEPARATORS_LOST.exec(text.trim());
  return m && (!m[2] || !m[4]) ? `${m[1]}-${m[3]}-${m[5]}` : null;
}

/**
 * A numeric date's groups, year first or last, its separators lost to spaces or read as marks
 * (a two-digit year only after marks: "12 05 10" may be figures).
 */
const LOOSE_NUMERIC_DATE = /^(\d{4})[\s:;.,~=_/-]{1,3}(\d{2})[\s:;.,~=_/-]{1,3}(\d{2})$|^(\d{1,2})[\s:;.,~=_/-]{1,3}(\d{1,2})(?:[\s:;.,~=_/-]{1,3}(\d{4})|[:;.,~=_/-]{1,2}(\d{2}))$/;

/**
 * A numeric date OCR misread in its digits or separators ("2025 OL 07", "02:01. 2025"), as the
 * date with its separators written "-" ("2025-01-07", "02-01-2025"), for the caller to read;
 * null when the text is no such date, or is one as printed. Lookalike letters count only
 * between digits of a group of the date (never a word of letters).
 */
export function withMisreadDigits(text: string): string | null {
  const t = text.trim();
  if (t.length > 14 || (t.match(/\d/g) ?? []).length < 3) return null;
  // Only a glyph beside a digit or another such glyph: a date's group, never a word of letters.
  const near = (ch: string | undefined) => !!ch && (/\d/.test(ch) || DIGIT_LOOKALIKES.has(ch));
  const digits = t.replace(LOOKALIKE, (ch, at: number) => (near(t[at - 1]) || near(t[at + 1]) ? DIGIT_LOOKALIKES.get(ch)! : ch));
  const m = LOOSE_NUMERIC_DATE.exec(digits);
  if (!m) return null;
  const out = m[1] ? `${m[1]}-${m[2]}-${m[3]}` : `${m[4]}-${m[5]}-${m[6] ?? m[7]}`;
  return out === t ? null : out;
}

/** What settleMisreadDates reads of a row (./rows.ts RawRow). */
export interface DatedRow {
  date: DateParts;
  ownDate: boolean;
  dateUnread?: boolean;
  /** Dated by a misread month name or digits: the date the row takes when that date is refused. */
  dateMisread?: DateParts;
}

/** Days a row may fall before its period starts (a posting before it) or after it ends (a late value date); as ocr/confidence.ts. */
const BEFORE_START_DAYS = 45;
const AFTER_END_DAYS = 10;
/** Days a row dated by a misread date may fall from its one neighbour read cleanly, without a period. */
const NEIGHBOUR_DAYS = 31;
/** A year's days on the year-less ring (12 × 31). */
const RING = 372;
const ringDay = (d: DateParts) => (d.month - 1) * 31 + d.day - 1;
const forward = (a: DateParts, b: DateParts) => (ringDay(b) - ringDay(a) + RING) % RING;

/**
 * Rows (oldest first) dated by a misread month name or digits keep that date only where it
 * agrees with the rows around it: no earlier than the nearest row above read cleanly (or dated so and kept),
 * no later than the nearest row below read cleanly (the rows between took their dates from it:
 * dates printed once per day), and inside the printed period (with the slack a posting date
 * takes) when there is one. Elsewhere the row, and the rows that took its date, take the date of
 * the row above, as an unread date does. Either way they stay flagged (`dateUnread`). `isoOf`
 * gives a date its place in the period (its year from the period); without a period, dates are
 * compared on the year's ring, a row with one neighbour within a month of it. Returns the rows
 * whose misread date was kept.
 */
export function settleMisreadDates(rows: DatedRow[], period: { start: string; end: string } | null, isoOf: (d: DateParts) => string): Set<DatedRow> {
  const clean = (r: DatedRow) => r.ownDate && !r.dateUnread;
  const kept = new Set<DatedRow>();
  const days = (iso: string) => Date.parse(iso) / 86_400_000;
  const inPeriod = (r: DatedRow) => !period || (days(isoOf(r.date)) >= days(period.start) - BEFORE_START_DAYS && days(isoOf(r.date)) <= days(period.end) + AFTER_END_DAYS);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (!r.dateMisread) continue;
    let p: DatedRow | undefined, n: DatedRow | undefined;
    for (let k = i - 1; k >= 0 && !p; k--) if (clean(rows[k]!) || kept.has(rows[k]!)) p = rows[k];
    for (let k = i + 1; k < rows.length && !n; k++) if (clean(rows[k]!)) n = rows[k];
    // No row below it read cleanly (a fax that lost every date's separator, composed fax-150
    // 955): the next row dated so stands in below, so a run of such dates is kept where each
    // agrees with the one kept above and the one below it, and one out of order is not.
    if (!n) for (let k = i + 1; k < rows.length && !n; k++) if (rows[k]!.dateMisread && inPeriod(rows[k]!)) n = rows[k];
    let agrees: boolean;
    if (period) {
      const d = days(isoOf(r.date));
      agrees = inPeriod(r)
        && (!p || days(isoOf(p.date)) <= d) && (!n || d <= days(isoOf(n.date))) && (!!p || !!n);
    } else if (p && n) agrees = forward(p.date, r.date) + forward(r.date, n.date) === forward(p.date, n.date);
    else agrees = p ? forward(p.date, r.date) <= NEIGHBOUR_DAYS : !!n && forward(r.date, n.date) <= NEIGHBOUR_DAYS;
    if (agrees) { kept.add(r); continue; }
    const was = r.date;
    r.date = i > 0 ? rows[i - 1]!.date : r.dateMisread;
    for (let k = i + 1; k < rows.length && !rows[k]!.ownDate && rows[k]!.date === was; k++) rows[k]!.date = r.date;
  }
  return kept;
}

/** Of the rows read cleanly, at most this share may fall outside a period read from misread month names. */
const PERIOD_OUTLIERS = 0.25;
/** Rows read cleanly a period read from misread month names must hold, at least. */
const PERIOD_MIN_ROWS = 2;

/**
 * The statement period printed on OCR'd lines with a month name misread ("20 Noy 2024 through
 * 19 Dee 2024"), for a statement whose period was not read otherwise: found as findPeriod finds
 * one, on the lines with such words read as their months, and taken only where the rows read
 * cleanly (own date, not flagged) agree with it: at least two, and three in four of them
 * inside it with the slack a posting date takes (`yearOf` dates a year-less row in a period).
 * Null otherwise. The caller flags the statement: its period was read, not printed so.
 */
export function misreadPeriod(lines: Line[], ocrPages: ReadonlySet<number>, dmy: boolean, langs: Lang[], lang: Lang, rows: DatedRow[],
  yearOf: (d: DateParts, period: { start: IsoDate; end: IsoDate }) => number): { start: IsoDate; end: IsoDate; words: string } | null {
  const clean = rows.filter((r) => r.ownDate && !r.dateUnread);
  if (clean.length < PERIOD_MIN_ROWS) return null;
  const mended = lines.map((l) => {
    if (!ocrPages.has(l.page)) return l;
    const text = withMisreadMonths(l.text, lang);
    return text ? { ...l, text, cells: l.cells.map((c) => ({ ...c, text: withMisreadMonths(c.text, lang) ?? c.text })) } : l;
  });
  const days = (iso: string) => Date.parse(iso) / 86_400_000;
  for (let i = 0; i < mended.length; i++) {
    if (mended[i] === lines[i] && mended[i + 1] === lines[i + 1]) continue;
    const p = periodAt(mended, i, dmy, langs);
    if (!p) continue;
    const a = days(p.start) - BEFORE_START_DAYS, b = days(p.end) + AFTER_END_DAYS;
    const outside = clean.filter((r) => { const d = days(toIso(yearOf(r.date, p), r.date.month, Math.min(r.date.day, 28))); return d < a || d > b; }).length;
    if (outside > clean.length * PERIOD_OUTLIERS) return null;
    const at = [i, i + 1].find((k) => mended[k] !== lines[k]) ?? i;
    return { ...p, words: lines[at]!.cells.find((c, k) => mended[at]!.cells[k]!.text !== c.text)?.text ?? lines[at]!.text };
  }
  return null;
}

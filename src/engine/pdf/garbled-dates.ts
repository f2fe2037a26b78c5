/**
 * Row dates OCR garbled past any reading of the cell alone ("2025-06 c2", "2025 tT) U4",
 * "2025-06 OS" for "2025-06-02", "-04", "-05": a 150-dpi fax that lost the separators and read
 * a day's 0 as a letter, composed fax-150 scan 955), read from the statement's own evidence:
 * the digits the cell did read, the printed period, and the order of the rows (oldest first:
 * no row dated before the row above it).
 *
 * A row's candidates are the days of the period whose date, written as numeric dates print
 * (year first, or day and month in the statement's order, with or without the year) or, where
 * the cell reads a word in the month's place ("30-nor", "3O-nov.-24"), with a month's name of
 * the statement's language, has the cell's length once its separators are left out and agrees
 * with every glyph read: a letter or mark stands for a digit not read; a month's letters must be
 * read as printed. Rows read cleanly are one day each. The days a row may take
 * are then bounded by the earliest day the rows above can take and the latest the rows below can:
 * a garbled row is dated only where exactly one day is left (or, where no day agrees, where one
 * day within them is nearer what was read than every other, `nearest`). It stays flagged (`dateUnread`):
 * its date is the reader's inference, never taken as read. A row left with none or several keeps
 * the date it had (the row above's).
 */
import type { DateParts } from './tokens.js';
import { OCR_CONFUSABLE_PAIRS, OCR_GLYPH_MISREADS } from '../data/ocr-confusables.js';
import { withoutAccents } from '../text-fold.js';

export interface GarbledDateRow {
  date: DateParts;
  ownDate: boolean;
  dateUnread?: boolean;
  /** The date cell's text where it read as no date. */
  dateText?: string;
}

/** Separators and the marks OCR reads for them: left out of a cell before its glyphs are compared. */
const SEPARATORS = /[\s\-./:;,~=_'‘’`"|—–]/g;
/** Days a period may span for its days to be listed (a statement's month or quarter; a year's at most). */
const MAX_PERIOD_DAYS = 400;
/** Glyphs a garbled date's cell holds at most once its separators are left out ("20dezembro2024"). */
const MAX_GLYPHS = 16;

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell's glyphs as compared: accents and case folded, separators left out. */
const glyphsOf = (text: string) => withoutAccents(text).toLowerCase().replace(SEPARATORS, '');

/**
 * The ways a date is written, separators left out: numeric (year first, or day and month in the
 * statement's order, with or without the year), or, given the language's month names (for a
 * cell that reads a word where the month goes), the day with a month's name ("21nov24",
 * "21novembre2024", "nov212024").
 */
function writings(y: number, m: number, d: number, dmy: boolean, months: string[][] | undefined): string[] {
  const dm = dmy ? pad(d) + pad(m) : pad(m) + pad(d);
  const yy = pad(y % 100);
  if (!months) return [`${y}${pad(m)}${pad(d)}`, `${dm}${y}`, `${dm}${yy}`, dm];
  const out: string[] = [];
  for (const name of months[m - 1] ?? []) {
    for (const day of new Set([pad(d), String(d)])) out.push(`${day}${name}`, `${day}${name}${yy}`, `${day}${name}${y}`, `${name}${day}${y}`);
  }
  return out;
}

/** Letters OCR reads one for another ("v" read "y", "o" read "0"): data/ocr-confusables.ts, one glyph each. */
const CONFUSED = new Set(OCR_GLYPH_MISREADS.filter(([a, b]) => a.length === 1 && b.length === 1).flatMap(([a, b]) => [a + b, b + a]));

/**
 * What reading glyph `g` where `w` was printed costs: a letter or mark read for a digit none (a
 * digit not read); the same glyph none; a glyph OCR confuses with the printed one half; else one.
 */
function swap(g: string, w: string): number {
  if (g === w) return 0;
  if (/\d/.test(w)) return /\d/.test(g) ? 1 : 0;
  return CONFUSED.has(g + w) ? 0.5 : 1;
}

/** Whether the glyphs read may be the writing `w` as they stand: as long, every glyph free to stand for it. */
function agrees(glyphs: string, w: string): boolean {
  if (glyphs.length !== w.length) return false;
  for (let i = 0; i < glyphs.length; i++) if (swap(glyphs[i]!, w[i]!) > 0) return false;
  return true;
}

/** A cell that reads a word where a date's month goes ("21-nos,", "O4-dée.-245"), not a numeric date with letters for digits ("2025 tT) U4"): compared with month names. */
const wordy = (glyphs: string) => /\p{L}{3}/u.test(glyphs) && !/^\d{4}/.test(glyphs);

interface Day { iso: string; parts: DateParts; n: number }

/** For rows in order, the earliest day each may take given the candidate days of the rows above, and the latest given the rows below (null: any day). */
function bounds(cand: (number[] | null)[], count: number): { lo: number[]; hi: number[] } {
  const lo: number[] = [], hi: number[] = [];
  let floor = 0;
  for (let i = 0; i < cand.length; i++) {
    lo.push(floor);
    const c = cand[i]?.filter((n) => n >= floor);
    if (c?.length) floor = Math.min(...c);
  }
  let ceil = count - 1;
  for (let i = cand.length - 1; i >= 0; i--) {
    hi[i] = ceil;
    const c = cand[i]?.filter((n) => n <= ceil);
    if (c?.length) ceil = Math.max(...c);
  }
  return { lo, hi };
}

/** Edits (a digit read for another, a glyph too many or too few) a day nearest a garbled cell may be from it, at most. */
const MAX_EDITS = 2;

/** A letter or mark read where nothing was printed (a speck, a stroke read apart: "tT)" for "06") costs less than a digit too many. */
const STRAY = 0.5;

/** Per letter or mark OCR reads for digits (data/ocr-confusables.ts), the digits it is read for ("s" for 5, "o" for 0, "l" for 1). */
const DIGITS_OF = new Map<string, string>();
for (const [a, b] of [...OCR_CONFUSABLE_PAIRS, ...OCR_GLYPH_MISREADS]) {
  if (a.length !== 1 || b.length !== 1 || /\d/.test(a) === /\d/.test(b)) continue;
  const [digit, glyph] = /\d/.test(a) ? [a, b] : [b, a];
  DIGITS_OF.set(glyph, (DIGITS_OF.get(glyph) ?? '') + digit);
}

/**
 * `swap`, where a glyph OCR reads for certain digits stands for another: half (a day "OS" is
 * nearer the 5th than the 4th; "43" nearer the 13th than the 12th only by its digits). Only
 * to rank the days nearest a garbled cell: a glyph that agrees is still free to stand for any digit.
 */
function nearSwap(g: string, w: string): number {
  const digits = /\d/.test(w) ? DIGITS_OF.get(g) : undefined;
  return digits && !digits.includes(w) ? 0.5 : swap(g, w);
}

/** Edits from the glyphs read to a writing: a glyph read for another as `nearSwap` costs it; a digit too many or a glyph lost one; a letter or mark too many STRAY. */
function edits(glyphs: string, w: string): number {
  let prev = Array.from({ length: w.length + 1 }, (_, j) => j);
  for (let i = 1; i <= glyphs.length; i++) {
    const cur = [i];
    const g = glyphs[i - 1]!;
    const extra = /\d/.test(g) ? 1 : STRAY;
    for (let j = 1; j <= w.length; j++) cur.push(Math.min(prev[j]! + extra, cur[j - 1]! + 1, prev[j - 1]! + nearSwap(g, w[j - 1]!)));
    prev = cur;
  }
  return prev[w.length]!;
}

/** The one day of `days` nearest the glyphs read (MAX_EDITS or fewer, nearer than every other day), as an index list of one; else empty. */
function nearest(glyphs: string, days: Day[], dmy: boolean, months: string[][] | undefined): number[] {
  if (glyphs.length > MAX_GLYPHS || (glyphs.match(/\d/g)?.length ?? 0) < 2) return [];
  let best = Infinity, at: number[] = [];
  for (const d of days) {
    const e = Math.min(...writings(d.parts.year!, d.parts.month, d.parts.day, dmy, months).map((w) => edits(glyphs, w)));
    if (e < best) { best = e; at = [d.n]; } else if (e === best) at.push(d.n);
  }
  return best <= MAX_EDITS && at.length === 1 ? at : [];
}

/**
 * Dates the garbled rows of one statement (oldest first) where the period and the rows around
 * them leave one day; returns how many were dated. `period` in ISO; `dmy` the statement's order;
 * `sure`: a row whose date is evidence (read cleanly, or a misread date its neighbours agreed with).
 */
export function inferGarbledDates(rows: GarbledDateRow[], period: { start: string; end: string } | null, dmy: boolean, months: string[][] | undefined,
  isoOf: (d: DateParts) => string, sure: (r: GarbledDateRow) => boolean = (r) => r.ownDate && !r.dateUnread): number {
  if (!period || !rows.some((r) => r.dateText)) return 0;
  const start = Date.parse(period.start), end = Date.parse(period.end);
  const span = (end - start) / 86_400_000;
  if (!(span >= 0 && span <= MAX_PERIOD_DAYS)) return 0;
  const days: Day[] = [];
  for (let k = 0; k <= span; k++) {
    const t = new Date(start + k * 86_400_000);
    const [y, m, d] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
    days.push({ iso: t.toISOString().slice(0, 10), parts: { year: y, month: m, day: d }, n: k });
  }
  const byIso = new Map(days.map((d) => [d.iso, d.n]));
  // Each row's candidate days (indices into `days`), or null: any day (no evidence).
  const cand: (number[] | null)[] = rows.map((r) => {
    if (sure(r)) {
      const n = byIso.get(isoOf(r.date));
      return n === undefined ? null : [n];
    }
    if (!r.dateText) return null;
    const glyphs = glyphsOf(r.dateText);
    if (glyphs.length > MAX_GLYPHS || !/\d/.test(glyphs)) return null;
    const names = wordy(glyphs) ? months : undefined;
    if (wordy(glyphs) && !names) return null;
    const fit = days.filter((d) => writings(d.parts.year!, d.parts.month, d.parts.day, dmy, names).some((w) => agrees(glyphs, w))).map((d) => d.n);
    return fit.length ? fit : null;
  });
  // The earliest day each row may take given the rows above, the latest given the rows below:
  // first from the rows read surely alone, then with the garbled rows' days that fall within
  // those bounds (a garbled cell that agrees with a day out of order is no evidence).
  const sureDays = rows.map((r, i) => (sure(r) ? cand[i] ?? null : null));
  const first = bounds(sureDays, days.length);
  const { lo, hi } = bounds(cand.map((c, i) => c?.filter((n) => n >= first.lo[i]! && n <= first.hi[i]!) ?? null), days.length);
  let dated = 0;
  const known = new Set<GarbledDateRow>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (!r.dateText || sure(r)) continue;
    let left = cand[i] ? cand[i]!.filter((n) => n >= lo[i]! && n <= hi[i]!) : [];
    // No day agrees with every digit read: the day the rows around it allow that is fewest
    // glyphs from the cell as read (a digit read for another, a glyph too many or lost), when
    // one is nearer than every other and MAX_EDITS or fewer away ("2025.46 42" for 2025-06-02
    // between the period's start and a row of 06-04).
    const glyphs = glyphsOf(r.dateText);
    if (!left.length && (!wordy(glyphs) || months)) left = nearest(glyphs, days.slice(lo[i]!, hi[i]! + 1), dmy, wordy(glyphs) ? months : undefined);
    if (left.length !== 1) continue;
    const was = r.date, day = days[left[0]!]!;
    r.date = day.parts;
    r.ownDate = true;
    r.dateUnread = true;
    known.add(r);
    dated++;
    // The rows after it that took its date (printed once per day) take the date inferred.
    for (let k = i + 1; k < rows.length && !rows[k]!.ownDate && rows[k]!.date === was; k++) rows[k]!.date = r.date;
  }
  // Rows above the first row dated surely (their own dates garbled or misread out of order, no
  // date above them to take) take the first date below them, flagged, as a row printing no date
  // takes the one above.
  const top = rows.findIndex((r) => known.has(r) || (r.ownDate && sure(r)));
  if (top > 0) for (let i = 0; i < top; i++) { rows[i]!.date = rows[top]!.date; rows[i]!.dateUnread = true; }
  return dated;
}

/**
 * OCR row dates that read as a date but not the one printed: a digit lost or misread and what
 * is left still parses ("2.11.2024" for "21.11.2024", "jan 25" for "02 jan 25" read as 25
 * January; composed fax-150 961 and 962). Taken as printed, such a row was dated days or weeks
 * away from the rows around it, and counted as read. The statement's own order tells them:
 * rows are listed oldest first, so of the rows of one table and section whose dates were read
 * cleanly, the longest run in order (not necessarily contiguous) is the table's order, and a row
 * outside it is out of order with the rows of that run above and below it. Such a row's date is
 * read as garbled: flagged (`dateUnread`), the date above taken meanwhile, and its cell as read
 * given to ./garbled-dates.ts, which dates it where the rows around it and its glyphs leave one day.
 * Only where the run is most of the rows (a table listed newest first, or two orders mixed, is
 * left as read).
 */
import type { DateParts } from './tokens.js';

export interface OrderedRow {
  date: DateParts;
  ownDate: boolean;
  dateUnread?: boolean;
  dateText?: string;
  /** The date cell as read, where it read as a date. */
  dateCell?: string;
  table: number;
  section?: string;
  /** Dates of the dated lines with no amount right under it (./rows.ts RawRow.noticeDates). */
  noticeDates?: DateParts[];
}

/** Rows read cleanly a table needs before its order is evidence. */
const MIN_ROWS = 5;
/** At most this share of a table's clean rows may be out of order: past it, the order itself is in doubt. */
const MAX_OUT_SHARE = 1 / 3;

/** Indices (into `keys`) of a longest non-decreasing subsequence. */
function longestInOrder(keys: string[]): Set<number> {
  const tails: number[] = [], prev: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    // The first tail whose key is greater than this one (non-decreasing: equal keys extend).
    let lo = 0, hi = tails.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (keys[tails[mid]!]! <= keys[i]!) lo = mid + 1; else hi = mid; }
    prev[i] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = i;
  }
  const out = new Set<number>();
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k >= 0; k = prev[k]!) out.add(k);
  return out;
}

/**
 * Flags the rows (of one statement, as listed) whose clean date is out of the table's order, as
 * above; `isoOf` gives a row date's ISO day ('' where no year can be told). Returns how many.
 */
export function flagDatesOutOfOrder(rows: OrderedRow[], isoOf: (d: DateParts) => string): number {
  const groups = new Map<string, number[]>();
  rows.forEach((r, i) => {
    if (!r.ownDate || r.dateUnread || !r.dateCell) return;
    const k = r.section ?? '';
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push(i);
  });
  let flagged = 0;
  for (const idx of groups.values()) {
    if (idx.length < MIN_ROWS) continue;
    const keys = idx.map((i) => isoOf(rows[i]!.date));
    if (keys.some((k) => !k)) continue;
    const run = longestInOrder(keys);
    const out = idx.filter((_, k) => !run.has(k));
    if (out.length > idx.length * MAX_OUT_SHARE) continue;
    const odd = new Set([...out, ...againstNotices(rows, idx.filter((_, k) => run.has(k)), isoOf)]);
    for (const i of [...odd].sort((a, b) => a - b)) {
      const r = rows[i]!, was = r.date;
      r.dateUnread = true;
      r.dateText = r.dateCell;
      if (i > 0) r.date = rows[i - 1]!.date;
      // The rows after it that took its date (printed once per day) take the one it takes.
      for (let k = i + 1; k < rows.length && !rows[k]!.ownDate && rows[k]!.date === was; k++) rows[k]!.date = r.date;
      flagged++;
    }
  }
  return flagged;
}

/**
 * Rows (indices `inOrder`, a table's clean rows in its order) whose date a dated line with no
 * amount beside them contradicts: a notice ("25/02/25 CARTAO SUBSTITUIDO", its balance only)
 * printed right under the row and dated before it, or right above it and dated after it, where
 * the notice's date lies between the clean rows before and after the row. One of the two dates
 * is misread, and the row's is the one out of its neighbours' order (composed 1316 faxed at
 * 150 dpi: "25/02/25" read "26/02/25" at 89, between a row of the 25th and one of the 26th,
 * the notice of the 25th right under it; the statement reconciled with the row a day off and
 * nothing said). The row's date is then read as garbled: flagged, never taken as read.
 */
function againstNotices(rows: OrderedRow[], inOrder: number[], isoOf: (d: DateParts) => string): number[] {
  const odd: number[] = [];
  inOrder.forEach((i, k) => {
    const own = isoOf(rows[i]!.date);
    const lo = k > 0 ? isoOf(rows[inOrder[k - 1]!]!.date) : '';
    const hi = k + 1 < inOrder.length ? isoOf(rows[inOrder[k + 1]!]!.date) : '';
    const fits = (n: string) => !!n && n >= lo && (!hi || n <= hi);
    const below = (rows[i]!.noticeDates ?? []).map(isoOf);
    const above = i > 0 ? (rows[i - 1]!.noticeDates ?? []).map(isoOf) : [];
    if (below.some((n) => n < own && fits(n)) || above.some((n) => n > own && fits(n))) odd.push(i);
  });
  return odd;
}

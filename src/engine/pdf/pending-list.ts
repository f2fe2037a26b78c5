import { sectionHeading } from './header-row.js';
import type { Line } from './lines.js';

/** Lines above a table's first dated line that may stand between it and a pending list's heading (its note, a wrapped note). */
const HEADING_ABOVE = 4;
/** A gap this many times the list's line pitch (or, with one line, its type size) ends the list. */
const GAP_PITCHES = 1.8;
const GAP_SIZES = 2.6;

/**
 * Where the posted table starts below a list of rows not posted yet that heads it ("Pending
 * transactions", "Opérations en cours" over their note and rows, then a blank line or more, then
 * the table): the index of the table's first line, or -1 when no pending heading stands right
 * above `first` (the first dated line) or no gap ends the list before the lines end.
 * A table printed with no heads had its heads implied over the pending list's rows (its first
 * dated ones), right under the pending heading, so they were read as the list's own heads and
 * every posted row under them was set aside as pending (composed --traits pending+noHeads
 * 23100-23199: 64 seeds of 100, 56 with no row read). The list is told by its heading and ends
 * where the lines stop following one another at the list's pitch.
 */
export function postedAfterPendingList(lines: Line[], first: number, hasFigure: (line: Line) => boolean): number {
  let heading = -1;
  for (let i = first - 1; i >= 0 && first - i <= HEADING_ABOVE; i--) {
    const l = lines[i]!;
    if (hasFigure(l) || l.page !== lines[first]!.page) break;
    if (sectionHeading(l)?.pending === true) { heading = i; break; }
  }
  if (heading < 0) return -1;
  let pitch = Infinity;
  for (let i = first + 1; i < lines.length; i++) {
    const a = lines[i - 1]!, b = lines[i]!;
    // (A list running onto the next page is told by no gap: left as it was.)
    if (b.page !== a.page) return -1;
    const gap = b.y - a.y;
    const limit = Number.isFinite(pitch) ? pitch * GAP_PITCHES : Math.max(a.size, b.size) * GAP_SIZES;
    if (gap > limit) return lines.slice(first, i).some(hasFigure) ? i : -1;
    pitch = Math.min(pitch, gap);
  }
  return -1;
}

import { ALL_LANGS } from '../data/labels.js';
import type { Cell } from './cell.js';
import { parseDateStart } from './tokens.js';

/**
 * A time of day printed after a row's date ("11/20/2024 14:32", "Nov 20, 2024 2:32 PM",
 * "20.11.2024 14h32"), as online banking's printouts print posting times: the date is the
 * row's, the time is no part of its description and no figure. A date cell's time is cut off
 * (the cell keeps its place, narrowed to the date), and a time printed as a cell of its own
 * right after a date cell is dropped.
 */
const TIME = /^\s*(?:[01]?\d|2[0-3])[:h][0-5]\d(?::[0-5]\d)?(?:\s?[AaPp]\.?\s?[Mm]\.?)?\s*$/;
// After a space, or after a date's last digit and a point or comma where a scan joined the two
// words ("25 März 2025.22:51").
const TIME_AT_END = /(?:\s|(?<=\d)[.,]\s?)(?:[01]?\d|2[0-3])[:h][0-5]\d(?::[0-5]\d)?(?:\s?[AaPp]\.?\s?[Mm]\.?)?\s*$/;
/**
 * A date a scan misread ("O5-Juni-2025", "Rojan 2025": its day's digits read as letters) still
 * ends in its year: a short cell of at most three words ending in one, with a time after it, is a
 * date cell and its time, and the time goes as it would after a date read whole. The date stays
 * as read, to be found unread (and its row flagged) as any misread date is, never read as the
 * date cell with the time's digits in it.
 */
const MISREAD_DATE = /^\S+(?:\s\S+){0,2}$/;
const ENDS_IN_YEAR = /(?:^|[^\d])(?:19|20)\d{2}\.?$/;
const MAX_MISREAD_DATE = 16;

function dateLength(text: string): number | null {
  return parseDateStart(text, true, ALL_LANGS)?.length ?? null;
}

export function withoutTimes(cells: Cell[]): Cell[] {
  let out: Cell[] | null = null;
  let afterDate = false;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    if (afterDate && TIME.test(c.text)) { out ??= cells.slice(0, i); afterDate = false; continue; }
    // The time is found from the end: a date without its year would take the hour for one ("04 jun 11").
    const t = TIME_AT_END.exec(c.text);
    // A date that ends in a point before the space ("03.02. 08:03") keeps it: the match may begin at that point.
    const cut = t ? [c.text.slice(0, t.index).trim(), ...(/^[.,]\s/.test(t[0]) ? [c.text.slice(0, t.index + 1).trim()] : [])] : [];
    const date = cut.find((d) => dateLength(d) === d.length) ?? cut[0] ?? '';
    const misread = date.length <= MAX_MISREAD_DATE && MISREAD_DATE.test(date) && ENDS_IN_YEAR.test(date);
    if (t && date && (dateLength(date) === date.length || misread)) {
      const text = date;
      const x1 = c.x0 + ((c.x1 - c.x0) * text.length) / c.text.length;
      out ??= cells.slice(0, i);
      out.push({ ...c, text, x1, parts: [{ text, x0: c.x0, x1 }] });
      afterDate = false;
      continue;
    }
    // Parsed only where a time follows: this runs on every cell of every line.
    const next = cells[i + 1];
    afterDate = !!next && TIME.test(next.text) && dateLength(c.text) === c.text.trim().length;
    out?.push(c);
  }
  return out ?? cells;
}

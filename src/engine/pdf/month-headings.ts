/**
 * A month's heading inside a statement over several months ("Transactions - October 2024",
 * "Umsätze - Juni 2025", "Movimientos - feb 2025"), printed bold before that month's rows: a
 * heading, never words of a row's description (under the heads, where descriptions come first,
 * it was read as the first row's first words).
 */
import type { Lang } from '../data/labels.js';
import type { Line } from './lines.js';
import { monthOfName } from './tokens.js';

/** Bold, no figure but its year, at most six words, ending in a month's name and a year of four digits. */
export function monthHeading(line: Line, langs: Lang[]): boolean {
  if (!line.cells.length || !line.cells.every((c) => c.bold)) return false;
  const text = line.cells.map((c) => c.text).join(' ').trim();
  const m = /(?:^|[\s\-–:,])([A-Za-zÀ-ÿ]{3,10})\.?\s+(\d{4})$/.exec(text);
  if (!m || /\d/.test(text.slice(0, m.index)) || text.split(/\s+/).length > 6) return false;
  return monthOfName(m[1]!, langs) !== null;
}

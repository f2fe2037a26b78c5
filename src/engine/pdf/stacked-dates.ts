/**
 * A value date printed under the row's booking date in the same cell, in smaller type (pdfmake's
 * stacked cells: the value date a point smaller and grey; online banking's exports): the row's
 * second date, which the row's own date already gives. As a line of its own it read as a day's
 * heading (./day-headings.ts), every row under it taking that day, and beside a wrapped
 * description's next line as a dated row without figures (pdfmake-sweep.ts seed 16: F1 0.70).
 * Told by the print alone: a date at the left edge of a date on the line right above it, in type
 * at least a tenth smaller (a table's own dates print in one size), no farther below it than one
 * line and a half of its type. Such a cell is dropped; the line keeps its other cells.
 */
import { isDateCell } from './row-line.js';
import { compact, type Line } from './lines.js';

/** The second date's type is at most this share of the first's. */
const SMALLER = 0.92;
/** Its left edge within this many points of the first's (one cell's left-aligned lines). */
const SAME_EDGE = 2;
/** Its baseline at most this many of the first's type sizes under the first's. */
const MAX_DROP = 1.5;

export function withoutStackedDates(lines: Line[], ocrPages: ReadonlySet<number> = new Set()): Line[] {
  let out: Line[] | null = null;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!, above = lines[i - 1]!;
    // A text layer's only: an OCR word's size is measured on its letters, and one date read a
    // little smaller under another is no value date (the dev corpus's French sample photo: its
    // 5 February row took the 4th).
    if (above.page !== line.page || ocrPages.has(line.page)) continue;
    const stacked = line.cells.filter((c) => isDateCell(c.text) && above.cells.some((d) => Math.abs(c.x0 - d.x0) <= SAME_EDGE && c.size <= d.size * SMALLER
      && line.y - above.y <= d.size * MAX_DROP && isDateCell(d.text)));
    if (!stacked.length) continue;
    out ??= lines.slice();
    const cells = line.cells.filter((c) => !stacked.includes(c));
    const text = cells.map((c) => c.text).join('  ');
    out[i] = { ...line, cells, x0: cells[0]?.x0 ?? line.x0, text, key: compact(text) };
  }
  if (!out) return lines;
  return out.filter((l) => l.cells.length);
}

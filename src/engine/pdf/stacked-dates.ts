/**
 * A value date printed under the row's booking date in the same cell, in smaller type (pdfmake's
 * stacked cells: the value date a point smaller and grey; online banking's exports): the row's
 * second date, which the row's own date already gives. As a line of its own it read as a day's
 * heading (./day-headings.ts), every row under it taking that day, and beside a wrapped
 * description's next line as a dated row without figures (pdfmake-sweep.ts seed 16: F1 0.70).
 * Told by the print alone: a date at the left edge of a date above it, in type at least a tenth
 * smaller (a table's own dates print in one size), no farther below it than one line and a half
 * of its type. The date above is the nearest printed at that edge, on the line right above or
 * over a line between them: a row set in the middle of its cells (pdfmake's verticalAlignment
 * 'middle') prints its figures halfway between its two dates, and the value date, taken for a
 * row's own, began a row of its own with the row's reference under the description (pdfmake
 * seeds 15, 56, 59: the descriptions of every row with two lines). Such a cell is dropped; the
 * line keeps its other cells.
 */
import { isDateCell } from './row-line.js';
import { compact, type Line } from './lines.js';
import type { Cell } from './cell.js';

/** The second date's type is at most this share of the first's. */
const SMALLER = 0.92;
/** Its left edge within this many points of the first's (one cell's left-aligned lines). */
const SAME_EDGE = 2;
/** Its baseline at most this many of the first's type sizes under the first's. */
const MAX_DROP = 1.5;

export function withoutStackedDates(lines: Line[], ocrPages: ReadonlySet<number> = new Set()): Line[] {
  let out: Line[] | null = null;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    // A text layer's only: an OCR word's size is measured on its letters, and one date read a
    // little smaller under another is no value date (the dev corpus's French sample photo: its
    // 5 February row took the 4th).
    if (ocrPages.has(line.page)) continue;
    const stacked = line.cells.filter((c) => {
      if (!isDateCell(c.text)) return false;
      const d = dateAbove(lines, i, c);
      return !!d && c.size <= d.cell.size * SMALLER && line.y - d.y <= d.cell.size * MAX_DROP && isDateCell(d.cell.text);
    });
    if (!stacked.length) continue;
    out ??= lines.slice();
    const cells = line.cells.filter((c) => !stacked.includes(c));
    const text = cells.map((c) => c.text).join('  ');
    out[i] = { ...line, cells, x0: cells[0]?.x0 ?? line.x0, text, key: compact(text) };
  }
  if (!out) return lines;
  return out.filter((l) => l.cells.length);
}

/**
 * The nearest cell above c printed at its left edge, within a line and a half of the largest type
 * it may be stacked under (a line of figures between them holds none there), with its line's
 * baseline; null where none.
 */
function dateAbove(lines: Line[], i: number, c: Cell): { cell: Cell; y: number } | null {
  const line = lines[i]!;
  for (let j = i - 1; j >= 0; j--) {
    const above = lines[j]!;
    if (above.page !== line.page || line.y - above.y > (c.size / SMALLER) * MAX_DROP) return null;
    const cell = above.cells.find((d) => Math.abs(c.x0 - d.x0) <= SAME_EDGE);
    if (cell) return { cell, y: above.y };
  }
  return null;
}

/**
 * A scanned line's type size as its letters' widths tell it. An OCR word's size is measured
 * from its line's height (../ocr/words.ts: baseline to the top of the line's tallest mark), and
 * a speck above a line, a descender of the line over it or a photographed page's tilt makes a
 * line of body type measure a third taller or more (composed scan 609: "ST-892421101 ACME",
 * a row's second line, measured 11.3 pt among rows of 8.3). Its letters' widths are not
 * touched by what stands above or below it: a line set in larger type is wider per letter too.
 */
import type { Cell, Line } from './lines.js';

/** Cells shorter than this tell little of their letters' width (a lone "|", "Cr", a speck). */
const MIN_CHARS = 3;

/** Width per character of some cells: their widths over their characters (spaces inside a cell count, as in every cell). */
function advance(cells: Cell[]): number | null {
  let w = 0, n = 0;
  for (const c of cells) {
    const chars = c.text.trim().length;
    if (chars < MIN_CHARS) continue;
    w += c.x1 - c.x0;
    n += chars;
  }
  return n ? w / n : null;
}

/**
 * Per page, the width per character of most of its cells (the median over cells of three
 * characters or more): the body type's. Pages with no such cell are absent.
 */
export function bodyAdvanceByPage(lines: Line[]): Map<number, number> {
  const per = new Map<number, number[]>();
  for (const l of lines) {
    for (const c of l.cells) {
      const chars = c.text.trim().length;
      if (chars < MIN_CHARS) continue;
      const list = per.get(l.page) ?? [];
      list.push((c.x1 - c.x0) / chars);
      per.set(l.page, list);
    }
  }
  const out = new Map<number, number>();
  for (const [page, list] of per) {
    list.sort((a, b) => a - b);
    out.set(page, list[list.length >> 1]!);
  }
  return out;
}

/**
 * Whether a scanned line measured `ratio` times the table's type (or more) is set in larger type
 * by its letters' widths as well: wider per character than the page's body type by `ratio`'s
 * excess over 1, less a third of it for the spread of widths between faces and cases (a line in
 * capitals is wider than the median, a title 1.25 times the body's size some 1.25 times). A line
 * with no cell long enough to tell keeps the measure of its height.
 */
export function widerType(line: Line, body: Map<number, number>, ratio: number): boolean {
  const mine = advance(line.cells), page = body.get(line.page);
  if (mine === null || page === undefined) return true;
  return mine >= page * (1 + (ratio - 1) * (2 / 3));
}

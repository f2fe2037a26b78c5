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

/** What a row's figure line needs of the table it would be a row of. */
export interface RowTable {
  /** The table's money columns (debit, credit, amount, balance). */
  money: readonly { x0: number; x1: number }[];
  /** Whether a cell is a figure. */
  isFigure: (c: Cell) => boolean;
  /** Whether a line names a summary's balance or total (no row's figure line). */
  summary: (l: Line) => boolean;
}

/**
 * Whether `next`, the line right under a scanned line measured tall, is the rest of a row whose
 * first line that is: on the same page within two of the table's lines, its words starting where
 * the tall line's do, a figure under one of the table's money columns, and no summary label
 * (composed scan 758: "SHOPIFY PAYOUT TRANSFER | 6-16-25 | 6-16-25" measured 10.6 pt among
 * rows of 7.9, a capital line a sixth wider per letter than the page's median, over "8800409 |
 * 14.695,83": taken for a title, its row was lost). A title's next line is a summary's, another
 * table's heads, or text.
 */
export function rowContinuesBelow(line: Line, next: Line | undefined, tableSize: number, table: RowTable): boolean {
  if (!next || next.page !== line.page || next.y - line.y > tableSize * 2.2) return false;
  if (Math.abs((next.cells[0]?.x0 ?? Infinity) - line.x0) > 2 || table.summary(next)) return false;
  return next.cells.some((c) => table.isFigure(c) && table.money.some((m) => c.x1 >= m.x0 - 2 && c.x0 <= m.x1 + 2));
}

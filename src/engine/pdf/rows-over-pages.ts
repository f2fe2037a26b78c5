import { compact, linesByPage, type Cell, type Line } from './lines.js';
import { isMoneyText } from './tokens.js';
import { isDate, hasFigure, isValues, overlaps } from './line-kinds.js';
import { headerColumns } from './header-row.js';
import { dayOf } from './day-headings.js';
import { gluedBreaks, joinLines, type GluedBreaks } from './glued-breaks.js';
import { NOTE_LEGEND } from './lone-marks.js';

/**
 * A row a browser breaks over two pages. WebKit (wkhtmltopdf) breaks a table row whose lines do
 * not all fit: its first description lines stay at the foot of one page, the rest go to the top
 * of the next with the row's date and figures on their first line, whichever way the table
 * aligns its rows. Read page by page, the lines left at the foot are taken as the continuation of
 * the row above them (or of none), and the row on the next page loses its first words. They are
 * told by their spacing: a row's own lines keep a description's line spacing, and two rows stand
 * further apart by their cells' padding, so the lines at a page's foot that stand apart from the
 * row above them like the next row's start, with no figure of their own, and in the column where
 * the next page's first row prints its words, are that row's first lines. They join its words, in
 * front of them. A row that ends on its page (its continuation lines one spacing under it) and a
 * page whose first row prints no words in their column are left as printed. The mirror (a row cut
 * after its figures, its last words atop the next page under the heads repeated there) is
 * `rowEnded`'s.
 */

/** Two lines of one description are at most this far apart, in the type's size. */
const MAX_PITCH_EM = 1.75;
/** A row's own lines lie within this multiple of the description's line spacing. */
const PITCH_TOLERANCE = 1.2;
/**
 * Two rows' lines stand at least this multiple of the description's line spacing apart (their
 * cells' padding): a row's own line drawn a little off it, as WebKit draws a line of figures,
 * stays within it.
 */
const ROW_GAP = 1.35;
/** Lines closer than this share of the type's size are one line's pieces, no line spacing. */
const SAME_LINE_EM = 0.4;
/** Lines further apart than this, in the type's size, are no longer one table's (a page's foot or head). */
const MAX_GAP_EM = 2.5;
/** A description's line spacing where a page shows none: a line's type and its leading. */
const DEFAULT_PITCH_EM = 1.25;
/** The lines of one column start at its edge within this share of the type's size. */
const EDGE_EM = 0.5;


/** The smallest spacing between two consecutive description lines (no figure, no date) of a page that lie in a column: the description's line spacing. */
function linePitch(page: Line[], column: { x0: number; x1: number }): number | null {
  let best: number | null = null;
  for (let i = 1; i < page.length; i++) {
    const a = page[i - 1]!, b = page[i]!;
    const d = b.y - a.y, size = Math.max(a.size, b.size);
    if (isValues(a) || isValues(b) || !overlaps(a, column) || !overlaps(b, column)) continue;
    if (d <= SAME_LINE_EM * size || d > MAX_PITCH_EM * size) continue;
    if (best === null || d < best) best = d;
  }
  return best;
}

/**
 * The smallest spacing between two consecutive lines of a page's rows, words in a column or
 * values: a row's own lines' spacing, where a table sets its values between a row's lines of words
 * (cells aligned to their middle: no two lines of words of one row stand next to each other).
 */
function rowPitch(page: Line[], column: { x0: number; x1: number }): number | null {
  let best: number | null = null;
  // (Under the table's first heads on the page: a summary beside the address block above them is no row.)
  for (let i = Math.max(1, page.findIndex((l) => headerColumns(l)) + 1); i < page.length; i++) {
    const a = page[i - 1]!, b = page[i]!;
    const d = b.y - a.y, size = Math.max(a.size, b.size);
    if (!(isValues(a) || overlaps(a, column)) || !(isValues(b) || overlaps(b, column))) continue;
    if (d <= SAME_LINE_EM * size || d > MAX_PITCH_EM * size) continue;
    if (best === null || d < best) best = d;
  }
  return best;
}

/** The first table line of a page: its first line with a figure, the lines above it a page's head (set apart from it, or the column heads). */
function firstRow(page: Line[]): number {
  const i = page.findIndex(hasFigure);
  if (i < 0) return -1;
  const v = page[i]!;
  const head = page.slice(0, i).every((l) => v.y - l.y > MAX_GAP_EM * v.size || headerColumns(l));
  return head ? i : -1;
}

/** The lines at a page's foot that begin the next page's first row, and that row's cell their words join; null if none. */
function rowBegun(page: Line[], next: Line[]): { block: Line[]; row: Line; cell: Cell } | null {
  const f = firstRow(next);
  if (f < 0) return null;
  const row = next[f]!;
  // The table's last lines on the page: after its last line of values, up to a page's foot set apart.
  const last = page.findLastIndex(isValues);
  if (last < 0) return null;
  let end = last + 1;
  while (end < page.length && page[end]!.y - page[end - 1]!.y <= MAX_GAP_EM * Math.max(page[end]!.size, page[end - 1]!.size)) end++;
  const tail = page.slice(last + 1, end);
  if (!tail.length || tail.some(isValues)) return null;
  // Their column: where the row on the next page prints its words, starting at its edge.
  const bottom = tail.at(-1)!;
  // (A line naming a day heads the rows under it, on the next page: no row's line.)
  if (dayOf(bottom)) return null;
  const cell = row.cells.find((c) => !isMoneyText(c.text) && !isDate(c) && Math.abs(c.x0 - bottom.x0) <= EDGE_EM * bottom.size);
  if (!cell) return null;
  const figures = row.cells.filter((c) => isMoneyText(c.text) || isDate(c));
  const inColumn = (l: Line) => Math.abs(l.x0 - cell.x0) <= EDGE_EM * l.size && !l.cells.some((c) => figures.some((v) => overlaps(c, v)));
  const pitch = linePitch(page, cell) ?? DEFAULT_PITCH_EM * bottom.size;
  // The run of lines at the foot kept at the description's spacing, in its column.
  let start = tail.length - 1;
  while (start > 0 && inColumn(tail[start - 1]!) && !dayOf(tail[start - 1]!) && tail[start]!.y - tail[start - 1]!.y <= PITCH_TOLERANCE * pitch) start--;
  const block = tail.slice(start);
  if (!block.every(inColumn)) return null;
  // A footnote's legend under the table ("* Includes a foreign transaction fee") explains marks
  // and begins no row: joined to the next page's first line, it became a row of the summary's
  // opening balance (composed seeds 9033, 9034 --traits footnotes, wrapped rows' figures last).
  if (block.some((l) => NOTE_LEGEND.test(l.text))) return null;
  // Apart from the line above as two rows stand apart: a row's own continuation lies one spacing under it.
  const above = page[last + 1 + start - 1]!;
  if (block[0]!.y - above.y <= ROW_GAP * pitch) return null;
  return { block, row, cell };
}

/**
 * The lines atop the next page that end the page's last row: a table that breaks a row after its
 * figures' line (jsPDF's autoTable, its cells aligned to their middle or foot, a reference under
 * the description) prints the row's last description lines atop the next page, under the heads
 * repeated there. Read as printed, they begin the next page's first row. They are told by their
 * spacing too: kept at the description's spacing among themselves, in the description's column
 * where the last row prints its words, they stand apart from the first row under them as two rows
 * do, and the page above ends with that row (nothing but its foot under it). Returns them and the
 * last row's line (and cell) their words join, behind its own; null if none.
 */
function rowEnded(page: Line[], next: Line[]): { block: Line[]; row: Line; cell: Cell } | null {
  const first = next.findIndex(isValues);
  if (first < 1) return null;
  // The page's last table line (the last row's last line), with nothing but the page's foot under it.
  const values = page.findLastIndex(isValues);
  if (values < 0) return null;
  let end = values;
  while (end + 1 < page.length && page[end + 1]!.y - page[end]!.y <= MAX_GAP_EM * Math.max(page[end + 1]!.size, page[end]!.size) && !isValues(page[end + 1]!)) end++;
  const row = page[end]!;
  const pitch = rowPitch(page, row) ?? DEFAULT_PITCH_EM * row.size;
  // The first row's own lines over its first line of values: one spacing apart each.
  let top = first;
  while (top > 0 && !isValues(next[top - 1]!) && !headerColumns(next[top - 1]!) && next[top]!.y - next[top - 1]!.y <= PITCH_TOLERANCE * pitch) top--;
  // Over them, apart as two rows stand: the block, at the description's spacing, each line words alone.
  let start = top;
  while (start > 0 && !isValues(next[start - 1]!) && !headerColumns(next[start - 1]!) && (start === top || next[start]!.y - next[start - 1]!.y <= PITCH_TOLERANCE * pitch)) start--;
  const block = next.slice(start, top);
  if (!block.length || next[top]!.y - block.at(-1)!.y <= ROW_GAP * pitch) return null;
  // In the last row's column of words, where the first row below prints its own.
  const cell = row.cells.find((c) => !isMoneyText(c.text) && !isDate(c) && Math.abs(c.x0 - block[0]!.x0) <= EDGE_EM * row.size);
  const below = next[top]!.cells.some((c) => !isMoneyText(c.text) && !isDate(c) && Math.abs(c.x0 - block[0]!.x0) <= EDGE_EM * row.size);
  if (!cell || !below || !block.every((l) => Math.abs(l.x0 - cell.x0) <= EDGE_EM * l.size && !dayOf(l))) return null;
  // Under the table's heads repeated on their page, and nothing else over them but its head: no
  // figure, nothing in the column (a page's running head is no row's words).
  const over = next.slice(0, start);
  if (!over.some((l) => headerColumns(l)) || over.some((l) => isValues(l) || (!headerColumns(l) && Math.abs(l.x0 - cell.x0) <= EDGE_EM * l.size))) return null;
  return { block, row, cell };
}

/** Line `row` with `cell`'s words joined by the lines of `block` (a row's words printed over a page break), in front or behind. */
function joinRow(row: Line, cell: Cell, block: Line[], front: boolean, breaks: GluedBreaks): Line {
  const x0 = Math.min(cell.x0, ...block.map((l) => l.x0)), x1 = Math.max(cell.x1, ...block.map((l) => l.x1));
  // (One piece: the lines' pieces side by side would read as words run together.)
  // (Joined as a description's lines are: a word broken after its hyphen is one word, ./glued-breaks.ts.)
  const moved = block.map((l) => l.cells.map((c) => c.text).join(' '));
  const words = joinLines(front ? [...moved, cell.text] : [cell.text, ...moved], breaks);
  const joined: Cell = { ...cell, text: words, x0, x1, parts: [{ text: words, x0, x1 }] };
  const cells = row.cells.map((c) => (c === cell ? joined : c));
  const text = cells.map((c) => c.text).join('  ');
  return { ...row, cells, x0: Math.min(row.x0, joined.x0), text, key: compact(text) };
}

export function rowsOverPages(lines: Line[]): Line[] {
  const pages = linesByPage(lines);
  const dropped = new Set<Line>();
  const replaced = new Map<Line, Line>();
  let breaks: GluedBreaks | undefined;
  for (const [p, page] of pages) {
    const next = pages.get(p + 1);
    if (!next) continue;
    const begun = rowBegun(page, next);
    const found = begun ?? rowEnded(page, next);
    if (!found) continue;
    const { block, row, cell } = found;
    if (replaced.has(row)) continue;
    breaks ??= gluedBreaks(lines.map((l) => [l.text]));
    replaced.set(row, joinRow(row, cell, block, !!begun, breaks));
    for (const l of block) dropped.add(l);
  }
  if (!dropped.size) return lines;
  return lines.filter((l) => !dropped.has(l)).map((l) => replaced.get(l) ?? l);
}

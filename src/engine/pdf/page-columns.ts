/**
 * A sheet wider than its page printed over several page columns, as a spreadsheet prints one
 * (Calc's or Excel's page order "top to bottom, then right" or "left to right, then down"): the
 * pages of the first page column hold the rows' dates and descriptions and no figure, the pages
 * of the next ones the same rows' figures, each row at the same height on both, since a sheet's
 * rows print as tall on every page column. Such pages are put side by side into one wide page
 * before lines are read, so each row is read whole; the columns a sheet repeats on every page
 * ("columns to repeat": the date) and the page's header and footer are kept once.
 *
 * The pages are matched by their order (the i-th page of the first page column with the i-th
 * of each later one), never by resemblance alone, and a match holds only when the figure
 * page's lines fall on the heights of its partner's lines. Pages that look split but do not
 * line up are left as they are and named, so the statement says why their rows lack figures.
 */
import type { PageText, TextItem } from './extract.js';
import { linesByPage, type Line } from './lines.js';
import { isMoneyText, parseDateStart } from './tokens.js';

/**
 * Lines of two page columns on one sheet row print at one height (the same row of the sheet),
 * within a few tenths of their size: cells of one row differ by a point or so (a merged cell's
 * label beside a figure's cell), and a sheet's rows are well over a line apart.
 */
const sameHeight = (a: Line, y: number) => Math.abs(a.y - y) <= Math.max(1, 0.3 * a.size);
/** A page counts as the rows' part of a sheet when it holds at least this many dated lines, none with a figure. */
const MIN_DATED = 3;
/** Share of a figure page's figure lines (and of its partner's dated lines) that must fall on its partner's heights. */
const MIN_MATCHED = 0.8;
/**
 * Lines of words between a page's figure lines, per gap between them, that make its rows whole
 * (a description on a line of its own at each row), not a later page column's bare figures.
 */
const MIN_WORDS_BETWEEN = 0.5;
/** At most this many page columns to a sheet (a bound on the input-driven grouping). */
const MAX_PAGE_COLUMNS = 6;

export interface PageColumnJoin {
  pages: PageText[];
  /** Each wide page: the pages put side by side, left to right. */
  joined: number[][];
  /** Pages that hold dated rows without figures but could not be matched with pages of figures. */
  unmatched: number[];
}

interface PageLook {
  page: PageText; lines: Line[];
  /** Dated lines without a figure (a first page column's rows whose figures are printed on later pages). */
  dated: Line[];
  /** Dated lines with words (a description): a first page column's rows, with or without some of their figures. */
  described: Line[];
  figures: Line[];
  /** Lines of words alone (no figure) among the figure lines: rows' descriptions printed above or below their figures. */
  wordsBetween: number;
}

const isDated = (l: Line) => parseDateStart(l.cells[0]!.text, false) !== null || parseDateStart(l.cells[0]!.text, true) !== null;
const hasFigure = (l: Line) => l.cells.some((c, i) => (i > 0 || l.cells.length === 1) && isMoneyText(c.text));

/** A cell of words: no figure, no date. */
const isWords = (text: string) => /\p{L}{2}/u.test(text) && !isMoneyText(text) && parseDateStart(text, false)?.length !== text.length && parseDateStart(text, true)?.length !== text.length;

function look(page: PageText, lines: Line[]): PageLook {
  const figures = lines.filter(hasFigure);
  const top = figures[0]?.y ?? Infinity, bottom = figures[figures.length - 1]?.y ?? -Infinity;
  return {
    page, lines, figures,
    dated: lines.filter((l) => isDated(l) && !hasFigure(l)),
    described: lines.filter((l) => isDated(l) && l.cells.slice(1).some((c) => isWords(c.text))),
    wordsBetween: lines.filter((l) => l.y > top && l.y < bottom && !hasFigure(l) && l.cells.some((c) => isWords(c.text))).length,
  };
}

/**
 * A later page column's page that prints figures only: a sheet's last columns (a balance
 * column past the page's edge), no row's words, each line with a figure nothing but figures
 * (and dates, a column repeated on every page column). Nor lines of words between them, about
 * one to a figure line: a table that prints each row's description on a line of its own, above
 * or below the line of its figures (a reference, dates and amount), holds its rows whole,
 * where a later page column prints nothing between one row's figures and the next's. (Such a
 * table's rows are evenly spaced, as a later page column's are, so its figure lines can fall
 * on the heights of another page's lines by the pitch alone: jsPDF autotable, jspdf-sweep.ts
 * seeds 21 and 63.)
 */
const bareFigures = (p: PageLook) => p.figures.length > 0 && !p.described.length
  && p.figures.every((l) => !l.cells.some((c) => isWords(c.text)))
  && p.wordsBetween < MIN_WORDS_BETWEEN * (p.figures.length - 1);
/** Enough such figures to say a document is split (a last page may hold a row or two). */
const manyBareFigures = (p: PageLook) => p.figures.length >= MIN_DATED && bareFigures(p);

/** The share of `ys` that fall on one of `on`'s heights. */
function matchedShare(ys: number[], on: Line[]): number {
  if (!ys.length) return 0;
  let n = 0;
  for (const y of ys) if (on.some((l) => sameHeight(l, y))) n++;
  return n / ys.length;
}

/** Whether a later page column's page carries the rows of `rows` (its figure lines on its heights, its dated lines met). */
function lineUp(rows: PageLook, right: PageLook): boolean {
  if (!right.figures.length) return false;
  if (matchedShare(right.figures.map((l) => l.y), rows.lines) < MIN_MATCHED) return false;
  // The rows without figures met by the later page's lines; else (a first page column that
  // prints some figures, the rest past the page's edge) the rows met by its bare figures.
  if (rows.dated.length) return matchedShare(rows.dated.map((l) => l.y), right.lines) >= MIN_MATCHED;
  return !rows.described.length || (bareFigures(right) && matchedShare(rows.described.map((l) => l.y), right.figures) >= MIN_MATCHED);
}

/** A line's text with its digits masked: a page header or footer repeated on each page ("Page 4 of 6" is "Page 1 of 6"). */
const shape = (l: Line) => l.text.replace(/\d/g, '0');

/**
 * The items of a later page column's page that join its partner: not the page furniture its
 * partner prints at the same height, nor the columns the sheet repeats on every page column
 * (a left cell that says what the partner's first cell says on the same line, on most lines).
 */
function joiningItems(left: PageLook, right: PageLook): TextItem[] {
  const partner = (l: Line) => left.lines.find((p) => sameHeight(p, l.y));
  const furniture = new Set<Line>();
  let repeated = 0, compared = 0, edge = -Infinity;
  for (const l of right.lines) {
    const p = partner(l);
    if (!p) continue;
    if (shape(p) === shape(l)) { furniture.add(l); continue; }
    if (l.cells.length < 2 || p.cells.length < 2) continue;
    compared++;
    if (l.cells[0]!.text === p.cells[0]!.text) { repeated++; edge = Math.max(edge, l.cells[0]!.x1); }
  }
  const dropLeft = compared > 0 && repeated >= MIN_MATCHED * compared ? edge + 1 : -Infinity;
  const lineOf = (it: TextItem) => right.lines.find((l) => Math.abs(l.y - it.y) <= Math.max(1, 0.4 * it.size));
  return right.page.items.filter((it) => {
    const l = lineOf(it);
    if (l && furniture.has(l)) return false;
    // A repeated column's cell (its heading too: it prints at the same place), and text that
    // starts in it and runs on (a merged label over the repeated column, printed again here).
    return it.x > dropLeft;
  });
}

/**
 * The pages grouped as `k` page columns printed in `order`: top to bottom then right (the first
 * column's n pages, then the next column's n) or left to right then down (each page row's k
 * pages together).
 */
function grouped(looks: PageLook[], k: number, order: 'down' | 'across'): PageLook[][] {
  const n = looks.length / k;
  return Array.from({ length: n }, (_, i) => Array.from({ length: k }, (_, j) => looks[order === 'down' ? i + j * n : i * k + j]!));
}

/**
 * Whether pages so grouped are one sheet's page columns: no page of rows outside the first
 * column; each later page's figures on its first page's heights; each first page's dated rows
 * met by the figures of a page of its group.
 */
function holds(groups: PageLook[][], isRows: (p: PageLook) => boolean): boolean {
  for (const [left, ...rights] of groups) {
    if (rights.some((r) => isRows(r) || r.described.length)) return false;
    for (const right of rights) if (right.figures.length && !lineUp(left!, right)) return false;
    if ((left!.dated.length || left!.described.length) && !rights.some((r) => lineUp(left!, r))) return false;
  }
  return groups.some((g) => isRows(g[0]!) || g.slice(1).some(manyBareFigures));
}

/**
 * The pages of a document with the page columns of a split sheet put side by side. `lines` are
 * the pages' lines as the reader makes them (../lines.ts documentLines), made once for both.
 */
export function joinPageColumns(pages: PageText[], lines: readonly Line[]): PageColumnJoin {
  const none: PageColumnJoin = { pages, joined: [], unmatched: [] };
  if (pages.length < 2) return none;
  const byPage = linesByPage(lines);
  const looks = pages.map((p) => look(p, byPage.get(p.page) ?? []));
  // The rows' part (a sheet's first page column): dated lines, and no figure among them (a
  // summary's figures above or below; rows whose amount is on a line of its own have figures
  // between their dated lines, and a dated line with its figure is a whole row).
  const isRows = (p: PageLook) => {
    if (p.dated.length < MIN_DATED || p.lines.some((l) => isDated(l) && hasFigure(l))) return false;
    const top = p.dated[0]!.y, bottom = p.dated[p.dated.length - 1]!.y;
    return !p.figures.some((l) => l.y > top && l.y < bottom);
  };
  const rowPages = looks.filter(isRows);
  // Split when pages of rows lack their figures, or pages of bare figures lack their rows.
  if (!rowPages.length && !looks.some(manyBareFigures)) return none;
  if (!looks.some((p) => p.figures.length)) return none;
  // Every way the pages could be page columns (k columns, either order), the first that holds.
  for (let k = 2; k <= Math.min(MAX_PAGE_COLUMNS, looks.length); k++) {
    if (looks.length % k) continue;
    for (const order of ['down', 'across'] as const) {
      const groups = grouped(looks, k, order);
      if (!holds(groups, isRows)) continue;
      const out: PageText[] = [];
      for (const [left, ...rights] of groups) {
        const items: TextItem[] = [...left!.page.items];
        let x = left!.page.width;
        for (const right of rights) {
          for (const it of joiningItems(left!, right)) items.push({ ...it, x: it.x + x });
          x += right.page.width;
        }
        out.push({ ...left!.page, width: x, items });
      }
      return { pages: out, joined: groups.map((g) => g.map((p) => p.page.page)), unmatched: [] };
    }
  }
  return { ...none, unmatched: rowPages.map((p) => p.page.page) };
}

import { compact, type Cell, type Line } from './lines.js';
import { isMoneyText, parseDateStart } from './tokens.js';
import { ALL_LANGS } from '../data/labels.js';

/**
 * A date column's date run into the cells beside it. Cells a padding apart (jsPDF's autotable
 * pads 2.5 pt, half an em) are drawn and read as one run of text: a description long enough to
 * reach the date column and the row's date ("…TRANSACTION#: 5679374 02 janv."), a date and the
 * reference after it ("27 janv. 6248"), a description run on over two date columns and a
 * reference, a date and a wrapped description's last words set on its line ("2025/02/14 CO").
 * The row loses its date. The document tells where the column is: where its dates printed
 * alone start and end. On a row's line (figures, no date of its own), near that page's dates, a
 * cell is cut where such a date starts or ends in it; a word's place in one run of text is put
 * in proportion to the characters before it. (./glued-column-words.ts does the same for a
 * column's words.)
 */

/** A piece and a column's printed dates start or end this close, in points. */
const SAME_EDGE = 1;
/** Dates printed alone at an edge at least this often before a cell running into it is cut. */
const MIN_SEEN = 3;

/** The whole text is one date, of either day order, with any language's month names. */
function isDate(text: string): boolean {
  const n = text.length;
  return n > 0 && (parseDateStart(text, true, ALL_LANGS)?.length === n || parseDateStart(text, false, ALL_LANGS)?.length === n);
}

interface Edge { n: number; x0: number; x1: number }

/** Where a page's dates printed alone end and start (to the whole point), and the heights they span. */
interface PageDates { ends: Set<number>; starts: Set<number>; y0: number; y1: number; size: number }

/**
 * The document's dates printed alone, by where they end and by where they start (to the whole
 * point): how many, and their other edge; and per page, where its own do. A column counts on a
 * page only where one of the page's own dates stands too: another table's date column (a daily
 * balances grid's on the next page) says nothing of where this table's dates are, and a short
 * last page holds a date or two of a column the pages before it show.
 */
function dateEdges(lines: Line[], ocrPages: ReadonlySet<number>): { ends: Map<number, Edge>; starts: Map<number, Edge>; pages: Map<number, PageDates> } {
  const ends = new Map<number, Edge>(), starts = new Map<number, Edge>(), pages = new Map<number, PageDates>();
  const count = (m: Map<number, Edge>, at: number, c: Cell) => {
    const e = m.get(at) ?? { n: 0, x0: c.x0, x1: c.x1 };
    e.n++; e.x0 = Math.min(e.x0, c.x0); e.x1 = Math.max(e.x1, c.x1);
    m.set(at, e);
  };
  for (const l of lines) {
    // OCR words' edges are measured on their letters: no evidence of a column's edge. Only rows'
    // dates tell a date column: a day's heading (a date alone on its line, its rows under it
    // with no date of their own) stands where rows' descriptions start ("06/17 REF …").
    if (ocrPages.has(l.page) || !l.cells.some(figures)) continue;
    for (const c of l.cells) {
      if (!/\d/.test(c.text) || !isDate(c.text.trim())) continue;
      count(ends, Math.round(c.x1), c);
      count(starts, Math.round(c.x0), c);
      let p = pages.get(l.page);
      if (!p) pages.set(l.page, (p = { ends: new Set(), starts: new Set(), y0: l.y, y1: l.y, size: l.size }));
      p.ends.add(Math.round(c.x1)); p.starts.add(Math.round(c.x0));
      p.y0 = Math.min(p.y0, l.y); p.y1 = Math.max(p.y1, l.y);
    }
  }
  return { ends, starts, pages };
}

/** Whether one of a page's own dates stands within SAME_EDGE of `x`. */
const onPage = (at: Set<number>, x: number) => {
  for (let d = -SAME_EDGE; d <= SAME_EDGE; d++) if (at.has(Math.round(x) + d)) return true;
  return false;
};

/**
 * How far above or below a page's dates printed alone, in their size, a line may be and still be
 * a row of their table (its first rows may all be glued; a summary's "Beginning balance on
 * December 1, 2024" further up is none).
 */
const REACH_EMS = 6;

/** The dates printed alone at least MIN_SEEN times within SAME_EDGE of `x` (their ends or starts): their span; null when too few. */
function columnAt(edges: Map<number, Edge>, x: number): { x0: number; x1: number } | null {
  let n = 0, x0 = Infinity, x1 = -Infinity;
  for (let d = -SAME_EDGE; d <= SAME_EDGE; d++) {
    const e = edges.get(Math.round(x) + d);
    if (e) { n += e.n; x0 = Math.min(x0, e.x0); x1 = Math.max(x1, e.x1); }
  }
  return n >= MIN_SEEN ? { x0, x1 } : null;
}

/** The date columns: where dates printed alone start, MIN_SEEN times or more within SAME_EDGE, and how far they reach. */
function columnSpans(starts: Map<number, Edge>): { x0: number; x1: number }[] {
  const spans: { x0: number; x1: number }[] = [];
  let run: { n: number; x0: number; x1: number; last: number } | null = null;
  const close = () => { if (run && run.n >= MIN_SEEN) spans.push({ x0: run.x0, x1: run.x1 }); };
  for (const at of [...starts.keys()].sort((a, b) => a - b)) {
    const e = starts.get(at)!;
    if (run && at - run.last <= SAME_EDGE) { run.n += e.n; run.x1 = Math.max(run.x1, e.x1); run.last = at; continue; }
    close();
    run = { n: e.n, x0: e.x0, x1: e.x1, last: at };
  }
  close();
  return spans;
}

/** A date spans at most this many words ("27 janv. 2025", "January 27, 2025"). */
const MAX_DATE_WORDS = 3;

/**
 * A cell of a figure, or of figures run together ("S$3,707.87 S$39,640.85"), or with a side's
 * mark after them ("€5 848,89 €35 397,82 C"): words of figures, groups of digits and marks of a
 * side or a sign, with at least one figure.
 */
const SIDE_OR_GROUP = /^(?:[A-Za-z]{1,2}|[-+]|\d{1,3}(?:[.,]\d{2})?)$/;
const figureWords = (text: string) => isMoneyText(text) || (/\d[.,]\d{2}(?!\d)/.test(text) && text.trim().split(/\s+/).every((w) => isMoneyText(w) || SIDE_OR_GROUP.test(w) || /^\p{Sc}?\d{1,3}$/u.test(w)));
// (So is a figure with a value date run on after it, "5.167,84 03 feb 2025": a value date column
// set right after the amounts, a padding apart. Such lines were no lines of figures, so no date
// column was seen and a booking date run into a description's words was not cut: jspdf-sweep seed 87.)
const figures = (c: Cell) => {
  if (figureWords(c.text)) return true;
  const words = c.text.trim().split(/\s+/);
  for (let n = Math.min(MAX_DATE_WORDS, words.length - 1); n >= 1; n--) if (isDate(words.slice(-n).join(' ')) && figureWords(words.slice(0, -n).join(' '))) return true;
  return false;
};

export function gluedColumnDates(lines: Line[], ocrPages: ReadonlySet<number> = new Set()): Line[] {
  const { ends, starts, pages } = dateEdges(lines, ocrPages);
  if (!pages.size) return lines;
  const spans = columnSpans(starts);
  const cut = (c: Cell, head: string, x1: number, tail: string, x0: number): Cell[] => [
    { ...c, text: head, x1, parts: [{ text: head, x0: c.x0, x1 }] },
    { ...c, text: tail, x0, parts: [{ text: tail, x0, x1: c.x1 }] },
  ];
  /** The cell cut in two where a date column's date ends or begins it; null when none does. */
  const cutOff = (c: Cell, page: PageDates): Cell[] | null => {
    const t = c.text.trim();
    if (!t.includes(' ') || !/\d/.test(t)) return null;
    const words = t.split(/\s+/);
    // A description run into the date column: the cell ends where the column's dates end and
    // starts left of them by more than a date's width.
    const endsIn = onPage(page.ends, c.x1) ? columnAt(ends, c.x1) : null;
    if (endsIn && c.x0 < endsIn.x0 - (c.x1 - endsIn.x0)) {
      for (let n = Math.min(MAX_DATE_WORDS, words.length - 1); n >= 1; n--) {
        const tail = words.slice(-n).join(' ');
        if (isDate(tail)) return cut(c, words.slice(0, -n).join(' '), endsIn.x0 - 1, tail, endsIn.x0);
      }
    }
    // A date column's date inside the cell: at the column's start (the date run into the next
    // column's cell, a reference or a cheque number), or where the text reaches the column (a
    // description run on into the date and what follows). Where a word of one run of text was
    // printed is not known: it is put in proportion to the characters before it, within a
    // tolerance of an em or a twelfth of the cell.
    const width = c.x1 - c.x0, tol = Math.max(c.size, width / 12);
    for (const col of spans) {
      if (col.x0 < c.x0 - tol || col.x0 >= c.x1 || !onPage(page.starts, col.x0)) continue;
      let before = 0;
      for (let i = 0; i < words.length; i++, before += words[i - 1]!.length + 1) {
        const at = c.x0 + (width * before) / t.length;
        if (Math.abs(at - col.x0) > tol) continue;
        for (let n = Math.min(MAX_DATE_WORDS, words.length - i); n >= 1; n--) {
          const date = words.slice(i, i + n).join(' ');
          if (!isDate(date)) continue;
          // Cut before the date only where what comes before it starts an em or more left of
          // the column ("2 giu 25" alone is no "2" and a "giu 25").
          if (i > 0) {
            if (col.x0 - c.x0 < c.size) continue;
            return cut(c, words.slice(0, i).join(' '), col.x0 - 1, words.slice(i).join(' '), col.x0);
          }
          // At the column's start: the rest, past the column's end, is the next column's (a
          // reference, another date, a wrapped description's last words set on the date's line).
          if (i + n < words.length && c.x1 > col.x1 + (col.x1 - col.x0) / 4) return cut(c, date, col.x1, words.slice(i + n).join(' '), col.x1 + 1);
        }
      }
    }
    return null;
  };
  let out: Line[] | null = null;
  for (let li = 0; li < lines.length; li++) {
    const l = lines[li]!;
    // Only a row's line that lost its date is cut: one that prints a figure (a heading's
    // "Zeitraum: 01-März-2025 bis 31-März-2025" may run over a date column, and is no row) and no
    // date of its own (a card purchase's "06/04" in its description may pass where another
    // table's date column is).
    const dates = pages.get(l.page);
    if (!dates || l.y < dates.y0 - REACH_EMS * dates.size || l.y > dates.y1 + REACH_EMS * dates.size
      || !l.cells.some(figures) || l.cells.some((c) => isDate(c.text.trim()))) { out?.push(l); continue; }
    let cells: Cell[] | null = null;
    for (let ci = 0; ci < l.cells.length; ci++) {
      let rest: Cell = l.cells[ci]!;
      // A cell may run over several columns (a description, two dates and a reference): cut
      // again what is left, at most once per date column.
      for (let k = 0; k <= spans.length; k++) {
        const two = cutOff(rest, dates);
        if (!two) break;
        (cells ??= l.cells.slice(0, ci)).push(two[0]!);
        rest = two[1]!;
      }
      cells?.push(rest);
    }
    if (!cells) { out?.push(l); continue; }
    const text = cells.map((c) => c.text).join('  ');
    (out ??= lines.slice(0, li)).push({ ...l, cells, text, key: compact(text) });
  }
  return out ?? lines;
}

/**
 * Looks at the lines below a table's current line (the rows reader reads top to bottom and
 * sometimes needs to know what comes next on the page): pure scans of a statement's lines.
 */
import { exactHeadWords, headerColumns, type Column } from './header-row.js';
import type { Cell, Line } from './lines.js';
import { isMoneyCell } from './row-cells.js';
import type { Lang } from '../data/labels.js';
import { parseDateStart } from './tokens.js';

/** How the statement's dates read (rows.ts RowOptions holds them). */
interface DateReading { dmy: boolean; langs: Lang[] }

/** Lines dated in their first cell that hold money: about how many rows the tables have. */
export function datedMoneyLines(lines: Line[], opts: DateReading): number {
  let n = 0;
  for (const l of lines) if (l.cells.length >= 2 && l.cells.some(isMoneyCell) && parseDateStart(l.cells[0]!.text, opts.dmy, opts.langs)) n++;
  return n;
}

/** Lines of two cells or more that hold money, dated or not (a scan's dates may be garbled past reading). */
export function moneyLines(lines: Line[]): number {
  let n = 0;
  for (const l of lines) if (l.cells.length >= 2 && l.cells.some(isMoneyCell)) n++;
  return n;
}

/**
 * Text lines a row's description may run to above its figures, counted from its first: a browser
 * wraps a long merchant name in a narrow column to six lines or more ("ORIG CO NAME:SQUARE INC"
 * … "DEVICE 7731 | 3.594,95 €", atop a page; with four, its first line was lost). A bound on the
 * walk; each step is one line's spacing at most.
 */
const MAX_WRAPPED_LINES = 8;

/**
 * Whether the text line at `li` is followed on its page, line after close line, by at most
 * MAX_WRAPPED_LINES - 1 more text lines (no column heads) and then a line with money and a date cell (a row that ends
 * with its amounts); with `undated`, a line with money and no date (the end of a row begun above).
 * `money` tells a money cell (in whole units, a whole figure under a money column is one too).
 */
export function rowEndsBelow(lines: Line[], li: number, opts: DateReading, undated = false, money: (c: Cell) => boolean = isMoneyCell): boolean {
  let prev = lines[li]!;
  for (let k = li + 1; k <= li + MAX_WRAPPED_LINES && k < lines.length; k++) {
    const next = lines[k]!;
    if (next.page !== prev.page || next.y - prev.y > Math.max(next.size, prev.size) * 2.6) return false;
    if (next.cells.some(money)) return undated ? !parseDateStart(next.cells[0]?.text ?? '', opts.dmy, opts.langs) : next.cells.slice(0, 4).some((c) => parseDateStart(c.text, opts.dmy, opts.langs)?.length === c.text.length);
    // Column heads between: the text above them is the page's, no row's.
    if (headerColumns(next)) return false;
    prev = next;
  }
  return false;
}

/**
 * Within the next four lines on the same page, a dated line with money (a table's first row):
 * its date cell, the first cell or a short cell among the first three (a description-first table).
 */
export function dateCellBelow(lines: Line[], i: number, opts: DateReading): { x0: number; x1: number } | null {
  const line = lines[i]!;
  for (let k = i + 1; k <= i + 4 && k < lines.length; k++) {
    const next = lines[k]!;
    if (next.page !== line.page || next.y - line.y > line.size * 10) return null;
    if (!next.cells.some(isMoneyCell)) continue;
    const dated = next.cells.slice(0, 3).find((c, ci) => (ci === 0 || c.text.length <= 12) && parseDateStart(c.text, opts.dmy, opts.langs));
    if (dated) return { x0: dated.x0, x1: dated.x1 };
  }
  return null;
}

/**
 * Whether the text line at `li` could not have held the first word of the next line's text
 * (starting at `descX0` or right of it): one description wrapped there, the first line as wide as
 * the column lets it be. `widest` is the widest description line seen so far.
 */
export function wrapsIntoNext(lines: Line[], li: number, descX0: number, widest: number): boolean {
  const line = lines[li]!, next = lines[li + 1];
  if (!next || next.page !== line.page || !line.cells.length) return false;
  const word = next.cells.find((c) => c.x0 >= descX0 - 2 && !isMoneyCell(c));
  if (!word) return false;
  const sp = word.text.indexOf(' ');
  const first = ((word.x1 - word.x0) / Math.max(1, word.text.length)) * ((sp < 0 ? word.text.length : sp) + 1);
  return line.cells[line.cells.length - 1]!.x1 - line.cells[0]!.x0 + first > widest + 0.5;
}

/** The index of the line with money that ends the text lines from `li` on (as rowEndsBelow walks them), or -1. */
export function moneyLineBelow(lines: Line[], li: number, money: (c: Cell) => boolean = isMoneyCell): number {
  let prev = lines[li]!;
  for (let k = li + 1; k <= li + MAX_WRAPPED_LINES && k < lines.length; k++) {
    const next = lines[k]!;
    if (next.page !== prev.page || next.y - prev.y > Math.max(next.size, prev.size) * 2.6) return -1;
    if (next.cells.some(money)) return k;
    if (headerColumns(next)) return -1;
    prev = next;
  }
  return -1;
}

/**
 * Whether a column of figures stands under [x0, x1] below the line at `i`: three of the next 15
 * lines of its page (no gap of more than six of its lines' heights) hold a figure overlapping it.
 */
export function figuresUnder(lines: Line[], i: number, x0: number, x1: number): boolean {
  const line = lines[i]!;
  let prev = line, n = 0;
  for (let k = i + 1; k < lines.length && k <= i + 15; k++) {
    const next = lines[k]!;
    if (next.page !== line.page || next.y - prev.y > line.size * 6) return false;
    if (next.cells.some((c) => c.x1 > x0 && c.x0 < x1 && isMoneyCell(c)) && ++n >= 3) return true;
    prev = next;
  }
  return false;
}

/** A short cell mostly of digits ("02:01", "2025-865 U2", "O7f0l"; not "SQUARE INC 250102"): a date, read or garbled, as a column of dates holds. */
function dateLike(text: string): boolean {
  const t = text.replace(/\s+/g, '');
  return t.length >= 3 && t.length <= 12 && ((t.match(/\d/g)?.length ?? 0) * 2 >= t.length || DAY_MONTH_WORD.test(t));
}
/** A day and a month's word, however misread ("21-nos,", "22-nov.-24", "O4-dée.-245"): a date as a column of dates holds. */
const DAY_MONTH_WORD = /^[\dOoIl|]?\d[-.,/]?\p{L}{3,5}[.,]?(?:[-.,]*\d{2,4})?$/u;

/**
 * Whether a column of dates, read or garbled, stands under [x0, x1] below the line at `i`: three
 * of the next 15 lines of its page (no gap of more than six of its lines' heights) hold a cell
 * overlapping it that is short and mostly digits but no figure, and such cells outnumber the
 * figures there.
 * OCR that misread the heads misreads dates as well ("02:01", "O06 Ol", "2025-865 U2"), so no
 * date need parse here; a description's reference numbers stand in longer cells of words, a
 * column of figures holds its figures.
 */
function datesUnder(lines: Line[], i: number, x0: number, x1: number): boolean {
  const line = lines[i]!;
  let prev = line, n = 0, figures = 0;
  for (let k = i + 1; k < lines.length && k <= i + 15; k++) {
    const next = lines[k]!;
    if (next.page !== line.page || next.y - prev.y > line.size * 6) break;
    for (const c of next.cells) {
      if (c.x1 <= x0 || c.x0 >= x1 || !/\d/.test(c.text)) continue;
      if (isMoneyCell(c)) figures++; else if (dateLike(c.text)) { n++; break; }
    }
    prev = next;
  }
  return n >= 3 && n > figures;
}

/**
 * The heads of an OCR line read loosely (header-row.ts fuzzyKind: a letter or two off, "Data
 * Histdérico Valor", "Descri¢gaéo | Data Lang. | Valor") where no dated row stands right under
 * it to vouch for it — the scan that garbled the heads garbled the first rows' dates too
 * (composed fax-150 scans 943, 955: every row lost). Taken only where the line reads as heads as
 * a whole: three columns or more, two of its words head words as printed, over a column of
 * dates (read or garbled) under its date head and a column of figures under one of its money
 * heads. A line of prose names no three heads over such columns.
 */
export function looseHeadsOverColumns(lines: Line[], li: number): Column[] | null {
  const cols = headerColumns(lines[li]!, true);
  if (!cols || cols.length < 3 || exactHeadWords(lines[li]!) < 2) return null;
  const date = cols.find((c) => c.kind === 'date');
  if (!date || !datesUnder(lines, li, date.x0, date.x1)) return null;
  const money = cols.filter((c) => c.kind === 'debit' || c.kind === 'credit' || c.kind === 'amount' || c.kind === 'balance');
  return money.some((c) => figuresUnder(lines, li, c.x0, c.x1)) ? cols : null;
}

/** Whether nothing but `furniture` (a page number, a running foot) follows line `li` on its page: the page's last line of content. */
export function lastOnPage(lines: Line[], li: number, furniture: (l: Line) => boolean): boolean {
  const page = lines[li]!.page;
  for (let k = li + 1; k < lines.length && lines[k]!.page === page; k++) if (!furniture(lines[k]!)) return false;
  return true;
}

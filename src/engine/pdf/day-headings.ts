import { ALL_LANGS } from '../data/labels.js';
import type { Cell } from './cell.js';
import { headerColumns } from './header-row.js';
import { periodTotalsHead } from './period-totals.js';
import { compact, type Line } from './lines.js';
import { wholeFigureText } from './row-cells.js';
import { isMoneyText, parseDateStart } from './tokens.js';
import { CARRY, TOTAL_LINE, knownSummaryLabel } from './summary-labels.js';

/**
 * Rows grouped under lines naming their day ("5 January 2025", "Monday, 5 January 2025"), with
 * no date column, as app banks print them. Each row with a figure under such a line is given
 * that date as a cell of its own, left of everything printed, the heading line goes, and the
 * table's heads (found by their words once a date head stands beside them) get a "Date" head
 * there: the table then reads as one printed with a date on each row (a table with no heads at
 * all is dated too, its columns then told by its rows). Two day headings or more,
 * each with a row of figures right under it, are needed.
 */

/** Lines above the first day heading searched for the table's heads. */
const HEAD_SEARCH = 6;
const MIN_HEADINGS = 2;
/** Lines from a day heading to its first row of figures (a description wrapped above them, a page's foot and head). */
const ROW_REACH = 8;
/**
 * The same, once the document is known to group its rows under day headings: a merchant's long
 * name in a narrow column wraps to nine lines or more above its figures (a bound on the search).
 */
const KNOWN_ROW_REACH = 40;

/** The line is one date and nothing else (a weekday before it allowed), with its year. */
export function dayOf(line: Line): string | null {
  if (line.cells.length !== 1) return null;
  const text = line.cells[0]!.text.trim();
  for (const t of [text, text.replace(/^[A-Za-zÀ-ÿ]+\.?,?\s+/, '')]) {
    const d = parseDateStart(t, true, ALL_LANGS);
    if (d && d.length === t.length && d.year !== undefined) return t;
  }
  return null;
}

/** Lines printed the same, word for word, on two pages or more: a running head or foot, no row. */
function repeatedOnPages(lines: Line[]): Set<string> {
  const pages = new Map<string, number>();
  const out = new Set<string>();
  for (const l of lines) {
    const p = pages.get(l.text);
    if (p === undefined) pages.set(l.text, l.page);
    else if (p !== l.page) out.add(l.text);
  }
  return out;
}

/** The line's first cell is a date and nothing else. */
function dateCell0(l: Line): boolean {
  const t = l.cells[0]?.text.trim() ?? '';
  return parseDateStart(t, true, ALL_LANGS)?.length === t.length && t.length > 0;
}

/** Whether a cell of a line is a figure. */
type FigureTest = (c: Cell, l: Line) => boolean;
const decimalFigure: FigureTest = (c) => isMoneyText(c.text);
/**
 * In a document that prints no decimal figure at all (whole units), a whole figure is a row's
 * figure too ("1.367 € | 43.098 €", "37 176 | 46 692"), but for a bare number alone on its line
 * ("6152111": a wrapped description's reference). Read by decimals only,
 * no day heading had a row of figures under it, no row was dated, and with no date column the
 * table was not found: not a row read (composed --traits dayHeadings+wholeUnits: 10 seeds of 10).
 */
function figureTest(lines: Line[]): FigureTest {
  if (lines.some((l) => l.cells.some((c) => isMoneyText(c.text)))) return decimalFigure;
  return (c, l) => isMoneyText(c.text) || (wholeFigureText(c.text) !== null && (l.cells.length > 1 || !/^\d+$/.test(c.text.trim())));
}

const hasFigure = (l: Line, figure: FigureTest) => l.cells.some((c) => figure(c, l));
/** A total, balance or carried-forward line: no row of the day above it. */
function labelLine(l: Line, figure: FigureTest): boolean {
  const first = l.cells.find((c) => !figure(c, l));
  if (!first) return true;
  // A summary's label in a cell of its own after the first: a box printed beside the next
  // account's block ("Account Number: 942548628 | Opening balance | €48,263.07"), no row of the
  // day above it (dated so, the next account's number was a row's and the two accounts one statement).
  if (l.cells.some((c) => c !== first && !figure(c, l) && knownSummaryLabel(compact(c.text), c.text))) return true;
  // A reference number is a row's ("FEES 8991216941", a fee's last wrapped line), never a total's.
  if (/\d{5,}/.test(first.text)) return false;
  const key = compact(first.text);
  return TOTAL_LINE.test(key) || CARRY.has(key) || knownSummaryLabel(key, first.text);
}

/**
 * The line with the date cell set before its own: the line still starts where it was printed
 * (the date is no print), or a block printed at the rows' left edge, as a second account's
 * number, reads as indented from rows that start left of it (assemble.ts splitStatements).
 */
function withCells(base: Line, cells: Cell[]): Line {
  const text = cells.map((c) => c.text).join('  ');
  return { ...base, cells, text, key: compact(text) };
}

export function datedByHeadings(lines: Line[]): Line[] {
  const headings = new Map<number, string>();
  // Each heading's first row of figures: the day's first row, dated by it whatever it prints.
  const firstRows = new Set<number>();
  const furniture = repeatedOnPages(lines);
  const figure = figureTest(lines);
  // Each page's next in reading order (pages filed out of order are read as printed).
  const pageAfter = new Map<number, number>();
  for (let k = 1; k < lines.length; k++) if (lines[k]!.page !== lines[k - 1]!.page) pageAfter.set(lines[k - 1]!.page, lines[k]!.page);
  const find = (reach: number) => {
    for (let i = 0; i + 1 < lines.length; i++) {
      const day = dayOf(lines[i]!);
      if (!day || headings.has(i)) continue;
      // A row of figures under it: on the next line, or a few lines on (a description wrapped above its figures).
      // The day's first row may be on the next page, after its running head.
      const at = lines.slice(i + 1, i + 1 + reach).findIndex((l) => (l.page === lines[i]!.page || l.page === pageAfter.get(lines[i]!.page)) && hasFigure(l, figure));
      // No other day, nor a row dated by a cell of its own, in between ("06/17 REF 482972700" opening a wrapped description is no date cell).
      // (A browser's header over the next page, "17/01/2025, 09:41 | Bank | Transactions", is the same on every page: no row.)
      if (at >= 0 && !lines.slice(i + 1, i + 2 + at).some((l) => dayOf(l) || (dateCell0(l) && !furniture.has(l.text)))) { headings.set(i, day); firstRows.add(i + 1 + at); }
    }
  };
  find(ROW_REACH);
  if (headings.size < MIN_HEADINGS) return lines;
  // Rows grouped under day headings: a day whose first row wraps further above its figures is a
  // heading too. Left as a line, its rows took the day before's date, silently.
  find(KNOWN_ROW_REACH);
  const first = Math.min(...headings.keys());
  const left = Math.min(...[...headings.keys()].map((i) => lines[i]!.x0));
  const size = lines[first]!.size;
  const width = size * 5;
  const dateCell = (text: string): Cell => ({ text, x0: left - width - size, x1: left - size, size, bold: false, parts: [{ text, x0: left - width - size, x1: left - size }] });
  const out: (Line | null)[] = [...lines];
  // The table's heads: the nearest line above the first heading that reads as heads once a date head stands beside them.
  let headed = false;
  for (let i = first - 1; i >= Math.max(0, first - HEAD_SEARCH) && !headed; i--) {
    const l = lines[i]!;
    // An opening balance line may stand between the heads and the first day.
    if (hasFigure(l, figure)) continue;
    // Labels right over a line of figures alone are a summary grid's ("Beginning Balance | Deposits
    // | Ending Balance"), no table's heads (composed seed 45 --traits dayHeadings+noHeads: read as
    // heads, they put the balances under a debit column).
    const next = lines[i + 1];
    if (next && next.page === l.page && next.cells.length > 0 && next.cells.every((c) => figure(c, next))) continue;
    const withDate = withCells(l, [dateCell('Date'), ...l.cells]);
    // Heads of amounts: a summary's lone label ("Closing Balance" over its figure, the table
    // printed with no heads) beside the date head reads as a daily-balance table's heads, and
    // every row went aside as no transaction (composed seed 52 --traits dayHeadings+noHeads).
    const heads = headerColumns(withDate);
    if (heads?.some((c) => c.kind === 'debit' || c.kind === 'credit' || c.kind === 'amount')) {
      out[i] = withDate; headed = true;
      // The same heads printed again over each later page's rows: heads too, or their words join a
      // row's description. So are they over a list printed before the table (pending rows under
      // heads of their own): left undated, they read as a section heading ("Causale | Accrediti |
      // Uscite | Saldo" a heading of debits) that ended the pending section, and its rows were
      // taken for the summary's totals.
      for (let j = 0; j < lines.length; j++) if (j !== i && lines[j]!.key === l.key) out[j] = withCells(lines[j]!, [dateCell('Date'), ...lines[j]!.cells]);
    }
  }
  // A table printed with no heads at all is dated all the same: its columns are then told by
  // what its rows hold (implied-header.ts), which needs each row's date.
  let day: string | null = null;
  for (let i = first; i < lines.length; i++) {
    const h = headings.get(i);
    if (h) { day = h; out[i] = null; continue; }
    const l = lines[i]!;
    // The heads of a box of period and year-to-date totals end the day: the box's lines total
    // fees and interest ("Interest paid | 3,63 | 177,85"), no row of the last day
    // (./period-totals.ts; dated, each was a transaction and broke the balances).
    if (periodTotalsHead(l)) { day = null; continue; }
    // A day's first row is dated by its heading though its line holds figures only (its description
    // drawn on the lines around them): left undated, it took the day before's date from the row above.
    if (day && hasFigure(l, figure) && !dateCell0(l) && (!labelLine(l, figure) || (firstRows.has(i) && !l.cells.some((c) => !figure(c, l))))) out[i] = withCells(l, [dateCell(day), ...l.cells]);
  }
  return out.filter((l): l is Line => l !== null);
}

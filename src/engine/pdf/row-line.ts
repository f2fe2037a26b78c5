/**
 * Whether a line looks like a transaction row, by its print alone: a date at its start (digits,
 * or a day and a month's name either way round) or in a cell of its own among its first three
 * (a description-first table), and an amount. Evidence of what a document is (its type, its
 * currency, its account's type and number) is never read from rows: "NEXT INSURANCE PREMIUM"
 * or "CREDIT CARD PAYMENT" in a description says nothing about the statement.
 */
import { MONTHS } from '../data/labels.js';
import { compact, type Line } from './lines.js';

// "14.547,13 CHF" starts with a figure, not a date: the second group has no third digit.
// "8900.68" (a figure printed without thousands separators) is no date either: four digits
// start a date only as its year, with a month and a day after it.
const NUMERIC_DATE_START = /^\s*(?:\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|\d{1,2}[/.-]\d{1,2})(?!\d)/;
const DAY_MONTH_START = /^\s*\d{1,2}[-\s.]?(\p{L}{3,})/u;
const MONTH_DAY_START = /^\s*(\p{L}{3,})\.?[-\s]?\d{1,2}\b/u;
/** A cell that is a date and nothing else: 03-02-2025, 2025/02/03, 3 Feb 2025, 20-Feb-25, Feb 3, 2025. */
const DATE_CELL = /^\s*(\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|\d{1,2}[-\s.]?\p{L}{3,}\.?(?:[-\s]?\d{2,4})?|\p{L}{3,}\.?[-\s]?\d{1,2},?(?:[-\s]?\d{2,4})?)\s*$/u;
const AMOUNT = /\d[.,]\d{2}\b/;
/**
 * A whole-unit figure in thousands, in a cell of its own ("1'147", "12,345", "1,24,350",
 * "(R$4,476)", "37.788 Bij", "36.169 R$", "CHF 4,814"): statements in whole rupees, kip or yen print their amounts so,
 * and their rows are rows (a page of them read as an insurance form for its rows' words).
 */
const WHOLE_GROUPED = /^[-−(]?\s?(?:[$£€₹¥]|R\$|S\$|Rs\.?|(?:INR|USD|EUR|GBP|CHF|BRL|SGD|JPY|AUD|NZD|CAD|LAK)(?![A-Za-z]))?\s?\d{1,3}(?:[,.'’\u00a0\u202f ]\d{3})+\s?(?:[$£€₹¥]|R\$|S\$)?\)?(?:\s?(?:-|[A-Za-z]{1,3}\.?))?$/;
const MONTH_WORDS = new Set(Object.values(MONTHS).flat(2).map(compact));

/** A month's name or its abbreviation, in any of the languages read. */
export function isMonth(word: string | undefined): boolean {
  return !!word && MONTH_WORDS.has(compact(word));
}

/** The text starts with a date: "03/02", "3 Feb", "Feb 3" ("CHF 21'415.58" does not: CHF is no month). */
export function startsWithDate(text: string): boolean {
  if (NUMERIC_DATE_START.test(text)) return true;
  return isMonth(DAY_MONTH_START.exec(text)?.[1] ?? MONTH_DAY_START.exec(text)?.[1]);
}

/** A figure no date is: three digits before the separator ("212.15"), or a bare "12.15" (a date printed with dots ends with one, "12.05.", or has its year). */
const FIGURE_NOT_DATE = /^\s*(?:\d{3}[/.-]|\d{1,2}\.\d{2}\s*$)/;

/** A cell that is a date and nothing else ("03/02/2025", "3 Feb 2025", "January 29, 2025"; not "12.15"). */
export function isDateCell(text: string): boolean {
  const m = DATE_CELL.exec(text);
  if (!m || FIGURE_NOT_DATE.test(text)) return false;
  const word = /\p{L}{3,}/u.exec(m[1]!)?.[0];
  return word === undefined || isMonth(word);
}

export function isRowLine(line: Pick<Line, 'text' | 'cells'>): boolean {
  return (AMOUNT.test(line.text) || line.cells.some((c, i) => i > 0 && WHOLE_GROUPED.test(c.text)) || wholePair(line.cells)) && printsRowDate(line);
}

const WHOLE_PLAIN = /^[-−(]?\s?(?:[$£€₹¥]|R\$|S\$|Rs\.?|(?:INR|USD|EUR|GBP|CHF|BRL|SGD|JPY|AUD|NZD|CAD|LAK)(?![A-Za-z]))?\s?\d{1,7}\s?(?:[$£€₹¥]|R\$|S\$)?\)?(?:\s?(?:-|[A-Za-z]{1,3}\.?))?$/;

/** A side's word in a column of its own between a row's amount and its balance ("8401 | D | 12569"). */
const SIDE_WORD = /^(?:[CDHS]|CR|DR|Cr|Dr|Af|Bij)\.?$/;

/**
 * A row's amount and balance in whole units printed without grouping ("7520 | 26829"): its last
 * two cells, past a date and a description; a side's word between them (a D/C column) aside.
 */
function wholePair(cells: Pick<Line, 'cells'>['cells']): boolean {
  const n = cells.length;
  if (n < 4) return false;
  const side = n >= 5 && SIDE_WORD.test(cells[n - 2]!.text.trim()) ? 1 : 0;
  return WHOLE_PLAIN.test(cells[n - 1]!.text) && WHOLE_PLAIN.test(cells[n - 2 - side]!.text);
}

/** A date at the line's start or in a cell of its own among its first three: where a row prints its date. */
function printsRowDate(line: Pick<Line, 'text' | 'cells'>): boolean {
  if (startsWithDate(line.text)) return true;
  const cells = line.cells;
  for (let i = 1; i < 3 && i < cells.length; i++) if (isDateCell(cells[i]!.text)) return true;
  return false;
}

/** Rows of a page printed with their amounts on a later line that make the page's layout (fewer are a period line over a balance). */
const MIN_WRAPPED_ROWS = 3;
/** How many lines a row's description may take before its amounts. */
const MAX_WRAP_LINES = 3;

/**
 * The lines of rows that print their date on their first line and their amounts on a later one
 * (a narrow description column, amounts last: "Jun 04 | NEXT INSURANCE PREMIUM" over
 * "1613150666 | 1,690.34 | 32,551.58"): each is a row's line though none alone has a row's
 * shape. Taken where a page prints at least three such rows.
 */
export function wrappedRowLines(lines: readonly Line[]): Map<number, 'first' | 'more'> {
  const out = new Map<number, 'first' | 'more'>();
  let page: number | null = null, found: number[] = [], rows = 0;
  const flush = () => {
    if (rows >= MIN_WRAPPED_ROWS) for (const i of found) out.set(i, printsRowDate(lines[i]!) ? 'first' : 'more');
    found = []; rows = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.page !== page) { flush(); page = line.page; }
    if (AMOUNT.test(line.text) || !printsRowDate(line)) continue;
    for (let j = i + 1; j <= i + MAX_WRAP_LINES && j < lines.length && lines[j]!.page === line.page; j++) {
      if (printsRowDate(lines[j]!)) break;
      if (AMOUNT.test(lines[j]!.text)) { for (let k = i; k <= j; k++) found.push(k); rows++; break; }
    }
  }
  flush();
  for (const i of besideRowLines(lines)) if (!out.has(i)) out.set(i, 'more');
  return out;
}

/**
 * The lines of rows that print their description's other lines beside the row's own line, where
 * nothing else tells them: above it (a narrow description column, everything else on its last
 * line: "MINIMUM PAYMENT DUE CREDIT CARD" over "3715 | 1/2/2025 | 2,107.91 | 24,943.63"), or
 * below the last row of a page ("11-Dez.-24 | UEBERTRAG AUF | … | 241,82" over "SPARKONTO 8173").
 * Each such line starts where the row's description starts, in the same weight (a bold section
 * heading over its rows, an account's title under the table, is no row's text), ends before the
 * row's next cell, and prints no date and no amount. Taken where a page prints at least three
 * rows with such lines.
 */
function besideRowLines(lines: readonly Line[]): number[] {
  const out: number[] = [];
  let page: number | null = null, found: number[] = [], rows = 0;
  const flush = () => { if (rows >= MIN_WRAPPED_ROWS) out.push(...found); found = []; rows = 0; };
  const descLine = (l: Line, row: Line) => {
    if (AMOUNT.test(l.text) || printsRowDate(l) || !l.cells.length) return false;
    const first = l.cells[0]!, last = l.cells[l.cells.length - 1]!;
    const k = row.cells.findIndex((c) => Math.abs(c.x0 - first.x0) <= 2);
    const desc = row.cells[k];
    if (!desc || desc.bold !== first.bold || isDateCell(desc.text) || AMOUNT.test(desc.text)) return false;
    const next = row.cells[k + 1];
    return !next || last.x1 <= next.x0;
  };
  for (let j = 0; j < lines.length; j++) {
    const row = lines[j]!;
    if (row.page !== page) { flush(); page = row.page; }
    if (!isRowLine(row)) continue;
    const beside: number[] = [];
    for (let i = j - 1; i >= 0 && j - i < MAX_WRAP_LINES && lines[i]!.page === row.page && descLine(lines[i]!, row); i--) beside.push(i);
    for (let i = j + 1; i < lines.length && i - j < MAX_WRAP_LINES && lines[i]!.page === row.page && descLine(lines[i]!, row); i++) beside.push(i);
    if (beside.length) { found.push(...beside); rows++; }
  }
  flush();
  return out;
}

/**
 * Indexes of the lines between the first and the last transaction row of their page that
 * `keep` accepts: the table's body. A wrapped description's other line ("CREDIT
 * CARD AUTOPAY CAPITAL ONE" over the row's figures), a row printed without its date under the
 * day's first, a dated notice: rows' text, not what the document says of itself.
 */
export function tableBodyLines(lines: readonly Line[], keep: (l: Line) => boolean = () => true, wrapped: ReadonlyMap<number, unknown> = wrappedRowLines(lines)): Set<number> {
  const out = new Set<number>();
  let start = 0;
  while (start < lines.length) {
    let end = start;
    while (end < lines.length && lines[end]!.page === lines[start]!.page) end++;
    let first = -1, last = -1;
    for (let i = start; i < end; i++) if (isTableRow(lines[i]!) || wrapped.has(i)) { if (first < 0) first = i; last = i; }
    for (let i = first + 1; first >= 0 && i < last; i++) if (keep(lines[i]!)) out.add(i);
    start = end;
  }
  return out;
}

/**
 * A row that bounds the table's body: a row line whose first cell is no label ("Fecha límite de
 * pago: | 13.01.2025" has a row's shape, a date and a figure, but is a summary field above the
 * table: bounded by it, the card's limits under it had been taken for rows' text).
 */
function isTableRow(line: Line): boolean {
  return isRowLine(line) && !/:\s*$/.test(line.cells[0]?.text ?? '') && figureBesideDate(line);
}

/**
 * A figure printed in a cell that is no date: a date's own digits look like an amount ("06.01.25"
 * holds "1.25"), and a browser's header "06.01.25, 09:41 | Tidewell | Online Banking" or a due
 * date "Fällig am | 29.01.2025" has a row's date and no figure. Bounded by such a line, a card's
 * summary under a browser's header was the table's body, its phrases no evidence: a card read
 * as a checking account, every sign turned.
 */
function figureBesideDate(line: Pick<Line, 'cells'>): boolean {
  return line.cells.some((c, i) => !isDateCell(c.text) && (AMOUNT.test(c.text) || (i > 0 && WHOLE_GROUPED.test(c.text)))) || wholePair(line.cells);
}

/** A line that prints a row's values (an amount, or a date in a cell of its own): no heading of a section. */
export function printsRowValues(line: Pick<Line, 'text' | 'cells'>): boolean {
  return AMOUNT.test(line.text) || line.cells.some((c) => isDateCell(c.text));
}

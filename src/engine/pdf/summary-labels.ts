/**
 * The summary's labels as rows.ts meets them inside and around a statement's tables: balance and
 * total phrases (data/labels.ts) found in a line's compacted key, and the summary grids printed
 * right under a table whose labels are no row's description. Moved out of rows.ts, which reads
 * the rows; nothing here keeps state.
 */
import { BALANCE_LABELS, CARD_SUMMARY_LINE_WORDS, CARRIED_BALANCE_LABELS, CARRY_LABELS, DATED_BALANCE_LABELS, DOC_TYPE_STRONG_WORDS, MONTHS, PAGE_TOTAL_LABELS, TOTAL_LABELS, TOTAL_LINE_STARTS, type Lang } from '../data/labels.js';
import { compact, type Line } from './lines.js';
import { isMoneyCell } from './row-cells.js';
import { labelGrid, stackedSummary } from './summary.js';
import { parseDateStart } from './tokens.js';
import { moneyLineBelow } from './lines-below.js';

/** What reading a date needs (rows.ts RowOptions has it). */
interface DateReading { dmy: boolean; langs: Lang[] }

export const OPENING = BALANCE_LABELS.opening.map(compact).sort((a, b) => b.length - a.length);
export const CLOSING = BALANCE_LABELS.closing.map(compact).sort((a, b) => b.length - a.length);
export const FORWARD = /broughtforward|balanceforward|carriedforward/;
/** Labels of a balance carried over a page or section (compacted, as BalanceRead.label holds them). */
export const CARRIED = new Set(CARRIED_BALANCE_LABELS.map(compact));
export const CARRY = new Set(CARRY_LABELS.map(compact));
/** A totals line ("Total", "Subtotal", "TOTAUX DES MOUVEMENTS", "Summe"), by its compacted start. */
export const TOTAL_LINE = new RegExp(`^(?:${TOTAL_LINE_STARTS.map(compact).join('|')})`);
const PAGE_TOTAL = new Set(PAGE_TOTAL_LABELS.map(compact));
/** A line whose words are a page total's label and nothing else (its page number aside: digits are not compacted). */
export function pageTotalLabel(key: string): boolean {
  return PAGE_TOTAL.has(key);
}
/** A line whose words are a page break's carried balance label and nothing else ("Übertrag", "Suma anterior"). */
export function carryLabelAlone(key: string): boolean {
  return CARRY.has(key) || CARRIED.has(key);
}
export const TOT_CREDIT = TOTAL_LABELS.credits.map(compact).sort((a, b) => b.length - a.length);
export const TOT_DEBIT = TOTAL_LABELS.debits.map(compact).sort((a, b) => b.length - a.length);
/** Phrases only a card statement prints (minimum payment, credit limit, due date…) and a card summary's limit words, compacted: as a line's whole label, a summary line, never a row. */
export const CARD_ONLY = [...(DOC_TYPE_STRONG_WORDS['Credit Card Statement'] ?? []), ...CARD_SUMMARY_LINE_WORDS].map(compact).sort((a, b) => b.length - a.length);

const DATED = DATED_BALANCE_LABELS.map(compact).sort((a, b) => b.length - a.length);
const MONTH_WORDS = new Set(Object.values(MONTHS).flat(2).map(compact));

/** A "balance on <date>" label: the key is the label and at most a month name (the date's letters). */
export function datedBalanceHit(key: string): string | null {
  for (const l of DATED) if (key.startsWith(l) && (key.length === l.length || MONTH_WORDS.has(key.slice(l.length)))) return l;
  return null;
}

/** The line with money below `li` (lines-below.ts moneyLineBelow) is a summary's ("Saldo anterior R$42.704,75"): no row's end. */
export function summaryBelow(lines: Line[], li: number): boolean {
  const k = moneyLineBelow(lines, li);
  return k > 0 && knownSummaryLabel(lines[k]!.key);
}

/**
 * A balance or total label of the summary ("Neuer Kontostand", "Summe Zahlungseingänge"). Given
 * the printed `text`, the phrase must also end where one of its words ends: "CARD PURCHASE
 * SHELL OIL" holds "purchases" only across two words.
 */
export function knownSummaryLabel(key: string, text?: string): boolean {
  const hit = labelHit(key, OPENING) ?? labelHit(key, CLOSING) ?? labelHit(key, TOT_CREDIT) ?? labelHit(key, TOT_DEBIT);
  // The label is mostly the balance or total phrase ("VIS CARD PURCHASE SHELL …" merely contains "purchases").
  if (!hit || key.length > hit.length + 12) return false;
  return text === undefined || endsOnWord(text, key, hit);
}

/** Whether some place of `hit` in `key` (compact(text)) ends where a word of `text` ends. */
function endsOnWord(text: string, key: string, hit: string): boolean {
  const ends = new Set<number>();
  let at = 0;
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) { at += compact(word).length; ends.add(at); }
  for (let i = key.indexOf(hit); i >= 0; i = key.indexOf(hit, i + 1)) if (ends.has(i + hit.length)) return true;
  return false;
}

/**
 * A summary grid printed right under a table (a card's account summary below its rows): a line
 * of more figures than any row of a table prints, under labels of which some name a balance or
 * a total. Its labels were no row's wrapped description.
 */
export function summaryAfterTable(above2: Line | null, above1: Line | null, line: Line): ReturnType<typeof stackedSummary> {
  if (line.cells.filter(isMoneyCell).length < 4) return null;
  const grid = stackedSummary(above2, above1, line);
  return grid && grid.filter((p) => knownSummaryLabel(p.key)).length >= 2 ? grid : null;
}

/**
 * Whether `line` is a summary grid's line of values with a date among its figures, under its
 * labels ("Minimum payment due | Payment due date | Credit limit" over "$445.57 | February 9, 2025
 * | $36,000.00"): every cell a figure or a whole date, one of each at least, the first no date
 * (a row's date leads it), no word of a description, and each cell under a label of the line
 * right above it (labels only, no figure, no date). Read as a row, its due date dated it and the
 * credit limit became an amount (HTML statements with the summary under the rows).
 */
export function datedGridUnder(before: Line | null, line: Line, opts: DateReading): before is Line {
  if (!before || before.page !== line.page || line.y - before.y > line.size * 2.2 || before.cells.length < 2 || line.cells.length < 2) return false;
  const isDate = (text: string) => parseDateStart(text, opts.dmy, opts.langs)?.length === text.trim().length;
  if (before.cells.some((c) => isMoneyCell(c) || isDate(c.text) || !/\p{L}/u.test(c.text))) return false;
  if (isDate(line.cells[0]!.text) || !line.cells.every((c) => isMoneyCell(c) || isDate(c.text))) return false;
  if (!line.cells.some(isMoneyCell) || !line.cells.some((c) => isDate(c.text))) return false;
  return line.cells.every((c) => before.cells.some((l) => Math.min(l.x1, c.x1) - Math.max(l.x0, c.x0) > 0));
}

/**
 * Whether `before` can be a summary grid's labels over `line`'s figures: printed right above
 * them on the same page, no header and no dated row, and the figure line naming no balance of
 * its own. One label over one figure ("Endsaldo" over "43.431,62 €" below the rows) is a grid of one.
 */
export function gridLabelsOver(before: Line | null, line: Line, headerLine: Line | null, opts: DateReading): before is Line {
  return !!before && before !== headerLine && before.page === line.page && (before.cells.length >= 2 || (before.cells.length === 1 && line.cells.length === 1)) && line.y - before.y <= line.size * 2.2
    && !parseDateStart(before.cells[0]?.text ?? '', opts.dmy, opts.langs)
    && !knownSummaryLabel(line.key) && labelHit(line.key, OPENING) === null && labelHit(line.key, CLOSING) === null;
}

/**
 * Whether the text line at `li` heads a summary grid printed inside a table's flow: the next
 * line (or the one after a second label line) holds figures that the grid readers below take
 * with these labels, as they will when that line is read. `figuresOf` reads a line's figures as
 * the grid readers will (in whole units, as the decimal figures they stand for).
 */
export function summaryLabelsAhead(lines: Line[], li: number, headerLine: Line | null, opts: DateReading, figuresOf: (l: Line) => Line = (l) => l): boolean {
  const line = lines[li]!;
  const next = lines[li + 1] && figuresOf(lines[li + 1]!);
  if (!next || next.page !== line.page) return false;
  if (!next.cells.some(isMoneyCell)) {
    // Labels over two lines: this one and the next over the figures.
    const figures = lines[li + 2] && figuresOf(lines[li + 2]!);
    if (!figures || figures.page !== line.page || !figures.cells.some(isMoneyCell) || parseDateStart(figures.cells[0]?.text ?? '', opts.dmy, opts.langs)) return false;
    // Only a line set as close as the grid's own label lines are (stackedSummary's test) is one of them.
    if (next.y - line.y >= next.size * 1.6) return false;
    return !!summaryAfterTable(line, next, figures);
  }
  if (parseDateStart(next.cells[0]?.text ?? '', opts.dmy, opts.langs)) return false;
  return !!(summaryAfterTable(lines[li - 1] ?? null, line, next) ?? (gridLabelsOver(line, next, headerLine, opts) ? labelGrid(line, next, knownSummaryLabel) : null));
}

/** One pattern per label list: most keys hold no label, and one regex test says so cheaply. */
const ANY_LABEL = new WeakMap<string[], RegExp>();
/** The longest label of `labels` inside `key` (labels are sorted longest first), null when none. */
export function labelHit(key: string, labels: string[]): string | null {
  let any = ANY_LABEL.get(labels);
  if (!any) ANY_LABEL.set(labels, (any = new RegExp(labels.join('|'))));
  if (!any.test(key)) return null;
  for (const l of labels) if (key.includes(l)) return l;
  return null;
}

import type { Lang } from '../data/labels.js';
import type { Cell } from './cell.js';
import { compact, type Line } from './lines.js';
import { parseDateStart, parseMoneyCell } from './tokens.js';
import { wholeFigureText } from './row-cells.js';
import { CLOSING, labelHit, OPENING, TOTAL_LINE } from './summary-labels.js';
import { labelGrid } from './summary.js';
import { DECIMAL_FIGURES, moneyEvidence, wholeFigures, type FigureReader } from './implied-figures.js';
import { countsRows } from './serial-numbers.js';
import { postedAfterPendingList } from './pending-list.js';

/**
 * A table printed with no column heads: its columns told by what its rows hold. Rows are lines
 * that begin with a date cell and hold a figure. Their figures stand in columns, each a run of
 * right edges within an em of one another. The rightmost column is the running balance when it
 * moves, from one balance to the next, by the credits less the debits printed between them
 * (three times in five or more); then one other column is the amount, or two are the debits
 * (the balance falls by theirs) and the credits. Without a balance, one column of figures is
 * read as signed amounts, and of two the first is taken for the debits, as most tables print
 * them, and the statement's reconciliation turns every sign where that does not reconcile
 * (./readings.ts). Columns of references (digits) and side marks (C/D) are told the same way.
 * In a document that prints no decimal figure (whole units), whole figures are the rows' figures
 * where their columns show they are money (./implied-figures.ts).
 * The heads the table would have printed are set as a line just above its first row, and the
 * table is read as if printed with them.
 */

/** Rows needed before a headless table is read. */
const MIN_ROWS = 3;
/** A column of figures holds at least this share of the rows (and two of them). */
const MIN_COLUMN_SHARE = 0.2;
/** Share of consecutive rows whose balances move by one of their figures, for a balance column. */
const MIN_CHAIN_SHARE = 0.6;
const MAX_ROWS = 5_000;
/** Lines above the first dated row with figures that may still be the table's (one row's wrapped lines). */
const MAX_WRAP_ABOVE = 12;
/** How far right of an earlier statement's implied heads a later statement's figures may stand, in ems. */
const SHIFT_EMS = 2;
/** Share of a column's figures printed with their minus for it to be told the debits by it. */
const SIGNED_SHARE = 0.8;
/** Lines below a dated line that may still hold its row's figures (its description wrapped above them). */
const WRAP_BELOW = 4;
/** A side mark as a type column prints it: credit or debit. */
const SIDE_MARK = /^(?:[CDSH]|CR|DR|Cr|Dr|Af|Bij)$/;
/** The side a line's mark (C/D, Cr/Dr, Bij/Af) puts its unsigned figure on: 1 credit, -1 debit, 0 none. */
function markSide(line: Line): number {
  const mark = line.cells.map((c) => c.text.trim()).find((t) => SIDE_MARK.test(t));
  return !mark ? 0 : /^(?:[CH]|CR|Cr|Bij)$/.test(mark) ? 1 : -1;
}
/** A payment-type code as a type column prints it ("DD", "FPI", "PRLV", "CARTAO"): one word of capitals. */
const TYPE_CODE = /^[A-Z]{2,8}$/;
/** Share of rows with a side mark for it to sign a lone column of unsigned figures. */
const MARKED_SHARE = 0.9;
/** A row's serial number as a column of them prints it ("1", "2" … "S.No.", "Sl No", "Lfd. Nr."). */
const SERIAL = /^\d{1,5}$/;
/** The head set over a column of serial numbers (a reference column's, data/labels.ts: no part of a description). */
const SERIAL_HEAD = 'S.No.';

/**
 * The cells a line's date may stand among: its first two, after a serial number printed before
 * them ("12 | WIRE TRANSFER IN | 07-03-2025 | …": composed seed 5221 --traits
 * noHeads+serialNo+typeCodes, its date the third cell, read no row).
 */
function leadCells(line: Line): number {
  return SERIAL.test(line.cells[0]?.text.trim() ?? '') ? 3 : 2;
}

/** A row: the line with its figures, its date, figures, words and other dates (`dated`: its dated line, where that is another line with a figure of its own). */
interface Figures { line: Line; date: Cell; figures: { cell: Cell; cents: number }[]; text: Cell[]; otherDates: Cell[]; dated?: Line }

/** The index of a line's date cell (a whole cell among its first two), or -1. */
function dateCellAt(line: Line, dmy: boolean, langs: Lang[]): number {
  const lead = leadCells(line);
  return line.cells.findIndex((c, i) => i < lead && parseDateStart(c.text, dmy, langs)?.length === c.text.trim().length);
}

/**
 * The undated line, among the next WRAP_BELOW on the page, close one under another, that holds a
 * dated line's figures (a row whose description wraps before its figures): the first line with a
 * figure, when no dated line comes first, and each line's words (if any) start where the
 * description's do (`textX0`): a summary's labels and figures under a last dated notice are no
 * row's (composed seed 633 --traits noHeads, "Anfangssaldo | Summe Gutschriften" over their figures).
 */
function figuresBelow(lines: Line[], i: number, textX0: number, dateX1: number, dmy: boolean, langs: Lang[], fig: FigureReader): Line | null {
  let prev = lines[i]!;
  for (let k = i + 1; k < lines.length && k <= i + WRAP_BELOW; k++) {
    const next = lines[k]!;
    if (next.page !== prev.page || next.y - prev.y > Math.max(next.size, prev.size) * 2.6 || dateCellAt(next, dmy, langs) >= 0) return null;
    // (A serial number left of the description is the row's, printed with its figures: composed
    // seed 5263 --traits noHeads+serialNo, "4 | 3878 | D | 883,53 | -2 691,44" under its dated line.
    // So is a type code between the date and the description: composed seed 27 --traits
    // noHeads+serialNo+typeCodes, "1 | CR | 10003855367 | 1,903.65 | 591.39 Cr", four rows lost.)
    const rowField = (c: Cell) => c.x1 < textX0 && (SERIAL.test(c.text.trim()) || (c.x0 > dateX1 && (TYPE_CODE.test(c.text.trim()) || SIDE_MARK.test(c.text.trim()))));
    const words = next.cells.find((c) => !fig.is(c) && !rowField(c));
    if (words && Math.abs(words.x0 - textX0) > words.size * 0.5) return null;
    // (Nor a day's subtotal under a dated notice: "9/1 AVISO: CAMBIO DE CONDICIONES" over
    // "Total día 9/1 | 2622", composed seed 5162 --traits wholeUnits+noHeads+daySubtotals,
    // whose day's total was counted as one more debit, and the debits no longer accounted for
    // the balances' change.)
    if (subtotalLine(next, fig)) return null;
    if (next.cells.some((c) => fig.is(c))) return next;
    prev = next;
  }
  return null;
}

function datedRows(lines: Line[], dmy: boolean, langs: Lang[], fig: FigureReader): Figures[] {
  const out: Figures[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (out.length >= MAX_ROWS) break;
    const line = lines[i]!;
    const first = dateCellAt(line, dmy, langs);
    if (first < 0) continue;
    const date = line.cells[first]!;
    const figures: Figures['figures'] = [];
    const text: Cell[] = [], otherDates: Cell[] = [];
    const take = (c: Cell) => {
      if (c === date) return;
      const m = fig.is(c) ? fig.money(c) : null;
      if (m && c.x0 > date.x0) figures.push({ cell: c, cents: m.cents });
      else if (parseDateStart(c.text, dmy, langs)?.length === c.text.trim().length) otherDates.push(c);
      else if (!parseDateStart(c.text, dmy, langs)) text.push(c);
    };
    for (const c of line.cells) take(c);
    // Where the description starts: its first cell of words (a reference's digits may stand left of it).
    const words = text.filter((c) => !/^\d+$/.test(c.text.trim()));
    const textX0 = Math.min(...(words.length ? words : text).map((c) => c.x0));
    // (A dated line's figures all left of the figures on its row's later line: a reference,
    // "2025/02/03 | 705800 | CLOVER SETTLEMENT" or "20/11/2024 | CLOVER SETTLEMENT | 360500", the
    // row's amounts coming on its last line. Read as a row of its own, each wrapped row counted
    // twice, and a column of few credits fell below a column's share of the rows: composed seeds
    // 68, 26039 --traits wholeUnits+noHeads, every credit lost.)
    const ahead = figures.length > 0 && text.length > 0 ? figuresBelow(lines, i, textX0, date.x1, dmy, langs, fig) : null;
    const onLater = !!ahead && figures.every((f) => ahead.cells.every((c) => !fig.is(c) || c.x0 > f.cell.x1));
    if (figures.length && !onLater) { out.push({ line, date, figures, text, otherDates }); continue; }
    // A dated line with words and no figure: a row whose figures come on a later line, as rows
    // print them when the description wraps (composed seed 353 --traits noHeads: every row of
    // page 1 did, and its heads were set on page 2, page 1's rows lost). The row is the line
    // with its figures, dated by this line's date, its text both lines' (a reference, the
    // description's words, a C/D mark beside the figures: composed seed 449).
    if (!text.length) continue;
    const below = ahead ?? figuresBelow(lines, i, textX0, date.x1, dmy, langs, fig);
    if (!below) continue;
    for (const c of below.cells) take(c);
    if (figures.length) out.push({ line: below, date, figures, text, otherDates, ...(onLater ? { dated: line } : {}) });
  }
  return inDateColumn(out);
}

/**
 * The rows whose date stands in the rows' date column: where most rows' dates start (or end,
 * dates set right), within an em. A box's dated line beside the table ("Fecha de la próxima
 * cuota | 8.1.2025" over "Importe de la cuota | 363,38", a linked loan's or card's box above
 * the rows) prints its date far right of the rows' own, under no date column: taken for the
 * first row, it set the implied heads above the box, and its instalment was read as a row
 * (composed --traits noHeads+linkedBox: 39 seeds of 40 with a loan's box, 19 with a card's).
 * Rows all kept while fewer than MIN_ROWS share a column.
 */
function inDateColumn(rows: Figures[]): Figures[] {
  if (rows.length <= MIN_ROWS) return rows;
  const near = (a: number, b: number, size: number) => Math.abs(a - b) <= size;
  const share = (edge: (r: Figures) => number) => rows.reduce<{ at: number; n: number }>((best, r) => {
    const n = rows.filter((o) => near(edge(o), edge(r), r.date.size)).length;
    return n > best.n ? { at: edge(r), n } : best;
  }, { at: 0, n: 0 });
  const left = share((r) => r.date.x0), right = share((r) => r.date.x1);
  if (Math.max(left.n, right.n) < MIN_ROWS) return rows;
  return rows.filter((r) => near(r.date.x0, left.at, r.date.size) || near(r.date.x1, right.at, r.date.size));
}

/**
 * The first dated line of the rows: the first dated row with figures, or a dated line a little
 * above it whose figures come on a later line (a row's description wrapped before its figures).
 */
function firstDatedLine(lines: Line[], rows: Figures[], opts: { dmy: boolean; langs: Lang[] }): number {
  let from = lines.indexOf(rows[0]!.line);
  // (A dated line there whose date stands in the first row's date column: no box's, `inDateColumn`.)
  const date = rows[0]!.date, inColumn = (c: Cell) => Math.abs(c.x0 - date.x0) <= date.size || Math.abs(c.x1 - date.x1) <= date.size;
  for (let i = from - 1; i >= 0 && lines.indexOf(rows[0]!.line) - i <= MAX_WRAP_ABOVE; i--) if (lines[i]!.cells.slice(0, leadCells(lines[i]!)).some((c) => inColumn(c) && parseDateStart(c.text, opts.dmy, opts.langs)?.length === c.text.trim().length)) from = i;
  return from;
}

/**
 * A day's subtotal between the rows ("Daily total | 1,234.56"): no row. Its figure, taken for
 * one more amount, broke every balance's chain, and the balances were read as the amounts
 * (composed --traits noHeads+daySubtotals: F1 0 on 18 seeds of 30).
 */
function subtotalLine(line: Line, fig: FigureReader): boolean {
  return line.cells.some((c) => !fig.is(c) && TOTAL_LINE.test(compact(c.text)));
}

/**
 * The rows' lines with figures: the dated ones, and the undated between the first dated line and
 * the last row (a day's later rows where the date is printed once a day, a row's figures on its
 * wrapped last line), whose figures stand right of the dates.
 */
function figureLines(lines: Line[], rows: Figures[], opts: { dmy: boolean; langs: Lang[] }, fig: FigureReader): Figures[] {
  const dated = new Map(rows.map((r) => [r.line, r]));
  // (A row's dated line over its figures' line is read with them, its reference with their row.)
  const over = new Set(rows.map((r) => r.dated));
  const left = Math.min(...rows.map((r) => r.date.x0));
  const from = firstDatedLine(lines, rows, opts);
  const to = lastRowLine(lines, rows, left, fig);
  const out: Figures[] = [];
  for (const line of lines.slice(from, to + 1)) {
    const row = dated.get(line);
    if (row) { out.push(row); continue; }
    if (over.has(line)) continue;
    const figures = line.cells.filter((c) => c.x0 > left && fig.is(c)).map((c) => ({ cell: c, cents: fig.money(c)?.cents ?? 0 }));
    if (subtotalLine(line, fig)) continue;
    if (figures.length) out.push({ line, date: line.cells[0]!, figures, text: line.cells.filter((c) => c.x0 > left && !fig.is(c)), otherDates: [] });
  }
  return out;
}

/**
 * The last line of the rows: the last dated row's, or an undated line below it, right of the
 * dates, standing as close under the line above as the rows do: a day's later rows where the date
 * is printed once a day (composed seed 23657 --traits wholeUnits+noHeads: the last day's two
 * debits were left out of the debits' total, which the summary then did not account for).
 */
function lastRowLine(lines: Line[], rows: Figures[], left: number, fig: FigureReader): number {
  let to = lines.indexOf(rows.at(-1)!.line);
  const pitch = rowPitch(lines, rows);
  for (let k = to + 1; k < lines.length && k - to <= WRAP_BELOW; k++) {
    const l = lines[k]!, above = lines[k - 1]!;
    if (l.page !== above.page || l.y - above.y > pitch * 1.6 || subtotalLine(l, fig) || l.cells.some((c) => c.x0 <= left)) break;
    if (l.cells.some((c) => fig.is(c))) to = k;
  }
  return to;
}

/**
 * Columns of figures, in order across the page: runs of right edges within an em, or of figures
 * that overlap (a column printed left-aligned: its right edges differ by the figures' widths).
 */
function figureColumns(rows: Figures[]): { cols: { x0: number; x1: number; rows: Set<Figures> }[]; sparse: boolean } {
  const all = rows.flatMap((r) => r.figures.map((f) => ({ r, f })));
  all.sort((a, b) => a.f.cell.x1 - b.f.cell.x1);
  const cols: { x0: number; x1: number; rows: Set<Figures>; last: number }[] = [];
  for (const { r, f } of all) {
    const em = f.cell.size;
    const col = cols.at(-1);
    if (col && (f.cell.x1 - col.last <= em || f.cell.x0 < col.x1)) { col.x0 = Math.min(col.x0, f.cell.x0); col.x1 = Math.max(col.x1, f.cell.x1); col.rows.add(r); col.last = f.cell.x1; continue; }
    cols.push({ x0: f.cell.x0, x1: f.cell.x1, rows: new Set([r]), last: f.cell.x1 });
  }
  const need = Math.max(2, Math.ceil(rows.length * MIN_COLUMN_SHARE));
  const kept = cols.filter((c) => c.rows.size >= need);
  // A balance printed once a day (on the day's last row) fills fewer rows: the rightmost column,
  // on a few rows, is kept for the balance chain to try (dropped again when it does not chain).
  const right = cols.at(-1);
  const sparse = !!right && !kept.includes(right) && right.rows.size >= MIN_ROWS && kept.length >= 1 && right.x0 > kept.at(-1)!.x1;
  return { cols: sparse ? [...kept, right] : kept, sparse };
}

/**
 * Where the table begins: its first dated row with figures may be the last line of a row whose
 * description wraps above it, or a day's later row (the date printed once a day, on a line above).
 * Going up from it, a line is the table's while it sits no further above than the rows stand
 * apart and every cell of it stands under one of the heads (a date under Date, text under
 * Description, a figure under a column of figures).
 */
function tableStart(lines: Line[], at: number, heads: Head[], rows: Figures[], opts: { dmy: boolean; langs: Lang[] }, fig: FigureReader): number {
  const pitch = rowPitch(lines, rows);
  const under = (c: Cell) => heads.some((h) => {
    // Words under the descriptions start where they do (a wrapped line, a balance's label), not
    // far right of them (a summary grid's "Closing Balance" above the first row, composed seed 52
    // --traits dayHeadings+noHeads: the heads were set over it, and no row was read).
    if (h.text === 'Description') return c.x0 >= h.x0 - c.size && c.x0 <= h.x0 + c.size * 2 && !fig.is(c);
    if (!(c.x0 < h.x1 && h.x0 < c.x1)) return false;
    return h.text === 'Date' || h.text === 'Value Date' ? !!parseDateStart(c.text, opts.dmy, opts.langs) : h.text === SERIAL_HEAD ? SERIAL.test(c.text.trim()) : h.text === 'Reference' || h.text === 'Type' || fig.is(c);
  });
  for (let i = at - 1; i >= 0 && at - i <= MAX_WRAP_ABOVE; i--) {
    const l = lines[i]!, below = lines[i + 1]!;
    if (l.page !== below.page || below.y - l.y > pitch * 1.6 || !l.cells.every(under)) break;
    at = i;
  }
  return at;
}

/**
 * The usual distance between the table's lines: the least gap between two lines on a page from
 * the first row to the last (a line's height, no fraction of one). Not between rows with figures
 * alone: where each day's rows stand under a day heading (set aside, day-headings.ts) and most
 * rows wrap, those stand several lines apart, and a summary's figure well above the first row
 * was taken for the table's (composed seed 52 --traits dayHeadings+noHeads).
 */
function rowPitch(lines: Line[], rows: Figures[]): number {
  let least = Infinity;
  const from = lines.indexOf(rows[0]!.line), to = lines.indexOf(rows.at(-1)!.line);
  for (let i = from + 1; i <= to; i++) {
    const a = lines[i - 1]!, b = lines[i]!;
    if (a.page === b.page && b.y - a.y >= Math.min(a.size, b.size) * 0.8) least = Math.min(least, b.y - a.y);
  }
  return Number.isFinite(least) ? least : rows[0]!.line.size * 1.5;
}

type Head = { text: string; x0: number; x1: number };
/** The heads a document's earlier statement implied (kept by the document, as its anchor votes). */
export interface ImpliedHeads { heads?: Head[] }

/**
 * The heads the rows imply, or, when the document's earlier statement implied heads that every
 * figure here stands under (its right edge within SHIFT_EMS ems of theirs: a second account's
 * table may be set a little apart from the first's, composed seed 151 --traits noHeads printed
 * its credits 9 points right of the first account's), those (a second account's few rows cannot
 * show which column is the balance, nor fill two columns of amounts: one document, one layout).
 */
export function impliedHeader(lines: Line[], opts: { dmy: boolean; langs: Lang[]; impliedHeads?: ImpliedHeads; wholeUnits?: boolean }): Line[] | null {
  for (const fig of opts.wholeUnits ? wholeReaders(lines, opts) : [DECIMAL_FIGURES]) {
    const headed = impliedWith(lines, opts, fig);
    if (headed) return headed;
  }
  return null;
}

/**
 * Columns of whole numbers that print no sign of money taken together, at most, as amounts and
 * the balance the chain must confirm (a debit, a credit and a balance column).
 */
const MAX_PLAIN_COLUMNS = 3;
/**
 * Columns of plain whole numbers among which those are chosen, at most: the readings tried are
 * the subsets of up to MAX_PLAIN_COLUMNS of them (92 of 8 columns), so their number stays bounded.
 */
const MAX_PLAIN_CHOICE = 8;

/**
 * In a document in whole units (no decimal figure printed anywhere), the readers of its whole
 * figures to try in turn. A column of whole numbers is money when its figures print a sign, a
 * currency mark or digits grouped in thousands (implied-figures.ts moneyEvidence); one that
 * prints none of these (references, check numbers, or amounts printed plain) is taken only where
 * the running balance (the rightmost column) chains with it, as it cannot with a reference's
 * figures; the more such columns the better, then none. With no balance to chain, plain
 * columns are taken where the statement's summary accounts for them (`summaryAccounts`).
 * Before, a table in whole units with no heads had no figure at all, and not a row was read
 * (composed --traits wholeUnits+noHeads: 30 seeds of 30).
 */
function wholeReaders(lines: Line[], opts: { dmy: boolean; langs: Lang[] }): FigureReader[] {
  const descStart = descriptionStart(lines, opts);
  const loose = wholeFigures(descStart);
  const rows = datedRows(lines, opts.dmy, opts.langs, loose);
  if (rows.length < MIN_ROWS) return [];
  const lined = figureLines(lines, rows, opts, loose);
  const { cols } = figureColumns(lined);
  const cellsIn = (k: { x0: number; x1: number }) => lined.flatMap((r) => r.figures.filter((f) => f.cell.x1 >= k.x0 && f.cell.x1 <= k.x1 + 0.5).map((f) => f.cell));
  const money = cols.filter((k) => moneyEvidence(cellsIn(k)));
  const plain = cols.filter((k) => !money.includes(k));
  if (plain.length > MAX_PLAIN_CHOICE) return money.length ? [wholeFigures(descStart, money)] : [];
  // (A column of references beside plain debits, credits and a balance makes four: composed
  // seed 2 --traits wholeUnits+noHeads, "483100 | … | 10833 | | 24522", no reader was tried and
  // not a row was read. A reference's figures cannot chain with the balance, so the subsets of
  // three without it are tried too.)
  const subsets: (typeof cols)[] = [];
  for (let mask = (1 << plain.length) - 1; mask > 0; mask--) {
    const some = plain.filter((_, i) => mask & (1 << i));
    if (some.length <= MAX_PLAIN_COLUMNS) subsets.push(some);
  }
  subsets.sort((a, b) => b.length - a.length);
  const sum = (k: { x0: number; x1: number }) => cellsIn(k).reduce((t, c) => t + Math.abs(loose.money(c)?.cents ?? 0), 0);
  // A lone column's figures signed by the side marks on their lines (C/D), when every one has its mark.
  const marked = (k: { x0: number; x1: number }) => {
    const sides = [0, 0];
    for (const r of lined) {
      for (const f of r.figures) {
        if (!(f.cell.x1 >= k.x0 && f.cell.x1 <= k.x1 + 0.5)) continue;
        const side = markSide(r.line);
        if (!side) return null;
        sides[side > 0 ? 0 : 1]! += Math.abs(loose.money(f.cell)?.cents ?? 0);
      }
    }
    return { credits: sides[0]!, debits: sides[1]! };
  };
  const accounted = summaryAccounts(lines, new Set(lined.map((r) => r.line)));
  const readers = subsets.map((some) => {
    const taken = cols.filter((k) => money.includes(k) || some.includes(k));
    return wholeFigures(descStart, taken, !accounted(some.map(sum), taken.map(sum), taken.length === 1 ? marked(taken[0]!) : null));
  });
  if (money.length) readers.push(wholeFigures(descStart, money));
  return readers;
}

/**
 * Whether the whole figures printed outside the rows (`rowLines`) account for columns of plain
 * whole numbers: each one's total is printed (a summary's "Total credits | 61526"), or, with two
 * columns of amounts, the labelled opening and closing balances differ by the one's total less
 * the other's, or, with one column signed by the side marks beside it (`marked`: its credits'
 * and its debits' totals), both totals are printed or the balances differ by the one less the
 * other. (A column of references totals to no printed figure.)
 */
function summaryAccounts(lines: Line[], rowLines: Set<Line>): (plainSums: number[], amountSums: number[], marked: { credits: number; debits: number } | null) => boolean {
  const printed = new Set<number>();
  let opening: number | null = null, closing: number | null = null;
  let above: Line | null = null;
  for (const line of lines) {
    if (rowLines.has(line)) { above = null; continue; }
    const before = above;
    above = line;
    const figures = line.cells.map((c) => wholeFigureText(c.text)).filter((t): t is string => !!t).map((t) => parseMoneyCell(t)?.cents).filter((v): v is number => v !== undefined);
    for (const v of figures) printed.add(Math.abs(v));
    // The balances of a grid, their labels over their figures ("Opening balance | Closing Balance"
    // over "19685 | 21730" under the rows: composed seed 30043 --traits wholeUnits+noHeads, plain
    // debits and credits that nothing else accounts for, not a row was read).
    if (figures.length && figures.length === line.cells.length) {
      const asDecimal = { ...line, cells: line.cells.map((c) => ({ ...c, text: wholeFigureText(c.text)! })) };
      for (const p of labelGrid(before, asDecimal, (k) => !!labelHit(k, OPENING) || !!labelHit(k, CLOSING)) ?? []) {
        const cents = parseMoneyCell(p.money)?.cents;
        if (cents === undefined) continue;
        if (opening === null && labelHit(p.key, OPENING)) opening = cents;
        else if (closing === null && labelHit(p.key, CLOSING)) closing = cents;
      }
    }
    if (figures.length !== 1) continue;
    if (opening === null && labelHit(line.key, OPENING)) opening = figures[0]!;
    else if (closing === null && labelHit(line.key, CLOSING)) closing = figures[0]!;
  }
  const change = opening !== null && closing !== null ? closing - opening : null;
  // (A lone column of plain amounts marked C/D, no balance: composed seed 23679 --traits
  // wholeUnits+noHeads, its total, credits and debits together, printed nowhere; not a row was read.)
  const marksAccount = (m: { credits: number; debits: number } | null) => !!m && m.credits + m.debits > 0
    && ((printed.has(m.credits) && printed.has(m.debits)) || change === m.credits - m.debits);
  return (plainSums, amountSums, marked) => plainSums.every((v) => v > 0 && printed.has(v))
    || (amountSums.length === 2 && change !== null && Math.abs(change) === Math.abs(amountSums[0]! - amountSums[1]!))
    || marksAccount(marked);
}

/**
 * Where the rows' descriptions start: the middle of the left edges of the first cell of words
 * (no date, no figure, no side mark "Cr") on each dated line. Undefined when no dated line prints words.
 */
function descriptionStart(lines: Line[], opts: { dmy: boolean; langs: Lang[] }): number | undefined {
  const starts: number[] = [];
  for (const line of lines) {
    const d = dateCellAt(line, opts.dmy, opts.langs);
    if (d < 0) continue;
    const words = line.cells.find((c, i) => i > d && /\p{L}{2}/u.test(c.text) && !SIDE_MARK.test(c.text.trim()) && !wholeFigureText(c.text) && !parseDateStart(c.text, opts.dmy, opts.langs));
    if (words) starts.push(words.x0);
  }
  starts.sort((a, b) => a - b);
  return starts[starts.length >> 1];
}

function impliedWith(lines: Line[], opts: { dmy: boolean; langs: Lang[]; impliedHeads?: ImpliedHeads }, fig: FigureReader): Line[] | null {
  const rows = datedRows(lines, opts.dmy, opts.langs, fig);
  if (!rows.length) return null;
  // Rows not posted yet listed above the table under their heading: the heads go over the
  // table's rows below them, which alone imply them (./pending-list.ts).
  const posted = postedAfterPendingList(lines, firstDatedLine(lines, rows, opts), (l) => l.cells.some((c) => fig.is(c)));
  if (posted > 0) {
    const rest = impliedWith(lines.slice(posted), opts, fig);
    if (rest) return [...lines.slice(0, posted), ...rest];
  }
  const learnt = opts.impliedHeads?.heads;
  const figureHeads = learnt?.filter((h) => FIGURE_HEADS.has(h.text));
  const fits = !!figureHeads?.length && figureLines(lines, rows, opts, fig).every((r) => r.figures.every((f) => figureHeads.some((h) => f.cell.x1 >= h.x0 - f.cell.size && f.cell.x1 <= h.x1 + SHIFT_EMS * f.cell.size)));
  const heads = fits ? fitted(learnt!, rows) : ownHeads(lines, rows, opts, fig);
  if (!heads) return null;
  if (opts.impliedHeads && !fits) opts.impliedHeads.heads = heads;
  // From the first dated line, which may stand above the first with figures, on the page before
  // (composed seed 207 --traits noHeads: a second account's rows at the foot of page 1, each
  // wrapping onto a line with its figures, were left above the heads set on page 2).
  const at = tableStart(lines, firstDatedLine(lines, rows, opts), heads, rows, opts, fig);
  const first = lines[at]!;
  const size = rows[0]!.line.size;
  const cells: Cell[] = heads.map((h) => ({ text: h.text, x0: h.x0, x1: h.x1, size, bold: true, parts: [{ text: h.text, x0: h.x0, x1: h.x1 }] }));
  const joined = cells.map((c) => c.text).join('  ');
  const header: Line = { page: first.page, y: first.y - size * 1.4, size, x0: cells[0]!.x0, x1: cells.at(-1)!.x1, cells, text: joined, key: compact(joined), index: first.index };
  return [...lines.slice(0, at), header, ...lines.slice(at)];
}

const FIGURE_HEADS = new Set(['Amount', 'Debit', 'Credit', 'Balance']);

/**
 * An earlier statement's heads over this one's rows, the Date and Description heads starting
 * where this table's dates and descriptions do when that is a little left of the earlier
 * table's (within SHIFT_EMS ems, under no other head): a second account's serial numbers a digit
 * narrower set its columns 2 points left, and its last row, undated ("32 | INGR | INTEREST
 * PAYMENT | 12,36"), starting left of the learnt descriptions' head, was taken for a summary
 * line (composed seed 5247 --traits noHeads+serialNo+typeCodes).
 */
function fitted(heads: Head[], rows: Figures[]): Head[] {
  return heads.map((h) => {
    if (h.text !== 'Date' && h.text !== 'Description') return h;
    const cells = h.text === 'Date' ? rows.map((r) => r.date) : rows.flatMap((r) => r.text).filter((c) => !/^\d+$/.test(c.text.trim()));
    const near = cells.filter((c) => c.x0 < h.x0 && c.x0 >= h.x0 - SHIFT_EMS * c.size && !heads.some((o) => o !== h && c.x0 < o.x1 && o.x0 < c.x1));
    return near.length ? { ...h, x0: Math.min(...near.map((c) => c.x0)) } : h;
  });
}

/**
 * A column of serial numbers counting the rows ("S.No.", "Nº", "Lfd. Nr." over 1, 2, 3 …, as
 * Indian and European statements print them): on most lines with figures, a number of a few
 * digits left of where the descriptions start, at one place, the numbers counting the rows in
 * printed order (./serial-numbers.ts; a notice between rows takes a number too). Without a head,
 * each was read as the first word of its row's description (composed --traits
 * noHeads+serialNo+typeCodes 5201-5225: 21 seeds of 25). Null when there is none.
 */
function serialHead(pool: Figures[], descStart: number | undefined): Head | null {
  if (descStart === undefined) return null;
  // The row's leftmost such number: its own line's, or the dated line's above its figures.
  const leftmost = (r: Figures) => [...r.text, ...r.line.cells].filter((c) => SERIAL.test(c.text.trim()) && c.x1 < descStart).sort((a, b) => a.x0 - b.x0)[0];
  const cells = pool.map(leftmost).filter((c): c is Cell => !!c);
  if (cells.length < Math.max(MIN_ROWS, pool.length * 0.5)) return null;
  const x0s = cells.map((c) => c.x0).sort((a, b) => a - b);
  const mid = x0s[x0s.length >> 1]!;
  const at = cells.filter((c) => Math.abs(c.x0 - mid) <= c.size * 2);
  if (at.length < Math.max(MIN_ROWS, pool.length * 0.5) || !countsRows(at.map((c) => Number(c.text.trim())))) return null;
  return { text: SERIAL_HEAD, x0: Math.min(...at.map((c) => c.x0)), x1: Math.max(...at.map((c) => c.x1)) };
}

function ownHeads(lines: Line[], rows: Figures[], opts: { dmy: boolean; langs: Lang[] }, fig: FigureReader): Head[] | null {
  if (rows.length < MIN_ROWS) return null;
  const lined = figureLines(lines, rows, opts, fig);
  const { cols, sparse } = figureColumns(lined);
  if (!cols.length) return null;
  const heads: Head[] = [];
  const balance = cols.length >= 2 ? cols.at(-1)! : null;
  const others = balance ? cols.slice(0, -1) : cols;
  let chained = false, debitFirst = true, untested = false;
  if (balance && others.length <= 2) {
    // Every line from the first row to the last holding a figure: a balance closes the figures
    // since the one before (a row whose figures wrap to its last line, or a day's rows under one
    // daily balance), which must move it by credits less debits, one way round or the other.
    const from = lines.indexOf(rows[0]!.line), to = lines.indexOf(rows.at(-1)!.line);
    // (One column's figures summed as printed too: a day's signed amounts under one balance move it by their sum.)
    // Rows listed newest first carry the balance after their row too: going down the page, a
    // balance is the one above less the figures from that one's line down to this line's.
    let prev: number | null = null, sums = [0, 0], signed = 0, tested = 0, ways = [0, 0];
    let above = [0, 0], aboveSigned = 0, newestWays = [0, 0];
    for (const line of lines.slice(from, to + 1)) {
      if (subtotalLine(line, fig)) continue;
      const cells = line.cells.filter((c) => fig.is(c));
      // A side mark on the line (C/D, Bij/Af) signs its unsigned figure.
      const side = markSide(line);
      const own = [0, 0];
      let ownSigned = 0;
      for (const c of cells) {
        const i = others.findIndex((o) => c.x1 >= o.x0 && c.x1 <= o.x1 + 0.5);
        const m = fig.money(c);
        const v = m ? (side && !m.explicit ? side * Math.abs(m.cents) : m.cents) : 0;
        if (i >= 0) own[i] = own[i]! + Math.abs(v);
        if (i === 0) ownSigned += v;
      }
      sums = [sums[0]! + own[0]!, sums[1]! + own[1]!]; signed += ownSigned;
      const b = cells.find((c) => c.x1 >= balance.x0 && c.x1 <= balance.x1 + 0.5);
      const cents = b ? fig.money(b)?.cents ?? null : null;
      if (cents === null) { above = [above[0]! + own[0]!, above[1]! + own[1]!]; aboveSigned += ownSigned; continue; }
      if (prev !== null && (sums.some((v) => v) || above.some((v) => v))) {
        const delta = cents - prev;
        tested++;
        if (others.length === 1) {
          if (Math.abs(delta) === sums[0] || delta === signed) ways[0]!++;
          if (Math.abs(delta) === above[0] || delta === -aboveSigned) newestWays[0]!++;
        } else {
          if (delta === sums[1]! - sums[0]!) ways[0]!++;
          else if (delta === sums[0]! - sums[1]!) ways[1]!++;
          if (delta === above[0]! - above[1]!) newestWays[0]!++;
          else if (delta === above[1]! - above[0]!) newestWays[1]!++;
        }
      }
      prev = cents; sums = [0, 0]; signed = 0; above = own; aboveSigned = ownSigned;
    }
    // The order the balances chain in: newest first when that way holds more of them.
    if (Math.max(newestWays[0]!, newestWays[1]!) > Math.max(ways[0]!, ways[1]!)) ways = newestWays;
    const best = Math.max(ways[0]!, ways[1]!);
    chained = tested >= 3 && best >= tested * MIN_CHAIN_SHARE;
    untested = tested < 3;
    debitFirst = ways[0]! >= ways[1]!;
  }
  if (fig.balanceOnly && !chained) return null;
  // A column of payment-type codes ("DD", "SO", "FPI"; "VIR", "PRLV", "CB"): one word of
  // capitals in a cell of its own, at one place on at least half the rows, each of those rows
  // printing its description in another cell. Without a head, each code was read as the first
  // word of its row's description (composed --traits typeCodes+noHeads: 98 seeds of 100).
  const byX = new Map<number, Cell[]>();
  for (const r of rows) {
    for (const c of r.text) {
      if (!TYPE_CODE.test(c.text.trim()) || !r.text.some((d) => d !== c && !/^\d+$/.test(d.text.trim()) && Math.abs(d.x0 - c.x0) > c.size * 2)) continue;
      const key = Math.round(c.x0 / (c.size * 2));
      byX.set(key, [...(byX.get(key) ?? []), c]);
    }
  }
  const codeCells = [...byX.values()].sort((a, b) => b.length - a.length)[0];
  if (codeCells && codeCells.length >= Math.max(MIN_ROWS, rows.length * 0.5)) heads.push({ text: 'Type', x0: Math.min(...codeCells.map((c) => c.x0)), x1: Math.max(...codeCells.map((c) => c.x1)) });
  // Columns of short text at one place on most rows: references (digits) and side marks (C/D, Cr/Dr).
  // A column of references printed on some rows only (a check's number on the checks) counts too
  // when each stands in a cell of its own, at one place, away from where descriptions start.
  // (Where descriptions start: not at a column of codes left of them, nor at a side mark, "H" or
  // "D" beside amounts printed first: composed seed 5187 --traits noHeads+amountsFirst took the
  // marks for the descriptions' start, a wrapped row's "518073954304" at the descriptions' for a
  // column of references, whose head then covered every description.)
  const codes = heads.find((h) => h.text === 'Type');
  const starts = rows.map((r) => r.text.filter((c) => !/^\d+$/.test(c.text.trim()) && !SIDE_MARK.test(c.text.trim()) && !(codes && c.x0 < codes.x1 && codes.x0 < c.x1)).map((c) => c.x0)).filter((xs) => xs.length).map((xs) => Math.min(...xs)).sort((a, b) => a - b);
  const descStart = starts[starts.length >> 1];
  const serial = serialHead(lined, descStart);
  if (serial) heads.push(serial);
  const inSerial = (c: Cell) => !!serial && c.x0 < serial.x1 && serial.x0 < c.x1;
  for (const [kind, test] of [['Reference', /^\d{3,}$/], ['Type', SIDE_MARK]] as const) {
    // (Digits where descriptions start are a wrapped description's last words on the row's
    // figure line, "56633282" of "…TRANSACTION#: 56633282", no reference column's: composed
    // seed 80 --traits noHeads took them for one, and its head spread over the descriptions.)
    const atDesc = (c: Cell) => kind === 'Reference' && descStart !== undefined && Math.abs(c.x0 - descStart) <= c.size * 2;
    // References are looked for on every line with figures, dated or not (dates once per day:
    // composed seed 317 --traits noHeads, two check numbers, one on an undated row, were read as
    // one, no column, and the descriptions' width ran to them); side marks on the dated rows.
    const pool = kind === 'Reference' ? lined : rows;
    // (Side marks are looked for outside a column of codes: "CR" may be one of its codes.)
    const inCodes = (c: Cell) => kind === 'Type' && !!codes && c.x0 < codes.x1 && codes.x0 < c.x1;
    const cells = pool.map((r) => r.text.find((c) => test.test(c.text.trim()) && !atDesc(c) && !inCodes(c) && !inSerial(c))).filter((c): c is Cell => !!c);
    const apart = kind === 'Reference' && descStart !== undefined && cells.length >= 2 && cells.every((c) => Math.abs(c.x0 - descStart) > c.size * 2 && Math.abs(c.x0 - cells[0]!.x0) <= c.size * 2);
    if (cells.length < pool.length * 0.5 && !apart) continue;
    const x0s = cells.map((c) => c.x0).sort((a, b) => a - b);
    const mid = x0s[x0s.length >> 1]!;
    const at = cells.filter((c) => Math.abs(c.x0 - mid) <= c.size * 2 || Math.abs(c.x1 - cells[0]!.x1) <= c.size);
    if (at.length < pool.length * 0.5 && !apart) continue;
    heads.push({ text: kind, x0: Math.min(...at.map((c) => c.x0)), x1: Math.max(...at.map((c) => c.x1)) });
  }
  // A second column of dates (a value date): the rows are dated by the first, as under
  // "Booking Date | Value Date"; without a head of its own it would be read as another column's.
  const seconds = rows.map((r) => r.otherDates[0]).filter((c): c is Cell => !!c);
  if (seconds.length >= rows.length * 0.5) {
    const x0s = seconds.map((c) => c.x0).sort((a, b) => a - b);
    const mid = x0s[x0s.length >> 1]!;
    const at = seconds.filter((c) => Math.abs(c.x0 - mid) <= c.size * 2);
    if (at.length >= rows.length * 0.5) heads.push({ text: 'Value Date', x0: Math.min(...at.map((c) => c.x0)), x1: Math.max(...at.map((c) => c.x1)) });
  }
  const amounts = chained || sparse ? cols.slice(0, -1) : cols;
  if (amounts.length === 1) {
    // One column of figures with no balance to sign them: read only when it prints its signs
    // (a minus, brackets, CR/DR) or a column of side marks (C/D) beside it does on (nearly)
    // every row; unsigned, each figure could be either way.
    const col = amounts[0]!;
    // (A row whose figure is zero needs no side, and prints none: "SERVICE CHARGE WAIVED | 0",
    // composed seed 26079 --traits noHeads, two of twelve rows unmarked, and not a row was read.)
    const sided = rows.filter((r) => r.figures.some((f) => f.cents !== 0));
    const marked = sided.filter((r) => r.text.some((c) => SIDE_MARK.test(c.text.trim()))).length >= sided.length * MARKED_SHARE && heads.some((h) => h.text === 'Type');
    const signed = chained || marked || [...col.rows].some((r) => r.figures.some((f) => f.cell.x1 >= col.x0 && f.cell.x1 <= col.x1 + 0.5 && fig.money(f.cell)?.explicit));
    if (!signed) return null;
    heads.push({ text: 'Amount', x0: col.x0, x1: col.x1 });
  }
  else if (amounts.length === 2) {
    // Two columns that rows fill together, the last of which could be a running balance too few
    // times apart to test it: an amount and its balance, or debits and credits, nothing here
    // tells; left unread. (Debits and credits are filled one or the other, never both.)
    const inCol = (r: Figures, c: { x0: number; x1: number }) => r.figures.some((f) => f.cell.x1 >= c.x0 && f.cell.x1 <= c.x1 + 0.5);
    const both = rows.some((r) => inCol(r, amounts[0]!) && inCol(r, amounts[1]!));
    if (!chained && untested && both && !sparse) return null;
    // With no balance to tell, a column whose figures print their minus (or brackets, DR) beside
    // one whose figures print none is the debits, whichever stands first (composed seed 448
    // --traits noHeads: credits left of debits printed "-893,25", all read as debits).
    if (!chained) {
      const negShare = (c: { x0: number; x1: number }) => {
        const fs = rows.flatMap((r) => r.figures.filter((f) => f.cell.x1 >= c.x0 && f.cell.x1 <= c.x1 + 0.5));
        return fs.length ? fs.filter((f) => f.cents < 0).length / fs.length : 0;
      };
      const [n0, n1] = [negShare(amounts[0]!), negShare(amounts[1]!)];
      if (n0 >= SIGNED_SHARE && n1 === 0) debitFirst = true;
      else if (n1 >= SIGNED_SHARE && n0 === 0) debitFirst = false;
    }
    // The debits column is the one the balance falls by; with no balance, the first, as most
    // tables print them ("Withdrawals | Deposits", "Soll | Haben", "Débit | Crédit"), and the
    // statement's reconciliation turns every sign when that reading does not reconcile (./readings.ts).
    amounts.forEach((c, i) => heads.push({ text: (i === 0) === debitFirst ? 'Debit' : 'Credit', x0: c.x0, x1: c.x1 }));
  } else return null;
  if (chained) heads.push({ text: 'Balance', x0: balance!.x0, x1: balance!.x1 });
  const dates = rows.map((r) => r.date);
  heads.push({ text: 'Date', x0: Math.min(...dates.map((c) => c.x0)), x1: Math.max(...dates.map((c) => c.x1)) });
  // The descriptions' words, not a stray cell left of another head that stands before them: a
  // lone check's number ("3257", left of a column of codes) set the head's start there, the head
  // spread over the codes', and each row's description was read as its code (composed seed 5201
  // --traits noHeads+typeCodes: every description empty).
  const before = (c: Cell) => descStart !== undefined && heads.some((h) => h.x0 >= c.x1 && h.x1 <= descStart);
  const text = rows.flatMap((r) => r.text).filter((c) => !heads.some((h) => c.x0 < h.x1 && h.x0 < c.x1) && !before(c));
  if (text.length) heads.push({ text: 'Description', x0: Math.min(...text.map((c) => c.x0)), x1: Math.max(...text.map((c) => c.x0)) + 10 });
  heads.sort((a, b) => a.x0 - b.x0);
  return heads;
}

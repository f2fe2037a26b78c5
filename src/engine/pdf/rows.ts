/**
 * The transaction rows of a statement's tables (readTables). Long on purpose: most of it is
 * readTablesOnce, one pass whose state lives in its locals (see there); what one line's cells give
 * a row is in ./line-cells.ts, the geometry of one line's cells in ./row-cells.ts, the summary's
 * labels in ./summary-labels.ts, where a table's figures are printed in ./printed-edges.ts, the
 * statement's head in ./statement-head.ts.
 */
import type { Cents } from '../../contract/money.js';
import { FURNITURE_PATTERNS, PAGE_NUMBER_CELL, PAGE_NUMBER_TAIL, PROJECTION_WORDS } from '../data/labels.js';
import { continuesHeader, headerColumns, headingName, namesBothWays, namesNoTotal, sectionHeading, summarySign, type Column } from './header-row.js';
import { labelGrid, stackedSummary } from './summary.js';
import { compact, type Cell, type Line } from './lines.js';
import { intervalDistance, isMoneyCell, mergeLines, moneyColumn, splitAtColumns, splitCells, splitMoneyRuns, splitSideBySide, tableGeometry, wholeFigureText, wholeUnits, type TableGeometry } from './row-cells.js';
import { isMoneyText, parseDateStart, parseMoneyCell, type DateParts, type Money } from './tokens.js';
import { dateCellBelow, datedMoneyLines, figuresUnder, lastOnPage, moneyLines, looseHeadsOverColumns, moneyLineBelow, rowEndsBelow, wrapsIntoNext } from './lines-below.js';
import { balanceRunsOn } from './balance-chain.js';
import { CARD_ONLY, CARRY, carryLabelAlone, CLOSING, datedBalanceHit, datedGridUnder, FORWARD, gridLabelsOver, knownSummaryLabel, labelHit, OPENING, pageTotalLabel, summaryAfterTable, summaryBelow, summaryLabelsAhead, TOT_CREDIT, TOT_DEBIT, TOTAL_LINE } from './summary-labels.js';
import { PrintedEdges } from './printed-edges.js';
import { isDateCell as isDateOnlyCell, isMonth } from './row-line.js';
import { moneyColumnsOverFigures, unreadSideColumn } from './heads-apart.js';
import { unreadFlagColumn } from './flag-column.js';
import { amountFromBalances, balanceFollows } from './unread-amounts.js';
import { MAX_LOST_FIGURES, type LostFigureRow } from './lost-lead-figures.js';
import { NOTE_LEGEND } from './lone-marks.js';
import { periodTotalsHead } from './period-totals.js';
import { monthHeading } from './month-headings.js';
import { StatementHead } from './statement-head.js';
import { addVotes, noVotes, tallyVotes, votedAnchor, wrapsByWidth, type Anchor, type AnchorVotes, type WrapPair } from './wrap-votes.js';
import { mixedAnchors, SectionWrap, type SectionRead } from './section-wrap.js';
import { impliedHeader, type ImpliedHeads } from './implied-header.js';
import { dropSerialNumbers } from './serial-numbers.js';
import { isFxDetail } from './fx-detail.js';
import { MAX_MEASURED_LINES, wideNoticeWidth, type ColumnWidths } from './wide-notices.js';
import { goesOnBelow, wrappedSentenceLines } from './sentence.js';
import { bodyAdvanceByPage, rowContinuesBelow, widerType } from './ocr-type-size.js';
import { markPrintedAfterFigures } from './mark-read-as-digit.js';
import { printedMarks } from './misread-flags.js';
import { wrappedHeads, type WrappedHeads } from './wrapped-heads.js';
import { readLineCells, type LineCells } from './line-cells.js';
import type { RowOptions } from './row-options.js';

export type { AnchorVotes } from './wrap-votes.js';
export type { RowOptions } from './row-options.js';
/** Read by assemble.ts's statement split too. */
export { knownSummaryLabel } from './summary-labels.js';

/** Where the first date or money column right of the descriptions starts (Infinity: none). */
function columnRightOf(columns: Column[], desc: Column): number {
  let x = Infinity;
  for (const k of columns) if (k.x0 > desc.x1 - 1 && k.kind !== 'description' && k.kind !== 'ref' && k.kind !== 'type' && k.kind !== 'other' && k.kind !== 'check') x = Math.min(x, k.x0);
  return x;
}

/** A projection (data/labels.ts PROJECTION_WORDS): never an undated row. */
const PROJECTION = new RegExp(`\\b(?:${PROJECTION_WORDS.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`, 'i');

/** A rate and nothing else ("24,99%", "0.05 %"): an interest table's cell, never a row's description. */
const RATE_ONLY = /^[-+]?\d{1,3}(?:[.,]\d{1,4})?\s?%$/;

/** A transaction row as read, before years and signs are settled. */
export interface RawRow {
  date: DateParts;
  description: string[];
  debit?: Money;
  credit?: Money;
  amount?: Money;
  balance?: Money;
  checkNumber?: string;
  type?: string;
  sectionSign: 1 | -1 | 0 | null;
  section?: string;
  page: number;
  /** The table (header row) it was read under, counted through the statement. */
  table: number;
  /** The row printed its own date (false: it took the date of the row above). */
  ownDate: boolean;
  /** A card's undated charge under its heading ("INTEREST CHARGE ON PURCHASES"): charged on the closing date. */
  closingDate?: boolean;
  /** An OCR row whose date cell printed something no date reading takes ("1l-giu"): it took the date above, unsure. */
  dateUnread?: boolean;
  /**
   * An OCR row dated by a month name or digits misread by a glyph ("26 Noy", "2025 OL 07":
   * ./misread-dates.ts), flagged as `dateUnread`: the date it takes instead (the date above)
   * where assemble.ts finds that date at odds with the rows around it or the period.
   */
  dateMisread?: DateParts;
  /** An OCR row's date cell as read where it read as no date ("2025-06 c2"): ./garbled-dates.ts may date it from the rows around it. */
  dateText?: string;
  /** An OCR row's date cell as read, where it read as the row's date (./dates-out-of-order.ts). */
  dateCell?: string;
  /** Dates read cleanly of the dated lines with no amount printed right under it ("25/02/25 CARTAO SUBSTITUIDO"): order evidence (./dates-out-of-order.ts). */
  noticeDates?: DateParts[];
  /** An OCR row whose type column's letter was read from a one-glyph misreading (./misread-flags.ts): flagged. */
  flagMisread?: boolean;
  /** An OCR row whose amount cell was garbled ("264145€"), under that column: its amount may come from its balances (./unread-amounts.ts). */
  amountUnread?: 'debit' | 'credit' | 'amount';
  /** The garbled amount cell's text (./lost-lead-figures.ts reads its tail). */
  amountUnreadText?: string;
  /** Its amount taken from the balances around it (./unread-amounts.ts): flagged. */
  amountFromBalances?: boolean;
}

/** A printed opening or closing balance. */
export interface BalanceRead {
  cents: Cents;
  label: string;
  rank: number;
  /** `marker`: the balance printed with CR/DR (on a card or loan, CR is a balance in the holder's favour). */
  marker?: 'CR' | 'DR' | null;
  /** Negative only because its unsigned figure stands under the Debit column (assemble.ts may turn it back: ./column-signed.ts). */
  byColumn?: boolean;
}

export interface TableRead {
  rows: RawRow[];
  nonTransactions: string[];
  opening: BalanceRead[];
  closing: BalanceRead[];
  /** Per side, the printed total, and a second reading of the summary's where it admits one (see readTablesOnce's end). */
  totals: { credits: Cents[]; debits: Cents[] };
  tablesFound: number;
  columnsValid: boolean;
  /** Rows set aside under a heading of rows not posted yet ("Pending transactions"). */
  pending: number;
  /** The first line read as a table's heads (where lines above it were read as no table). */
  firstHeader?: Line;
  /** OCR rows dropped for a garbled amount and no balance of their own, where they stood (./lost-lead-figures.ts may mend them). */
  lostFigures?: LostFigureRow<RawRow>[];
}

/** A figure printed in a table's Debit column (right edge at the header's, or inside its span) and in no other money column. */
function underDebit(columns: Column[], x0: number, x1: number): boolean {
  const money = columns.filter((c) => c.kind === 'debit' || c.kind === 'credit' || c.kind === 'balance' || c.kind === 'amount');
  const hits = money.filter((c) => Math.abs(x1 - c.x1) <= 4 || (x0 >= c.x0 - 4 && x1 <= c.x1 + 4));
  return hits.length === 1 && hits[0]!.kind === 'debit';
}

/** A figure whose x-range meets a money column (debit, credit, amount, balance) of one of the tables. */
function inMoneyColumn(tables: Column[][], cell: { x0: number; x1: number }): boolean {
  return tables.some((cols) => cols.some((c) => (c.kind === 'debit' || c.kind === 'credit' || c.kind === 'balance' || c.kind === 'amount')
    && cell.x1 >= c.x0 - 4 && cell.x0 <= c.x1 + 4));
}

/**
 * The next line when it holds only the last words of `label` (line `li`'s) wrapped in its cell:
 * one text cell right below, at the label's x, on the same page, with no figure and no more than
 * a few words; and the label alone names no balance or total while the two together do.
 */
function wrappedLabelTail(lines: Line[], li: number, label: Cell): { text: string; index: number } | null {
  const line = lines[li]!, next = lines[li + 1];
  if (!next || next.page !== line.page || next.cells.length !== 1 || next.y - line.y > line.size * 1.6) return null;
  const cell = next.cells[0]!;
  if (Math.abs(cell.x0 - label.x0) > 2 || isMoneyCell(cell) || cell.text.split(/\s+/).length > 4) return null;
  // A line that is a whole label of its own (a carried balance's label alone, "Saldo da
  // riportare", under a page's last row) is no other label's wrapped end, and a label's first
  // words are words: each page's last row was read as "030066442 Saldo da riportare -2.061,75"
  // (or "HARBOR CAFE CO Saldo da riportare 1.199,51") and lost (composed carryRows 250).
  if (!/\p{L}{2}/u.test(label.text) || knownSummaryLabel(compact(cell.text), cell.text)) return null;
  if (knownSummaryLabel(compact(label.text), label.text)) return null;
  const whole = `${label.text} ${cell.text}`;
  return knownSummaryLabel(compact(whole), whole) ? { text: cell.text, index: li + 1 } : null;
}

/**
 * Whether nothing but the pages' furniture (a page's foot, the next page's running head) lies
 * between a table's last line (on `page`, at `y`) and line `li` atop the next page: the table ran
 * to its page's foot and broke there. Looks back a few lines only.
 */
function brokenAtFoot(lines: Line[], li: number, page: number, y: number, furniture: (l: Line) => boolean): boolean {
  if (lines[li]!.page !== page + 1) return false;
  for (let k = li - 1, n = 0; k >= 0 && n < 8; k--, n++) {
    const l = lines[k]!;
    if (l.page === page && l.y <= y) return true;
    if (!furniture(l)) return false;
  }
  return false;
}

/**
 * A line of words in the description column over or under a dated line with figures whose words
 * start where this line's do, or (over it) that has none: a row's first or last words in the
 * description cell's own type (cells aligned to the row's bottom, its top or its middle),
 * whatever that type's size. The date may follow the description (a description column first),
 * and other lines of the same cell may stand between (a description of three lines, its first
 * two over the dated line). The figure line may be undated (the date printed on a day's first
 * row only) where the table has read such rows, or where its dates stand left of its
 * descriptions: a title starts at the page's margin, not at the description column.
 */
function wordsOfTheirRow(lines: Line[], li: number, desc: Column | undefined, opts: RowOptions, undatedRows: boolean): boolean {
  const line = lines[li]!;
  if (!desc || line.x0 < desc.x0 - 2) return false;
  const near = (a: Line, b: Line) => a.page === b.page && Math.abs(a.y - b.y) <= 1.6 * line.size;
  const row = (l: Line | undefined, from: Line, over: boolean) => {
    if (!l || !near(l, from)) return false;
    if (!l.cells.some(isMoneyCell)) return false;
    const firstFigure = Math.min(...l.cells.filter(isMoneyCell).map((c) => c.x0));
    // The date first, or after the description where that column comes first ("BLUE RIDGE SUPPLY INC | 16 dic | 3,005.43").
    const dated = l.cells.findIndex((c, i) => (i === 0 || c.x0 > line.x0 + 2) && c.x1 < firstFigure && !isMoneyCell(c) && !!parseDateStart(c.text, opts.dmy, opts.langs));
    // Undated (see above): its words must then start where this line's do.
    if (dated < 0 && !undatedRows) return false;
    const words = l.cells.filter((c, i) => i !== dated && !isMoneyCell(c));
    return line.x1 < firstFigure && ((over && !words.length && dated >= 0) || words.some((c) => Math.abs(c.x0 - line.x0) <= 2));
  };
  // Lines of the same cell: words alone, where this line's start, in its type, a line apart.
  // (The type is the words' own: a line whose centred figures were moved up to its row's first
  // line, centred-values.ts, keeps the size of the items it held.)
  const type = (l: Line) => l.cells[0]?.size ?? l.size;
  const sameCell = (l: Line | undefined, from: Line) => !!l && near(l, from) && !l.cells.some(isMoneyCell) && Math.abs(l.x0 - line.x0) <= 2 && Math.abs(type(l) - type(line)) <= 0.5;
  for (const step of [1, -1]) {
    let from = line, k = li + step;
    // A cell's lines are few: at most MAX_CELL_LINES between this one and its row's dated line.
    for (let n = 0; n < MAX_CELL_LINES && sameCell(lines[k], from); n++) { from = lines[k]!; k += step; }
    if (row(lines[k], from, step === 1)) return true;
  }
  return false;
}

/**
 * Cells (two to four, read apart by OCR) that together are an opening or closing balance's
 * label and little else: the label is most of their letters, so a row's description that merely
 * holds a balance word is none.
 */
function spreadLabel(cells: Cell[]): boolean {
  if (cells.length < 2 || cells.length > 4) return false;
  const k = compact(cells.map((c) => c.text).join(' '));
  const hit = labelHit(k, OPENING) ?? labelHit(k, CLOSING);
  return !!hit && k.length <= hit.length + 4;
}

/** The most lines of one description cell that may stand between a line of it and its row's dated line. */
const MAX_CELL_LINES = 4;

function isFurniture(line: Line, opts: RowOptions): boolean {
  if (opts.boilerplate.has(`${Math.round(line.y / 4)}|${line.text}`)) return true;
  // A page number alone in any language read ("Seite 2 von 6", "Page 1 sur 4"), not only English's.
  return FURNITURE_PATTERNS.some((re) => re.test(line.text.trim())) || PAGE_NUMBER_CELL.test(line.text.trim()) || pageNumbered(line);
}

/**
 * A line of several cells, one a page number ("Page 1 / 2", "Seite 4 von 5"), or a few cells
 * in a row that read as one ("Page" "1" "/" "2": a scan of Courier, its wide spaces read as
 * cell gaps, a speck's point after it; composed scan 296, whose footer "Crédit Maritime du Nord"
 * then headed page 2's rows as a section of credits): a page's head or foot.
 */
function pageNumbered(line: Line): boolean {
  if (line.cells.length < 2) return false;
  if (line.cells.some((c) => PAGE_NUMBER_CELL.test(c.text.trim()))) return true;
  const cells = line.cells.map((c) => c.text.trim());
  for (let i = 0; i < cells.length; i++) {
    for (let j = i + 2; j <= Math.min(cells.length, i + 5); j++) {
      if (PAGE_NUMBER_CELL.test(cells.slice(i, j).join(' ').replace(/[.,]$/, ''))) return j - i < cells.length;
    }
  }
  return false;
}

interface Group {
  row: RawRow;
  hasAmount: boolean;
  /** The group began on a line with its own date (so it is no wrapped description). */
  dated: boolean;
  lastY: number;
  /** Its first and last lines (indices into the lines read). */
  firstLi: number;
  lastLi: number;
  /** How many description lines the row had when its balance was printed (its last line's). */
  balanceAt?: number;
}

/**
 * Where a line's description ends, for the wrap votes: the right edge of its first run of text
 * cells, up to any other cell printed after it (a date, a figure, a check number). Text past
 * those, or from the next column's head on, is another column's (a check number no head named,
 * printed right of a description-first table's dates: composed seed 186 --traits noHeads, where
 * it made every line look far from full and no wrapped row was told, so a wrapped "EQUIPMENT
 * FINANCE" went to the row below).
 */
function descriptionRun(textCells: Cell[], cells: Cell[], columns: Column[], desc: Column | undefined): number {
  const sorted = [...textCells].sort((a, b) => a.x0 - b.x0);
  // The next column's head right of the description's: a cell starting there is that column's.
  const next = desc ? Math.min(...columns.filter((k) => k.x0 > desc.x0 + 2).map((k) => k.x0)) : Infinity;
  let end = sorted[0]?.x1 ?? -Infinity;
  for (const c of sorted.slice(1)) {
    if (c.x0 >= next - 2 || cells.some((o) => !textCells.includes(o) && o.x0 >= end && o.x1 <= c.x0)) break;
    end = Math.max(end, c.x1);
  }
  return end;
}

/** Lines with a figure on the pages before the first heads' page, past which those pages hold a table. */
const UNHEADED_TABLE_LINES = 5;
/** Times the table's type size from which a line without figures is a title that ends the table. */
const TITLE_SIZE = 1.25;
function moneyPagesBeforeHeads(lines: Line[], heads: Line | undefined): boolean {
  if (!heads) return false;
  let n = 0;
  for (const l of lines) {
    if (l.page === heads.page) break;
    if (l.cells.length >= 2 && l.cells.some(isMoneyCell) && ++n >= UNHEADED_TABLE_LINES) return true;
  }
  return false;
}

/**
 * Reads the tables once as rows were always read (a dated line starts a row; undated text
 * after a finished row starts the next one, which ends with its amount); then, when the
 * wrapped lines' widths say otherwise, reads again that way. Amounts never depend on it,
 * descriptions do:
 * - amountLast: description lines first, then a line with date, amount and balance;
 * - amountFirst: the amount line first, its description running on below it (no date on a
 *   day's later rows, so no date tells where such a row starts).
 */
export function readTables(lines: Line[], opts: RowOptions): TableRead {
  const votes = noVotes();
  const first = readTablesOnce(lines, opts, 'default', votes);
  // An OCR reading that found no table head by its words, or read far fewer rows than it has
  // dated lines with money (page 1's heads garbled, page 2's read): read again with heads matched
  // loosely (header-row.ts fuzzyKind), kept when it reads more rows.
  if (opts.ocr && (first.tablesFound === 0 || Math.max(datedMoneyLines(lines, opts), moneyLines(lines) / 2) > first.rows.length * 2 + 2)) {
    const loose = readTablesOnce(lines, { ...opts, fuzzyHeads: true }, 'default', noVotes());
    if (loose.tablesFound && loose.rows.length > first.rows.length) return loose;
  }
  // No column heads anywhere: the heads the rows' contents imply (./implied-header.ts), kept
  // when they read rows. So where the only heads found read no row (a daily-balance table's
  // "Date | Balance" after a ledger printed without heads: composed --traits
  // dailyBalances+noHeads read not one row).
  // So, on a scan, where the first heads found are a later page's and the pages before them
  // print figures on many lines: their heads were garbled ("Bockdatum | Bedrug"), and once a
  // misread date no longer cost the later page its rows, they were read no more (composed 641
  // faxed at 150 dpi).
  if (first.tablesFound === 0 || first.rows.length === 0 || (opts.ocr && moneyPagesBeforeHeads(lines, first.firstHeader))) {
    // The lines above the first heads found only: the tables they head stay as they were read.
    const cut = first.firstHeader ? lines.indexOf(first.firstHeader) : lines.length;
    // (In whole units when the document prints no decimal figure: ./implied-figures.ts.)
    const above = impliedHeader(lines.slice(0, cut), { ...opts, wholeUnits: !lines.some((l) => l.cells.some((c) => isMoneyText(c.text))) });
    const headed = above && [...above, ...lines.slice(cut)];
    if (headed) {
      const implied = readTables(headed, opts);
      if (implied.rows.length > first.rows.length) return implied;
    }
  }
  const doc = opts.anchorVotes;
  if (doc) addVotes(doc, votes);
  const voted = votedAnchor(doc ?? votes);
  // Sections that wrap their rows two ways (./section-wrap.ts): each read as its own lines say.
  const mixed = mixedAnchors(first.sections, first.anchor === 'amountLast' || voted === 'amountLast' ? 'amountLast' : voted);
  // Rows seen to begin on their dated line (readTablesOnce datedFirstRows): read once more
  // knowing it from the first row on, which was read before the rows below told it; in the
  // sections where they were seen so only.
  const datedFirst = (read: ReturnType<typeof readTablesOnce>, anchors: (i: number) => Anchor | undefined) => (read.datedFirstRows >= 2 && read.rows.length
    ? readTablesOnce(lines, opts, anchors(0) ?? 'amountLast', noVotes(), 0, 0, 0, true, read.datedFirstSections.map((d, i): SectionRead => ({ anchor: anchors(i), datedFirst: d })))
    : read);
  if (mixed) return datedFirst(readTablesOnce(lines, opts, mixed[0] ?? 'default', noVotes(), 0, 0, 0, false, mixed.map((a) => ({ anchor: a }))), (i) => mixed[i]);
  // Told part way through (by a text line under a header): read the rows before it again too.
  // Read again only where the other way would read some row differently.
  if (first.anchor === 'amountLast' || voted === 'amountLast') {
    if (first.differs.last) return datedFirst(readTablesOnce(lines, opts, 'amountLast', votes), () => undefined);
  }
  else if (voted === 'amountFirst' && first.differs.first) return readTablesOnce(lines, opts, 'amountFirst', votes, 0, 0, first.differs.wide);
  // Dated notices over a day's next row, in a table whose rows all wrap by width: read again with them apart.
  const dated = first.differs.notices > 0 && wrapsByWidth(votes, first.differs.notices);
  // Undated notices under a row's figure line (readTablesOnce tells them): read again with them apart.
  const undated = first.differs.undated > 0;
  // Notices told by their width alone (./wide-notices.ts): read again with them apart.
  const wide = first.differs.wide;
  if (dated || undated || wide) return readTablesOnce(lines, opts, 'default', noVotes(), dated ? first.widest : 0, undated ? first.rowWidest : 0, wide);
  return first;
}

/** Share of the widest description on a figure line within which a line and the next line's first word fit "with room to spare". */
const NOTICE_ROOM = 0.92;
/** Words (of two letters or more) a notice's line holds at least ("CARTAO SUBSTITUIDO"; "Ref 2638652541" holds one). */
const NOTICE_WORDS = 2;
const wordCount = (text: string) => text.split(/\s+/).filter((w) => /\p{L}.*\p{L}/u.test(w)).length;

/**
 * Reads the transaction tables of one statement's lines. Driven by header rows (column
 * kinds and positions), section headings (signs), balance and total labels; one pass over
 * the lines, each line's cells placed by position (./row-cells.ts, ./line-cells.ts). The pass
 * keeps its state (open groups, current table, section sign, pause) in locals that nearly every
 * branch reads and changes; its steps (heads, a new table, summary lines, section headings, a
 * line under a table) are closures over them, each a function of its own: as one function of a
 * thousand lines, V8 took ~450 ms to optimise it on a background thread and did so again after
 * every deoptimisation (a new shape of line met), which cost more CPU than the reading itself
 * (bench/convert.bench.ts). What looks at the lines below the current one lives in ./lines-below.ts.
 */
function readTablesOnce(lines: Line[], opts: RowOptions, anchor: Anchor, votes: AnchorVotes, noticeWidest = 0, undatedNotices = 0, wideNotices = 0, datedFirst = false, known?: SectionRead[]): TableRead & { anchor: Anchor; differs: { first: number; last: number; notices: number; undated: number; wide: number }; widest: number; rowWidest: number; datedFirstRows: number; sections: Anchor[]; datedFirstSections: boolean[] } {
  // The marks the document's figures print (CR, DR…), counted once, when a misread one is met.
  let marks: Map<string, number> | undefined;
  // The currency mark the document's figures print after them (./mark-read-as-digit.ts), found once, when a figure asks.
  let markAfter: string | null | undefined;
  const out: TableRead = { rows: [], nonTransactions: [], opening: [], closing: [], totals: { credits: [], debits: [] }, tablesFound: 0, columnsValid: true, pending: 0 };
  // (Set in startTable: typed so that the loop, which does not see that, narrows it no further.)
  let tables = null as Column[][] | null;
  // Per table of `tables`, what every row needs: its x-range and key columns (settled once per header).
  let geometry: TableGeometry[] = [];
  // Per table, where its figures are printed (a whole-number amount, a note beside the table).
  let printed: PrintedEdges[] = [];
  let sectionSign: 1 | -1 | 0 | null = null;
  let sectionName: string | undefined;
  // The lines of sentences wrapped over several lines (sentence.ts), found once a heading is asked for.
  let prose: Set<Line> | null = null;
  // Under a heading of rows not posted yet, until the next heading.
  let pendingSection = false;
  // Lines with money read under the pending heading read last (its rows, dated or not, under
  // heads of its own or none the reader knows).
  let pendingLines = 0;
  // Of those, rows that printed a date: a pending list printed undated ends at the first dated row
  // (an app's list: "Pending" over undated rows, then rows under day headings, each dated by its
  // heading, day-headings.ts; read on as pending, every posted row on the page was set aside).
  let pendingDated = 0;
  // A row set aside as pending by the word in its date cell takes the text lines right under it
  // (its wrapped description), or they ran into the next posted row and turned how rows wrap.
  let pendingTail = false;
  // Heads over a pending list only (printed above the posted table): the statement's first
  // header, under which the probe tells how rows wrap, is the one after them.
  let pendingHeads = 0;
  // Text lines under the pending heading since its last line with money (see where the section ends).
  let pendingHeld: string[] = [];
  let lastTableY = -Infinity, lastTablePage = -1, tableSize = 10;
  let paused = false;
  // Paused by a page's total line ("Total de la page"): the table may run on atop the next page.
  let pausedByTotal = false;
  // The figure of the last closing balance printed in a table (a page's carried balance).
  let carriedOut: Cents | null = null;
  // Paused by a card's section heading (not by a totals line or a title): its undated charges
  // ("Interest Charged" over "INTEREST CHARGE ON PURCHASES $15.23") are rows of the closing date.
  let headingRows = false, undatedSection = false;
  // Under the heads of a table of period and year-to-date totals (period-totals.ts): its undated
  // lines are set aside, until a dated line or new heads.
  let periodTotals = false;
  let lastDate: DateParts | null = null;
  // Rows of the current table read with figures but no date of their own (dates printed once per day).
  let undatedFigureRows = 0;
  const open: (Group | null)[] = [];
  let lastRow: RawRow | null = null;
  // Where a wrapped row prints its date and amounts: on its first line (most tables) or on its
  // last (some credit unions: description lines first, then date, amount and balance). Told by
  // the rows under a header: a text-only line first (right under the header or its opening
  // balance row) followed by a line with money means rows end, not begin, with their amounts.
  let bottomAnchored = anchor === 'amountLast';
  // bottomAnchored set for one table only, by text under its heads before its first figures
  // on the page of the rows above it (a section printing its rows otherwise than the others).
  let tableAnchored = false;
  let amountFirst = anchor === 'amountFirst';
  let probe: 'start' | 'text' | 'done' = anchor === 'default' ? 'start' : 'done';
  // A document that prints no decimal figure at all is in whole units (rupees, kip, yen): its
  // summary's whole figures are read beside their labels.
  const wholeDoc = !lines.some((l) => l.cells.some((c) => isMoneyText(c.text)));
  // What the lines below a text line hold is money by the same test as a row's cells: in whole
  // units, a whole figure under a money column (a row ending below with "3.173 | 14.092" was
  // seen as no row's end, and its first lines atop the page were lost).
  // A line of whole figures only, in a whole-unit document, as the decimal figures it stands for
  // (what the summary-grid readers take); any other line as it is.
  const wholeAsDecimal = (l: Line): Line => (wholeDoc && l.cells.length && l.cells.every((c) => wholeFigureText(c.text)) ? { ...l, cells: l.cells.map((c) => ({ ...c, text: wholeFigureText(c.text)! })) } : l);
  // So is a figure printed in one cell with the next column's words (a value date: "2.370,49 13 feb
  // 2025" under "Importo | Valuta"), which the row's cells split at the columns (row-cells.ts).
  const moneyBelow = (c: Cell) => isMoneyCell(c) || (!!tables && tables.some((cols) => splitAtColumns([c], cols).some((p) => p !== c && isMoneyCell(p))))
    || (wholeDoc && !!tables && tables.some((cols) => wholeUnits(c, cols, true) !== null));
  let probeText = 0;
  // Where the text of the last line with an amount starts (see `indented`).
  let rowText: { page: number; x0: number } | null = null;
  // The table's previous line (for the votes): its text width, whether it had money, its page.
  let prevText: { page: number; width: number; money: boolean; li: number; y: number; dated: boolean } | null = null;
  // Each pair names its block of text lines (`text`: the index of its first line in `lines`).
  let block = -1;
  const pairs: WrapPair[] = [];
  // How each section's own rows wrap (./section-wrap.ts): its pairs and its first row.
  const sections = new SectionWrap();
  let widest = 0;
  const differs = { first: 0, last: 0, notices: 0, undated: 0, wide: 0 };
  // The widest description on a row's figure line, and the widths (line above and first word)
  // of undated text lines under a row's figure line over the next row's first line.
  let rowWidest = 0;
  const noticeCandidates: number[] = [];
  // The column's widths for notices told by width alone (./wide-notices.ts).
  const column: ColumnWidths = { figureLines: 0, wrapBound: Infinity, lines: new Map(), prose: new Set() };

  // The texts of one-line dated notices read so far ("CARTE RENOUVELEE"): the same text dated
  // over a day's next row is that notice again, whatever the widths say.
  const notices = new Set<string>();
  // The last row whose amount was taken from its balances, until the row after it vouches for its balance.
  let fromBalances: RawRow | null = null;
  // The last line of the last row read (for the rows whose amount is taken from the balances).
  let lastRowLi = -1;
  const dropFromBalances = () => {
    const k = out.rows.lastIndexOf(fromBalances!);
    if (k >= 0) out.rows.splice(k, 1);
    out.nonTransactions.push(fromBalances!.description.join(' '));
    if (lastRow === fromBalances) lastRow = out.rows[out.rows.length - 1] ?? null;
    fromBalances = null;
  };
  const finish = (slot: number) => {
    const g = open[slot];
    if (!g) return;
    open[slot] = null;
    if (g.hasAmount) {
      // A row that only names a balance ("Opening Balance b/f", "Balance brought forward") is no transaction.
      const joined = g.row.description.length === 1 ? g.row.description[0]! : g.row.description.join(' ');
      const k = joined.length <= 48 ? compact(joined) : '';
      const hit = k ? labelHit(k, OPENING) ?? labelHit(k, CLOSING) : null;
      if (hit && k.length <= hit.length + 6) {
        const value = g.row.balance ?? g.row.amount ?? g.row.credit ?? g.row.debit;
        if (value) (labelHit(k, OPENING) ? out.opening : out.closing).push({ cents: value.cents, label: hit, rank: 1, marker: value.marker });
        out.nonTransactions.push(g.row.description.join(' '));
        return;
      }
      // A total's label wrapped over the lines above its figures ("Totale del 02 giu" over "2025 |
      // 755,97", rows ending with their figures) is a total, as it is on one line (summaryLine):
      // read as a row, each day's subtotal broke the balances (composed seed 24101 --traits
      // daySubtotals+footnotes, F1 0.825).
      if (!g.row.ownDate && g.row.description.length > 1 && TOTAL_LINE.test(compact(joined))) { out.nonTransactions.push(joined); return; }
      // A card's undated $0.00 line ("INTEREST CHARGE ON CASH ADVANCES $0.00") moves nothing.
      const m = g.row.amount ?? g.row.debit ?? g.row.credit;
      if (g.row.closingDate && m && m.cents === 0) { out.nonTransactions.push(g.row.description.join(' ')); return; }
      delete g.row.amountUnread; delete g.row.amountUnreadText;
      // The row after one whose amount was taken from the balances vouches for that row's balance, or it is left out.
      if (fromBalances) { if (!balanceFollows(fromBalances, g.row)) dropFromBalances(); fromBalances = null; }
      out.rows.push(g.row); lastRow = g.row; lastRowLi = g.lastLi; return;
    }
    // A scan's dated row whose amount was garbled past reading, its balance read: its amount
    // from the balances, where the row above's balance follows from the one before it (and the
    // next row's from this one's, checked when it comes). Else dropped as before.
    if (g.dated && g.row.amountUnread && g.row.balance && !fromBalances) {
      const above = out.rows[out.rows.length - 1], before = out.rows[out.rows.length - 2];
      // No figure or date read between the row above and this one: a row lost there would be
      // in the balances' difference (composed fax 629: "-2,694.10" for a lost "-2,194.00" and its own "-500.10").
      const between = lines.slice(lastRowLi + 1, g.firstLi).some((l) => l.cells.some((c) => isMoneyCell(c) || !!parseDateStart(c.text, opts.dmy, opts.langs)));
      const amounts = above && before && above === lastRow && lastRowLi >= 0 && !between && balanceFollows(before, above) ? amountFromBalances(above, g.row, g.row.amountUnread) : null;
      if (amounts) {
        Object.assign(g.row, amounts, { amountFromBalances: true });
        delete g.row.amountUnread; delete g.row.amountUnreadText;
        out.rows.push(g.row); lastRow = g.row; lastRowLi = g.lastLi; fromBalances = g.row;
        return;
      }
    }
    // A group that never got an amount: undated, its text continues the previous row's
    // description; dated, it is a dated line that is no transaction (a page header's date).
    if (g.dated) {
      if (g.row.amountUnread && g.row.amountUnreadText && g.row.ownDate && (out.lostFigures ??= []).length < MAX_LOST_FIGURES) {
        out.lostFigures.push({ at: out.rows.length, row: g.row });
      }
      if (g.row.description.length) out.nonTransactions.push(g.row.description.join(' '));
      if (lastRow && g.row.ownDate && !g.row.dateUnread && g.row.dateCell && lastRow.page === g.row.page) (lastRow.noticeDates ??= []).push(g.row.date);
      if (g.row.description.length === 1 && notices.size < 200) notices.add(compact(g.row.description[0]!));
      return;
    }
    // One that printed a balance of its own is a notice ("CARTA SOSTITUITA | €7.402,86"), no row's words.
    if (lastRow && g.row.description.length && !g.row.balance) lastRow.description.push(...g.row.description);
    else if (g.row.balance && g.row.description.length) out.nonTransactions.push(g.row.description.join(' '));
  };
  const finishAll = () => { for (let i = 0; i < open.length; i++) finish(i); };

  // Unsigned balances printed under a table's Debit or Credit column (French "SOLDE PRÉCÉDENT"
  // rows, Italian "Saldo iniziale" lines): the column gives the sign, settled once a table is known.
  const placed: { entry: BalanceRead; x0: number; x1: number }[] = [];
  let sidedColumns: Column[] | null = null;
  const summaryItems = { credits: [] as Cents[], debits: [] as Cents[] };
  let summaryNetted = false;
  const summaryTotals = { credits: [] as Cents[], debits: [] as Cents[] };
  const sectionTotals = { credits: [] as Cents[], debits: [] as Cents[] };
  let prevLine: Line | null = null, prevLine2: Line | null = null, headerLine: Line | null = null, headingLine: Line | null = null;
  // The header's last line: itself, or a further line of heads printed under it (continuesHeader).
  let headerBand: Line | null = null;
  // The lines above the first table, which a later page's running head repeats.
  const head = new StatementHead();
  // Dated rows whose amount came on a later line than their date: the table's rows end with their amounts.
  let amountsBelow = 0;
  // Rows dated on their first line and completed by an undated line with their amount, where rows
  // end with their amounts (descriptions broken by hand over lines): then a text line under such a
  // dated line is the row's next line, no row of its own.
  let datedFirstRows = datedFirst ? 2 : 0;
  // Lines holding the last words of a summary label wrapped in its cell, read with the label above.
  const labelTails = new Set<number>();
  // Per page, the width per letter of the body type (a scan's only, measured when first asked).
  let bodyAdvance: Map<number, number> | undefined;
  // Heads wrapped in their cells over two or three lines (./wrapped-heads.ts): read as one header at the band's last line.
  let headBand: WrappedHeads | null = null;
  const isDateCell = (text: string) => parseDateStart(text, opts.dmy, opts.langs)?.length === text.length;
  // The column heads line `li` holds (with the line above, or as the last line of heads wrapped
  // in their cells, `band`), or null.
  const headsAt = (li: number, line: Line, before: Line | null, band: Line | null): Column[] | null => {
  const under = opts.ocr ? (x0: number, x1: number) => figuresUnder(lines, li, x0, x1) : undefined;
  let cols = headerColumns(band ?? line, false, undefined, opts.ocr, under);
  // An OCR reading where no head was read by its words: heads garbled by a character or two,
  // taken only right above a row (a dated line with money) on the same page.
  if (!cols && opts.fuzzyHeads && line.cells.length >= 3) {
    const dated = dateCellBelow(lines, li, opts);
    cols = dated ? headerColumns(line, true, dated) : looseHeadsOverColumns(lines, li);
  }
  // A header printed on two lines ("DATE" over "PAID"): merge with the line just above. A dated
  // line is a row (whole-unit amounts are no money cells), never a header's second line; so is
  // a line with a cell that is a date (a description-first table's first row, its figures on
  // a later line: "PAYPAL TRANSFER | 16.12. | 139424").
  // A section heading right under a header that stands on its own ("Payments and Credits" under
  // one set of column heads for all sections) heads rows; it is no second line of the header.
  if (!band && !cols && before && before.page === line.page && line.y - before.y < line.size * 1.6 && !line.cells.some(isMoneyCell)
    && !parseDateStart(line.cells[0]?.text ?? '', opts.dmy, opts.langs) && !line.cells.some((c) => parseDateStart(c.text, opts.dmy, opts.langs)?.length === c.text.length)
    && !(before === headerLine && sectionHeading(line, opts.card, true))
    // Nor is a line holding a reference number ("BANKCARD DEPOSIT MTOT DEP 250102": a row's first line, its "deposit" no head).
    && !/\d{4}/.test(line.text)
    // Nor, in whole units, is a line with a figure in a cell of its own ("Saldo anterior |
    // R$39 561" under the heads: its "Saldo" made a balance column over the descriptions).
    && !(wholeDoc && line.cells.some((c) => wholeFigureText(c.text) !== null))) {
    cols = headerColumns(mergeLines(before, line), false, undefined, opts.ocr, under);
    // Under a header read on its own, a line is its second line only when it adds heads: the
    // first row's description line right under the heads ("CARD PURCHASE 06/11") adds none.
    if (cols && before === headerLine && tables && cols.length <= tables.reduce((n, t) => n + t.length, 0)) cols = null;
  }
  // Heads of two words stacked over two lines where the lower words read as a header alone
  // ("DESCRIZIONE" over "DATA  OPERAZIONE  IMPORTO  SALDO", a line printer's heads): the upper
  // line's words are heads too when, merged, they name a kind of column the lower line has none of
  // (the descriptions' here, else taken for the dates' overflow; a word that makes a column of no
  // kind, "Zinsen" over "Datum", names none, nor does a title over the heads that names one they
  // have, "Opérations" over "Date  Libellé"). Only a line right above, of
  // words alone: no figure, no date, no reference number.
  else if (!band && cols && before && before !== headerLine && before.page === line.page && line.y - before.y < line.size * 1.6 && !before.cells.some(isMoneyCell)
    && !parseDateStart(before.cells[0]?.text ?? '', opts.dmy, opts.langs) && !before.cells.some((c) => parseDateStart(c.text, opts.dmy, opts.langs)?.length === c.text.length)
    && !/\d{4}/.test(before.text)
    // Each upper word over one of the lower line's heads, as stacked heads stand (a title across the table stands over several).
    && before.cells.every((t) => line.cells.filter((c) => intervalDistance(c.x0, c.x1, t.x0, t.x1) === 0).length === 1)) {
    const merged = headerColumns(mergeLines(before, line), false, undefined, opts.ocr, under);
    const named = (k: Column[]) => new Set(k.map((c) => c.kind).filter((kind) => kind !== 'other')).size;
    if (merged && named(merged) > named(cols)) cols = merged;
  }
    return cols;
  };
  // A new table under heads `cols` (line `line`): the rows open so far end, its columns are set.
  const startTable = (cols: Column[], line: Line, before: Line | null): void => {
    // A table under its own title that names no direction ("Your transactions" after "Payments
    // and credits"): the previous heading's sign ends there.
    if (sectionSign !== null && before && before !== headingLine && before.page === line.page && line.y - before.y < line.size * 4
      && before.cells.every((c) => c.bold) && !before.cells.some(isMoneyCell) && before.text.split(/\s+/).length <= 6
      && !parseDateStart(before.cells[0]?.text ?? '', opts.dmy, opts.langs)) { sectionSign = null; sectionName = undefined; }
    headerLine = line; headerBand = line; periodTotals = false;
    out.firstHeader ??= line;
    // Heads printed again after the pending rows set aside head the posted table (an online
    // printout's pending rows above it under heads of their own, on this page or atop the
    // next): the pending section ends there. Heads right under the pending heading are its own.
    if (pendingSection && pendingLines > 0) pendingSection = false;
    if (!sidedColumns && cols.some((c) => c.kind === 'debit') && cols.some((c) => c.kind === 'credit')) sidedColumns = cols;
    finishAll();
    tables = splitSideBySide(cols);
    geometry = tableGeometry(tables);
    printed = tables.map(() => new PrintedEdges());
    open.length = tables.length;
    out.tablesFound++;
    if (pendingSection) pendingHeads++;
    lastTableY = line.y; lastTablePage = line.page; tableSize = line.size; paused = pausedByTotal = false;
    undatedFigureRows = 0;
    // The heads repeated on a new page continue the section: its undated charges stay so.
    headingRows = false;
    // A table read as ending its rows with their figures by its own first row only: the next
    // table's rows are read as the statement's are until their own first row says otherwise.
    // Read again section by section (`known`), a new section is read as it was found to wrap.
    const read = sections.table(sectionName, known), own = read?.anchor;
    if (read?.datedFirst !== undefined) datedFirstRows = read.datedFirst ? 2 : 0;
    if (own) { bottomAnchored = own === 'amountLast'; amountFirst = own === 'amountFirst'; tableAnchored = false; probe = own === 'default' ? 'start' : 'done'; }
    else if (tableAnchored) bottomAnchored = tableAnchored = false;
    if (anchor === 'default' && !bottomAnchored && !own) probe = 'start';
    // A header with dates and balances but no amounts heads a daily-balance table.
    // A daily-balance heading holds for its table, which has no description column.
    if (!cols.some((c) => c.kind === 'debit' || c.kind === 'credit' || c.kind === 'amount')) sectionSign = 0;
    // So do groups side by side of a date and one figure and nothing else ("Date | Amount |
    // Date | Amount") under no heading that gives a direction, whatever the title above them
    // ("Balance by date"): a list of payments names them (a cheque list prints their numbers),
    // a list of the day's balances needs nothing more. Read as rows, its balances were taken
    // for transactions (composed --traits dailyBalances: unreconciled, and beside unsigned
    // amounts every debit read as a credit).
    else if (sectionSign === null && dailyBalanceGroups(tables)) sectionSign = 0;
    else if (sectionSign === 0 && cols.some((c) => c.kind === 'description')) { sectionSign = null; sectionName = undefined; }
  };
  // A balance, total or summary line by its label `k` and figure `moneyText` (the whole line's `text`;
  // `cell`, `labelX0`: where the figure and the label stand): read into `out`, true when it is one.
  const labelled = (at: LineAt, k: string, moneyText: string, text: string, cell?: Cell, labelX0?: number): boolean => {
    const { line, li, cells, dated, descCol0 } = at;
    const money = parseMoneyCell(moneyText, opts.decimalComma);
    if (!money) return false;
    // A page break's carried balance under its short word, its figure in the balance column: no
    // row, and never the statement's own opening or closing balance.
    if (tables && cell && CARRY.has(k) && tables.some((cols) => moneyColumn(cols, cell.x0, cell.x1)?.kind === 'balance')) {
      out.nonTransactions.push(text);
      if (!paused) { lastTableY = line.y; lastTablePage = line.page; }
      return true;
    }
    let openHit = labelHit(k, OPENING);
    const closeHit = openHit ? null : labelHit(k, CLOSING);
    let hit = openHit ?? closeHit;
    if (!hit) {
      // "Solde au 28 février": the opening before the first transaction, the closing after it.
      const at = datedBalanceHit(k);
      if (at) { hit = at; if (!out.rows.length) openHit = at; }
    }
    // "Interest Brought Forward" on a dated row is a charge, not a balance: a bare "brought/carried
    // forward" names a balance only with nothing before it but balance words.
    const bareForward = !!hit && dated && /^(brought|carried)forward$/.test(hit) && !/^(balance|saldo|total|)$/.test(k.slice(0, k.indexOf(hit)));
    if (hit && !bareForward && k.length <= hit.length + 40) {
      // An opening balance in the table after rows were read (a month section's "Balance brought
      // forward" in a statement over several months) is that section's, not the statement's own:
      // ranked after the summary's and the first one's (assemble.ts picks the lowest rank).
      // (Its figure under the table's balance column, as a row's balance: a summary printed below
      // the table keeps its rank; so does one below a daily-balance table, whose balance column
      // is no ledger's: composed --traits dailyBalances+monthSections took a month's brought-forward
      // balance for the statement's opening.)
      const section = !!openHit && !!tables && !!cell && out.rows.length > 0 && sectionSign !== 0 && tables.some((cols) => moneyColumn(cols, cell.x0, cell.x1)?.kind === 'balance');
      const rank = section ? 2 : FORWARD.test(hit) ? 1 : 0;
      const entry: BalanceRead = { cents: money.cents, label: hit, rank, marker: money.marker };
      (openHit ? out.opening : out.closing).push(entry);
      // Its place under the debit column gives its sign only in the table: a summary below the
      // rows that runs over to the next page, before any row or heads of that page, is no line
      // of the table whose columns it happens to fall under.
      // The balance a page's foot carries over ("Saldo da riportare"), brought forward atop the
      // next page with the same figure ("Saldo riportato"), is a line of the table running on.
      const overPage = !!tables && line.page !== lastTablePage && !(openHit && carriedOut === money.cents);
      if (closeHit && tables && !paused && !overPage) carriedOut = money.cents;
      // Nor is a summary box printed above the heads, whose figures fall where the Debit
      // column's are printed below it: a box beside the account's block shares its lines
      // ("Conto n.: 642049552 | Saldo precedente | 21.850,89"), and stacks its labels at one x
      // ("Money Out" over "Ending Balance"). (A balance line of its own above the heads,
      // "Saldo iniziale al 01/03/2025" over the Dare column, is the table's first line.)
      const besideBlock = !tables && labelX0 !== undefined && line.cells.some((c) => c.x1 < labelX0 - 2);
      const stackedBox = !tables && labelX0 !== undefined && [lines[li - 1], lines[li + 1]].some((l) => !!l && l.page === line.page
        && l.cells.some((c) => Math.abs(c.x0 - labelX0) <= 2 && knownSummaryLabel(compact(c.text))));
      if (cell && !besideBlock && !stackedBox && !money.explicit && money.cents > 0 && !overPage) placed.push({ entry, x0: cell.x0, x1: cell.x1 });
      // A balance row inside a table ("Beginning Balance" under the header) is a table line: rows go on under it.
      if (tables) { out.nonTransactions.push(text); if (!paused && !overPage) { lastTableY = line.y; lastTablePage = line.page; } }
      return true;
    }
    // A row of a description-first table prints its date in a cell after its description
    // ("POS DEBIT … | 04/06/2025 | 884,18"): a row, never a summary line, paused table or not.
    if (dated || (tables && cells.slice(1, 3).some((c) => isDateCell(c.text)))) return false;
    // Under a pending heading a line with money is a row not posted yet, no side's total or
    // summary item, before any table too ("PENDING DEPOSIT | 66.60" read as the summary's
    // credits, "VERIZON WIRELESS PAYMENTS | 301.66" as its debits, made the printed totals
    // disagree with the rows read). A balance label there still names a balance (above).
    if (pendingSection) return false;
    // A total named by its label ("Summe Zahlungseingänge", "Total des crédits"), wherever the summary is printed.
    const tot = labelHit(k, TOT_CREDIT) ?? labelHit(k, TOT_DEBIT);
    // A bare direction label ("Paid in", "Money out") after a bank table is a total only when its
    // figure stands outside the table's money columns: under them it is an undated row. (A card's
    // "Purchases" after its rows heads an interest table's line.) "Total Credit Limit" is a limit,
    // not the total of the credits.
    const bareTotal = !!tot && !opts.card && !!tables && !!cell && k.length <= tot.length + 2 && !inMoneyColumn(tables, cell);
    if (tot && k.length <= tot.length + 12 && (/^(total|summe|totaal)/.test(tot) || bareTotal) && !namesNoTotal(text)) {
      (out.tablesFound === 0 ? summaryTotals : sectionTotals)[TOT_CREDIT.includes(tot) ? 'credits' : 'debits'].push(Math.abs(money.cents));
      return true;
    }
    // A card's summary line whose whole label is a phrase only card statements print, no date
    // of its own ("Minimum payment | £212.01", "Credit limit | £18,000.00"): printed below the
    // rows (a sheet's summary block under its table), it was read as an undated charge.
    // (Not with a number beside the phrase: "KREDITKARTENABRECHNUNG 2862", a bank's row paying
    // the card, undated as a day's later row, was set aside as a card's summary line and the
    // checking statement did not reconcile; composed seed 9141 with cardWords.)
    const cardOnly = dated ? null : labelHit(k, CARD_ONLY);
    if (cardOnly && k.length <= cardOnly.length + 4 && !/\d/.test(text.slice(0, Math.max(0, text.length - moneyText.length)))) { out.nonTransactions.push(text); return true; }
    const isTotal = TOTAL_LINE.test(k);
    // A card's summary before any table prints its operators ("- $2,466.56", "+ $15,636.39"): money in, money owed.
    const operator = opts.card && out.tablesFound === 0 && money.explicit && !money.marker && money.cents ? (money.cents < 0 ? 1 : -1) : undefined;
    const label = text.slice(0, Math.max(0, text.length - moneyText.length)).trim() || k;
    const sign = summarySign(label, opts.card, operator);
    const abs = Math.abs(money.cents);
    // A summary line netting both directions ("Purchases, Cash Advances, Credits, Charges &
    // Interest"): the summary's other items are then no side's total.
    if (out.tablesFound === 0 && !sign && !isTotal && namesBothWays(label, opts.card)) summaryNetted = true;
    if (out.tablesFound === 0 && sign) {
      // The account summary before any table: "Deposits and additions 62,503.27", "Checks paid - 7,816.27".
      (isTotal ? summaryTotals : summaryItems)[sign === 1 ? 'credits' : 'debits'].push(abs);
      return true;
    }
    if (isTotal) {
      // "Total Minimum Payment Due" totals no rows, whatever section it is printed under.
      const s = sign ?? ((sectionSign === 1 || sectionSign === -1) && !namesNoTotal(label) ? sectionSign : null);
      if (s) sectionTotals[s === 1 ? 'credits' : 'debits'].push(abs);
      return true;
    }
    // Left of the descriptions is where a summary line starts; the label itself is what counts
    // (a row whose reference number is printed left of its description is still a row).
    const leftStart = !descCol0 || (labelX0 ?? line.x0) < descCol0.x0 - 2;
    // Under a card's heading, a line printed in the description column is a charge, not a summary.
    if (headingRows && !leftStart) return false;
    // Nor is a line after a page total whose figures carry the running balance on ("CHECK 5985"
    // atop the next page: a row, though "checks" names a side of a summary).
    if (paused && pausedByTotal && tables?.length === 1 && balanceRunsOn(line, tables[0]!, (lastRow as RawRow | null)?.balance, opts.decimalComma, wholeDoc)) return false;
    // (Atop the page after a page total, a line whose words start in the description column is
    // the table's next row, no summary line, whatever its words name: composed seed 510
    // --traits noHeads, "WIRE TRANSFER FEE | 23,17", dates once a day.)
    const rowAfterTotal = paused && pausedByTotal && line.page !== lastTablePage && !leftStart;
    return !!sign && (!tables || (paused && !rowAfterTotal) || leftStart) && k.length <= 60 && !/^\d/.test(text);
  };
  // A line of the summary (a balance, a total, a grid of labels over figures) read with `labelled`:
  // true when the line was one (it is then no row).
  const summaryLine = (at: LineAt, moneyCells: Cell[], before: Line | null, before2: Line | null): boolean => {
    const { line, li, cells, dated } = at;
    const key = line.key;
  if (wholeDoc && !moneyCells.length && cells.length >= 2) {
    // (A date cell between the label and its figure is the label's date: "Anfangssaldo |
    // 01-Juni-2025 | 29'275", a description-first table's dated opening row.)
    const fig = cells[cells.length - 1]!, label = cells.length >= 3 && isDateCell(cells[cells.length - 2]!.text) ? cells[cells.length - 3]! : cells[cells.length - 2]!;
    const text = wholeFigureText(fig.text);
    const labelKey = compact(label.text);
    // Any label the decimal path would read (labelled decides): a page break's carried balance
    // ("A reporter | 33 910 C": read as a row, it took the next page's first wrapped lines), a
    // bare side's label ("Money Out | 24314": read as a heading, it signed every row a debit).
    // The text handed on ends in the figure as read, as labelled's label slice expects.
    if (text && !wholeFigureText(label.text) && labelled(at, labelKey, text, `${label.text} ${text}`, fig, label.x0)) return true;
    // A day's or a page's total in whole units ("Total día 16-12 | 1.487") ends the rows above
    // as a decimal one does: read as a row, each day's subtotal broke the balances (composed
    // --traits wholeUnits+daySubtotals: 19 seeds of 25).
    // (Its side's flag may follow the figure: "Total día 16-12 | 1.487 | H".)
    if (tables && !dated && TOTAL_LINE.test(key) && !wholeFigureText(cells[0]!.text) && cells.slice(1).some((c) => !!wholeFigureText(c.text))) {
      finishAll();
      paused = true; pausedByTotal = true; headingRows = undatedSection = false;
      return true;
    }
  }
  // So is a summary grid's line of whole figures under its labels ("Saldo precedente | Saldo
  // finale" over "€17.208 | €17.538"), read as the grid of decimal figures it stands for.
  if (wholeDoc && !moneyCells.length && !dated && before && line.cells.length && line.cells.every((c) => wholeFigureText(c.text))) {
    const asDecimal = wholeAsDecimal(line);
    const grid = (!tables || paused ? stackedSummary(before2, before, asDecimal, lines[li - 3] ?? null) : summaryAfterTable(before2, before, asDecimal))
      ?? (gridLabelsOver(before, asDecimal, headerLine, opts) ? labelGrid(before, asDecimal, knownSummaryLabel) : null);
    if (grid?.length) {
      for (const p of grid) labelled(at, p.key, p.money, `${p.text} ${p.money}`);
      return true;
    }
  }
  if (moneyCells.length) {
    // A grid's labels are never the table's header, nor is a line that names its own balance a grid value.
    // One label over one figure ("Endsaldo" over "43.431,62 €" below the rows) is a grid of one.
    const stacked = dated ? null : (!tables || paused ? stackedSummary(before2, before, line, lines[li - 3] ?? null) : summaryAfterTable(before2, before, line)) ?? (gridLabelsOver(before, line, headerLine, opts) ? labelGrid(before, line, knownSummaryLabel) : null);
    if (stacked) {
      for (const p of stacked) labelled(at, p.key, p.money, `${p.text} ${p.money}`);
      return true;
    }
    // A grid's values with a date among them under their labels (a card's minimum payment, due
    // date and credit limit): its known labels' figures read, the line no row.
    if (!dated && datedGridUnder(before, line, opts)) {
      for (const p of labelGrid(before, line, knownSummaryLabel) ?? []) labelled(at, p.key, p.money, `${p.text} ${p.money}`);
      return true;
    }
    // Each label with the amount printed right after it (two summaries may share a line).
    let used = false;
    let label: Cell | null = null;
    // On a scan, the words since the last figure: a label OCR read as cells of one word each.
    let words: Cell[] = [];
    // A date cell between a label and its figure ("Saldo inicial | 1.2.25 | 12.716,73": a dated
    // opening row of a description-first table) is the label's date, not a label of its own.
    for (const c of cells) {
      if (isMoneyCell(c)) {
        if (label && labelled(at, compact(label.text), c.text, `${label.text} ${c.text}`, c, label.x0)) used = true;
        else if (label && opts.ocr && spreadLabel(words)) {
          // A balance label whose words OCR read apart, wider than a space ("Solde | initial |
          // -1 187,35" below the rows, composed scan 710: the opening was lost, "initial" no label).
          const joined = words.map((w) => w.text).join(' ');
          if (labelled(at, compact(joined), c.text, `${joined} ${c.text}`, c, words[0]!.x0)) used = true;
        } else if (label) {
          // A label wrapped in its cell, its figure on the first line (an office table's cells
          // top-aligned: "Saldo der letzten | 8.027,15 €" over "Abrechnung"): read whole, and
          // the line of its last words is the label's (office seed 186 lost the opening balance).
          const tail = wrappedLabelTail(lines, li, label);
          if (tail && labelled(at, compact(`${label.text} ${tail.text}`), c.text, `${label.text} ${tail.text} ${c.text}`, c, label.x0)) { used = true; labelTails.add(tail.index); }
        }
        label = null;
        words = [];
      } else if (!/^\d{1,4}$/.test(c.text) && !(label && isDateCell(c.text))) { label = c; words.push(c); }
    }
    // A total's words after its figures, where a table prints its amounts before the
    // descriptions ("8,229.69 | Totale giornaliero"): a total all the same (composed --traits
    // amountsFirst+daySubtotals: each day's subtotal was read as a row).
    // (A side's flag may stand beside the figure: "6'758.01 | Cr | Total for 2024.11.20", "D | 342.84 | Total for 6-2-25".)
    const totalLine = TOTAL_LINE.test(key) || (!!tables && cells.some((c) => !isMoneyCell(c) && TOTAL_LINE.test(compact(c.text)) && moneyCells.some((m) => m.x1 < c.x0)));
    if (!used && totalLine && !dated) used = true;
    if (used) {
      finishAll();
      if (tables && totalLine) { paused = true; pausedByTotal = true; headingRows = undatedSection = false; }
      return true;
    }
  }
    return false;
  };
  // The section heading line `at` opens (its sign and name), or null: a heading of the table's own
  // rows, a running head, a summary grid's labels, prose or a row's first line opens none.
  const headingAt = (at: LineAt, moneyCells: Cell[], before: Line | null, furniture: boolean): ReturnType<typeof sectionHeading> => {
    const { line, li, descCol0: descCol } = at;
    // Inside a table, a heading starts left of the description column or is bold; an indented
    // plain line there is a wrapped description ("ONLINE PAYMENT").
    const allBold = line.cells.every((c) => c.bold);
    // A card member's own heading inside a card's table ("JORDAN ELLIS #1234: Transactions"):
    // bold, left of the descriptions, naming no direction; the previous heading's sign ends there.
    const memberHeading = !!opts.card && !!tables && !!descCol && allBold && line.cells.length === 1 && !moneyCells.length && line.x0 < descCol.x0 - 2
      && line.text.split(/\s+/).length <= 8 && !parseDateStart(line.cells[0]?.text ?? '', opts.dmy, opts.langs);
    // A running head heads no section (the page's furniture, told in the loop), nor does the
    // letterhead atop a page before any table (a one-page statement has no furniture to tell it
    // by): "Crédit Maritime du Nord" names the bank, no section of credits. A footer with its page
    // number ("Crédit Maritime du Nord   Page 1 / 2") heads nothing either.
    // (Nor does a page's first line that repeats the statement's head cell for cell, as furniture is
    // told by its identical text: a scan's page 2 head read with a speck between its cells.)
    const runningHead = ((furniture || !tables || head.repeats(line)) && (!before || before.page !== line.page)) || pageNumbered(line);
    // A summary grid's labels ("Saldo inicial | Total haber | Total cargos" over their figures)
    // head no section: a balance label, or two summary labels side by side, say so.
    const gridHead = line.cells.length >= 2 && (line.cells.some((c) => { const k = compact(c.text); const h = labelHit(k, OPENING) ?? labelHit(k, CLOSING); return !!h && k.length <= h.length + 4; })
      || line.cells.filter((c) => knownSummaryLabel(compact(c.text))).length >= 2);
    // A table's line with a date under the date column right of its words is a row's first line
    // ("ZELLE PAYMENT FROM JOHN MARTINEZ | 07-01-2025", its figures on the line below), not a
    // heading with a remark beside it: read as "Payments from", under a day's subtotal that had
    // paused the table, it dropped the row and signed the rows after it (composed seed 5028
    // --traits daySubtotals).
    const datedRowLine = !!tables && line.cells.length >= 2 && line.cells.slice(1).some((c) => isDateCell(c.text)
      && (tables ?? []).some((cols) => cols.some((k) => k.kind === 'date' && intervalDistance(c.x0, c.x1, k.x0, k.x1) < line.size * 2)));
    // (In whole units, a whole figure under a money column is the line's money as a decimal one is:
    // "BANKCARD DEPOSIT MTOT | 1,670 | 25,309" atop a page after a page total was taken for a
    // "Deposits" heading, and the page's rows were set aside; composed seed 26093 --traits
    // wholeUnits+noHeads.)
    const figures = moneyCells.length > 0 || (wholeDoc && !!tables && line.cells.some(moneyBelow));
    const named = !figures && !runningHead && !gridHead && !datedRowLine ? sectionHeading(line, opts.card, true) ?? (memberHeading ? { sign: null, name: headingName(line.text) } : null) : null;
    // A line that goes on below as a notice wrapped over several lines does ("Your credit card
    // payment and loan" over "payments can be scheduled in online" over "banking.") is prose, no
    // section's heading, whatever its words: taken for one, its "credit" or "fees charged" signed
    // every unsigned row below it. (A heading over a sentence, "Opérations en cours" over "Ces
    // opérations ne sont pas encore comptabilisées.", ends where it is printed: still a heading.)
    const heading = named && goesOnBelow(line, lines[li + 1]) && (prose ??= wrappedSentenceLines(lines)).has(line) ? null : named;
    // Atop the page after a page total, in a table whose rows end with their figures, a plain line
    // at the descriptions that wraps into the row line below is that row's first line, however
    // many heading words it holds ("BANKCARD DEPOSIT MTOT DEP" over "13.12.2024 241213 MID …").
    // So is such a line right under a day's subtotal on the same page ("Daily total | 6,591.03"
    // over "ZELLE PAYMENT TO WESTSIDE PROPERTIES" over "11/22 LLC 5131222 | 6,591.03").
    const underTotal = !!before && before.page === line.page && TOTAL_LINE.test(before.key);
    const rowFirstLine = !!heading && pausedByTotal && bottomAnchored && !allBold && !!descCol && (line.page !== lastTablePage || underTotal) && line.x0 >= descCol.x0 - 2
      && (rowEndsBelow(lines, li, opts, false, moneyBelow) || rowEndsBelow(lines, li, opts, true, moneyBelow)) && wrapsIntoNext(lines, li, descCol.x0, widest);
    return heading && !rowFirstLine && (!tables || paused || !descCol || line.x0 < descCol.x0 - 2 || allBold) ? heading : null;
  };
  // Rows from here on are under `heading` (line `line`): the rows open end, the table pauses.
  const openSection = (heading: NonNullable<ReturnType<typeof sectionHeading>>, line: Line): void => {
    finishAll();
    sectionSign = heading.sign;
    sectionName = heading.name;
    periodTotals = false;
    // A pending heading again under the pending heading goes on with its list, no new list: an
    // app's status word printed alone under a pending row ("STRIPE TRANSFER | -$184.40" over
    // "PENDING") restarted its count, and the first posted row under a day heading was then
    // taken for a dated pending row, setting aside the whole day (HTML seed 163).
    const samePending = pendingSection && heading.pending === true;
    pendingSection = heading.pending === true;
    if (!samePending) {
      pendingHeld = [];
      pendingLines = pendingDated = 0;
    }
    headingLine = line;
    paused = true; pausedByTotal = false;
    headingRows = !!opts.card && !!tables;
    undatedSection = false;
    // A text line above a heading was no row's first line (a card's name over its rows).
    if (probe === 'text') probe = 'start';
  };
  // One line under table `t` of the current heads (side-by-side tables: each its own columns):
  // its cells read, then whether it begins a row, goes on with the open one, or is set aside.
  // Whether a line under table `t` (its cells `mine`, read as `r`) is the table's: near its last line,
  // or a row beginning or running on after a pause, a page break or a heading, which ends the pause.
  const tableOwns = (t: number, tables: Column[][], line: Line, li: number, near: boolean, mine: Cell[], r: LineCells, hasMoney: boolean, hasAmount: boolean): boolean => {
    const columns = tables[t]!;
    const { dateCol, desc, firstMoney } = geometry[t]!;
    const { date, text, dateUnread, textX0, textX1 } = r;
    // Atop the page after a page total, undated lines whose figures carry the running balance on
    // from the last row (no heads repeated, no date until the day changes) are the table's rows.
    const chainsOn = !date && paused && pausedByTotal && tables.length === 1
      && (hasMoney ? hasAmount && balanceRunsOn(line, columns, (lastRow as RawRow | null)?.balance, opts.decimalComma, wholeDoc)
        : !amountFirst && ((k) => k > 0 && balanceRunsOn(lines[k]!, columns, (lastRow as RawRow | null)?.balance, opts.decimalComma, wholeDoc))(moneyLineBelow(lines, li, moneyBelow)));
    // Text far from the table, or after a pause (a page total, a heading), is not ours, save a
    // wrapped row's first lines in a table whose rows end with their amounts: the dated line
    // right below completes them (atop a page without heads, under a section's heading).
    // (Atop a page of a table running on without heads, the line ending the row may be undated:
    // dates printed once per day, composed seed 6315.)
    // (So may the first text line under the statement's first header, before any row, that a
    // dated row with money ends below: the probe's line, told apart by what follows it; a day
    // heading between them was set aside, day-headings.ts.)
    const firstUnderHeader = probe === 'start' && !open[t] && !lastRow && out.tablesFound - pendingHeads === 1 && tables.length === 1 && !paused && line.page === lastTablePage;
    // (Atop the page after a page total, no row of the page before runs on (the total ended
    // them): a text line there whose row ends below, dated or not, begins a row whichever way
    // rows were read so far, unless they begin with their amounts (composed seeds 289, 510
    // --traits noHeads: dates once a day, every row atop each page lost). Its words start in the
    // description column, and with the line below they read as no column heads: "Date of" over
    // "Transaction | Merchant Name … | $ Amount" atop the page after a card's section total heads
    // the next section's rows.)
    const atopAfterTotal = paused && pausedByTotal && line.page !== lastTablePage && !!desc && textX0 >= desc.x0 - 2
      && !(lines[li + 1]?.page === line.page && headerColumns(mergeLines(line, lines[li + 1]!), false, undefined, opts.ocr));
    const afterTotal = atopAfterTotal && !amountFirst;
    const rowStart = (bottomAnchored || firstUnderHeader || afterTotal) && !date && !hasMoney && (!near || paused) && (rowEndsBelow(lines, li, opts, false, moneyBelow) || chainsOn
      || ((!paused || pausedByTotal) && line.page !== lastTablePage && (!open[t] || open[t]!.hasAmount) && rowEndsBelow(lines, li, opts, true, moneyBelow) && !summaryBelow(lines, li)));
    // A dated row still waiting for its amount runs on atop the next page ("Transaction 31" at a
    // page's foot, "Goes over multiple" and "pages | 0.00" atop the next): its lines are its own.
    const runsOn = !near && !date && !hasMoney && !paused && !!open[t] && open[t]!.dated && !open[t]!.hasAmount && rowEndsBelow(lines, li, opts, true, moneyBelow);
    // Atop a page without heads, in a table whose rows print their amounts on a later line than
    // their date, undated text over an undated line with money begins a row (dates printed once
    // per day: the day's next row, its first lines atop the page; composed seed 7035 lost them).
    const topStart = !near && !date && !hasMoney && !paused && !bottomAnchored && !amountFirst && amountsBelow > 0 && tables.length === 1
      && line.page !== lastTablePage && (!open[t] || open[t]!.hasAmount) && rowEndsBelow(lines, li, opts, true, moneyBelow) && !summaryBelow(lines, li);
    // A row broken at a page's foot runs on atop the next page: LibreOffice lets a table's row
    // break across pages, and sets a reference under a row's line as a paragraph of its own.
    // Text at the descriptions atop the next page, with nothing but the pages' furniture between
    // it and the table's last line, continues that row where rows begin on their figures' line
    // and wrap below it (office seeds 22, 58: "Ref 9223431102" and "AMZN.COM/BILL WA CARD 05"
    // were lost from the last row of a page).
    const brokenTail = !near && !date && !hasMoney && !paused && !bottomAnchored && text.length > 0 && !!desc && textX0 >= desc.x0 - 2 && textX1 <= firstMoney
      && (!!open[t] || !!lastRow) && brokenAtFoot(lines, li, lastTablePage, lastTableY, (l) => isFurniture(l, opts) || head.repeats(l) || PAGE_NUMBER_TAIL.test(l.text.trim()));
    // The last words of a total's label, wrapped under its figures' line ("Total do dia | 5.555,99"
    // over "2025-03-05") where rows begin with their figures: the total's, no row's (where the
    // balance below ran on, they were read as the words of the row above: composed seed 24108
    // --traits daySubtotals+footnotes). Where rows end with their figures it is the next row's first line.
    const before = lines[li - 1];
    // (Only where rows were seen to wrap below their figures: after one-line rows, the line may be
    // the next row's first, its figures on the dated line below: composed seed 24074.)
    if (!date && !hasMoney && paused && pausedByTotal && !bottomAnchored && text.length && !!before && before.page === line.page && pairs.some((p) => p.kind === 'top')
      && TOTAL_LINE.test(before.key) && line.y - before.y <= line.size * 1.8) { out.nonTransactions.push(text.join(' ')); return false; }
    if (!date && !hasMoney && !near && !rowStart && !runsOn && !chainsOn && !topStart && !brokenTail) return false;
    // Prose across the table (a notice or an advertisement printed between two rows: "IMPORTANT:
    // From 01/03 the rate changes ...") runs on over the date or money column right of the
    // descriptions, where no row's wrapped description goes; and a footnote's legend under the
    // rows ("* Includes a foreign transaction fee") starts with its mark. Neither is part of a
    // row (each was read as the last words of the row above, or the first of the row below).
    // (A foreign purchase's detail is the row's, however far it runs: "FOREIGN AMOUNT 102'672 JPY
    // EXCHANGE RATE 0.007141" in a card's narrow description column, over its amounts, was set
    // aside as prose; composed card seed 9004.)
    if (!date && !dateUnread && !hasMoney && text.length && desc && ((textX1 > columnRightOf(columns, desc) + line.size * 2 && !isFxDetail(text.join(' '))) || NOTE_LEGEND.test(text[0]!))) {
      out.nonTransactions.push(text.join(' '));
      return false;
    }
    // A wrapped description starts at the description column, not far right of it.
    if (!date && !dateUnread && !hasMoney && desc && mine[0] && (mine[0].x0 < Math.min(desc.x0, (dateCol?.x1 ?? desc.x0) + 2) - 8 || (desc.x0 < firstMoney && mine[0].x0 > firstMoney - 10))) return false;
    // A card's undated charge under its heading: its text in the description column, its amount in a money column.
    // (Not a rate table's line under an "Interest Charge Calculation" heading: "Purchases | 24,99% |
    // 1.034,34 | 13,19" has a rate where a charge's words stand, and was read as a charge of the
    // balance subject to interest.)
    const closingRow = !date && paused && headingRows && hasAmount && text.length > 0 && !!desc && textX0 >= desc.x0 - 2 && !PROJECTION.test(text.join(' ')) && !RATE_ONLY.test(text.join(' '));
    // Atop the page after a page total, a line with its amount and its words in the description
    // column is a row too, undated (the day's later row, dates once a day: composed seed 510
    // --traits noHeads lost "WIRE TRANSFER FEE | 23,17"), as a dated one would be.
    // (Where rows begin with their amounts too: such a line begins one, composed seed 5143
    // --traits noHeads, dates once a day, the four rows atop page 2 lost.)
    const resumes = atopAfterTotal && !date && hasAmount && text.length > 0 && line.page !== lastTablePage && !!desc && textX0 >= desc.x0 - 2 && !PROJECTION.test(text.join(' '));
    if (!date && paused && !closingRow && !rowStart && !chainsOn && !resumes) return false;
    if (chainsOn && hasMoney) paused = pausedByTotal = false;
    // A page's total said the table runs on: a row atop the next page, whose heads are not
    // repeated, resumes it (dates once per day: the day's row undated; composed seed 289
    // --traits noHeads lost "POS DEBIT STAPLES" over "00123 NEWARK NJ | €598,37").
    if ((rowStart || resumes) && paused && pausedByTotal) paused = pausedByTotal = false;
    if (closingRow) { paused = false; undatedSection = true; }
    if (date || hasMoney || text.length) { lastTableY = line.y; lastTablePage = line.page; }
    if (date) { paused = pausedByTotal = false; undatedSection = false; }
    return true;
  };
  const readTableLine = (t: number, tables: Column[][], line: Line, li: number, near: boolean): void => {
    const columns = tables[t]!;
    const { left, right, dateCol, desc, firstMoney } = geometry[t]!;
    // Rows use the cells as printed: a description ending in "20.00" keeps its number.
    const mine = splitMoneyRuns(splitAtColumns(tables.length === 1 ? line.cells : line.cells.filter((c) => c.x0 >= left && c.x0 < right), columns), columns);
    if (!mine.length) return;
    const cells = readLineCells(mine, { opts, line, columns, geometry: geometry[t]!, printed: printed[t]!, lastDate, wholeDoc, marks: () => (marks ??= printedMarks(lines, (x) => parseMoneyCell(x, opts.decimalComma))), markAfter: () => (markAfter === undefined ? (markAfter = markPrintedAfterFigures(lines)) : markAfter) });
    const { date, text, amounts, checkNumber, typeText, dateUnread, pendingRow, dateMisread, dateText, dateCell, textX0, textX1, firstWord, textCells, bad, markMisread, garbledFigure, garbledText, farLeft } = cells;
    // On an OCR page such an undated line is no row: its label was misread ("Beginsaldo" read
    // "Begicalio", composed scan 93), so no balance or total took it, and it became a row of
    // the summary's figure. A text layer's label is read as printed.
    if (opts.ocr && farLeft && !date) { out.nonTransactions.push(mine.map((c) => c.text).join(' ')); return; }
    if (bad) out.columnsValid = false;
    const hasMoney = Object.keys(amounts).length > 0;
    const hasAmount = !!(amounts.debit || amounts.credit || amounts.amount);
    if (!tableOwns(t, tables, line, li, near, mine, cells, hasMoney, hasAmount)) return;

    if (pendingSection && hasMoney) {
      if (date && pendingLines > 1 && pendingDated === 0) {
        pendingSection = false; sectionSign = null; sectionName = undefined;
        // Where rows end with their figures, the text lines since the last pending row's figures
        // are this first posted row's first lines (they were set aside with the pending rows).
        if (bottomAnchored) text.unshift(...pendingHeld);
        pendingHeld = [];
      }
      else if (date) pendingDated++;
    }
    if (pendingTail && !date && !hasMoney && text.length && !pendingSection) { out.nonTransactions.push(`pending: ${text.join(' ')}`); return; }
    // A row set aside as pending (its date cell's word) with undated lines of text open above it,
    // no figure among them: its own description, printed above its figures as a table aligned
    // to its rows' foot prints every row. They go aside with it (read on, they became the first
    // words of the first posted row), and the lines under it, or under any pending row of such a
    // table, are the next row's, no tail of this one (the first posted row's first lines were
    // lost). Such lines before the first figures say rows end with their figures, as the probe
    // below says of a posted row's.
    const openAbove = open[t];
    const pendingOwnsAbove = pendingRow && !date && hasMoney && !!openAbove && !openAbove.hasAmount && !openAbove.dated && !openAbove.row.balance;
    if (pendingOwnsAbove) {
      out.nonTransactions.push(`pending: ${openAbove.row.description.join(' ')}`);
      open[t] = null;
      if (probe === 'text' && out.tablesFound - pendingHeads === 1) { bottomAnchored = true; probe = 'done'; }
    }
    pendingTail = pendingRow && !date && !pendingOwnsAbove && !bottomAnchored;
    if (pendingSection && !hasMoney && !date) pendingHeld.push(...text);
    else if (pendingSection) pendingHeld = [];
    if (sectionSign === 0 || pendingSection || (pendingRow && !date)) {
      // A table of daily balances, or rows not posted yet: kept aside, never transactions.
      if (date || hasMoney) out.nonTransactions.push(`${pendingSection || pendingRow ? 'pending: ' : ''}${mine.map((c) => c.text).join(' ')}`);
      if ((pendingSection && date) || (pendingRow && hasMoney)) out.pending++;
      return;
    }
    if (!date && !hasMoney && !text.length) return;
    const textOnly = !date && !hasMoney;
    // The line's description width, where the votes below measure it.
    let lineWidth = 0;
    // A text line indented past both its column's head and the row line above it (a card's
    // "157.54 CHF @ 1.2289" under its merchant) is a detail of that row, whichever way rows wrap.
    const indented = textOnly && tables.length === 1 && !!desc && rowText !== null && rowText.page === line.page
      && textX0 > Math.max(desc.x0, rowText.x0) + line.size * 0.5;
    if (hasAmount && text.length && tables.length === 1) rowText = { page: line.page, x0: textX0 };
    const above = prevText;
    if (indented) prevText = null;
    else if (tables.length === 1) {
      // Votes: two lines are one wrapped description when the first could not have taken the
      // second's first word (the two would pass the column's widest line). Money line then
      // text: rows begin with their amounts; text then money line: rows end with them.
      const width = descriptionRun(textCells, mine, columns, desc) - textX0;
      lineWidth = width;
      if (width > 0) {
        widest = Math.max(widest, width);
        if (hasMoney) { rowWidest = Math.max(rowWidest, width); column.figureLines++; }
        if (column.lines.size < MAX_MEASURED_LINES) column.lines.set(li, width);
        // Text lines between two money lines are one block, named by its first line.
        if (!hasMoney && (!prevText || prevText.money || prevText.page !== line.page)) block = li;
        // Two lines each printing a date are two rows whichever way rows wrap: no vote (a dated
        // notice over the next dated row fits it, and kept one wrapped row's vote from counting:
        // composed seed 6616, its wrapped description read as the row above's).
        if (prevText && prevText.page === line.page && prevText.money !== hasMoney && !(prevText.dated && date)) sections.pair(pairs, { kind: prevText.money ? 'top' : 'bottom', head: prevText.width, next: firstWord, text: block, gap: line.y - prevText.y });
        prevText = { page: line.page, width, money: hasMoney, li, y: line.y, dated: !!date };
      } else prevText = null;
    }
    if (probe === 'start' && !open[t]) { probe = textOnly ? 'text' : 'done'; probeText = 1; }
    // A row's description may wrap over several lines before its amount line.
    else if (probe === 'text' && !(textOnly && ++probeText <= 4)) {
      // Under the statement's first header, a text line before the first money line says rows
      // end with their amounts; under a repeated header it may be the tail of a row the page
      // broke, so there it is one vote among the others; under heads printed on the page of the
      // rows above them (a new section's table: no page broke a row there), two.
      // (Either way, surely: the section's own rows end with their figures, ./section-wrap.ts.)
      const sure = out.tablesFound - pendingHeads === 1 || (hasAmount && !!lastRow && lastRow.page === line.page);
      if (sure && hasAmount) sections.endsWithFigures();
      if (out.tablesFound - pendingHeads === 1) bottomAnchored ||= hasAmount;
      else if (sure) { votes.bottom += 2; bottomAnchored = tableAnchored = true; }
      else if (hasAmount) votes.bottom++;
      probe = 'done';
    }
    if (!opts.noneedalphas && hasAmount && !date && text.length === 0 && !amounts.balance && !checkNumber && !open[t]) return;
    // An undated projection after the rows ("Estimated interest - next month 40.51") moves nothing.
    if (!date && hasAmount && PROJECTION.test(text.join(' '))) { out.nonTransactions.push(mine.map((c) => c.text).join(' ')); return; }

    const cur = open[t];
    // A line with no amount that printed a balance, then a line with a balance of its own: two
    // rows (one row prints one balance), the first a notice; also where rows end with their
    // amounts (composed seed 7663 --traits newestFirst: "CARTAO SUBSTITUIDO | 21.479,93" was
    // taken for the first line of the dated row under it).
    const twoBalances = !!cur && !cur.hasAmount && !!cur.row.balance && !!amounts.balance;
    // Rows that end with their amounts: the description lines so far get this line's date and money.
    // (So does an undated line with the amount complete a row dated on its first line, its words
    // broken by hand over the lines between: "16/12/2024 PAYPAL TRANSFER" over "1000999710 |
    // 6 841,13 €", an office tab ledger's row; read as two rows, the dated line's words were lost.)
    const completes = bottomAnchored && !!cur && !cur.hasAmount && (!cur.dated || (!date && !dateUnread && hasAmount)) && (!!date || dateUnread || hasAmount) && !twoBalances;
    if (completes && cur.dated && !date) { datedFirstRows++; sections.datedFirstRow(); }
    if (completes && dateUnread) { cur.row.dateUnread = true; if (dateText) cur.row.dateText = dateText; }
    if (completes && dateMisread) cur.row.dateMisread = cur.row.date;
    if (completes && date) { cur.row.date = date; cur.row.ownDate = true; cur.dated = true; lastDate = date; }
    // Rows that begin with their amounts: a text-only line continues the row above.
    // (A line whose date OCR could not read begins a row all the same.)
    if (amountFirst && textOnly && !dateUnread && !cur && lastRow) { (lastRow as RawRow).description.push(...text); return; }
    // Rows that begin with their dated line (datedFirstRows) and end with their amounts: a text
    // line after a row's amount line and before the next dated line is still that row's (a
    // reference typed under it), never the next row's first words.
    if (bottomAnchored && datedFirstRows >= 2 && textOnly && !dateUnread && (cur ? cur.hasAmount : !!lastRow)) { (cur ? cur.row : lastRow!).description.push(...text); return; }
    if (indented && (cur ? cur.hasAmount : lastRow)) { (cur ? cur.row : lastRow!).description.push(...text); return; }
    sections.line(hasAmount, !!date);
    // A dated line with no amount (a notice: "AVISO: CAMBIO DE | CONDICIONES 10/02") is a row of
    // its own where rows end with their amounts (the next text line begins the next row) or
    // begin with them (the next amount line begins the next row).
    // Dates once per day, rows read dated on their first line: a dated line with no amount whose
    // (last) line could have held this undated line's first word, with room to spare (a word's
    // width is guessed from its letters' average), did not wrap into it. Where the
    // table's rows wrap by width (readTables: `noticeWidest`), it is a notice of its own, and
    // this line begins the day's next row ("DECOUVERT AUTORISE" over "CON ED OF NY INTELL CK 597575").
    // (A foreign purchase's detail, "Foreign amount EUR 0.25 Rate 0.8850", is a line of the row
    // above, however short that row's line over it: composed fxLines 27.)
    // An undated line of text right under a row's line with its figures, whose first word that
    // line could have held with room to spare, over the next row's first line: in a table whose
    // rows wrap by width (readTables), a notice printed between two rows, no row's words
    // ("Wij vragen u nooit om uw pincode of inlogcodes." was read as the last words of the row
    // above it, or the first of the row below: composed --traits notices). The line under it
    // begins a row: its figures or its date are on it.
    // (Widths against the widest description printed on a row's figure line: a notice's own
    // line, as wide as the table, is no description's.)
    const next = lines[li + 1];
    // (A notice says something: a reference printed on its own line under the row's figures,
    // "Ref 2638652541" in an HTML table's second line of the cell, is the row's.)
    // (Told by its width alone, under a row's last wrapped line too, whichever way the rows
    // are read, the last on its page too: ./wide-notices.ts; not where rows end with their
    // figures, whose first lines run wider than their figure lines.)
    const proseLine = !bottomAnchored && textOnly && !dateUnread && !indented && !isFxDetail(text.join(' '))
      && wordCount(text.join(' ')) >= NOTICE_WORDS && !!above && above.page === line.page;
    if (proseLine && !wideNotices) column.prose.add(li);
    if (proseLine && wideNotices && lineWidth > wideNotices) { out.nonTransactions.push(text.join(' ')); return; }
    const undatedNotice = proseLine && !amountFirst && (cur ? cur.hasAmount : !!lastRow) && above.money
      && !!next && next.page === line.page && (next.cells.some(isMoneyCell) || next.cells.slice(0, 3).some((c) => isDateCell(c.text)));
    if (undatedNotice && !undatedNotices) noticeCandidates.push(above.width + firstWord);
    if (undatedNotice && undatedNotices && above.width + firstWord < undatedNotices * NOTICE_ROOM) { out.nonTransactions.push(text.join(' ')); return; }
    // (Nor is one wrapped over two lines, "MONTANT EN DEVISE" over "62,62 CHF CHANGE 1,1415" in a
    // narrow description column: composed seed 5031 --traits fxLines lost the row's first lines.)
    const fxDetail = isFxDetail(text.join(' ')) || (!!next && next.page === line.page && isFxDetail(`${text.join(' ')} ${next.text}`));
    const noticeAbove = !bottomAnchored && !amountFirst && !date && !dateUnread && !!cur && cur.dated && !cur.hasAmount && text.length > 0 && !fxDetail
      && !!above && !above.money && above.page === line.page && above.y === cur.lastY && above.width + firstWord < (noticeWidest || widest) * 0.92;
    if (noticeAbove) differs.notices++;
    // The notice's text was read as a notice of its own above (a dated line right over the next
    // dated row): here too it is one, the undated line the day's next row (composed seed 7018,
    // "CARTE RENOUVELEE" over "FORWARD FIN ACH PMT", as wide as one wrapped line of the table).
    const noticeAgain = !bottomAnchored && !amountFirst && !date && !dateUnread && !!cur && cur.dated && !cur.hasAmount && text.length > 0
      && cur.row.description.length === 1 && notices.has(compact(cur.row.description[0]!));
    const startNew = !completes && (!!date || twoBalances || (dateUnread && !bottomAnchored) || !cur || (noticeAbove && noticeWidest > 0) || noticeAgain || ((cur.hasAmount || ((bottomAnchored || amountFirst) && cur.dated && !(bottomAnchored && textOnly && datedFirstRows >= 2))) && (hasAmount || (text.length > 0 && !amountFirst))));
    if (startNew) {
      // Where reading rows the other way would differ (so a second reading is worth its time).
      if (date && cur && !cur.hasAmount && !cur.dated) differs.last++;
      // (A scan's row with money whose own date cell was garbled is a row all the same: its date is
      // read from the rows below it, flagged, ./garbled-dates.ts; composed fax-150 955 lost its
      // first ten rows.)
      if (!date && !lastDate && probe !== 'text' && !bottomAnchored && !(dateText && hasAmount)) { differs.last++; return; }
      // Where rows print their figures on their last line (dated rows whose amounts came on a
      // later line), a row ends on the line with its balance: text read after a notice's balance
      // line (dated, a balance and no amount) begins the row whose balance comes next (composed
      // seed 7035: "PAS VERVANGEN (36261.46)" took "CLOVER SETTLEMENT" from the row below it).
      // Where rows print their figures on their first line, the notice's text wraps on below it.
      const carried = twoBalances && amountsBelow > 0 && cur.balanceAt !== undefined ? cur.row.description.splice(cur.balanceAt) : [];
      // Text lines under a table's heads, before its first row, on the page of the last row read
      // above them: the first row's description printed over its figures, never the last words
      // of a row above the heads (a total line, a section's title and its heads between them:
      // "ATM Withdrawal" over "1000 Walnut St" over "Kansas City MO | 05-18 | $20.00" was read
      // into the deposit row of the section above).
      const opensTable = !!date && !!cur && !cur.hasAmount && !cur.dated && !!lastRow && lastRow.table !== cur.row.table && lastRow.page === line.page;
      if (opensTable) { carried.push(...cur.row.description); open[t] = null; }
      finish(t);
      if (date) lastDate = date;
      else if (hasAmount) undatedFigureRows++;
      open[t] = {
        row: { date: date ?? lastDate ?? { month: 1, day: 1 }, description: carried.length ? [...carried, ...text] : text, ...amounts, checkNumber, type: typeText, sectionSign, section: sectionName, page: line.page, table: out.tablesFound, ownDate: !!date, ...(undatedSection && !date ? { closingDate: true } : {}), ...(dateUnread ? { dateUnread } : {}), ...(dateMisread ? { dateMisread } : {}), ...(dateText ? { dateText } : {}), ...(markMisread ? { flagMisread: true } : {}), ...(garbledFigure && !hasAmount ? { amountUnread: garbledFigure, amountUnreadText: garbledText } : {}), ...(date && dateCell ? { dateCell } : {}) },
        hasAmount, dated: !!date, lastY: line.y, firstLi: li, lastLi: li, ...(amounts.balance ? { balanceAt: text.length } : {}),
      };
    } else {
      if (!cur.dated && !cur.hasAmount && hasAmount) differs.first++;
      cur.row.description.push(...text);
      if (!cur.row.balance && amounts.balance) { cur.row.balance = amounts.balance; cur.balanceAt = cur.row.description.length; }
      if (!cur.hasAmount && hasAmount) {
        // A dated line whose amount came on a later line: rows may begin without their amount.
        // Counted only where the two lines could be one wrapped description (see the votes): a
        // one-line dated notice above the day's next row, dates printed once per day, is none.
        if (cur.dated && !date) amountsBelow++;
        if (cur.dated && !date && above && !above.money && above.page === line.page) sections.pair(pairs, { kind: 'datedNoMoney', head: above.width, next: firstWord, text: above.li, gap: line.y - above.y });
        cur.row.debit = amounts.debit; cur.row.credit = amounts.credit; cur.row.amount = amounts.amount;
        if (markMisread) cur.row.flagMisread = true;
        cur.hasAmount = true;
      }
      if (garbledFigure && !cur.hasAmount && !hasAmount && !cur.row.amountUnread) { cur.row.amountUnread = garbledFigure; cur.row.amountUnreadText = garbledText; }
      if (checkNumber && !cur.row.checkNumber) cur.row.checkNumber = checkNumber;
      // A Dr/Cr word printed beside the amount on the row's last line gives the row's direction.
      if (typeText && !cur.row.type) cur.row.type = typeText;
      cur.lastY = line.y;
      cur.lastLi = li;
    }
    // Side-by-side tables (checks) hold one row per line: read left to right, then down.
    if (open[t]!.hasAmount && (open[t]!.row.balance || tables.length > 1)) finish(t);
  };
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    if (labelTails.has(li)) continue;
    const before = prevLine, before2 = prevLine2;
    prevLine2 = prevLine;
    prevLine = line;
    // A text layer's lines only: OCR's heads are read with their own allowances (fuzzyHeads).
    if (!headBand && !opts.ocr) headBand = wrappedHeads(lines, li, opts);
    if (headBand && li < headBand.end) continue;
    const band = headBand && li === headBand.end ? headBand.line : null;
    headBand = null;
    let cols = headsAt(li, line, before, band);
    if (!cols && !out.tablesFound) head.note(line);
    // Labels of a summary's boxes, wrapped ("Previous | Payments and | … | Payment due" over
    // "balance | credits | due | date"), over a line of the boxes' figures: no table's heads.
    if (cols && boxLabels(cols, line, lines[li + 1])) cols = null;
    // Heads apart from their figures (an HTML table's left-aligned heads): the figures place the columns.
    if (cols) cols = moneyColumnsOverFigures(cols, lines, li, (l) => !!headerColumns(l));
    // A debit or credit head not read (on a scan, OCR garbled it; in a text layer, words no list
    // names over the figures): the column of figures under no named head is the other side's.
    if (cols) cols = unreadSideColumn(cols, lines, li, (l) => !!headerColumns(l), !opts.ocr);
    // On a scan, a D/C (Af/Bij) head OCR did not read: the column of side words under the heads names it.
    if (cols && opts.ocr) cols = unreadFlagColumn(cols, lines, li, (l) => !!headerColumns(l));
    if (cols) {
      startTable(cols, line, before);
      continue;
    }
    if (tables && headerBand && before === headerBand && !sectionHeading(line, opts.card, true) && continuesHeader(line, headerBand, tables.flat())) {
      headerBand = line;
      continue;
    }
    const cells = splitCells(line.cells);
    const moneyCells = cells.filter(isMoneyCell);
    // A line with money under a pending heading is one of its rows, wherever it stands: before any
    // table too (an app bank's pending rows under heads with no date head, the posted table's heads
    // getting theirs from its day headings, day-headings.ts; or read as summary lines there).
    // (In whole units, a whole figure under a money column: counted by decimals only, the pending
    // list had no line with money, the posted table's heads did not end it, and every posted row
    // was set aside as pending: composed --traits pending+wholeUnits 7641-7650, 7 failing.)
    if (pendingSection && (moneyCells.length || cells.some(moneyBelow))) pendingLines++;
    const key = line.key;

    // Balance rows and summary lines: never transactions.
    const descCol0 = tables ? geometry[0]?.desc : undefined;
    const dateCol0 = tables ? geometry[0]?.dateCol : undefined;
    // A dated line once a table was seen: a row (a paused table resumes with it: the next page of
    // a table whose header is not repeated), never a summary line.
    const dated = !!tables && !!parseDateStart(cells[0]?.text ?? '', opts.dmy, opts.langs);
    const at: LineAt = { line, li, cells, dated, descCol0 };
    if (tables && !moneyCells.length && monthHeading(line, opts.langs)) {
      finishAll();
      out.nonTransactions.push(line.text);
      continue;
    }
    // A page total's label printed without its figures ("Totale pagina" at a page's foot, a table
    // of signed amounts having no debit and credit column for them) ends the page's rows as the
    // total with figures does (summaryLine): no row's first or last words (composed --traits
    // pageTotals+noHeads: 27 of 100 seeds took it into the row above or below).
    if (tables && !moneyCells.length && pageTotalLabel(key)) {
      finishAll();
      out.nonTransactions.push(line.text);
      paused = pausedByTotal = true; headingRows = undatedSection = false;
      continue;
    }
    // So does a page break's carried balance printed as its label alone ("Übertrag", "Suma
    // anterior": no balance column to hold its figure), last on its page or first on the next
    // (under heads repeated there): no row's words. Elsewhere "TRANSPORTE" may be a row's
    // (composed --traits pageTotals+carryRows, no balance: 13 of 100 seeds).
    if (tables && !moneyCells.length && carryLabelAlone(key)
      && (line.page !== lastTablePage || before === headerLine || before === headerBand || lastOnPage(lines, li, (l) => isFurniture(l, opts) || PAGE_NUMBER_TAIL.test(l.text.trim())))) {
      finishAll();
      out.nonTransactions.push(line.text);
      continue;
    }
    if (tables && !moneyCells.length && periodTotalsHead(line)) {
      finishAll();
      out.nonTransactions.push(line.text);
      periodTotals = paused = true; pausedByTotal = headingRows = undatedSection = false;
      continue;
    }
    // A balance or a total of the statement's own after them (its summary printed below) ends them.
    if (periodTotals && (dated || cells.some((c) => !isMoneyCell(c) && knownSummaryLabel(compact(c.text), c.text)))) periodTotals = false;
    if (periodTotals && moneyCells.length) { out.nonTransactions.push(line.text); continue; }
    // In whole units, a balance or total label with its whole figure after it ("Saldo precedente
    // | 24.828") is read as a decimal summary line is (no figure of it was money before); so is a
    // dated balance row in the table ("01/02/2025 | Anfangssaldo | -1342"), as a decimal one is.
    if (summaryLine(at, moneyCells, before, before2)) continue;
    // A heading may carry a remark beside it ("Deposits   There were 3 …"): its first cell is the heading.
    const descCol = descCol0;
    // The running head atop every page (the issuer's name: "Crédit Maritime du Nord") heads no
    // section; a heading repeated lower on each page of a long section still does.
    // A bare "12/26" right under a table line, read as a date by the statement's order, is a
    // wrapped description's date ("CARD PURCHASE | 12/26 | AMAZON.COM"), not a page number.
    const furniture = isFurniture(line, opts) && !(line.cells.length === 1 && line.page === lastTablePage && line.y - lastTableY <= line.size * 2.6
      && parseDateStart(line.text, opts.dmy, opts.langs)?.length === line.text.length);
    const heading = headingAt(at, moneyCells, before, furniture);
    if (heading) {
      openSection(heading, line);
      continue;
    }
    if (!tables) continue;
    if (furniture) continue;
    // Atop a page before its first row, a line repeating the statement's head is the page's running head.
    if (line.page !== lastTablePage && !moneyCells.length && head.repeats(line)) continue;
    // The labels of a summary grid printed under the rows ("Saldo alt | Summe Haben" over their
    // figures) are read with their figures: no row's wrapped description, no line whose width
    // tells how the table wraps.
    // (In whole units, "Totale avere | Saldo finale" over "389.854 € | 10.221 €" too: the labels
    // were read as the last row's words.)
    if (!moneyCells.length && !paused && summaryLabelsAhead(lines, li, headerLine, opts, wholeAsDecimal)) continue;
    // A title in a larger type ("Summary Of Interest On This Statement") ends the table until the next dated row.
    // (Not a row's first or last words set in a cell's own larger type by the row's dated line:
    // a ReportLab table's paragraph cells, 10 pt beside 8 pt values, aligned to the cell's
    // bottom, top or middle; "FASTER PAYMENT FROM ACME LTD INV" over its row was dropped, and
    // "4471" under it.)
    // (On a scan, larger by its letters' widths too: a speck over a row's line makes OCR measure
    // it tall, and the row's figure line under it was dropped as after a title: ./ocr-type-size.ts.)
    if (!moneyCells.length && line.size >= tableSize * TITLE_SIZE && !parseDateStart(line.cells[0]?.text ?? '', opts.dmy, opts.langs) && !wordsOfTheirRow(lines, li, descCol, opts, undatedFigureRows > 0 || (!!dateCol0 && !!descCol && dateCol0.x1 < descCol.x0))
      && (!opts.ocr || (widerType(line, (bodyAdvance ??= bodyAdvanceByPage(lines)), TITLE_SIZE)
        && !rowContinuesBelow(line, lines[li + 1], tableSize, { money: (tables ?? []).flat().filter((c) => c.kind === 'debit' || c.kind === 'credit' || c.kind === 'amount' || c.kind === 'balance'), isFigure: isMoneyCell, summary: (l) => knownSummaryLabel(l.key) })))) {
      finishAll();
      paused = true; pausedByTotal = false;
      headingRows = undatedSection = false;
      continue;
    }

    // Far below the last table line, or on a new page without a header: only dated rows resume.
    const gap = line.page === lastTablePage ? line.y - lastTableY : Infinity;
    const near = gap <= Math.max(tableSize, line.size) * 2.6;

    for (let t = 0; t < tables.length; t++) readTableLine(t, tables, line, li, near);
  }
  finishAll();
  // The last row's amount taken from the balances has no row after it to vouch for its balance:
  // a closing balance read that is that balance vouches for it, one that is another figure does
  // not. With no closing read at all it is kept, flagged: left out, the closing was then taken
  // from the row above's balance and the statement reconciled without it, its figures confident
  // (composed fax 1220: "(140,45 $)" read "40.88 $)", the closing's label "Satdo actual").
  if (fromBalances && out.closing.length && !out.closing.some((c) => Math.abs(c.cents) === Math.abs(fromBalances!.balance!.cents))) dropFromBalances();
  if (sidedColumns) for (const p of placed) if (underDebit(sidedColumns, p.x0, p.x1)) { p.entry.cents = -Math.abs(p.entry.cents); p.entry.byColumn = true; }
  tallyVotes(pairs, widest, votes);
  // Such lines that their row's figure line could have held the first word of are notices when
  // the table's lines under figure lines otherwise wrap by width: three that did wrap for each
  // notice, and no other that could have been held (a description broken by field breaks short).
  const fits = (w: number) => w < rowWidest * NOTICE_ROOM;
  const held = noticeCandidates.filter(fits).length;
  const tops = pairs.filter((p) => p.kind === 'top');
  const wrapped = tops.filter((p) => p.head + p.next > rowWidest + 0.5);
  if (held && wrapped.length >= 3 * held && tops.filter((p) => fits(p.head + p.next)).length <= held) differs.undated = held;
  if (!wideNotices && !bottomAnchored) differs.wide = wideNoticeWidth({ ...column, wrapBound: wrapped.reduce((m, p) => Math.min(m, p.head + p.next), Infinity) });
  // Printed totals: the summary's own "Total …" lines, else the sum of its items, else the sections' totals.
  const sum = (a: Cents[]) => a.reduce((x, y) => x + y, 0);
  for (const k of ['credits', 'debits'] as const) {
    const pick = summaryTotals[k].length ? [summaryTotals[k][0]!] : summaryItems[k].length && !summaryNetted ? summaryItems[k] : sectionTotals[k];
    // A "Total …" line that is but one of its side's items ("Total Withdrawals" over "Checks and
    // Substitute Checks" and "Fees", a US sectioned summary): the side's total may be all of them.
    // Given as the second reading; assemble.ts keeps the one that carries the opening to the closing.
    const all = summaryTotals[k].length && summaryItems[k].length && !summaryNetted ? summaryTotals[k][0]! + sum(summaryItems[k]) : null;
    if (pick.length) out.totals[k] = all !== null && all !== sum(pick) ? [sum(pick), all] : [sum(pick)];
  }
  dropSerialNumbers(out.rows);
  return { ...out, anchor: bottomAnchored && !tableAnchored ? 'amountLast' : anchor, differs, widest, rowWidest, datedFirstRows, sections: sections.anchors(widest), datedFirstSections: sections.datedFirst() };
}

/**
 * Heads over a line of figures only (two or more, with dates or a month's name beside them but
 * no date under the date head and no word): a summary's boxes' labels over their values, which a
 * table's first line never is (a row prints its date or its description).
 */
function boxLabels(cols: Column[], line: Line, next: Line | undefined): boolean {
  if (!next || next.page !== line.page || next.cells.length < 2) return false;
  if (next.cells.filter(isMoneyCell).length < 2) return false;
  if (!next.cells.every((c) => isMoneyCell(c) || isDateOnlyCell(c.text) || isMonth(c.text.trim()))) return false;
  return !next.cells.some((c) => !isMoneyCell(c) && cols.some((k) => k.kind === 'date' && c.x0 < k.x1 + 4 && k.x0 - 4 < c.x1));
}

/** The line readTablesOnce is at, as its summary reader (`labelled`) needs it. */
interface LineAt { line: Line; li: number; cells: Cell[]; dated: boolean; descCol0: Column | undefined }

/** Two or more side-by-side groups, each a date and one figure (amount or balance) only: a daily-balance table's heads. */
function dailyBalanceGroups(tables: Column[][]): boolean {
  return tables.length >= 2 && tables.every((t) => t.length === 2 && t.some((c) => c.kind === 'date') && t.some((c) => c.kind === 'amount' || c.kind === 'balance'));
}

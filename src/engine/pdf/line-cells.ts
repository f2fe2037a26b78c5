/**
 * What one line's cells give the row they belong to, under one table's columns: its date (on a
 * scan, also the date cell as read, or why it was refused), its words and where they stand (for
 * the wrap votes), its figures by column, a check number and a type column's word. One line under
 * one table, nothing about the lines around it: rows.ts decides what the line is to its rows.
 */
import { CURRENCY_CODES } from '../data/currencies.js';
import { PENDING_DATE_WORDS, TYPE_SIGN_WORDS } from '../data/labels.js';
import { UNREAD_MARK } from '../ocr/limits.js';
import { withoutAccents } from '../text-fold.js';
import type { Column } from './header-row.js';
import type { Cell, Line } from './lines.js';
import { closedParenFigure } from './lost-closing-paren.js';
import { lostDecimalMarkFigure } from './lost-decimal-mark.js';
import { figureWithMarkRead } from './mark-read-as-digit.js';
import { misreadDecimalMark } from './decimal-mark-misread.js';
import { withMisreadDigits, withMisreadMonths, withSeparatorsLost, withYearApart } from './misread-dates.js';
import { misreadMarkFigure } from './misread-flags.js';
import type { PrintedEdges } from './printed-edges.js';
import { intervalDistance, moneyColumn, textColumn, wholeUnits, type TableGeometry } from './row-cells.js';
import type { RowOptions } from './row-options.js';
import { isCurrencyMark, isDirectionArrow, parseDateStart, parseMoneyCell, type DateParts, type Money } from './tokens.js';
import { garbledFigureText } from './unread-amounts.js';

/**
 * An OCR date cell whose month name was misread by one glyph ("26 Noy", "02-Des"), or whose
 * digits or separators were ("2025 OL 07", "02:01. 2025"), or blur closed the space before its
 * year or lost its separators ("03 mar25", "030325"), read as that date
 * (./misread-dates.ts): the cell is the date and nothing else, or marks after it. Null on a text
 * page, or when the cell is no such date.
 */
function misreadDateCell(text: string, opts: RowOptions): { date: DateParts; text: string } | null {
  if (!opts.ocr) return null;
  for (const mended of [opts.language ? withMisreadMonths(text, opts.language) : null, withMisreadDigits(text), withYearApart(text), withSeparatorsLost(text)]) {
    const tok = mended ? wholeDate(mended, opts) : null;
    if (tok) return { date: tok, text: mended! };
  }
  return null;
}

/** Whether a cell starts with a whole date (then its end or a space): "13-6-25", not "13-6~25" (OCR's "~" for "-"). */
function startsWithDate(text: string, opts: RowOptions): boolean {
  const tok = parseDateStart(text, opts.dmy, opts.langs);
  return !!tok && (tok.length === text.length || /\s/.test(text[tok.length]!));
}

/**
 * The date a cell under a date column holds whole: the cell is the date, or on a scan the date
 * with marks only after it ("2024-12-06 |": a rule's or a speck's stroke beside the print, read
 * into the date's word). Marks carry no letter or digit, so nothing is dropped that was printed.
 */
function wholeDate(text: string, opts: RowOptions): ReturnType<typeof parseDateStart> {
  const tok = parseDateStart(text, opts.dmy, opts.langs);
  if (!tok) return null;
  if (tok.length === text.length) return tok;
  return opts.ocr && /^\s+[|!¦:;.,'`_~-]{1,2}$/.test(text.slice(tok.length)) ? tok : null;
}

/** A debit/credit letter as a type column prints it alone (see TYPE_SIGN_WORDS). */
const SIGN_LETTER = /^(?:[CDHS]|CR|DR|Cr|Dr)$/;
const SIGN_WORDS = new Set([...TYPE_SIGN_WORDS.credit, ...TYPE_SIGN_WORDS.debit]);
/** A type column's word that gives the amount its direction ("C", "Af", "Bij", "DR"), as assemble.ts reads it. */
const signsAmount = (text: string) => SIGN_WORDS.has(text.trim().toLowerCase().replace(/\.$/, ''));

/**
 * A year-first or year-last date whose two separators differ or are marks no date prints
 * ("2024:11.25", "25.11:2024"; a dash read as a tilde or an equals sign, or doubled: "17-6~25",
 * "3=6-25", "23-6~-25", composed scan 174, where each such row was dated from the row above).
 */
const SEPARATORS_MISREAD = /^(?=.*(?:[:;,~=—–_]|[-./~=]{2})|\d+([-./])\d+(?!\1)[-./])(?:\d{4}[-./:;,~=—–_]{1,2}\d{2}[-./:;,~=—–_]{1,2}\d{2}|\d{1,2}[-./:;,~=—–_]{1,2}\d{1,2}[-./:;,~=—–_]{1,2}(?:\d{4}|\d{2}))$/;

/** A day and month joined by a point, no closing point ("16.12"): money to the cell's parser. */
const BARE_DAY_MONTH = /^\d{1,2}\.\d{1,2}$/;

/**
 * A row's first cell that is a day-month date whose closing point OCR lost ("16.12." read
 * "16.12"), under the table's date head and under no money column: that date. Read as a figure
 * it was taken for the nearest money column's amount (composed scan 107: every row undated,
 * "16.12" a debit beside the row's credit). Only OCR loses a point; a text layer's cell is as printed.
 */
function pointLostDate(c: Cell, dateCol: Column, columns: Column[], opts: RowOptions): DateParts | null {
  if (!BARE_DAY_MONTH.test(c.text) || intervalDistance(c.x0, c.x1, dateCol.x0, dateCol.x1) > 0) return null;
  if (columns.some((k) => (k.kind === 'debit' || k.kind === 'credit' || k.kind === 'amount' || k.kind === 'balance') && intervalDistance(c.x0, c.x1, k.x0, k.x1) === 0)) return null;
  // In a statement that prints the month first, the point is its separator misread ("01-08"
  // read "01.08" on a 150-dpi fax, composed 1214: rows of 8 January dated 1 August 2024): the
  // month, then the day, as the statement's other dates.
  if (!opts.dmy) {
    const md = parseDateStart(c.text.replace('.', '/'), false, opts.langs);
    if (md && md.length === c.text.length) return md;
  }
  const d = parseDateStart(`${c.text}.`, opts.dmy, opts.langs);
  return d && d.length === c.text.length + 1 ? d : null;
}

/**
 * How many cells after a row's first cell, a date read as no date, are pieces of that date that
 * OCR read apart ("2025 | 0h 02", "Gl | 4s": a 150-dpi fax's date with its separators lost,
 * composed fax-150 1313, 1214): short words starting inside the date column and ending left of
 * the next column. Read as the description's first words, they hid the date's glyphs from
 * ./garbled-dates.ts, and the row took the date above.
 */
function datePieces(mine: Cell[], i: number, dateCol: Column, columns: Column[]): number {
  const next = Math.min(...columns.filter((k) => k !== dateCol && k.x0 > dateCol.x0).map((k) => k.x0));
  let n = 0;
  for (let k = i + 1; k < mine.length; k++) {
    const c = mine[k]!;
    if (c.text.length > 6 || c.x0 > dateCol.x1 + 2 || c.x1 >= next - 2 || !/[\p{L}\p{N}]/u.test(c.text)) break;
    n++;
  }
  return n;
}

/** Words printed where a row's date goes for a row not posted yet (data/labels.ts). */
const PENDING_DATE = new Set(PENDING_DATE_WORDS);

/** ISO codes as printed (upper case) in a currency column: "BRL", "SEK" as well as the codes tokens.ts reads beside figures. */
const CURRENCY_CODE_SET: ReadonlySet<string> = new Set(CURRENCY_CODES);

/** What one line's cells under one table hold (see readLineCells). */
export interface LineCells {
  date: DateParts | null;
  text: string[];
  amounts: Partial<Record<'debit' | 'credit' | 'amount' | 'balance', Money>>;
  checkNumber?: string;
  typeText?: string;
  dateUnread: boolean;
  /** "Pending" printed where the date goes: a row not posted yet. */
  pendingRow: boolean;
  /** Dated by a misread month name or digits: the date the row takes when that date is refused (the date above). */
  dateMisread?: DateParts;
  /** The text of a date cell read as no date (./garbled-dates.ts reads it from the rows around it). */
  dateText?: string;
  /** An OCR row's date cell as read where it read as a date (./dates-out-of-order.ts). */
  dateCell?: string;
  /** Where the line's words start and end, and the width of the first word of its leftmost text cell. */
  textX0: number;
  textX1: number;
  firstWord: number;
  textCells: Cell[];
  /** Two figures under one column: the columns were not read right. */
  bad: boolean;
  markMisread: boolean;
  /** The column of a figure cell garbled past reading on this line (./unread-amounts.ts), and the cell's text. */
  garbledFigure?: 'debit' | 'credit' | 'amount';
  garbledText?: string;
  /** A figure printed left of every money column, under the descriptions (a summary's "Beginsaldo 31.935,71" below the table). */
  farLeft: boolean;
}

export interface LineCellsContext {
  opts: RowOptions;
  line: Line;
  columns: Column[];
  geometry: TableGeometry;
  printed: PrintedEdges;
  /** The date of the row above (a row whose date was misread takes it). */
  lastDate: DateParts | null;
  /** The document prints no decimal figure: its amounts are whole units. */
  wholeDoc: boolean;
  /** The marks (CR, DR…) the document's figures print, counted when first asked. */
  marks: () => Map<string, number>;
  /** The currency mark the document's figures print after them, if OCR reads it as a digit (./mark-read-as-digit.ts), found when first asked. */
  markAfter: () => string | null;
}

/** Reads the cells `mine` (one line's, under one table: split at its columns) into what they give a row. */
export function readLineCells(mine: Cell[], ctx: LineCellsContext): LineCells {
  const { opts, line, columns, printed } = ctx;
  const { dateCol, txnDate, desc, firstMoney, lastMoney } = ctx.geometry;
  let date: DateParts | null = null;
  const text: string[] = [];
  const amounts: Partial<Record<'debit' | 'credit' | 'amount' | 'balance', Money>> = {};
  let checkNumber: string | undefined, typeText: string | undefined, dateUnread = false, pendingRow = false;
  // Dated by a misread month name or digits: the date the row takes when that date is refused (the date above).
  let dateMisread: DateParts | undefined;
  // The text of a date cell read as no date (./garbled-dates.ts reads it from the rows around it).
  let dateText: string | undefined;
  // An OCR row's date cell as read where it read as a date (./dates-out-of-order.ts).
  let dateCell: string | undefined;
  let textX0 = Infinity, textX1 = -Infinity, firstWord = 0;
  const textCells: Cell[] = [];
  let bad = false, markMisread = false;
  // The column of a figure cell garbled past reading on this line (./unread-amounts.ts).
  let garbledFigure: 'debit' | 'credit' | 'amount' | undefined, garbledText: string | undefined;
  // A figure printed left of every money column, under the descriptions (a summary's
  // "Beginsaldo 31.935,71" below the table), taken for the nearest money column's.
  let farLeft = false;
  for (let i = 0; i < mine.length; i++) {
    const c = mine[i]!;
    if (opts.ocr && !date && SEPARATORS_MISREAD.test(c.text)) {
      // A whole date whose separators OCR misread ("2024:11.25"), under a date head.
      const under = columns.find((k) => k.kind === 'date' && intervalDistance(c.x0, c.x1, k.x0, k.x1) === 0);
      const fixed = under ? c.text.replace(/[-./:;,~=—–_]{1,2}/g, '-') : '';
      const d = fixed ? parseDateStart(fixed, opts.dmy, opts.langs) : null;
      if (d && d.length === fixed.length) { date = d; continue; }
    }
    if (opts.ocr && BARE_DAY_MONTH.test(c.text)) {
      // Under any date column (a value date beside the booking date too, composed scan 148).
      const under = columns.find((k) => k.kind === 'date' && pointLostDate(c, k, columns, opts));
      if (under) {
        const lost = pointLostDate(c, under, columns, opts)!;
        if (!date || under === txnDate) date = lost;
        continue;
      }
    }
    // Beside the table (a note right of its last column): no row's.
    if (printed.beside(c, columns, line.size)) continue;
    let decimal = parseMoneyCell(c.text, opts.decimalComma);
    // On a scan, its decimal point read as a colon ("-289:46"): the figure, flagged (./decimal-mark-misread.ts).
    if (!decimal && opts.ocr) { const fixed = misreadDecimalMark(c.text, opts.decimalComma); if (fixed) decimal = parseMoneyCell(fixed, opts.decimalComma); }
    // On a scan, its closing parenthesis lost ("(165,97" for "(165,97 €)"): the figure closed, flagged (./lost-closing-paren.ts).
    if (!decimal && opts.ocr) { const fixed = closedParenFigure(c.text); if (fixed) decimal = parseMoneyCell(fixed, opts.decimalComma); }
    // On a blurred scan of a document with cents, its decimal mark lost ("475255", "3400€"): its
    // last two digits the cents, flagged (./lost-decimal-mark.ts). Only under a money column's
    // head: a number beside one (a reference, a cheque's number) is no figure that lost its mark.
    // Only on a page read by OCR: a text page of the same document prints whole figures as they are.
    // On a scan of figures printed with a currency mark after them, the mark read as one more
    // digit ("3 431,008" for "3 431,00 $"): the figure with its mark (./mark-read-as-digit.ts).
    if (!decimal && opts.ocrPages?.has(line.page) && !ctx.wholeDoc && i > 0) decimal = markAsDigitUnderMoney(c, ctx) ?? lostMarkUnderMoney(c, columns, line.size);
    // On a scan, its debit/credit mark misread by a glyph ("2 423.90 OR"): the figure with the
    // mark the document's figures print cleanly, the row flagged (./misread-flags.ts).
    if (!decimal && opts.ocr && /\d[.,]\s?\d{2}\s?\S{1,3}$/.test(c.text)) {
      decimal = misreadMarkFigure(c.text, ctx.marks(), (x) => parseMoneyCell(x, opts.decimalComma));
      if (decimal) markMisread = true;
    }
    // A line's first cell is its date or its words, no whole figure; but where the amounts
    // come first, a wrapped row's figure line (its date and words above) starts with its
    // amount, right of the date column and left of the descriptions.
    const wholeAt = i > 0 || (!!dateCol && !!desc && desc.x0 > firstMoney && c.x0 > dateCol.x1 && c.x1 < desc.x0);
    const aligned = decimal || !wholeAt ? null : printed.wholeNumber(c, line.size);
    const money = decimal ?? aligned?.money ?? (wholeAt ? wholeUnits(c, columns, ctx.wholeDoc) : null);
    if (money) {
      const col = aligned?.col ?? moneyColumn(columns, c.x0, c.x1);
      if (col?.kind === 'other') continue;
      if (col && !printed.inDescription(c, desc, col, line.size)) {
        if (decimal) printed.note(col, c.x1);
        const k = col.kind as 'debit' | 'credit' | 'amount' | 'balance';
        if (c.x1 < firstMoney - 2) farLeft = true;
        if (amounts[k]) bad = true;
        amounts[k] = money;
        continue;
      }
    }
    // On a scan, a figure garbled past reading under a debit, credit or amount column
    // ("264145€", "36.CC"): no word of the description; the row may take its amount from
    // its balances (./unread-amounts.ts).
    if (opts.ocr && i > 0 && c.x1 > firstMoney && (!desc || c.x0 > desc.x0 + 2) && garbledFigureText(c.text)) {
      const col = moneyColumn(columns, c.x0, c.x1);
      if (col && (col.kind === 'debit' || col.kind === 'credit' || col.kind === 'amount') && intervalDistance(c.x0, c.x1, col.x0, col.x1) < line.size) { if (!garbledFigure) { garbledFigure = col.kind; garbledText = c.text; } continue; }
    }
    // An OCR word alone in the date column, left of the descriptions, that is no date
    // ("1l-giu" for "11-giu", "13-6~25", "a" for a smudged day): the row's own date, unread. The row
    // takes the date above and says it is unsure; the word is no part of its description.
    // Marks alone ("|", "-": a rule's or a speck's, under a wrapped row's date) are no date
    // read wrong: such a line is read on as the row's next line (composed scan 138).
    // So is such a word under a date head printed right of the descriptions ("+8 feb" for
    // "18 feb", composed scan 53: the row took the date above and, once the statement
    // reconciled, was wrong with nothing said).
    const dateFirst = i === 0 && !!dateCol && !!desc && desc.x0 > dateCol.x1 && c.x1 < desc.x0 - 2 && intervalDistance(c.x0, c.x1, dateCol.x0, dateCol.x1) < 20;
    const dateAfter = i > 0 && !!dateCol && !!desc && desc.x0 < dateCol.x0 - 20 && c.x0 >= dateCol.x0 - 8 && c.x0 <= dateCol.x1 + 8 && c.x1 < firstMoney;
    if (opts.ocr && !date && (dateFirst || dateAfter) && c.text.length <= 12 && !startsWithDate(c.text, opts)) {
      const pieces = dateFirst ? datePieces(mine, i, dateCol!, columns) : 0;
      const cellText = [c, ...mine.slice(i + 1, i + 1 + pieces)].map((x) => x.text).join(' ');
      i += pieces;
      // Its month name or digits misread by a glyph ("26 Noy", "2025 OL 07"): that date, flagged all the same.
      const misread = misreadDateCell(cellText, opts);
      if (misread) { date = misread.date; dateUnread = true; dateMisread = ctx.lastDate ?? { month: 1, day: 1 }; dateText = cellText; continue; }
      if (/[\p{L}\p{N}]/u.test(cellText) || c.text === UNREAD_MARK) { dateUnread = true; if (c.text !== UNREAD_MARK) dateText = cellText; }
      continue;
    }
    if (i === 0 && !date) {
      let cell = c.text, tok = parseDateStart(cell, opts.dmy, opts.langs);
      // On a scan, its month name misread by one glyph ("Dee 17, 2024 REMOTE ONLINE
      // DEPOSIT"): that date, flagged all the same; the description after it as read.
      const misread = !tok && opts.ocr && opts.language ? withMisreadMonths(cell, opts.language, true) : null;
      if (misread) { cell = misread; tok = parseDateStart(cell, opts.dmy, opts.langs); }
      // With the description column first, text starting at its left edge is description ("12/23 REF …" wrapped), not a date.
      // The date's own print is measured, not the cell's: a long description cell ("12/05 REF
      // 506690741 BLUE RIDGE SUPPLY …") may end right beside the date column.
      const tokX1 = tok ? c.x0 + ((c.x1 - c.x0) * tok.length) / Math.max(1, cell.length) : c.x1;
      const descFirst = !!dateCol && !!desc && desc.x0 < dateCol.x0 - 20 && c.x0 <= desc.x0 + 2 && intervalDistance(c.x0, tokX1, dateCol.x0, dateCol.x1) > 20;
      const inDateCol = !descFirst && (!dateCol || !desc || desc.x0 <= dateCol.x0 || c.x0 < desc.x0 - 1);
      if (tok && inDateCol && (tok.length === cell.length || /\s/.test(cell[tok.length] ?? ' '))) {
        date = tok;
        if (opts.ocr) dateCell = cell.slice(0, tok.length);
        if (misread) { dateUnread = true; dateMisread = ctx.lastDate ?? { month: 1, day: 1 }; }
        // A time after the date ("05/01/2025 14:32", online printouts) is no part of the description.
        const rest = cell.slice(tok.length).trim().replace(/^\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M)?(?=\s|$)/i, '').trim();
        // A second date (posting vs transaction date) right after the first is dropped.
        const rest2 = rest ? parseDateStart(rest, opts.dmy, opts.langs) : null;
        const second = !!rest2 && (rest2.length === rest.length || rest[rest2.length] === ' ');
        // After a posting date, the transaction date is the row's ("Post Date | Trans Date").
        if (second && txnDate) { date = rest2!; dateCell = undefined; }
        const tail = second ? rest.slice(rest2!.length).trim() : rest;
        if (tail) text.push(tail);
        continue;
      }
    }
    // A second date printed right after the row's own (posting and transaction dates), whatever
    // column the header put there: no part of the description.
    if (date && i === 1 && !text.length) { const tok = parseDateStart(c.text, opts.dmy, opts.langs); if (tok && tok.length === c.text.length) { if (txnDate) date = tok; continue; } }
    if (dateCol && !date && intervalDistance(c.x0, c.x1, dateCol.x0, dateCol.x1) < 20 && (!desc || desc.x0 > dateCol.x0 ? c.x1 <= (desc?.x0 ?? Infinity) + 2 : true)) {
      // "Pending" where the date goes: a row not posted yet (no part of its description).
      if (PENDING_DATE.has(withoutAccents(c.text).trim().toLowerCase())) { pendingRow = true; continue; }
      const tok = wholeDate(c.text, opts);
      if (tok) { date = tok; if (opts.ocr) dateCell = c.text; continue; }
      // On a scan, a date under the date column with more after it than marks is the row's
      // date misread: the row is flagged (it takes the date above), never silently dated.
      if (opts.ocr && startsWithDate(c.text, opts)) dateUnread = true;
    }
    const home = textColumn(columns, c);
    // A date under a date column: the row's second date, or its only one when the other is not
    // printed (a notice dated under "Fecha valor" alone).
    if (home?.kind === 'date') { const tok = wholeDate(c.text, opts); if (tok) { if (!date || home === txnDate) { date = tok; if (opts.ocr) dateCell = c.text; } continue; } }
    // (One digit too: a serial number's, under a head that also names checks, "No."; told apart below, dropSerialNumbers.)
    if (home?.kind === 'check' && /^\d{1,10}\*?$/.test(c.text)) { checkNumber = c.text.replace(/\*$/, ''); continue; }
    // A currency code or mark alone among the money columns ("EUR" in a currency column beside
    // the amounts, as European online banking prints one on every row): the row's currency,
    // no word of a description printed left of them (composed --traits rowCurrency: "EUR"
    // was read into the descriptions of rows that print no balance after it),
    // nor the word of a type column beside them ("D/C | Importo | Divisa": "CHF" taken for
    // every row's D or C left all 201 signs of composed seed 100 unsettled).
    // So is one between the amounts and a description printed after them ("Date | Amount |
    // Currency | Description"), ending left of the description's column.
    if (desc && c.x0 >= firstMoney - 2 && (desc.x0 < firstMoney || c.x1 < desc.x0 - 2) && (isCurrencyMark(c.text) || CURRENCY_CODE_SET.has(c.text.trim()))) continue;
    // Of two type columns (a debit/credit one, "D/C", and a payment type's, "Type": "C | VIR"),
    // the word that signs the amount is the row's type: the code after it had replaced it, and
    // every sign was left unsettled (composed --traits amountsFirst+typeCodes, flag columns).
    if (home?.kind === 'type' && c.text.length <= 16) { if (!typeText || !signsAmount(typeText)) typeText = c.text; continue; }
    // An OCR row's lone debit/credit letter in a cell of its own, in a table that found no
    // type column: its head was misread ("D/C" read "bic", "S/H" read "SIH"), and the
    // letters, taken for the description's end, left every sign unsettled. Printed between
    // the description and the money, or right after the row's own unsigned amount; never
    // from the balance's place on (a letter there marks the balance: "43.799,68 H").
    if (opts.ocr && !typeText && text.length && SIGN_LETTER.test(c.text) && c.x0 > textX1 && !columns.some((k) => k.kind === 'type')
      && (c.x1 < firstMoney || (amounts.amount && !amounts.balance && !amounts.debit && !amounts.credit && !columns.some((k) => k.kind === 'balance' && c.x1 > k.x0)))) { typeText = c.text; continue; }
    // A reference column's value ("0000412345678901", "Ref. 1007919"): no part of the description.
    if (home?.kind === 'ref' && (!/\s/.test(c.text) || (/\d{4}/.test(c.text) && c.text.length <= 24))) continue;
    // Text right of every money column (a branch code after the balance) is no part of a
    // description printed left of them, nor is text under a column of other figures ("USD"
    // of a foreign amount).
    if (desc && desc.x0 < firstMoney && c.x0 > lastMoney + 2) continue;
    // An app's arrow before a figure ("↓ (£10,294.03)"), cut off where a wide figure passes its column's edge.
    if (isDirectionArrow(c.text)) continue;
    if (desc && intervalDistance(c.x0, c.x1, desc.x0, desc.x1) > 0 && columns.some((k) => k.kind === 'other' && intervalDistance(c.x0, c.x1, k.x0 - 4, k.x1 + 4) === 0)) continue;
    text.push(c.text);
    textCells.push(c);
    if (!text.length || c.x0 < textX0) { const sp = c.text.indexOf(' '); firstWord = ((c.x1 - c.x0) / Math.max(1, c.text.length)) * ((sp < 0 ? c.text.length : sp) + 1); }
    textX0 = Math.min(textX0, c.x0); textX1 = Math.max(textX1, c.x1);
  }
  return { date, text, amounts, checkNumber, typeText, dateUnread, pendingRow, dateMisread, dateText, dateCell, textX0, textX1, firstWord, textCells, bad, markMisread, garbledFigure, garbledText, farLeft };
}

/**
 * A scan's figure whose currency mark after it was read as a digit (./mark-read-as-digit.ts),
 * under the head of an amount column of a table that prints running balances; else null. Only
 * there: the balances check the figure so read, and a table whose balance head OCR lost is read
 * wrong already (its balances taken for amounts: composed 2113 shaken, recorded by an older
 * engine), where more figures only gave more wrong rows.
 */
function markAsDigitUnderMoney(c: Cell, ctx: LineCellsContext): Money | null {
  if (!/\d[.,]\d{3}\D{0,3}$/.test(c.text)) return null;
  const mark = ctx.markAfter();
  const fixed = mark ? figureWithMarkRead(c.text, mark) : null;
  const money = fixed ? parseMoneyCell(fixed, ctx.opts.decimalComma) : null;
  const col = money ? moneyColumn(ctx.columns, c.x0, c.x1) : null;
  return col && col.kind !== 'other' && col.kind !== 'balance' && ctx.columns.some((k) => k.kind === 'balance') && intervalDistance(c.x0, c.x1, col.x0, col.x1) < ctx.line.size ? money : null;
}

/** A scan's figure that lost its decimal mark (./lost-decimal-mark.ts), read where it stands under a money column's head; else null. */
function lostMarkUnderMoney(c: Cell, columns: Column[], size: number): Money | null {
  const fixed = lostDecimalMarkFigure(c.text);
  const money = fixed ? parseMoneyCell(fixed) : null;
  const col = money ? moneyColumn(columns, c.x0, c.x1) : null;
  return col && col.kind !== 'other' && intervalDistance(c.x0, c.x1, col.x0, col.x1) < size ? money : null;
}

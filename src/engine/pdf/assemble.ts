import { gluedBreaks, joinLines, type GluedBreaks } from './glued-breaks.js';
import type { ConversionOptions } from '../../contract/api/conversion-options.js';
import type { AccountTypeStr, DocTypeText, ParsedStatement, ParsedTransaction } from '../../contract/model.js';
import { formatCents, type Cents } from '../../contract/money.js';
import { addDays, daysBetween, parseIso, toIso, type IsoDate } from '../../contract/dates.js';
import { MASKED_NUMBER_LABELS, MONTHS, TYPE_SIGN_WORDS, type Lang } from '../data/labels.js';
import { periodAt, findAccountNumber, isMaskedAccountLabel, findAccountType, findTitledAccountNumber, findMaskedTitledAccountNumber, findAddressBlocks, findBank, findPeriod, findPhones, isStrongAccountNumber, looksBusiness, namesAccountType, normalizeAccount } from './fields.js';
import { compact, type Line } from './lines.js';
import { isRowLine } from './row-line.js';
import { wholeFigureText } from './row-cells.js';
import { headerColumns, wordSign } from './header-row.js';
import { CARRIED, labelHit, TOT_CREDIT, TOT_DEBIT } from './summary-labels.js';
import { misreadPeriod, settleMisreadDates } from './misread-dates.js';
import { inferGarbledDates } from './garbled-dates.js';
import { markSideByBalance, mendMisreadFlags, SIGN_LETTER_MISREAD } from './misread-flags.js';
import { AMOUNT_FROM_BALANCES } from './unread-amounts.js';
import { flagDatesOutOfOrder } from './dates-out-of-order.js';
import { spanOfRows } from './span-of-rows.js';
import { mendColumnSigned } from './column-signed.js';
import { knownSummaryLabel, readTables, type AnchorVotes, type BalanceRead, type RawRow, type RowOptions } from './rows.js';
import type { ImpliedHeads } from './implied-header.js';
import { amountsThatAreBalances } from './balance-column.js';
import { noVotes } from './wrap-votes.js';
import { balanceBreaks, inferSigns } from './signs.js';
import { mendLostLeadFigures } from './lost-lead-figures.js';
import { detectCurrency } from './currency.js';
import { chooseReading } from './readings.js';
import { derivedHint, setDerived } from './derived-balances.js';
import { unreconciledReason } from '../statement/reconcile.js';
import { LOW_CONFIDENCE } from '../ocr/limits.js';
import { findRepeatedPages, type RepeatedPage } from '../statement/repeated-listing.js';
import { splitCheckCaptions } from './check-captions.js';
import { cardSideEvidence, sideDependent } from './card-side.js';
import type { DateParts } from './tokens.js';
import { findFullDates, isMoneyText, parseDateStart } from './tokens.js';

/** The widest row spacing, in the type's size, that keeps a run of table lines going (rows padded apart as ReportLab's and HTML tables pad them). */
const ROW_PITCH_MAX = 2.6;

export interface DocumentContext {
  docType: DocTypeText;
  /** A loan or line of credit: balances are a principal owed (read like a card's, holder's side). */
  loan?: boolean;
  dmy: boolean;
  /** `dmy` told by month names only ("5 Jan 2025"), which say less of the country than numbers (index.ts dateOrder). */
  dmyByNames?: boolean;
  langs: Lang[];
  language: string;
  decimalComma: boolean;
  boilerplate: Set<string>;
  options: ConversionOptions;
  /** Pages read by OCR (their words may be garbled: see RowOptions.ocr). */
  ocrPages?: Set<number>;
  /** How the document's tables wrap rows, as its statements so far told (one layout per file). */
  anchorVotes?: AnchorVotes;
  /** Each page's first and last line of the whole document (letterhead, footer: fields.ts pageEdgeLines). */
  pageEdges?: ReadonlySet<Line>;
  /** The currency the country of the document's addresses names (currency.ts documentCountryCurrency): a later account's, which prints no address of its own. */
  countryCurrency?: string;
  /** Heads implied by an earlier statement printed with none: one document, one layout. */
  impliedHeads?: ImpliedHeads;
  /** Whether the document lists rows newest first, as the first statement whose dates tell said (one layout per file). */
  newestFirst?: boolean;
}

/**
 * Splits the document's lines into statements: a new statement starts where a label declares
 * a different account number or a different statement period (at the top of that page when
 * nothing of the previous statement precedes it there).
 */
export function splitStatements(lines: Line[], ctx: DocumentContext): Line[][] {
  const segments: Line[][] = [];
  let current: Line[] = [];
  let account: string | null = null;
  let period: string | null = null;
  let dataSeenOnPage = false, rowX0 = Infinity;
  // A line with a figure: decimals, or in a document printing none (whole units) a whole figure
  // in a cell of its own past the first ("INC PO 88213 | 2'821 | 3'502", a dated row's last line:
  // otherwise no row was seen on its page, and the next account's number took the page's rows).
  const whole = !lines.some((l) => l.cells.some((c) => isMoneyText(c.text)));
  const figured = (l: Line) => FIGURE.test(l.text) || (whole && l.cells.slice(1).some((c) => wholeFigureText(c.text) !== null));
  // A dated line with such a figure is a row there, one figure or two ("25-fev | 732225 |
  // 967248679 | 624": its reference was taken for a new account's number, and the pages from
  // there on for a statement of their own, dropped).
  const wholeRow = (l: Line) => whole && figured(l) && isDated(l, ctx);
  // A dated line without a figure whose figures come on a later line (a wrapped row printing its
  // amounts on its last line): its x, until a figure line completes it.
  let datedX0: number | null = null;
  let rowRun = false, afterHeads = false;
  // The widest spacing seen between two row lines one after the other on this page (a table
  // that pads its cells sets its rows further apart than its lines), up to ROW_PITCH_MAX sizes.
  let rowPitch = 0;
  let page = -1;
  // The account and period of the part before the last change, and whether rows were read in it.
  let before: { account: string | null; period: string | null; data: boolean } | null = null;
  // The lines that declared the current account and period: moved to the next part with the
  // page's lines before a change, they declare that part's, not the one left behind.
  let accountLine: Line | null = null, periodLine: Line | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.page !== page) { page = line.page; dataSeenOnPage = false; rowX0 = Infinity; datedX0 = null; rowPitch = 0; }
    // A line indented from where this page's rows start is a wrapped description ("TO ACCT
    // 4410-22 FOR INV 1043"): an account number in it is the payee's, not a new statement's.
    const indented = dataSeenOnPage && line.x0 > rowX0 + 10;
    // Nor is one printed at a row's line spacing right under the rows (a description-first
    // table's wrapped lines start where its rows do): a new account's block stands apart.
    const prev = lines[i - 1];
    // (Under the column heads, a rule and some space come before the first row.)
    // (Or at the rows' own spacing: a padded table's wrapped description, "ONLINE" over "PAYMENT
    // TO" over "ACCT 4410-22", starts as far under the row above as rows stand apart.)
    const tight = !!prev && prev.page === line.page && line.y - prev.y <= Math.max(line.size * (afterHeads ? 2.6 : 1.7), rowPitch + 0.5);
    const inRows = rowRun && tight && !FIGURE.test(line.text);
    // Nor does a row's figure line right under its dated first line ("ONLINE PAYMENT CREDIT |
    // 21/03" over "ACCOUNT 7988 | 731.87"): the row's description goes on there.
    const completesRow = tight && FIGURE.test(line.text) && !!prev && !FIGURE.test(prev.text) && isDated(prev, ctx);
    // A transaction row ("9-Dez.-24  ACCOUNT  247082  29,10") names no account either.
    const acct = indented || inRows || completesRow || isRowLine(line) || wholeRow(line) ? null : findAccountNumber(line, lines[i + 1]) ?? titledAccount(line, ctx);
    // A row of an OCR page states no period: a speck read as a dash between its posting and
    // value dates ("31-01-25 — 31-01-25", composed scan 118) made it one, and the statement's
    // last rows a statement of their own that was dropped.
    const per = ctx.ocrPages?.has(line.page) && isRowLine(line) ? null : periodAt(lines, i, ctx.dmy, ctx.langs);
    const perKey = per ? `${per.start}/${per.end}` : null;
    const newAcct = acct ? normalizeAccount(acct) : null;
    let changes = (newAcct && account && newAcct !== account && !account.endsWith(newAcct) && !newAcct.endsWith(account) && !memberCard(lines, i, ctx, acct!))
      || (perKey && period && perKey !== period);
    // The account before the last change named again, for the period it had, when no row was read
    // under it before that change and the part since names no period of its own: the number that
    // made the change was printed in this account's head, no statement's (a linked card's or
    // loan's box, "Card Number XXXX XXXX XXXX 2986", between the account's block and its rows),
    // and the rows since are this account's. Split there, the running head atop page 2 took the
    // rest of the rows for a second statement (linkedBox card 47, 243, 297).
    if (changes && before && newAcct === before.account && !before.data && (period === null || period === before.period) && (perKey === null || perKey === before.period)) {
      changes = false;
      account = newAcct;
      period = before.period;
      before = null;
    }
    // A running head atop the page naming the account that starts further down it, below the
    // last rows of the one before (LaTeX's \rightmark: the first mark set on the page, so the
    // head of the page where the second account begins names it): the change is where the page
    // names it again after rows, not atop the page, whose first rows are still the last account's.
    if (changes && newAcct && !dataSeenOnPage && namedAgainAfterRows(lines, i, newAcct, ctx)) changes = false;
    if (changes && current.length) {
      // Move this page's lines that come before the change to the new statement, unless data was read there.
      let cut = current.length;
      if (!dataSeenOnPage) {
        while (cut > 0 && current[cut - 1]!.page === line.page) cut--;
        // The previous account's summary printed after its rows runs over to the top of this page
        // ("Closing Balance 21,990.52" above the next account's title): its figures stay with it,
        // and so do a grid's figures under its labels ("Saldo anterior | Saldo final" over two figures).
        const gridLabels = (l: Line | undefined) => !!l && !FIGURE.test(l.text) && l.cells.length >= 2 && l.cells.every((c) => knownSummaryLabel(compact(c.text)));
        // So do the last rows of its table, undated (dates printed once per day) with their amount
        // and running balance, atop this page before the next account's title (composed seed 7035
        // --traits dateOncePerDay: two rows went to the savings account's statement, read by neither).
        const undatedRow = (l: Line) => !knownSummaryLabel(l.key) && l.cells.filter((c) => FIGURE.test(c.text)).length >= 2 && !isDated(l, ctx, true);
        // (In a document printing no decimal figure, whole units, its summary's "Saldo final |
        // 6576 D" and its rows' "24/02 | … | CHF 4,814" count as such: otherwise the next
        // account's statement took the first's closing balance.)
        const wholeSummary = (l: Line) => whole && l.cells.length >= 2 && knownSummaryLabel(l.key) && wholeFigureText(l.cells[l.cells.length - 1]!.text) !== null;
        let last = -1;
        for (let k = cut; k < current.length; k++) {
          const l = current[k]!;
          if ((FIGURE.test(l.text) && (knownSummaryLabel(l.key) || (k > cut && gridLabels(current[k - 1])) || undatedRow(l))) || wholeSummary(l)) last = k;
        }
        if (last >= 0 && current.slice(0, cut).some((l) => isDataLine(l, ctx, true) || (whole && isRowLine(l)))) cut = last + 1;
      } else {
        // Below the last account's rows on the same page, the new account's title printed just
        // above its number ("Savings Account" / "Account number …") is the new statement's.
        let k = cut;
        while (k > 0 && cut - k < 2 && current[k - 1]!.page === line.page && !/\d[.,]\d{2}\b/.test(current[k - 1]!.text)) k--;
        const titled = current.slice(k, cut).findIndex((l) => namesAccountType(l));
        if (titled >= 0) cut = k + titled;
      }
      // Nothing before the change (the whole part moved on with this page's lines): no statement
      // of no lines, which made a file of one statement two and each typed on its own evidence.
      const part = current.slice(0, cut);
      if (part.length) segments.push(part);
      current = current.slice(cut);
      // (A merged file's card statement, whose masked number declares no account, then a checking
      // account's page: "N° de compte: 780357526" over its period. The number was taken for the
      // card's part, and at the period's change the part moving on with it had none; the savings
      // account's number after it was then the checking's, no change: the two accounts one part.)
      const accountMoved = !!accountLine && current.includes(accountLine), periodMoved = !!periodLine && current.includes(periodLine);
      before = { account, period, data: part.some((l) => isDataLine(l, ctx) || isRowLine(l)) };
      if (newAcct && account && newAcct !== account && !periodMoved) period = null;
      if (perKey && period && perKey !== period && !(accountMoved && !newAcct)) account = newAcct ?? null;
    }
    if (newAcct && (!account || changes)) { account = newAcct; accountLine = line; }
    if (perKey && (!period || changes)) { period = perKey; periodLine = line; }
    // A run of table lines: from a row or a table's column heads on, while lines follow at a
    // row's spacing (a page opening with its heads, a carried balance and a wrapped row).
    const heads = !isRowLine(line) && line.cells.length >= 3 && !FIGURE.test(line.text) && !!headerColumns(line);
    if (prev && prev.page === line.page && isRowLine(line) && isRowLine(prev)) rowPitch = Math.max(rowPitch, Math.min(line.y - prev.y, line.size * ROW_PITCH_MAX));
    rowRun = (rowRun && tight) || heads || isRowLine(line);
    afterHeads = heads;
    // A row is data, and so is a figure line in a run of table lines (an undated row under the
    // page's column heads: a day's later rows print no date).
    // (A row whose figures come on its last line starts where its dated first line does: its
    // figure line, printed from the description's x, had set where rows start, and a wrapped
    // "CARD ACCOUNT 7878" under "ONLINE PAYMENT CREDIT" was no longer indented: a new statement.)
    // (So is a row of a statement in whole units, whose figures print no decimals: "02 janv. |
    // SHOPIFY PAYOUT | 13'230": otherwise the next account's number took the whole page with it.)
    if (isDataLine(line, ctx) || isRowLine(line) || wholeRow(line) || (rowRun && figured(line) && !knownSummaryLabel(line.key))) { dataSeenOnPage = true; rowX0 = Math.min(rowX0, line.x0, datedX0 ?? Infinity); datedX0 = null; }
    else if (datedX0 !== null && figured(line) && !knownSummaryLabel(line.key)) { dataSeenOnPage = true; rowX0 = Math.min(rowX0, datedX0); datedX0 = null; }
    // (Dated in a cell of its own past the description too, a description-first table's: "ONLINE
    // TRANSFER FROM SAV | 30 ene 2025" over "TRANSACTION#: 87255573 | $6.994 | $16.600", in whole
    // units; no row was seen on the page, and the next account's number took its rows: composed
    // seed 23601 --traits wholeUnits+noHeads.)
    else if (!figured(line) && line.cells.length >= 2 && (parseDateStart(line.cells[0]?.text ?? '', ctx.dmy, ctx.langs) || (whole && isDated(line, ctx)))) datedX0 = line.x0;
    current.push(line);
  }
  if (current.length) segments.push(current);
  return segments;
}

const FIGURE = /\d[.,]\d{2}\b/;

/**
 * A dated line with a figure: a transaction row. Dated in its first cell, or (a description-first
 * table) in a cell of its own among the first three; `dateAnywhere` accepts a date cell anywhere.
 */
function isDataLine(line: Line, ctx: DocumentContext, dateAnywhere = false): boolean {
  return /\d[.,]\d{2}\b/.test(line.text) && isDated(line, ctx, dateAnywhere);
}

/** A line dated as a row is: in its first cell, or in a cell of its own among the first three. */
function isDated(line: Line, ctx: DocumentContext, dateAnywhere = false): boolean {
  if (parseDateStart(line.cells[0]?.text ?? '', ctx.dmy, ctx.langs)) return true;
  const cells = dateAnywhere ? line.cells : line.cells.slice(1, 3);
  return cells.some((c) => (dateAnywhere || c.text.length <= 12) && !!parseDateStart(c.text, ctx.dmy, ctx.langs));
}

/**
 * On a card statement, a card number printed right above transaction rows ("DAVID R OKAFOR -
 * Card ending in 4159" over his purchases) heads a card member's rows: the account is the same.
 * A new card account's statement prints its period, summary and column heads before its rows.
 * In a file typed otherwise (a card statement merged after a bank's), the same holds for a
 * masked number a card's words label (`MASKED_NUMBER_LABELS`): a bank account's own number,
 * printed in full, still starts its statement.
 */
const MEMBER_LOOKAHEAD = 3;
const CARD_WORD = new RegExp(`(?:^|[^\\p{L}])(?:${MASKED_NUMBER_LABELS.join('|')})(?![\\p{L}])`, 'iu');
function memberCard(lines: Line[], i: number, ctx: DocumentContext, printed: string): boolean {
  const line = lines[i]!;
  if (ctx.docType !== 'Credit Card Statement' && (isStrongAccountNumber(printed) || !CARD_WORD.test(line.text.normalize('NFD').replace(/\p{M}/gu, '')))) return false;
  for (let k = i + 1; k <= i + MEMBER_LOOKAHEAD && k < lines.length; k++) if (isDataLine(lines[k]!, ctx)) return true;
  return false;
}

/** An account title line with its number ("BUSINESS SAVINGS 3787824551"): never a table row. */
/** Whether a line after `i` on its page names `account` again, with a transaction row between. */
function namedAgainAfterRows(lines: Line[], i: number, account: string, ctx: DocumentContext): boolean {
  let rows = false;
  for (let j = i + 1; j < lines.length && lines[j]!.page === lines[i]!.page; j++) {
    const l = lines[j]!;
    if (isDataLine(l, ctx) || isRowLine(l)) { rows = true; continue; }
    if (!rows) continue;
    const acct = findAccountNumber(l, lines[j + 1]) ?? titledAccount(l, ctx);
    if (acct && normalizeAccount(acct) === account) return true;
  }
  return false;
}

function titledAccount(line: Line, ctx: DocumentContext): string | null {
  if (/\d[.,]\d{2}\b/.test(line.text) || parseDateStart(line.cells[0]?.text ?? '', ctx.dmy, ctx.langs)) return null;
  return findTitledAccountNumber(line);
}

/** Year for a date printed without one: inside (or nearest to) the statement period. */
export function resolveYear(d: DateParts, period: { start: IsoDate; end: IsoDate } | null, fallbackYear: number, prevMonth: number | null): number {
  if (d.year !== undefined) return d.year;
  if (period) {
    const ys = parseIso(period.start).year, ye = parseIso(period.end).year;
    let best = ye, bestDist = Infinity;
    for (const y of new Set([ys, ye, ye + 1, ys - 1])) {
      const iso = toIso(y, d.month, Math.min(d.day, 28));
      const dist = iso < period.start ? daysBetween(iso, period.start) : iso > period.end ? daysBetween(period.end, iso) : 0;
      if (dist < bestDist) { bestDist = dist; best = y; }
    }
    return best;
  }
  if (prevMonth !== null && d.month < prevMonth - 6) return fallbackYear + 1;
  return fallbackYear;
}

function safeIso(y: number, m: number, d: number): IsoDate {
  const dim = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return toIso(y, m, Math.min(d, dim));
}

/**
 * A row's description without a cell that is only the check number its own words name
 * ("4764" beside "CHECK 4764"): a check-number column printed on the checks' rows only, which
 * no heads named (a table without heads, a single check), is the row's check number, no words
 * of its description. The number is kept as the row's check number.
 */
function withoutCheckNumberCell(r: RawRow): string[] {
  const named = r.description.map((p) => CHECK_NAMED.exec(p)?.[1]).find((n) => n !== undefined);
  if (!named) return r.description;
  const at = r.description.length < 2 ? -1 : r.description.findIndex((p) => p.trim() === named);
  if (at < 0) {
    // Or set on the words' own line, where the reference printed under a description was joined
    // to it by the rows' spacing ("CHECK 3406" over "3406" beside its figures set in the middle
    // of the cells, ./row-spacing.ts: "CHECK 3406 3406").
    const repeated = new RegExp(`^(.*\\b(?:check|cheque|chk|ck)\\s*(?:no\\.?|#)?\\s*${named}\\b.*?)\\s+${named}$`, 'i');
    const k = r.description.findIndex((p) => repeated.test(p.trim()));
    if (k < 0) return r.description;
    r.checkNumber ??= named;
    return r.description.map((p, i) => (i === k ? repeated.exec(p.trim())![1]! : p));
  }
  r.checkNumber ??= named;
  return r.description.filter((_, i) => i !== at);
}

function clean(parts: string[], combine: boolean, breaks?: GluedBreaks): { description: string; memo?: string } {
  const lines = parts.map((p) => p.trim()).filter(Boolean);
  if (combine || lines.length <= 1) return { description: joinLines(lines, breaks) };
  return { description: joinLines(lines, breaks), memo: joinLines(lines.slice(1), breaks) };
}

const TYPE_CREDIT = new Set(TYPE_SIGN_WORDS.credit), TYPE_DEBIT = new Set(TYPE_SIGN_WORDS.debit);
/** The direction a type column's word gives an unsigned amount ("Bij" +, "Af" −, "C" +, "D" −); 0 when it gives none. */
function typeSign(type: string | undefined): 1 | -1 | 0 {
  const w = type?.trim().toLowerCase().replace(/\.$/, '');
  return !w ? 0 : TYPE_CREDIT.has(w) ? 1 : TYPE_DEBIT.has(w) ? -1 : 0;
}

/**
 * Rows whose dates go down far more often than up: listed newest first (null: too few steps to
 * tell). Dates printed without their year step over New Year by months: "10 Jan" then "31 Dec"
 * goes down.
 */
function newestFirst(rows: RawRow[]): boolean | null {
  let down = 0, up = 0;
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!.date, b = rows[i]!.date;
    let step: number;
    if (a.year !== undefined && b.year !== undefined && a.year !== b.year) step = b.year - a.year;
    else {
      const months = b.month - a.month;
      step = a.year === undefined || b.year === undefined ? (months > 6 ? -1 : months < -6 ? 1 : months) : months;
      if (step === 0) step = b.day - a.day;
    }
    if (step < 0) down++; else if (step > 0) up++;
  }
  if (down >= 2 && down > up * 4) return true;
  // One step down and none up (a short account's rows): too few to tell alone.
  return down === 1 && up === 0 ? null : false;
}

/** The direction a row's print gives (a debit or credit column, or an explicit sign); 0 when unsigned. */
function printedSign(r: RawRow): 1 | -1 | 0 {
  if (r.debit && !r.credit) return -1;
  if (r.credit && !r.debit) return 1;
  const a = r.amount;
  return a && a.explicit ? (a.cents < 0 ? -1 : 1) : 0;
}

/**
 * The card's sign convention (pdf/card-side.ts): when exactly one of the two carries the printed
 * opening balance to the printed closing one, within the statement's allowed difference
 * (`tolerance`, cents: a rounding or a fee line the rows do not list), that one; else, when
 * exactly one sums to the printed side totals (also where the balances settle nothing: neither
 * carries them, a row unread or a charge unlisted), that one; else what the headings, the rows'
 * words and their number say.
 */
function cardSide(rows: RawRow[], readSigns: (minusIsCredit: boolean) => { abs: number; sign: number }[], start: number | null, end: number | null,
  printed: { credits: number[]; debits: number[] }, tolerance: number): boolean {
  const evidence = cardSideEvidence(rows);
  if (!rows.some((r) => sideDependent(r, !!(r.amount && !r.amount.explicit && typeSign(r.type))))) return evidence.minusIsCredit;
  const sums = (minusIsCredit: boolean): { net: number; credits: number; debits: number } | null => {
    let net = 0, credits = 0, debits = 0;
    for (const x of readSigns(minusIsCredit)) {
      // A row of no direction (a sign left to the running balance): no sum to check.
      if (!x.sign) return null;
      net += x.sign * x.abs;
      if (x.sign > 0) credits += x.abs; else debits += x.abs;
    }
    return { net, credits, debits };
  };
  const issuer = sums(true), holder = sums(false);
  if (!issuer || !holder) return evidence.minusIsCredit;
  const one = (fits: (s: { net: number; credits: number; debits: number }) => boolean): boolean | null => {
    const i = fits(issuer), h = fits(holder);
    return i === h ? null : i;
  };
  if (start !== null && end !== null) {
    const byBalances = one((s) => Math.abs(start + s.net - end) <= tolerance);
    if (byBalances !== null) return byBalances;
  }
  if (printed.credits.length && printed.debits.length) {
    const byTotals = one((s) => Math.abs(printed.credits[0]! - s.credits) <= tolerance && Math.abs(printed.debits[0]! - s.debits) <= tolerance);
    if (byTotals !== null) return byTotals;
  }
  return evidence.minusIsCredit;
}

/**
 * Subtotals printed inside a table ("Page Total" at the foot of each page, "Total for the
 * day"): an undated row printing a debit and a credit that are the sums of the debits and of
 * the credits since the previous such row (or the table's start) is no transaction.
 */
function dropPageTotals(rows: RawRow[], nonTransactions: string[]): void {
  let credits = 0, debits = 0, n = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (!r.ownDate && !r.amount && r.debit && r.credit && n >= 2
      && Math.abs(r.credit.cents) === credits && Math.abs(r.debit.cents) === debits) {
      nonTransactions.push(r.description.join(' '));
      rows.splice(i--, 1);
      credits = debits = n = 0;
      continue;
    }
    const sign = printedSign(r);
    const m = r.amount ?? r.debit ?? r.credit;
    if (!sign || !m || (r.debit && r.credit)) return; // a row of unknown direction: no sums to compare
    if (sign > 0) credits += Math.abs(m.cents); else debits += Math.abs(m.cents);
    n++;
  }
}

/**
 * Whether `row`'s amount is the sum of the credits or of the debits before it (3 or more, each
 * signed by its print), or, printed in both columns, the sums of both. A bare amount among
 * minus-marked ones is a credit; an amount printed unsigned everywhere takes its side from the
 * running balance's move (from `opening`, the printed opening balance, for the first row): "Paid
 * Out 144,714.10" under the amounts after the last row is the sum of those the balance fell by;
 * one beside a debit/credit word takes that word's side ("Money Out | D | 40,869.70" under rows
 * marked D or C: composed --traits tableTotals, flag columns, read as a row).
 */
function sumOfOneSide(before: RawRow[], row: RawRow, opening: Cents | null = null): boolean {
  const m = row.amount ?? row.debit ?? row.credit;
  if (!m || !m.cents) return false;
  const both = !row.amount && row.debit && row.credit;
  let credits = 0, debits = 0, nc = 0, nd = 0;
  const minusMarked = before.some((r) => r.amount && r.amount.explicit && r.amount.cents < 0 && !r.amount.marker);
  let balance = opening;
  for (const r of before) {
    const a = r.amount ?? r.debit ?? r.credit;
    if (!a) return false;
    let sign = r.debit && !r.credit ? -1 : r.credit && !r.debit ? 1 : a.explicit ? Math.sign(a.cents) : 0;
    // An unsigned amount beside its side's word ("D", "Cr", "Af": a debit/credit column) takes that side.
    if (sign === 0 && r.amount) sign = typeSign(r.type);
    if (sign === 0 && r.amount && minusMarked) sign = 1;
    if (sign === 0 && r.balance && balance !== null) sign = r.balance.cents - balance === Math.abs(a.cents) ? 1 : balance - r.balance.cents === Math.abs(a.cents) ? -1 : 0;
    balance = r.balance ? r.balance.cents : balance === null || sign === 0 ? null : balance + sign * Math.abs(a.cents);
    if (sign === 0) return false; // unsigned: no side to sum
    if (sign > 0) { credits += Math.abs(a.cents); nc++; } else { debits += Math.abs(a.cents); nd++; }
  }
  // Both totals in their columns on one line: each is its side's sum.
  if (both) return nc + nd >= 2 && Math.abs(row.credit!.cents) === credits && Math.abs(row.debit!.cents) === debits;
  const abs = Math.abs(m.cents);
  // Labelled as a side's total ("Paid Out", "Total Deposits"), two rows of that side will do: a
  // second account's two debits under "Paid Out | 5.211,81" were read as a third debit
  // (composed --traits tableTotals, one signed column, 24013 and 23699; unreconciled).
  const need = sideTotalLabel(row.description) ? 2 : 3;
  return (nc >= need && abs === credits) || (nd >= need && abs === debits);
}

/**
 * A side's total label that no transaction prints as its description: one saying "total" (in a
 * language of ours) or a side's "paid in/out", "money in/out" (not "Fees" or "Interest charged",
 * which a card's undated charges print).
 */
const TABLE_TOTAL_WORDS = /^(total|totaal|totale|summe|paidin|paidout|moneyin|moneyout|paymentsin|paymentsout)/;
function tableTotalLabel(description: string[]): boolean {
  return sideTotalLabel(description) && TABLE_TOTAL_WORDS.test(compact(description.join(' ')));
}

/** Whether a row's words are a side's total label and nothing more ("Paid Out", "Total credits"). */
function sideTotalLabel(description: string[]): boolean {
  const key = compact(description.join(' '));
  const hit = labelHit(key, TOT_CREDIT) ?? labelHit(key, TOT_DEBIT);
  return hit !== null && key === hit;
}

/** Days outside a statement's printed period a row's date may fall (a late posting) before its year is in doubt. */
const PERIOD_SLACK_DAYS = 62;
/** Without a printed period: days from the year-dated rows' middle date. */
const ROWS_SLACK_DAYS = 366;

/**
 * Another summary balance than the one taken (`taken`), printed with the same standing (both
 * summary labels, the other carried over no page), whose figure is `target`: what the rows say
 * the account's balance is. Null when the taken one agrees, or no other label prints the figure.
 */
function printedBalanceAt(list: BalanceRead[], taken: Cents | null, target: Cents | null): BalanceRead | null {
  if (taken === null || target === null || taken === target) return null;
  const summary = list.filter((b) => b.rank === 0);
  if (!summary.some((b) => b.cents === taken)) return null;
  // A page's carried balance is where the rows stand at that page's foot: no statement's closing.
  return summary.find((b) => b.cents === target && !CARRIED.has(b.label)) ?? null;
}

/** How many times nearer to the rows' figure another summary balance must be than the one taken to replace it when neither agrees. */
const NEARER_FACTOR = 20;

/**
 * Another summary balance than the one taken, when the rows come to neither (a row misprinted or
 * altered, so nothing agrees): the one far nearer to the rows' figure (`NEARER_FACTOR`). A
 * checking account's "Saldo atual" 5.920,26 beside a linked loan's "Saldo devedor atual"
 * 63.907,19, its rows coming to 5.911,26: the account's is the nearer, and the statement's
 * difference says the 9,00 a row lost rather than the loan's debt.
 */
function nearerPrintedBalance(list: BalanceRead[], taken: Cents | null, target: Cents | null): BalanceRead | null {
  if (taken === null || target === null || taken === target) return null;
  const summary = list.filter((b) => b.rank === 0 && !CARRIED.has(b.label));
  if (!summary.some((b) => b.cents === taken)) return null;
  let best: BalanceRead | null = null;
  for (const b of summary) if (b.cents !== taken && (!best || Math.abs(b.cents - target) < Math.abs(best.cents - target))) best = b;
  return best && Math.abs(best.cents - target) * NEARER_FACTOR < Math.abs(taken - target) ? best : null;
}

/**
 * Whether a row's date, printed with its year, lies so far from the statement's period (or,
 * with none printed, from the middle date of its rows printed with years) that its year is in doubt.
 */
function farFromPeriod(date: IsoDate, period: { start: IsoDate; end: IsoDate } | null, middle: IsoDate | null): boolean {
  if (period) return daysBetween(date, period.start) > PERIOD_SLACK_DAYS || daysBetween(period.end, date) > PERIOD_SLACK_DAYS;
  return middle !== null && Math.abs(daysBetween(middle, date)) > ROWS_SLACK_DAYS;
}

/** The middle date of the rows that print their year (three or more), or null. */
/** The earliest year a statement's row is dated in. */
const EARLIEST_YEAR = 1950;

function middleDate(rows: RawRow[]): IsoDate | null {
  const dated = rows.filter((r) => r.date.year !== undefined).map((r) => safeIso(r.date.year!, r.date.month, r.date.day)).sort();
  return dated.length >= 3 ? dated[dated.length >> 1]! : null;
}

/** One statement out of one segment of lines. */
export function buildStatement(lines: Line[], ctx: DocumentContext): ParsedStatement | null {
  const rowOpts: RowOptions = { dmy: ctx.dmy, langs: ctx.langs, decimalComma: ctx.decimalComma, boilerplate: ctx.boilerplate, noneedalphas: ctx.options.noneedalphas, card: ctx.docType === 'Credit Card Statement', ocr: !!ctx.ocrPages?.size && lines.some((l) => ctx.ocrPages!.has(l.page)), ocrPages: ctx.ocrPages, language: ctx.language in MONTHS ? ctx.language as Lang : undefined, anchorVotes: (ctx.anchorVotes ??= noVotes()), impliedHeads: (ctx.impliedHeads ??= {}) };
  // Captions of check images on a page with no title are no rows (pdf/check-captions.ts).
  const captioned = splitCheckCaptions(lines, ctx.decimalComma);
  const read = readTables(captioned.lines, rowOpts);
  for (const l of captioned.captions) read.nonTransactions.push(`check image caption, page ${l.page}: ${l.text}`);
  const repeats = dropRepeatedListings(read);
  const isCard = ctx.docType === 'Credit Card Statement';
  // Balances owed (a card's, a loan's) are negated: the holder's side, as for every account.
  const owed = isCard || !!ctx.loan;
  const firstPage = lines[0]?.page ?? 1;
  const pageOne = lines.filter((l) => l.page === firstPage);

  // Period and years.
  let period = findPeriod(lines, ctx.dmy, ctx.langs);
  // No period read, on a scan: one printed with a month name OCR misread ("20 Noy 2024 through
  // 19 Dee 2024"), where the rows read cleanly agree with it; flagged below.
  const misread = !period && rowOpts.ocr && rowOpts.language ? misreadPeriod(lines, ctx.ocrPages!, ctx.dmy, ctx.langs, rowOpts.language, read.rows, (d, p) => resolveYear(d, p, 0, null)) : null;
  if (misread) period = { start: misread.start, end: misread.end };
  const override = ctx.options.yearoverride;
  if (override && period) {
    const shift = override - parseIso(period.end).year;
    const sh = (d: IsoDate) => { const p = parseIso(d); return safeIso(p.year + shift, p.month, p.day); };
    period = { start: sh(period.start), end: sh(period.end) };
  }
  let fallbackYear = override ?? new Date().getUTCFullYear();
  // Where the year of dates printed without one comes from, when no period says it.
  let yearFrom: 'override' | 'dates' | 'today' = override ? 'override' : 'today';
  if (!override && !period) {
    const years = new Map<number, number>();
    for (const l of lines) for (const d of findFullDates(l.text, ctx.dmy, ctx.langs)) years.set(d.parts.year!, (years.get(d.parts.year!) ?? 0) + 1);
    const top = [...years.entries()].sort((a, b) => b[1] - a[1])[0];
    if (top) { fallbackYear = top[0]; yearFrom = 'dates'; }
  }

  // A page break's pair of balance rows, one worded as a closing ("Balance c/f", "Suma y sigue",
  // "A reporter") and one as an opening of the same figure ("Balance b/f", "Report"), carries
  // the balance over the break whatever its words: neither is the statement's own balance.
  const carried = new Set(read.closing.map((b) => b.cents).filter((c) => read.opening.some((o) => o.cents === c)));
  for (const b of [...read.opening, ...read.closing]) if (carried.has(b.cents)) b.rank = Math.max(b.rank, 1);
  // Balances as printed (summary labels first; "brought/carried forward" rows otherwise).
  const picked = new Map<typeof read.opening, BalanceRead>();
  const pick = (list: typeof read.opening, last: boolean) => {
    const primary = list.filter((b) => b.rank === 0);
    // Among forward-worded balances, one no page break carries ("Balance Brought Forward" in the
    // summary beside "Carried forward" / "Brought forward" pairs) is the statement's own.
    const own = list.filter((b) => !carried.has(b.cents));
    const any = primary.length ? primary : own.length ? own : list;
    // The lowest rank among them: a section's brought-forward balance (rank 2) gives way to the statement's.
    const low = Math.min(...any.map((x) => x.rank));
    const pool = any.filter((x) => x.rank === low);
    const b = pool.length ? (last && !primary.length ? pool[pool.length - 1]! : pool[0]!) : null;
    if (!b) return null;
    picked.set(list, b);
    // What is owed is negative on the holder's side; a card or loan balance marked CR is in the holder's favour.
    if (owed) return b.marker === 'CR' ? Math.abs(b.cents) : b.marker === 'DR' ? -Math.abs(b.cents) : -b.cents;
    return b.cents;
  };
  let startBalance = pick(read.opening, false);
  let endBalance = pick(read.closing, true);
  read.totals = totalsThatCarry(read.totals, startBalance, endBalance, isCard);

  // Signs.
  const rows = read.rows;
  // On a scan, rows whose amount lost its leading digits and print no balance of their own: put
  // back where the balances around them give the figure and its printed tail agrees.
  if (rowOpts.ocr && !owed && read.lostFigures?.length) mendLostLeadFigures(rows, read.lostFigures, startBalance, read.nonTransactions);
  // A column headed as amounts beside the debits and credits that holds running balances.
  read.nonTransactions.push(...amountsThatAreBalances(rows));
  // Page totals sum the rows printed above them: found in print order.
  dropPageTotals(rows, read.nonTransactions);
  // A printout that lists rows newest first (an online activity page): read oldest first, as a
  // statement's rows and running balances go (each balance is then the one after its row).
  // A statement too short to tell goes as the document's others went.
  const order = newestFirst(rows);
  if (order !== null) ctx.newestFirst ??= order;
  const reversed = !!(order ?? ctx.newestFirst);
  if (reversed) rows.reverse();
  // Totals printed as the table's last lines without a date of their own ("Ausgehende
  // Transaktionen -46.287,14 €"): a trailing undated row whose amount is the sum of every
  // earlier row of one direction is that sum, not a transaction. (Rows printed newest first are
  // reversed above: their table's last lines lead, the rows after them oldest first.)
  // Each one found, the trailing rows are asked again: the total of one side printed below the
  // other's ("Paid Out" over "Money In") is the sum of the rows without it. (Bounded: each pass
  // removes a row or ends.)
  // A trailing line labelled only as a side's total ("Paid Out", "Total Credits") is that total
  // even when it is no sum of the rows (a row misprinted, altered or misread): counted as a
  // transaction it doubled its side; set aside, and said (`unsummedTotals`).
  const unsummedTotals: string[] = [];
  for (let again = true; again;) {
    again = false;
    for (let k = 0; k < rows.length; k++) {
      const i = reversed ? k : rows.length - 1 - k;
      const row = rows[i]!;
      if (row.ownDate) break;
      const before = reversed ? rows.slice(i + 1) : rows.slice(0, i);
      const summed = sumOfOneSide(before, row, startBalance);
      if (!summed && !(!rowOpts.card && before.length >= 2 && !row.balance && tableTotalLabel(row.description))) continue;
      read.nonTransactions.push(row.description.join(' '));
      if (!summed) unsummedTotals.push(`"${row.description.join(' ')}" ${formatCents(Math.abs((row.amount ?? row.debit ?? row.credit)!.cents))}`);
      rows.splice(i, 1);
      again = true;
      break;
    }
  }
  // On a scan, a type column's letter OCR misread by one glyph ("I)" for "D", "§" for "S"): the
  // letter the column prints cleanly on other rows, where the row's balance does not say otherwise; flagged.
  const flagsMisread = rowOpts.ocr && !owed ? mendMisreadFlags(rows, typeSign, startBalance) : 0;
  if (rowOpts.ocr && !owed) markSideByBalance(rows, startBalance);
  // One amount column where debits carry a minus (or parentheses) and credits print bare: a
  // bare amount is a credit, as the minus on the others says.
  // Under one heading, minus-marked and bare amounts together say the heading's sign is not theirs.
  // (A minus a row's balances gave it, ./unread-amounts.ts, is none the column printed.)
  const minusMarked = !isCard && rows.some((r) => r.amount && r.amount.explicit && r.amount.cents < 0 && !r.amount.marker && !r.amountFromBalances)
    && !rows.some((r) => r.amount && r.amount.explicit && r.amount.cents > 0);
  const mixedSections = new Set<string | undefined>();
  if (minusMarked) {
    const neg = new Set(rows.filter((r) => r.amount?.explicit).map((r) => r.section));
    for (const r of rows) if (r.amount && !r.amount.explicit && neg.has(r.section)) mixedSections.add(r.section);
  }
  // Rows whose sign only the minus-marked convention gave (a bare amount taken as a credit).
  const bareCredits: number[] = [];
  const readSigns = (cardMinusIsCredit: boolean) => rows.map((r, ri) => {
    let abs = 0, sign: 1 | -1 | 0 = 0;
    if (r.debit && r.credit) { abs = Math.abs(r.credit.cents) - Math.abs(r.debit.cents); sign = abs >= 0 ? 1 : -1; abs = Math.abs(abs); }
    else if (r.debit) { abs = Math.abs(r.debit.cents); sign = r.debit.marker === 'CR' ? 1 : -1; }
    else if (r.credit) { abs = Math.abs(r.credit.cents); sign = r.credit.marker === 'DR' || (r.credit.explicit && r.credit.cents < 0) ? -1 : 1; }
    else if (r.amount) {
      abs = Math.abs(r.amount.cents);
      const flagged = !r.amount.explicit ? typeSign(r.type) : 0;
      if (flagged) sign = flagged;
      else if (isCard) {
        // A card's own mark says which way a row went (CR/DR, a minus or plus), whatever its
        // heading ("General Payments & Charges" names both); unmarked, the heading decides, else a charge.
        const a = r.amount;
        if (a.marker === 'CR') sign = 1;
        else if (a.marker === 'DR') sign = -1;
        else if (a.explicit) sign = (a.cents < 0) === cardMinusIsCredit ? 1 : -1;
        // (Printed from the holder's side, charges carry the minus: a bare amount is money in.)
        else sign = r.sectionSign || (cardMinusIsCredit ? -1 : 1);
      } else if (owed) {
        // A loan prints the lender's side: a minus (or CR) lowers what is owed. Unsigned, the running balance decides.
        if (r.amount.marker === 'CR' || (r.amount.explicit && r.amount.cents < 0)) sign = 1;
        else if (r.amount.explicit || r.amount.marker === 'DR') sign = -1;
        else if (r.sectionSign) sign = r.sectionSign;
      } else if (r.amount.explicit) sign = r.amount.cents < 0 ? -1 : 1;
      else if (r.sectionSign && !mixedSections.has(r.section)) sign = r.sectionSign;
      else if (minusMarked) { sign = 1; bareCredits.push(ri); }
    }
    const b = r.balance;
    const balance = !b ? null : !owed ? b.cents : b.marker === 'CR' ? Math.abs(b.cents) : b.marker === 'DR' ? -Math.abs(b.cents) : -b.cents;
    return { abs, sign, balance };
  });
  const signInputs = isCard ? readSigns(cardSide(rows, readSigns, startBalance, endBalance, read.totals, Math.round((ctx.options.alloweddiff ?? 0) * 100))) : readSigns(true);
  // Two summary labels name the closing (or opening) balance with different figures: a bank's
  // "Saldo finale" and, in a box of a linked loan or card, "Nuovo debito residuo" or "New
  // balance". The one the running balances end at (start from), or without them the one the
  // opening and the rows' amounts come to, is the account's; said in the hints.
  const swapped: string[] = [];
  if (!owed && signInputs.length) {
    // Where the rows print no running balance, the opening and the rows' signed amounts say it
    // (a 0.00 row's sign, printed or not, moves nothing: "SERVICE CHARGE WAIVED 0.00").
    const summed = startBalance !== null && signInputs.every((x) => x.sign !== 0 || x.abs === 0) ? signInputs.reduce((n, x) => n + x.sign * x.abs, startBalance) : null;
    // Some signs unsettled, the printed summary's totals of both sides say it (composed seed 42
    // --traits linkedBox: a flag column's two unread marks, the box's "New Balance" kept).
    const bySummary = summed === null && startBalance !== null && read.totals.credits.length && read.totals.debits.length ? startBalance + read.totals.credits[0]! - read.totals.debits[0]! : null;
    const rowsCome = signInputs[signInputs.length - 1]!.balance ?? summed ?? bySummary;
    const own = printedBalanceAt(read.closing, endBalance, rowsCome);
    const near = own ? null : nearerPrintedBalance(read.closing, endBalance, rowsCome);
    if (own) { swapped.push(`closing balances ${formatCents(endBalance!)} and ${formatCents(own.cents)}: ${formatCents(own.cents)}, the one the rows come to, is taken`); endBalance = own.cents; }
    else if (near) { swapped.push(`closing balances ${formatCents(endBalance!)} and ${formatCents(near.cents)}: the rows come to neither (${formatCents(rowsCome!)}); ${formatCents(near.cents)}, far the nearer, is taken`); endBalance = near.cents; }
    const first = signInputs[0]!;
    const before = first.balance !== null && first.sign !== 0 ? first.balance - first.sign * first.abs : null;
    const ownStart = printedBalanceAt(read.opening, startBalance, before);
    if (ownStart) { swapped.push(`opening balances ${formatCents(startBalance!)} and ${formatCents(ownStart.cents)}: ${formatCents(ownStart.cents)}, the one the rows start from, is taken`); startBalance = ownStart.cents; }
  }
  // A statement that prints no opening or closing balance still prints running balances: the
  // closing balance is the last row's, the opening the first row's less its amount (when that
  // row's sign is printed). Said in the hints; the running balances are still all checked.
  let openingFromRows = false, closingFromRows = false;
  // On a scan whose closing label OCR garbled ("Faxing Balance" for "Closing Balance"), the only
  // closing figure left is one a page break carries ("Carried forward" over "Brought forward" of
  // the same figure): the balance at that break, not at the statement's end. The last running
  // balance is (composed keystone 582: every running balance agreed, the closing read was the
  // page 1 carry). A text layer's labels are as printed: its carry stands as before.
  const closingPick = picked.get(read.closing);
  const onlyCarried = rowOpts.ocr && !!closingPick && carried.has(closingPick.cents) && read.closing.every((b) => carried.has(b.cents));
  const lastBalance = signInputs.length ? signInputs[signInputs.length - 1]!.balance : null;
  const carryNotClosing = !isCard && onlyCarried && lastBalance !== null && lastBalance !== endBalance ? endBalance : null;
  if (carryNotClosing !== null) endBalance = null;
  if (!isCard && endBalance === null && signInputs.length && signInputs[signInputs.length - 1]!.balance !== null) {
    endBalance = signInputs[signInputs.length - 1]!.balance; closingFromRows = true;
  }
  // Both balances worked out from one row of an OCR page check nothing: opening plus its amount
  // is its balance by construction, so a misread row (a fragment split off by a garbled head)
  // "reconciled" with wrong figures. Its opening is left unread instead; from two rows on, the
  // second row's printed balance checks the chain.
  const unchecked = closingFromRows && signInputs.length < 2 && rowOpts.ocr;
  if (!isCard && startBalance === null && !unchecked && signInputs[0] && signInputs[0].balance !== null && signInputs[0].sign !== 0) {
    startBalance = signInputs[0].balance - signInputs[0].sign * signInputs[0].abs; openingFromRows = true;
  }
  // On OCR pages one speck read as a minus ("- 1114,75" in a column of bare amounts) makes the
  // table look minus-marked, and every other row a credit (composed scan 118). The bare rows'
  // signs are then worked out from the printed running balances instead, when that makes fewer
  // of them break and leaves none unsettled.
  // Where some stay unsettled (a row lost, a figure garbled), the balances still judge: when the
  // signs they settle break fewer than half the balances the minus-marked reading breaks, the
  // bare rows' signs are theirs to settle, and the rest are counted unsettled (composed low-150
  // scan 729: a parking charge's "0,63" read "(0,63)" made every one of 40 rows a credit).
  if (rowOpts.ocr && bareCredits.length) {
    const open = signInputs.map((x, i) => (bareCredits.includes(i) ? { ...x, sign: 0 as const } : x));
    const solved = inferSigns(open, startBalance, endBalance);
    const solvedBreaks = balanceBreaks(signInputs, solved.signs, startBalance);
    const asRead = balanceBreaks(signInputs, signInputs.map((x) => (x.sign || -1) as 1 | -1), startBalance);
    if (!solved.unresolved && solvedBreaks < asRead) {
      for (const i of bareCredits) signInputs[i]!.sign = solved.signs[i]!;
    } else if (solved.unresolved && solvedBreaks * 2 < asRead) {
      for (const i of bareCredits) signInputs[i]!.sign = 0;
    }
  }
  const { signs, unresolved, negated } = inferSigns(signInputs, startBalance, endBalance, rowOpts.ocr && !owed);
  for (const i of negated) signInputs[i]!.balance = -signInputs[i]!.balance!;
  // A closing balance worked out from the last row is that row's balance as now taken.
  if (closingFromRows && negated.includes(signInputs.length - 1)) endBalance = signInputs[signInputs.length - 1]!.balance;

  // Dates.
  let prevMonth: number | null = null;
  let year = fallbackYear;
  // With a period, a year-less date's year depends only on its month and day: settled once per date.
  const periodYears = new Map<number, number>();
  const periodYear = (d: DateParts, p: { start: IsoDate; end: IsoDate }) => {
    if (d.year !== undefined) return d.year;
    const k = d.month * 32 + d.day;
    let y = periodYears.get(k);
    if (y === undefined) periodYears.set(k, (y = resolveYear(d, p, fallbackYear, null)));
    return y;
  };
  let prevDate: IsoDate = period?.start ?? safeIso(fallbackYear, 1, 1);
  // A year no statement prints (after next year, or before 1950: "20-nov-7024" off a blurred
  // photo, six rows of eleven) is a misread, however many rows share it: the row's year is
  // unread, taken as a year-less date's, and the row is checked. (Left as read, the statement
  // spanned 1.8 million days and the whole document was refused.)
  if (rowOpts.ocr) {
    const latest = new Date().getUTCFullYear() + 1;
    for (const r of rows) if (r.date.year !== undefined && (r.date.year > latest || r.date.year < EARLIEST_YEAR)) { r.date = { ...r.date, year: undefined }; r.dateUnread = true; }
  }
  // Rows dated by a misread month name or digits keep that date only where it agrees with the rows around them.
  if (rowOpts.ocr) {
    const isoOf = (d: DateParts) => (period ? safeIso(periodYear(d, period), d.month, d.day) : '');
    const kept = settleMisreadDates(rows, period, isoOf);
    // No period read: the span of the rows read cleanly bounds the rows between them.
    const span = period ?? spanOfRows(rows);
    const spanIso = (d: DateParts) => (span ? safeIso(period ? periodYear(d, period) : resolveYear(d, span, fallbackYear, null), d.month, d.day) : '');
    // Dates read cleanly but out of the table's order: a digit lost and what is left parsed ("2.11.2024" for "21.11.2024").
    if (span) flagDatesOutOfOrder(rows, spanIso);
    // Dates garbled past reading, read from the period and the rows around them (flagged).
    inferGarbledDates(rows, span, rowOpts.dmy, rowOpts.language ? MONTHS[rowOpts.language] : undefined, spanIso, (r) => (r.ownDate && !r.dateUnread) || kept.has(r as RawRow));
  }
  const middle = rowOpts.ocr && !period ? middleDate(rows) : null;
  // A few rows far off are misread years; most rows far off say the period was the misread one.
  const yearDated = rowOpts.ocr ? rows.filter((r) => r.date.year !== undefined) : [];
  const farOff = yearDated.filter((r) => farFromPeriod(safeIso(r.date.year!, r.date.month, r.date.day), period, middle)).length;
  const mendYears = farOff > 0 && farOff * 4 <= yearDated.length;
  const breaks = gluedBreaks(rows.map((r) => r.description));
  const transactions: ParsedTransaction[] = rows.map((r: RawRow, i) => {
    const y = period ? periodYear(r.date, period) : r.date.year !== undefined ? r.date.year : resolveYear(r.date, null, year, prevMonth);
    if (!period && r.date.year === undefined) { year = y; prevMonth = r.date.month; }
    const { description, memo } = clean(withoutCheckNumberCell(r), ctx.options.combinelines, breaks);
    const t: ParsedTransaction = {
      // A card's undated charge (interest) is charged on the closing date, when the period says which.
      date: r.closingDate && period ? period.end : safeIso(y, r.date.month, r.date.day), description: description || (r.checkNumber ? `CHECK ${r.checkNumber}` : ''),
      // A waived fee (0.00) flagged as a debit is 0, never -0 (which no equality in the store or the tests treats as 0).
      amount: signs[i]! * signInputs[i]!.abs || 0, balance: signInputs[i]!.balance, page: r.page,
    };
    if (memo) t.memo = memo;
    // A year OCR misread ("2004" for "2024": the row far outside the statement's period) is no
    // date the row printed: like a date cell not read, it takes the date above and is checked.
    if (mendYears && r.date.year !== undefined && farFromPeriod(t.date, period, middle)) {
      t.date = i > 0 ? prevDate : period?.start ?? t.date;
      r.dateUnread = true;
    }
    prevDate = t.date;
    // A row printing no date of its own (dates printed once per day) takes the date above; when
    // that date was itself unread, so is this row's (composed photo 401: "10 Jan" read "LO,
    // Jan", its row flagged, the next row of the day silently dated 8 Jan in a statement that
    // reconciled). Checked like the row it takes its date from.
    if (rowOpts.ocr && !r.ownDate && !r.closingDate && i > 0 && rows[i - 1]!.dateUnread) r.dateUnread = true;
    // Its own date unread by OCR: the row is checked, never taken as read (ocr/confidence.ts counts it).
    if (r.dateUnread || r.flagMisread) t.amountConfidence = LOW_CONFIDENCE - 1;
    if (r.flagMisread && !r.dateUnread) SIGN_LETTER_MISREAD.add(t);
    // Its amount cell garbled, the amount its balances give: nothing read it (./unread-amounts.ts).
    if (r.amountFromBalances) { t.amountConfidence = 0; AMOUNT_FROM_BALANCES.add(t); }
    const check = r.checkNumber ?? CHECK_DESCRIPTION.exec(t.description)?.[1];
    if (check) t.checkNumber = check;
    if (r.section) t.type = r.section;
    return t;
  });
  // A summary balance signed only by the ledger column it fell under, that the rows as first read
  // contradict, as printed (./column-signed.ts): before another reading is looked for, which would
  // turn every amount to agree with the column's sign.
  const bySide = mendColumnSigned({ cents: startBalance, byColumn: !!picked.get(read.opening)?.byColumn }, { cents: endBalance, byColumn: !!picked.get(read.closing)?.byColumn },
    transactions.map((t) => t.amount), transactions.map((t) => t.balance ?? null));
  let bySideNote: string | null = null;
  if (bySide.mended.length) {
    ({ start: startBalance, end: endBalance } = bySide);
    bySideNote = (`The ${bySide.mended.join(' and ')} balance${bySide.mended.length > 1 ? 's' : ''} printed without a sign under the Debit column ${bySide.mended.length > 1 ? 'are' : 'is'} taken as printed: the rows agree with ${bySide.mended.length > 1 ? 'them' : 'it'} so.`);
  }
  // Reconciliation decides between readings (signs the other way, a trailing table left out).
  const reading = chooseReading({ amounts: transactions.map((t) => t.amount), balances: transactions.map((t) => t.balance ?? null), tables: rows.map((r) => r.table), start: startBalance, end: endBalance, totals: totals(read.totals) });
  if (reading.note) {
    reading.amounts.forEach((a, i) => { transactions[i]!.amount = a; });
    for (const t of transactions.splice(reading.kept)) read.nonTransactions.push(`${t.date} ${t.description}`);
  }
  if (!transactions.length && startBalance === null && endBalance === null && read.tablesFound === 0) return null;

  // Header fields.
  const bank = findBank(lines);
  let accountNumber = '';
  // The first labelled number is the account's; when it is printed fully masked, no later
  // labelled or titled number is taken for it (those are payees' accounts, "ways to pay").
  let masked = false;
  for (let i = 0; i < lines.length && !accountNumber && !masked; i++) {
    accountNumber = findAccountNumber(lines[i]!, lines[i + 1]) ?? '';
    masked = !accountNumber && isMaskedAccountLabel(lines[i]!, lines[i + 1]);
  }
  // An IBAN holds the domestic account number at its end: when the statement also prints that
  // number under its own label ("Kontonummer 9999999999"), the number is the account's.
  if (/^[A-Z]{2}\d{2}/.test(accountNumber)) {
    for (let i = 0; i < lines.length; i++) {
      const n = findAccountNumber(lines[i]!, lines[i + 1]);
      if (n && !/^[A-Z]{2}\d{2}/.test(n) && n.replace(/\D/g, '').length >= 6 && accountNumber.endsWith(n.replace(/\D/g, ''))) { accountNumber = n; break; }
    }
  }
  for (let i = 0; i < lines.length && !accountNumber && !masked; i++) accountNumber = findTitledAccountNumber(lines[i]!) ?? '';
  for (let i = 0; i < lines.length && !accountNumber && !masked; i++) accountNumber = findMaskedTitledAccountNumber(lines[i]!) ?? '';
  const blocks = findAddressBlocks(pageOne, bank?.name ?? null);
  const owner = blocks.find((b) => !b.isBank);
  const bankBlock = blocks.find((b) => b.isBank);
  // Cheques paid (a debit described as one: "CHECK 1043"; a reference column headed "Cheque No."
  // fills every row, a savings account's too) are a checking account's.
  const acctType = findAccountType(pageOne, { cheques: transactions.some((t) => t.amount < 0 && CHECK_DESCRIPTION.test(t.description)), bankName: bank?.name, pageEdges: ctx.pageEdges });
  const accountTypeStr: AccountTypeStr = isCard ? 'CCard' : ctx.loan ? 'Line of Credit' : acctType.type;
  const phones = findPhones(pageOne);
  const ownerName = owner?.lines[0];
  const dates = transactions.map((t) => t.date).sort();
  const startDate = period?.start ?? dates[0];
  const endDate = period?.end ?? dates[dates.length - 1];
  const hints: string[] = [];
  if (bySideNote) hints.push(bySideNote);
  if (masked) hints.push('The account number is printed fully masked; none is reported.');
  if (swapped.length) hints.push(`The summary prints two ${swapped.join('; two ')} (the other is another account's or product's, as a linked loan's or card's box prints).`);
  if (carryNotClosing !== null) hints.push(`No closing balance label was read; ${formatCents(carryNotClosing)}, carried over a page break and brought forward, is not taken for it.`);
  if (unsummedTotals.length) hints.push(`The table's total line${unsummedTotals.length > 1 ? 's' : ''} ${unsummedTotals.join(', ')} ${unsummedTotals.length > 1 ? 'are' : 'is'} not counted as a transaction, though the rows of ${unsummedTotals.length > 1 ? 'their sides do' : 'its side do'} not sum to ${unsummedTotals.length > 1 ? 'them' : 'it'}.`);
  if (unresolved) hints.push(`${unresolved} amount sign(s) could not be settled from the running balance; read as debits.`);
  if (negated.length) hints.push(`${negated.length} running balance(s) read by OCR without a minus, taken as negative because the amounts before them reach exactly that: check them (${negated.slice(0, 3).map((i) => transactions[i]!.date).join(', ')}${negated.length > 3 ? ', …' : ''}).`);
  if (read.pending) hints.push(`${read.pending === 1 ? '1 row' : `${read.pending} rows`} under a heading of transactions not posted yet set aside (not counted).`);
  const pt = read.totals;
  if (!transactions.length && startBalance !== null && endBalance !== null && pt.credits.length && pt.debits.length) {
    const moved = startBalance + pt.credits[0]! - pt.debits[0]!;
    hints.push(moved === endBalance
      ? 'No transaction rows are printed; the printed summary totals account for the balance change exactly.'
      : 'No transaction rows are printed, and the printed summary totals do not account for the balance change.');
  }
  if (ctx.docType === 'Investment Statement') hints.push('An investment statement: its balances move with unit prices and market values, so its transactions alone need not reconcile them.');
  if (reading.note) hints.push(`Read another way than first: ${reading.note}.`);
  if (!isCard && !ctx.loan && acctType.evidence === 'rate') hints.push('No title names the account type; Savings from the interest rate or yield the account earns.');
  if (!isCard && !ctx.loan && acctType.evidence === 'none') hints.push('No account type is printed (no title naming it, no interest rate the account earns): reported as Checking, the default type of a bank account.');
  const derived = { opening: openingFromRows, closing: closingFromRows };
  const derivedSaid = derivedHint(derived);
  if (derivedSaid) hints.push(derivedSaid);
  if (!read.tablesFound) hints.push('No transaction table header (Date … Amount/Balance) was found.');
  // A year no print gave is a guess the reader must see (a misread period once dated 19 rows 2015).
  const yearless = period ? 0 : rows.filter((r) => r.date.year === undefined && !r.closingDate).length;
  if (yearless && yearFrom === 'dates') hints.push(`No statement period was read: ${yearless === 1 ? '1 row' : `${yearless} rows`} printed without a year dated from ${fallbackYear}, the year most of the document's dates print; check the year.`);
  if (yearless && yearFrom === 'today') hints.push(`No statement period and no date with its year were read: ${yearless === 1 ? '1 row' : `${yearless} rows`} printed without a year dated from the current year, ${fallbackYear}; set yearoverride if it is another.`);
  // A row printed with a year far from the printed period (a misprint, or an altered date) is
  // kept as printed, and said: its date is the one thing a reader must check.
  const farRows = period ? transactions.filter((t) => farFromPeriod(t.date, period, null)) : [];
  if (farRows.length) hints.push(`${farRows.length === 1 ? '1 row is' : `${farRows.length} rows are`} dated more than ${PERIOD_SLACK_DAYS} days outside the printed period ${period!.start} to ${period!.end}, as printed (${farRows.slice(0, 3).map((t) => `${t.date} ${formatCents(t.amount)}`).join(', ')}${farRows.length > 3 ? ', …' : ''}): check ${farRows.length === 1 ? 'its year' : 'their years'}.`);
  if (flagsMisread) hints.push(`${flagsMisread === 1 ? '1 row\'s' : `${flagsMisread} rows'`} debit/credit letter was read from what OCR misread (as "I)" for "D"): check ${flagsMisread === 1 ? 'its sign' : 'their signs'}.`);
  if (misread) hints.push(`The statement period ${misread.start} to ${misread.end} was read from month names OCR misread ("${misread.words.slice(0, 80)}"); the rows agree with it, but check the dates.`);
  const currency = detectCurrency(lines, bank, ctx.dmy && !ctx.dmyByNames, ctx.countryCurrency);
  if (currency.note) hints.push(currency.note);
  for (const r of repeats) {
    hints.push(`Page ${r.page} lists again the transactions of page(s) ${r.sameAs.join(', ')}: ${r.rows} of its rows are left out, not counted twice`
      + (r.kept.length ? `; ${r.kept.length} row(s) found only there are kept: ${r.kept.slice(0, 3).join('; ')}${r.kept.length > 3 ? '; …' : ''}.` : '.'));
  }

  const statement: ParsedStatement = {
    docType: isCard ? 'Credit Card Statement' : ctx.docType === 'Investment Statement' ? 'Investment Statement' : 'Bank Statement',
    accountTypeStr,
    bankName: bank?.name ?? 'Unknown',
    bankURL: bank?.url,
    bankPhones: phones.length ? phones : bank?.phones ?? [],
    accountNumber,
    isStrongAccountNo: accountNumber ? isStrongAccountNumber(accountNumber) : false,
    accountTitle: acctType.title || undefined,
    ownerName,
    company: ownerName && looksBusiness(ownerName) ? ownerName : undefined,
    accountOwner: owner?.lines,
    address: owner?.address,
    isBusiness: ownerName ? looksBusiness(ownerName) : false,
    startDate, endDate,
    startBalance, endBalance,
    printedTotals: totals(read.totals),
    currencyCode: currency.code,
    language: ctx.language,
    donegate: owed,
    transactions,
    nonTransactions: read.nonTransactions,
    firstPage, lastPage: lines[lines.length - 1]?.page ?? firstPage,
    columnsValid: read.columnsValid,
    headerValid: !!(bank && accountNumber && (period || (startBalance !== null && endBalance !== null))),
    suspectCount: unresolved + negated.length + (misread ? 1 : 0),
    hints,
  };
  setDerived(statement, derived);
  if (repeats.length) statement.repeatedListings = repeats.map((r) => ({ page: r.page, rows: r.rows, sameAs: r.sameAs, kept: r.kept.length }));
  if (bankBlock) statement.fdic = { address: bankBlock.address.address1, city: bankBlock.address.city, state: bankBlock.address.state, zipcode: bankBlock.address.postalcode };
  if (endDate && startDate && ctx.docType !== 'Credit Card Statement' && period && daysBetween(period.start, period.end) < 20) statement.isMonthToDate = true;
  void addDays;
  const why = unreconciledReason(statement);
  if (why) hints.push(why);
  return statement;
}

/** A repeated page as the statement reports it: how many rows were left out, and the rows kept because only it has them. */
interface DroppedRepeat { page: number; rows: number; sameAs: number[]; kept: string[] }

function rowText(r: RawRow): string {
  const m = r.debit ?? r.credit ?? r.amount;
  const md = `${String(r.date.month).padStart(2, '0')}-${String(r.date.day).padStart(2, '0')}`;
  return `${r.date.year !== undefined ? `${r.date.year}-` : ''}${md} ${r.description.join(' ').trim()} ${m ? formatCents(Math.abs(m.cents)) : ''}`.trim();
}

/**
 * Leaves out the rows of pages that repeat an earlier page's listing (statement/repeated-listing),
 * moving them to nonTransactions so they stay visible; returns what was left out for the hints.
 */
function dropRepeatedListings(read: { rows: RawRow[]; nonTransactions: string[] }): DroppedRepeat[] {
  const cents = (r: RawRow) => {
    if (r.debit && r.credit) return Math.abs(Math.abs(r.credit.cents) - Math.abs(r.debit.cents));
    const m = r.debit ?? r.credit ?? r.amount;
    return m ? Math.abs(m.cents) : 0;
  };
  const found: RepeatedPage[] = findRepeatedPages(read.rows.map((r) => ({
    page: r.page, date: `${r.date.year ?? ''}-${r.date.month}-${r.date.day}`, cents: cents(r),
    description: r.description.join(' '), balance: r.balance ? r.balance.cents : null,
  })));
  if (!found.length) return [];
  const rows = read.rows;
  const drop = new Set(found.flatMap((f) => f.rows));
  for (const i of drop) read.nonTransactions.push(`repeated listing, page ${rows[i]!.page}: ${rowText(rows[i]!)}`);
  read.rows = rows.filter((_, i) => !drop.has(i));
  return found.map((f) => ({ page: f.page, rows: f.rows.length, sameAs: f.sameAs, kept: f.kept.map((i) => rowText(rows[i]!)) }));
}

/** A description that names a check by its number ("CHECK 4764", "Cheque no. 4764"). */
const CHECK_NAMED = /\b(?:check|cheque|chk|ck)\s*(?:no\.?|#)?\s*(\d{2,10})\b/i;
const CHECK_DESCRIPTION = /^(?:check|cheque|chk|ck)\s*(?:no\.?|#)?\s*(\d{2,10})$/i;

function titleCase(s: string): string {
  return s.replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * One total a side: the first reading, or, where the summary admits a second (rows.ts: a "Total
 * Withdrawals" line beside the side's other items), the one that with the other side's carries the
 * opening balance to the closing one exactly when the first does not (a bank's balances; a card's
 * are left to the first). Taken as the first, "Total Withdrawals 32,773.34" made a statement whose
 * rows were right (35,062.93 with its checks) flagged as missing rows (composed sectioned 6, 10, …).
 */
function totalsThatCarry(t: { credits: number[]; debits: number[] }, start: number | null, end: number | null, card: boolean): { credits: number[]; debits: number[] } {
  const first = { credits: t.credits.slice(0, 1), debits: t.debits.slice(0, 1) };
  if (card || start === null || end === null || !t.credits.length || !t.debits.length || (t.credits.length < 2 && t.debits.length < 2)) return first;
  if (start + t.credits[0]! - t.debits[0]! === end) return first;
  for (const c of t.credits.slice(0, 2)) for (const d of t.debits.slice(0, 2)) if (start + c - d === end) return { credits: [c], debits: [d] };
  return first;
}

function totals(t: { credits: number[]; debits: number[] }): ParsedStatement['printedTotals'] | undefined {
  if (!t.credits.length && !t.debits.length) return undefined;
  const out: NonNullable<ParsedStatement['printedTotals']> = {};
  // The first total of each kind is the summary's (or the section's own total line).
  if (t.credits.length) out.credits = t.credits[0];
  if (t.debits.length) out.debits = t.debits[0];
  return Object.keys(out).length ? out : undefined;
}

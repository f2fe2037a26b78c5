import { formatCents } from '../../contract/money.js';
import { withoutSheetEdges } from './sheet-edge.js';
import type { ConversionOptions } from '../../contract/api/conversion-options.js';
import type { DocTypeText, DocumentPart, ParsedDocument, ParsedStatement } from '../../contract/model.js';
import { ConversionError, type ConvertInput, type FormatConverter } from '../engine.js';
import { LANGUAGE_WORDS, type Lang } from '../data/labels.js';
import { buildStatement, splitStatements, type DocumentContext } from './assemble.js';
import { readPartByReconciliation } from './part-reading.js';
import { noVotes } from './wrap-votes.js';
import { isDateCell, isRowLine } from './row-line.js';
import { headerColumns } from './header-row.js';
import { extractPdf, type PdfText } from './extract.js';
import { unreadableTextPages } from './readable-text.js';
import { classifyDocument, classifyPages, oneKindNoReaderTakes, pagesWithoutLedger, splitPackage, type PackagePart } from './doc-type.js';
import { compact, documentLines, type Line } from './lines.js';
import { linesInPageOrder, pageOrderHint, printedPageOrder } from './page-order.js';
import { findFullDates, monthIndex } from './tokens.js';
import { detectCurrency, documentCountryCurrency } from './currency.js';
import { DAY_FIRST_CURRENCIES } from '../data/currencies.js';
import { markOcrConfidence } from '../ocr/confidence.js';
import { repairByBalances } from '../ocr/balance-oracle.js';
import { stampedPicturePages } from '../ocr/stamped-pages.js';
import { dropKeptRowsThatBreakBalances } from '../statement/repeated-kept.js';
import { continuationEvidence, opensNoStatement } from './ocr-continuation.js';
import { findPeriod, pageEdgeLines } from './fields.js';
import { reconcile } from '../statement/reconcile.js';
import { centredValueRows } from './centred-values.js';
import { offsetDescriptions } from './offset-descriptions.js';
import { rowsOverPages } from './rows-over-pages.js';
import { rowsBySpacing } from './row-spacing.js';
import { gluedColumnWords } from './glued-column-words.js';
import { datedByHeadings } from './day-headings.js';
import { withoutStackedDates } from './stacked-dates.js';
import { joinPageColumns } from './page-columns.js';
import { gluedColumnDates } from './glued-column-dates.js';
import { withoutMisreadCurrencyMark } from './misread-currency-mark.js';

const LANGS: Lang[] = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl'];

const HAS_DIGIT = /\d/;
/** Lines printed as transactions in a part that made no statement, from which it is said (fewer are a notice's dated figure). */
const MIN_LOST_ROWS = 3;

/**
 * D-M-Y or M-D-Y, from the document: a first number above 12 settles D-M-Y, a second one M-D-Y;
 * then month-name order. `byNames` when only month names told it ("5 Jan 2025" against "Jan 5,
 * 2025"): a day before a month's name says less of the country than "15/03/2025" does (US
 * fintechs print "05 Jan 2025" too), so it does not count against a US address (currency.ts).
 */
export function dateOrder(lines: Line[], langs: Lang[]): { dayFirst: boolean | null; byNames: boolean } {
  let dayFirst = 0, monthFirst = 0, namedDayFirst = 0, namedMonthFirst = 0;
  const months = monthIndex(langs);
  for (const line of lines) {
    // Every pattern below holds a digit: a line without one (most headings and descriptions' continuations) is skipped.
    if (!HAS_DIGIT.test(line.text)) continue;
    // Not the month and day of a Y-M-D date (2025-02-28 says nothing about D-M-Y against M-D-Y).
    for (const m of line.text.matchAll(/(?<![\d.,]|\d{4}[-/.])(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2,4}))?(?![\d,]|\.\d)/g)) {
      // A row's own date (first on its line) or a full date (periods, "as of" dates) tells how the
      // document prints dates; a year-less figure inside a description ("CARD PURCHASE 02/14"
      // on a day-first statement) is the merchant's print, not the document's.
      // A date that is a cell of its own is a date column's print wherever the column stands
      // (a description-first table prints it mid-line).
      if (!m[3] && m.index! > 0 && line.text.slice(0, m.index).trim() && !line.cells.some((c) => c.text === m[0])) continue;
      // A point and no year after the line's start ("MONTHLY SERVICE FEE | 28.09"): as likely a
      // figure printed without its currency mark as a date (it made a US statement day-first).
      if (!m[3] && m[0].includes('.') && line.text.slice(0, m.index).trim()) continue;
      const a = Number(m[1]), b = Number(m[2]);
      if (a > 12 && a <= 31 && b >= 1 && b <= 12) dayFirst++;
      else if (b > 12 && b <= 31 && a >= 1 && a <= 12) monthFirst++;
    }
    // Not a figure's first digits after a word that is also a month somewhere ("Paid Out
    // 21,543.73": Portuguese "out", October), nor its last before one, whatever groups its
    // thousands (21'831.07, 21 831,07).
    for (const m of line.text.matchAll(/(?<![\d.,'’\u00a0\u202f])\b(\d{1,2})(?:st|nd|rd|th)?(?:\s+|[/-])([A-Za-zÀ-ÿ]{3,10})\b/g)) if (months.has(m[2]!.toLowerCase())) namedDayFirst++;
    for (const m of line.text.matchAll(/\b([A-Za-zÀ-ÿ]{3,10})\.?\s+(\d{1,2})\b(?![.,'’\u00a0\u202f]\d|\s\d{3}(?!\d))/g)) if (months.has(m[1]!.toLowerCase())) namedMonthFirst++;
  }
  if (dayFirst || monthFirst) return { dayFirst: dayFirst > monthFirst, byNames: false };
  if (namedDayFirst || namedMonthFirst) return { dayFirst: namedDayFirst > namedMonthFirst, byNames: true };
  return { dayFirst: null, byNames: false };
}

/** Page furniture is the same text at the same height on many pages. */
export function furnitureKey(l: Line): string {
  return `${Math.round(l.y / 4)}|${l.text}`;
}

/**
 * Whether a line under a row's dated line with figures starts where the row's words do: right of
 * its date where the date comes first, else at or right of its first cell (the description).
 */
function underRowText(l: Line, row: Line): boolean {
  const first = row.cells[0]!;
  return isDateCell(first.text) ? l.x0 > first.x1 : l.x0 >= first.x0 - 2;
}

/** Lines a row's wrapped text may run over between the line and its row's figures (boilerplateLines). */
const AMID_REACH = 4;

/**
 * Lines printed identically on at least half the pages (two or more): page furniture. Seen on
 * two pages only, a line must also sit in the top or bottom sixth of the page: in the body, the
 * same wrapped description at the same height on both pages of a short statement is a row's text.
 * So is, on more pages, a body line printed right by a line with money on most of them, and,
 * anywhere on the page, one printed between two lines with money on most of its pages.
 */
function boilerplateLines(lines: Line[], pageCount: number, heights: Map<number, number> = new Map()): Set<string> {
  const pagesOf = new Map<string, Set<number>>();
  // Per key, on how many pages the line sits right under or over a line with money: a row's text.
  const byRows = new Map<string, number>();
  // …and on how many it sits between two such lines: inside a table, where no furniture is printed.
  const amidRows = new Map<string, number>();
  // …and on how many it sits right under the page's column heads, over a line with money: the
  // first line of a row whose figures come on its last line, at the top of a page's table (a
  // running head is printed above the heads, never between them and the rows).
  const underHeads = new Map<string, number>();
  // Per key, the line's index on each page it is printed on (its first there).
  const firstOnPage = new Map<string, number[]>();
  const money = (l: Line | undefined) => !!l && /\d[.,]\d{2}\b/.test(l.text);
  const close = (a: Line | undefined, b: Line) => !!a && a.page === b.page && Math.abs(a.y - b.y) <= Math.max(a.size, b.size) * 2.2;
  // A line with money reached from line i going one way (`step`) through a few lines each close to
  // the next (a wrapped description's other lines between it and its row's figures).
  const moneyNear = (i: number, step: -1 | 1) => {
    for (let k = i + step, n = 0; n < AMID_REACH && close(lines[k], lines[k - step]!); k += step, n++) if (money(lines[k])) return true;
    return false;
  };
  // The row's dated line with figures over line i, through a few close lines of text (its wrapped description's).
  const rowAbove = (i: number) => {
    for (let k = i - 1, n = 0; n < AMID_REACH && close(lines[k], lines[k + 1]!); k--, n++) {
      if (isRowLine(lines[k]!)) return lines[k]!;
      if (money(lines[k])) return null;
    }
    return null;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (money(l)) continue;
    const key = furnitureKey(l);
    let s = pagesOf.get(key);
    if (!s) pagesOf.set(key, (s = new Set()));
    if (!s.has(l.page) && ((close(lines[i - 1], l) && money(lines[i - 1])) || (close(lines[i + 1], l) && money(lines[i + 1])))) byRows.set(key, (byRows.get(key) ?? 0) + 1);
    if (!s.has(l.page) && moneyNear(i, -1) && moneyNear(i, 1)) amidRows.set(key, (amidRows.get(key) ?? 0) + 1);
    const above = lines[i - 1];
    if (!s.has(l.page)) { const at = firstOnPage.get(key); if (at) at.push(i); else firstOnPage.set(key, [i]); }
    if (!s.has(l.page) && close(above, l) && moneyNear(i, 1) && above!.cells.length >= 3 && !money(above) && headerColumns(above!)) underHeads.set(key, (underHeads.get(key) ?? 0) + 1);
    s.add(l.page);
  }
  const out = new Set<string>();
  if (pageCount < 2) return out;
  // Furniture repeats on most pages; two statements of one file may share a row by chance.
  const need = pageCount <= 2 ? 2 : Math.max(3, Math.ceil(pageCount * 0.6));
  const inMargin = (key: string, pages: Set<number>) => {
    const y = Number(key.slice(0, key.indexOf('|'))) * 4;
    return [...pages].every((p) => { const h = heights.get(p); return !h || y < h / 6 || y > h - h / 6; });
  };
  // In the page's body, a line that sits among rows on most of its pages is a row's wrapped text
  // (a recurring payment's second line that fell at the same height by chance), not furniture.
  // A running head printed from the second page on (the first has the letterhead instead) is
  // furniture too when it sits in the page's margin on most of the pages after the first.
  const needAfterFirst = Math.max(2, Math.ceil((pageCount - 1) * 0.6));
  for (const [text, pages] of pagesOf) {
    const runningHead = pages.size >= needAfterFirst && inMargin(text, pages);
    if (!runningHead && (pages.size < need || !(pages.size >= 3 || inMargin(text, pages)))) continue;
    if ((byRows.get(text) ?? 0) * 2 > pages.size && !inMargin(text, pages)) continue;
    // Between two rows of figures on most of its pages (through a few close lines: the rest of a
    // wrapped description), also in the page's margin (a wrapped description's tail "VIEW CA"
    // under the same recurring payment near the foot of two pages, composed seed 411, and
    // "CONST" of "STRIPE TRANSFER … RIVERSTONE | CONST", bank seed 1000, were dropped from both
    // rows as a running foot).
    if ((amidRows.get(text) ?? 0) * 2 > pages.size) continue;
    if ((underHeads.get(text) ?? 0) * 2 > pages.size) continue;
    // Right under a row's dated line with its figures (or its wrapped lines), starting where the
    // row's words do, on every page it is printed on: the row's description wrapped on, in the
    // page's margin too (a recurring payment's "AMZN.COM/BILL WA CARD 35" under the same row at
    // the foot of the second page of each of three months' statements in one file was dropped
    // from all three). A running foot is far from the rows on a page they do not fill.
    if (firstOnPage.get(text)!.every((i) => { const row = rowAbove(i); return !!row && underRowText(lines[i]!, row); })) continue;
    out.add(text);
  }
  return out;
}

const LANGUAGE_KEYS = Object.entries(LANGUAGE_WORDS).map(([lang, words]) => ({ lang: lang as Lang, keys: words.map(compact) }));

/** The statement's language by its label words (at least 3 different ones, more than any other language); English otherwise. */
export function detectLanguage(keyText: string): Lang {
  let best: Lang = 'en', bestHits = 2;
  for (const { lang, keys } of LANGUAGE_KEYS) {
    const hits = keys.filter((k) => keyText.includes(k)).length;
    if (hits > bestHits) { best = lang; bestHits = hits; }
    else if (hits === bestHits && best !== 'en') best = 'en';
  }
  return best;
}

/**
 * The date order of a document whose dates alone do not tell it (no day above 12): day first
 * when its amounts print a decimal comma (no month-first country writes them) or are in a
 * day-first country's currency (data/currencies.ts, shared with the CSV reader), or when it is
 * not in English; else month first. A short English statement in pounds read month first had
 * its rows of 05/03 dated 3 May, and with no printed period to vote against that, silently.
 */
function dayFirstByEvidence(lines: Line[], lang: Lang, decimalComma: boolean): { dmy: boolean; by: string } {
  if (decimalComma) return { dmy: true, by: 'decimal-comma amounts' };
  if (lang !== 'en') return { dmy: true, by: 'the statement\'s language' };
  const code = detectCurrency(lines, null).code;
  return code && DAY_FIRST_CURRENCIES.has(code) ? { dmy: true, by: `amounts in ${code}` } : { dmy: false, by: 'default (US)' };
}

function decimalCommaDoc(lines: Line[]): boolean {
  let comma = 0, dot = 0;
  for (const l of lines) for (const c of l.cells) {
    if (/^[-−+(]?\s?[$€£]?\s?\d{1,3}([. ]\d{3})*,\d{2}\)?\s?[-+]?$/.test(c.text)) comma++;
    else if (/^[-−+(]?\s?[$€£₹]?\s?(\d{1,3}(,\d{3})*|\d{1,2}(,\d{2})*,\d{3})\.\d{2}\)?\s?[-+]?$/.test(c.text)) dot++;
  }
  return comma > dot;
}

const BANK_OR_CARD = new Set<DocTypeText>(['Bank Statement', 'Credit Card Statement']);
const FORCED: Partial<Record<ConversionOptions['accounttype'], DocTypeText>> = {
  CCard: 'Credit Card Statement', Bank: undefined, taxform: 'Tax Form', applicationForm: 'Application',
};

/**
 * The text pages a converted document was read from, for readers in the same thread that need
 * them again (the fraud signals): one extraction per file. Not part of ParsedDocument, so it
 * never crosses a thread boundary or reaches the store.
 */
const textOf = new WeakMap<ParsedDocument, PdfText>();
export function extractedText(doc: ParsedDocument): PdfText | undefined {
  return textOf.get(doc);
}

/**
 * Reads a PDF into statements: its text layer, and OCR on the pages that have none but an
 * image (every page with `doocrfile`, none with `neverocr`; see ../ocr/pdf-pages.ts).
 */
export async function convertPdf(input: ConvertInput): Promise<ParsedDocument> {
  const extracted = await extractPdf(input.bytes, input.fileName, { firstpage: input.options.firstpage, lastpage: input.options.lastpage, ...(input.limits ? { limits: input.limits } : {}) });
  // OCR (tesseract.js, canvas, a second pdf.js document) is loaded only for a PDF that may need
  // it: a page without text, or doocrfile. withOcrPages decides the rest.
  // Scans with a stamp, header or footer line drawn over them are read as scans (../ocr/stamped-pages.ts).
  const stamped = input.options.doocrfile ? [] : await stampedPicturePages(input.bytes, extracted.pages);
  if (stamped.length && extracted.pages.every((p) => !p.items.length || stamped.includes(p.page))) extracted.info.image = true;
  const mayOcr = input.options.doocrfile || stamped.length > 0 || extracted.pages.some((p) => p.items.length === 0);
  let text = extracted, imagePagesUnread: number[] = [];
  let doc: ParsedDocument;
  if (mayOcr) {
    const [{ withOcrPages, pageReadMemo }, { ruleErasing }] = await Promise.all([import('../ocr/pdf-pages.js'), import('../ocr/forms.js')]);
    const erasing = ruleErasing(input);
    // The passes below read the same pages: what one learns (a page's way up, its reading as printed) the next reuses.
    const memo = pageReadMemo();
    let coarseFax: number[], erased = erasing.first;
    ({ text, imagePagesUnread, coarseFax } = await withOcrPages(input, extracted, erasing.first, undefined, stamped, { memo }));
    doc = readStatements(input, text);
    if (!erasing.first && text.info.ocrPages?.length && erasing.again(doc)) {
      const first = { text, imagePagesUnread, doc, coarseFax };
      ({ text, imagePagesUnread, coarseFax } = await withOcrPages(input, extracted, true, undefined, stamped, { memo }));
      doc = readStatements(input, text);
      erased = true;
      if (!erasing.keepSecond(doc, first.doc)) { ({ text, imagePagesUnread, doc, coarseFax } = first); erased = false; }
      else if (!first.doc.statements.length) {
        // Neither reading a statement (forms, a package of them): each page as the reading that tells its kind best.
        const { pagesByKind } = await import('../ocr/page-readings.js');
        const merged = pagesByKind(first.text, text);
        if (merged) { text = merged.text; doc = readStatements(input, text); }
      }
    }
    // A 1-bit fax whose reading does not hold together read again thresholded locally, the
    // reading whose balances agree better kept (../ocr/fax-reread.ts).
    if (coarseFax.length) {
      const { faxReadLocally } = await import('../ocr/fax-reread.js');
      const base = text;
      const local = await faxReadLocally(doc, coarseFax,
        async (pages) => (await withOcrPages(input, base, erased, pages, stamped, { localFax: true, memo })).text,
        (t) => readStatements(input, t));
      if (local) ({ again: text, doc } = local);
    }
    // Figures the balances put in doubt read again from the page image, kept where the balances
    // then agree better (../ocr/cell-reread.ts); a document that holds together pays nothing.
    if (memo.images.size && !statementsHoldTogether(doc)) {
      const [{ rereadFailedCells, engineCropReader }, { DEFAULT_OCR_LIMITS }] = await Promise.all([import('../ocr/cell-reread.js'), import('../ocr/limits.js')]);
      const again = await rereadFailedCells(doc, text, memo.images, (t) => readStatements(input, t), engineCropReader({ ...DEFAULT_OCR_LIMITS, ...input.ocrLimits }));
      if (again) ({ text, doc } = again);
    }
    const stampedRead = stamped.filter((n) => text.info.ocrPages?.includes(n));
    if (stampedRead.length) {
      for (const s of doc.statements) s.hints = [...(s.hints ?? []), `Page(s) ${stampedRead.join(', ')} are pictures of a page with a few lines of text over them (a stamp, header or footer); they were read by OCR.`];
    }
  } else {
    doc = readStatements(input, text);
  }
  // A text layer that is another program's OCR and reads into nothing that holds together:
  // its pages are read by our OCR and the better reading kept (../ocr/ocr-layer-choice.ts).
  if (!input.options.neverocr && !input.options.doocrfile && !statementsHoldTogether(doc)) {
    const { rereadOcrLayer } = await import('../ocr/ocr-layer-choice.js');
    const chosen = await rereadOcrLayer(input, text, doc, (t) => readStatements(input, t));
    if (chosen) ({ text, doc } = chosen);
  }
  // neverocr and a text layer of gibberish that read as nothing: the caller is told OCR would read it.
  if (input.options.neverocr && doc.statements.every((s) => !s.transactions.length)) {
    const gibberish = unreadableTextPages(text.pages);
    if (gibberish.length) {
      doc.requiresRerunWithOCR = true;
      if (doc.error) doc.error += `; the text layer of page(s) ${gibberish.join(', ')} does not read as text (its fonts map glyphs to the wrong characters): convert without neverocr to read them by OCR`;
    }
  }
  if (imagePagesUnread.length) {
    const unread = `Page(s) ${imagePagesUnread.join(', ')} are images and were not read (neverocr).`;
    // An error that already says the file needs OCR (a scan without text) needs no second reason.
    if (doc.error && !doc.requiresRerunWithOCR) doc.error += `; ${unread}`;
    doc.requiresRerunWithOCR = true;
    for (const s of doc.statements) s.hints = [...(s.hints ?? []), unread];
  }
  if (text.info.ocrPages?.length) {
    markOcrConfidence(doc, text.pages.filter((p) => text.info.ocrPages!.includes(p.page)));
    repairByBalances(doc, text.info.ocrPages);
  }
  dropKeptRowsThatBreakBalances(doc);
  // Fraud signals read the text layer as printed, never OCR's reading of it.
  textOf.set(doc, extracted);
  return doc;
}

/** Every statement read reconciles (the cheap test before looking for another reading). */
function statementsHoldTogether(doc: ParsedDocument): boolean {
  return !doc.error && doc.statements.length > 0 && doc.statements.every((s) => reconcile(s, 0).reconciled);
}

/**
 * The text a document was read from, OCR included (a scan's words): what the application and
 * tax form readers read, so a scanned form is read into the same fields as a printed one.
 */
const readFrom = new WeakMap<ParsedDocument, PdfText>();
export function textReadFrom(doc: ParsedDocument): PdfText | undefined {
  return readFrom.get(doc);
}

/** Statements from positioned text (a PDF's text layer, or OCR words in the same shape). */
export function readStatements(input: ConvertInput, given: PdfText): ParsedDocument {
  // A photographed sheet's edge read as strokes at an OCR page's rim: no print (./sheet-edge.ts).
  const printed = withoutSheetEdges(given);
  // A currency mark its font names wrong ("8.646,27 Å"), taken off the figures (./misread-currency-mark.ts).
  const marks = withoutMisreadCurrencyMark(printed.pages);
  const unmoved = marks.misread ? { ...printed, pages: marks.pages } : printed;
  const filed = documentLines(unmoved.pages, { spacingfactor: input.options.spacingfactor });
  // Pages filed out of order, read in the order they print their numbers in (./page-order.ts).
  const moved = printedPageOrder(unmoved.pages.map((p) => p.page), filed);
  const lines = moved ? linesInPageOrder(filed, moved.order) : filed;
  const text = moved ? { ...unmoved, pages: moved.order.map((n) => unmoved.pages.find((p) => p.page === n)!) } : unmoved;
  // A sheet printed over several page columns: its pages side by side, each row read whole (./page-columns.ts).
  const columns = joinPageColumns(text.pages, lines);
  const read = columns.joined.length ? { ...text, pages: columns.pages } : text;
  // Pages put side by side make new lines; else the lines made here are the reader's.
  const doc = readStatementsFrom(input, read, columns.joined.length ? documentLines(read.pages, { spacingfactor: input.options.spacingfactor }) : lines);
  if (marks.misread) {
    const said = `The mark "${marks.misread.mark}" printed beside ${marks.misread.figures} figures names no currency (its font names the character wrong): read as their currency's mark.`;
    for (const s of doc.statements) s.hints = [...(s.hints ?? []), said];
  }
  const said = columns.joined.length ? `Pages ${columns.joined.map((g) => g.join('+')).join(', ')} are one sheet printed over several page columns (each row's figures on a later page, at the same height): read side by side.`
    : columns.unmatched.length ? `Page(s) ${columns.unmatched.join(', ')} hold dated rows without figures, as a sheet printed over several page columns does, but no pages of figures line up with them: their rows were read without figures.` : null;
  if (said) for (const s of doc.statements) s.hints = [...(s.hints ?? []), said];
  if (moved) for (const s of doc.statements) s.hints = [...(s.hints ?? []), pageOrderHint(moved)];
  // No statement read from such pages: the error says why.
  if (said && !doc.statements.length && doc.error) doc.error += `; ${said}`;
  readFrom.set(doc, read);
  return doc;
}

function readStatementsFrom(input: ConvertInput, text: PdfText, made: Line[]): ParsedDocument {
  const { options } = input;
  const base: ParsedDocument = { format: 'pdf', detectedDocType: 'Bank Statement', statements: [], pdf: text.info };
  if (!text.pages.length) throw new ConversionError(`${input.fileName}: no pages to read (the file has ${text.info.pagecount} page(s); check firstpage/lastpage)`);
  if (text.pages.every((p) => p.items.length === 0)) {
    if (text.info.image && options.neverocr) return { ...base, error: `${input.fileName}: the PDF has no text layer (scanned image) and neverocr is set; it needs OCR`, requiresRerunWithOCR: true };
    if (text.info.image && text.info.ocrPages?.length) return { ...base, error: `${input.fileName}: OCR found no text on the page image(s)` };
    if (text.info.image) return { ...base, error: `${input.fileName}: the PDF has no text layer and no page image to read` };
  }
  // A column's word, or a date column's date, the reader joined to the cell on its left comes apart
  // (./glued-column-words.ts, ./glued-column-dates.ts).
  const ocrPages = new Set(text.info.ocrPages ?? []);
  const printed = gluedColumnDates(gluedColumnWords(made, ocrPages), ocrPages);
  // A package of documents (asked for as a whole by accounttype taxform/applicationForm: never split).
  if (options.accounttype === 'taxform' || options.accounttype === 'applicationForm') return readDocument(input, text, printed, base);
  // Rows printed with their figures centred on a wrapped description, re-set with them on its first line.
  // Rows under day headings given their day as a date cell (./day-headings.ts).
  // First, a row's description drawn half a line off its figures joins their line (./offset-descriptions.ts).
  // A row broken over two pages joins its first lines, left at one page's foot, to the rest (./rows-over-pages.ts).
  // Before all, a value date printed under a row's date in smaller type goes (./stacked-dates.ts).
  const lines = datedByHeadings(rowsBySpacing(rowsOverPages(centredValueRows(offsetDescriptions(withoutStackedDates(printed, new Set(text.info.ocrPages ?? [])))))));
  const kinds = classifyPages(lines);
  const parts = splitPackage(lines, kinds);
  if (parts) return readPackage(input, text, lines, parts, base);
  const other = oneKindNoReaderTakes(kinds);
  if (other) {
    const { kind, evidence } = other;
    return { ...base, detectedDocType: 'Bank Statement', docTypeEvidence: evidence, parts: [{ pages: text.pages.map((p) => p.page), kind, evidence, readAs: 'unrecognised' }],
      error: `${input.fileName}: this is ${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind.toLowerCase()}, not a statement (${evidence}); it has no transactions to read` };
  }
  const aside = pagesWithoutLedger(kinds);
  if (!aside.length) return readDocument(input, text, lines, base);
  const skip = new Set(aside.map((p) => p.page));
  const doc = readDocument(input, { ...text, pages: text.pages.filter((p) => !skip.has(p.page)) }, lines.filter((l) => !skip.has(l.page)), base);
  const said = aside.map((p) => `page ${p.page} ${p.evidence}`).join('; ');
  doc.docTypeEvidence = `${doc.docTypeEvidence ?? doc.detectedDocType}; no rows read from ${said}`;
  return doc;
}

/**
 * Each part of a package read by its own reader: statement parts here (each a document of its
 * own, its type decided once over its pages); tax-form and application parts are read after
 * the engine (forms/hook.ts), the rest reported with the kind their pages were guessed to be.
 */
function readPackage(input: ConvertInput, text: PdfText, lines: Line[], parts: PackagePart[], base: ParsedDocument): ParsedDocument {
  const statements: ParsedStatement[] = [];
  const out: DocumentPart[] = [];
  let firstType: DocTypeText | null = null;
  for (const part of parts) {
    const record: DocumentPart = { pages: part.pages, kind: part.kind, evidence: part.evidence, readAs: 'unrecognised' };
    out.push(record);
    if (part.reader !== 'statement') continue;
    const pages = new Set(part.pages);
    const doc = readDocument(input, { ...text, pages: text.pages.filter((p) => pages.has(p.page)) }, lines.filter((l) => pages.has(l.page)), { ...base });
    record.kind = doc.detectedDocType;
    if (doc.docTypeEvidence) record.evidence = doc.docTypeEvidence;
    if (doc.error || !doc.statements.length) { record.error = doc.error ?? 'no statement found'; continue; }
    record.readAs = 'statements';
    record.statements = doc.statements.length;
    firstType ??= doc.detectedDocType;
    statements.push(...doc.statements);
  }
  const where = (p: DocumentPart) => (p.pages.length === 1 ? `page ${p.pages[0]}` : `pages ${p.pages.join(', ')}`);
  const evidence = `A package of ${out.length} documents: ${out.map((p) => `${where(p)} ${p.kind}`).join('; ')}`;
  // The package's type is its statements' when it has any; else the first part's that a reader takes.
  const detected: DocTypeText = firstType ?? (out.find((p) => p.kind === 'Tax Form' || p.kind === 'Pay Stub') ? 'Tax Form' : out.some((p) => p.kind === 'Application') ? 'Application' : 'Bank Statement');
  const doc: ParsedDocument = { ...base, detectedDocType: detected, docTypeEvidence: evidence, statements, parts: out };
  if (!statements.length && detected === 'Bank Statement') doc.error = `${input.fileName}: no statement found: ${evidence}`;
  return doc;
}

/** One document's statements (a whole PDF, or one part of a package). */
function readDocument(input: ConvertInput, text: PdfText, lines: Line[], base: ParsedDocument): ParsedDocument {
  const { options } = input;
  const keyText = lines.slice(0, 400).map((l) => l.key).join(' ');
  const lang = (options.language && options.language !== 'ln' ? options.language : detectLanguage(keyText)) as Lang;
  // Told by the caller: that language's words only; found in the text: every language's, as for English.
  const langs: Lang[] = lang === 'en' || !options.language ? LANGS : [lang];
  const decision = classifyDocument(lines);
  const detected = decision.docType;
  const docType: DocTypeText = FORCED[options.accounttype] ?? (options.accounttype === 'autoDetect' ? detected : detected === 'Credit Card Statement' ? detected : 'Bank Statement');
  base.detectedDocType = detected;
  base.docTypeEvidence = decision.evidence;
  if (docType === 'Tax Form' || docType === 'Application') {
    return { ...base, detectedDocType: docType, error: `${input.fileName}: this is ${docType === 'Tax Form' ? 'a tax form' : 'an application form'}, not a statement; it has no transactions to read` };
  }
  const order = dateOrder(lines, langs);
  const detectedDmy = order.dayFirst;
  const decimalComma = decimalCommaDoc(lines);
  const evidence = detectedDmy === null && options.readUSdates === undefined ? dayFirstByEvidence(lines, lang, decimalComma) : null;
  const dmy = options.readUSdates !== undefined ? !options.readUSdates : detectedDmy ?? evidence!.dmy;
  const dmyByNames = options.readUSdates === undefined && detectedDmy !== null && order.byNames;
  const ocrPages = new Set(text.info.ocrPages ?? []);
  const ctx: DocumentContext = {
    docType, loan: docType === 'Bank Statement' && !!decision.loan, dmy, langs, language: lang, decimalComma,
    boilerplate: boilerplateLines(lines, text.pages.length, new Map(text.pages.map((p) => [p.page, p.height]))), options,
    ocrPages, pageEdges: pageEdgeLines(lines), countryCurrency: documentCountryCurrency(lines, dmy && !dmyByNames),
    dmyByNames,
  };
  // Statements whose own evidence gave them another type than the document's, per reading.
  const typedApart = new WeakMap<ParsedStatement[], string[]>();
  const allowed = Math.round((options.alloweddiff ?? 0) * 100);
  const readAll = (c: DocumentContext) => {
    const statementTypes: string[] = [];
    const out = [];
    const segments = splitStatements(lines, c);
    const built = new Map<ParsedStatement, { lines: Line[]; ctx: DocumentContext }>();
    const lost: { after: number; rows: number; pages: number[] }[] = [];
    c.anchorVotes ??= noVotes();
    for (const segment of segments) {
      let sc = c;
      // Other types this part may be read as, tried when the first reading does not reconcile.
      const others: DocumentContext[] = [];
      let ownEvidence = '';
      if (segments.length > 1) {
        // Statements merged into one file (a broker's PDF of a checking statement and a card
        // statement, of two banks) each print dates their own way and are each of their own
        // type: a statement whose own evidence settles either is read so.
        const own = options.readUSdates === undefined ? dateOrder(segment, langs) : null;
        if (own && own.dayFirst !== null && own.dayFirst !== c.dmy) sc = { ...sc, dmy: own.dayFirst, dmyByNames: own.byNames };
        const kind = !FORCED[options.accounttype] && BANK_OR_CARD.has(c.docType) ? classifyDocument(segment) : null;
        if (kind && BANK_OR_CARD.has(kind.docType)) {
          // A loan's type the file took from one part's box only (decision.boxOnly) is no other
          // part's: a savings account after the checking account printing the box, its own
          // evidence a bank's, read as a loan reconciled with every sign turned (Line of Credit).
          const differs = kind.docType !== c.docType || (!!decision.boxOnly && !!c.loan && !kind.loan);
          const typed = differs ? { ...sc, docType: kind.docType, loan: kind.docType === 'Bank Statement' && !!kind.loan } : sc;
          // Its own evidence a card's or loan's box only (another product's summary on its
          // page, as a checking account prints a linked card's) is weak: the part is read as
          // that evidence says and, when that does not reconcile, as the document's type or, the
          // document being a card's or loan's too, as a bank account's (part-reading.ts).
          if (kind.boxOnly && differs) others.push({ ...sc });
          else if (kind.boxOnly && (typed.docType === 'Credit Card Statement' || typed.loan)) others.push({ ...sc, docType: 'Bank Statement', loan: false });
          if (differs || others.length) ownEvidence = kind.evidence;
          sc = typed;
        }
      }
      const reading = readPartByReconciliation(segment, [sc, ...others], allowed);
      const s = reading.statement;
      sc = reading.ctx;
      if (ownEvidence && reading.chosen === 0) statementTypes.push(`statement ${out.length + 1} ${ownEvidence}${reading.failed ? ` (read as a ${others.map((o) => o.docType.toLowerCase()).join(', ')} too: no reading reconciles)` : ''}`);
      else if (ownEvidence && s) {
        // No reading reconciles (reading.breaks): the one kept breaks the fewest balance links, and misses its closing by least.
        const missed = (i: number) => `${reading.breaks![i]} broken balance link${reading.breaks![i] === 1 ? '' : 's'}, closing missed by ${Number.isFinite(reading.gaps![i]!) ? formatCents(reading.gaps![i]!) : 'an unread balance'}`;
        const as = reading.breaks
          ? `no reading reconciles: read so ${missed(0)}; read as a ${sc.docType.toLowerCase()} ${missed(reading.chosen)}`
          : `read so it does not reconcile, read as a ${sc.docType.toLowerCase()} it does`;
        const said = `its own type evidence (${ownEvidence}) is one box's phrases only; ${as}`;
        statementTypes.push(`statement ${out.length + 1} read as ${sc.docType}: ${said}`);
        s.hints = [...(s.hints ?? []), `${said[0]!.toUpperCase()}${said.slice(1)}: the box is another product's summary.`];
      }
      if (!s) {
        // A part with rows that made no statement (no heads, balances or period of its own)
        // loses them: said on the statement beside it, never dropped without a word.
        const rows = segment.filter(isRowLine);
        if (rows.length >= MIN_LOST_ROWS) lost.push({ after: out.length, rows: rows.length, pages: [...new Set(rows.map((l) => l.page))] });
        continue;
      }
      // A later page's running head whose account number OCR misread by a character started
      // a "statement" of its own with no opening block: it is the previous one's continuation.
      const prev = out[out.length - 1];
      const prevSeg = prev && built.get(prev);
      if (prev && prevSeg && ocrPages.size && segment.every((l) => ocrPages.has(l.page))
        && opensNoStatement(prev, s, findPeriod(segment, sc.dmy, sc.langs))) {
        const joined = [...prevSeg.lines, ...segment];
        const merged = buildStatement(joined, prevSeg.ctx);
        const evidence = continuationEvidence(prev, s, merged);
        if (merged && evidence) {
          const pages = [...new Set(segment.map((l) => l.page))].join(', ');
          merged.hints = [...(merged.hints ?? []), `Page(s) ${pages} print account number ${s.accountNumber} but open no statement of their own (no opening balance, period or summary), and ${evidence === 'confusable' ? `the number differs from ${prev.accountNumber} only by characters OCR confuses` : `only with their rows do the printed summary totals of account ${prev.accountNumber} add up`}: read as that statement's continuation (the number as read by OCR).`];
          out[out.length - 1] = merged;
          built.set(merged, { lines: joined, ctx: prevSeg.ctx });
          continue;
        }
      }
      built.set(s, { lines: segment, ctx: sc });
      out.push(s);
    }
    for (const l of lost) {
      const st = out[Math.max(0, l.after - 1)];
      if (st) st.hints = [...(st.hints ?? []), `Page(s) ${l.pages.join(', ')}: ${l.rows} line(s) printed as transactions (a date and an amount) belong to no statement read (no column heads, balances or period found for them): they are not counted; check those pages.`];
    }
    typedApart.set(out, statementTypes);
    return out;
  };
  let statements = readAll(ctx), read = ctx;
  // No date in the document tells D-M-Y from M-D-Y (every day and month 12 or less): read it
  // both ways and keep the order under which more rows fall inside their printed periods.
  if (detectedDmy === null && options.readUSdates === undefined && statements.some((st) => st.transactions.length)) {
    const flipped = { ...ctx, dmy: !dmy, anchorVotes: undefined, impliedHeads: undefined };
    const other = readAll(flipped);
    const [theirs, ours] = [inPeriod(other), inPeriod(statements)];
    if (theirs > ours) { statements = other; read = flipped; }
    // Neither order put more rows inside the period: the evidence chose; said, as the CSV reader says it.
    else if (theirs === ours && evidence) {
      const said = `Dates read ${dmy ? 'day first (D-M-Y)' : 'month first (M-D-Y)'} by ${evidence.by}: no date has a day above 12 to settle it (readUSdates says otherwise).`;
      for (const st of statements) st.hints = [...(st.hints ?? []), said];
    }
  }
  // A card's or a loan's phrases in one box only, beside a ledger nothing else tells is a deposit
  // account's (a checking account titled by a product name only, no running balance, under a
  // linked card's or loan's summary): read as a bank statement too, and kept so when that reading
  // reconciles every statement and the card's or loan's does not (the box's "New Balance" taken
  // for the closing, every balance negated). Reconciliation settles what the phrases could not.
  // In that reading each part of a file is still read as its own evidence says first (readAll):
  // a card statement merged in, its phrases in one box too, stays a card's when it reconciles so.
  if (decision.boxOnly && options.accounttype === 'autoDetect' && (read.docType === 'Credit Card Statement' || read.loan) && statements.length) {
    const reconciles = (ss: ParsedStatement[]) => ss.length > 0 && ss.every((st) => st.startBalance !== null && st.endBalance !== null && reconcile(st, allowed).reconciled);
    if (!reconciles(statements)) {
      const asBank = readAll({ ...read, docType: 'Bank Statement', loan: false, anchorVotes: undefined, impliedHeads: undefined });
      if (reconciles(asBank)) {
        const kind = read.loan ? 'a loan\'s' : 'a card\'s';
        for (const st of asBank) st.hints = [...(st.hints ?? []), `The statement prints ${kind} phrases in one box only; read as ${kind.slice(2, -2)} statement it does not reconcile, read as a bank account's it does: a bank statement, the box another product's summary.`];
        base.docTypeEvidence = `${base.docTypeEvidence}; read as a bank statement: only that reading reconciles`;
        statements = asBank;
      }
    }
  }
  if (!statements.length) {
    const dated = lines.some((l) => findFullDates(l.text, dmy, langs).length > 0);
    const why = detected !== 'Bank Statement' && detected !== 'Credit Card Statement'
      ? `it looks like ${detected === 'Investment Statement' ? 'an investment statement' : `a ${detected.toLowerCase()}`}` : dated ? 'no statement balances or transaction table were found' : 'it does not look like a financial statement';
    return { ...base, error: `${input.fileName}: no statement found: ${why}` };
  }
  const apart = typedApart.get(statements) ?? [];
  if (apart.length) base.docTypeEvidence = `${base.docTypeEvidence}; ${apart.join('; ')}`;
  return { ...base, detectedDocType: statements[0]!.docType, statements };
}

/** Rows dated inside their statement's period (the period as printed, or the rows' own span). */
function inPeriod(statements: ParsedStatement[]): number {
  let n = 0;
  for (const st of statements) for (const t of st.transactions) if (st.startDate && st.endDate && t.date >= st.startDate && t.date <= st.endDate) n++;
  return n;
}

export const pdfConverter: FormatConverter = {
  name: 'pdf',
  accepts(input) {
    if (input.options.accounttype === 'MTJson' || input.options.accounttype === 'Plaid') return false;
    if (/\.pdf$/i.test(input.fileName)) return true;
    const head = Buffer.from(input.bytes.subarray(0, Math.min(1024, input.bytes.length))).toString('latin1');
    return head.includes('%PDF-');
  },
  convert: convertPdf,
};

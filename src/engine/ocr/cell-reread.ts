/**
 * Figures of a read document that its balances show to be wrong, read again from the page's
 * pixels and kept only where the balances then agree better. On a poor capture (a fax at 150
 * dpi, a blurred photo) OCR loses glyphs no reading of its words gives back: a currency mark read
 * as digits ("S$1,464.09" read "551,464.09"), a digit of Times 7 pt misread at 40 %. The page
 * engine read the figure among the whole page and the checking engine once more at its size
 * (./tesseract.ts checkNumbers); here the figure is read on a crop of its own, enlarged 1.5-4×,
 * in ways the page's reading did not use: the fast model reading the crop as one block, as is
 * and thresholded at the crop's own level, and the best model as one line. A reading is taken only when
 * it parses as a figure with its decimal mark, differs from what was read, and the document read
 * with it stands strictly better by its balances (./fax-reread.ts `standsBetter`: more
 * statements reconcile, or the printed running balances agree more); else the figure stays
 * as read, flagged as before. Each figure taken is flagged too (read twice differently): the
 * user is told, never a silent change.
 *
 * Bounded: only a document that does not hold together, only figures of the rows around a
 * break of its running balances, figures garbled past parsing, and (in a statement no running
 * balance checks) figures read unsurely, on pages whose image was kept (./page-images.ts), at
 * most MAX_CELLS_PER_PAGE a page. A document whose statements reconcile pays nothing.
 */
import type { ParsedDocument, ParsedStatement } from '../../contract/model.js';
import type { PageText, PdfText, TextItem } from '../pdf/extract.js';
import { parseMoneyCell } from '../pdf/tokens.js';
import { isDateCell, withColumnMarks } from './column-cells.js';
import { reconcile } from '../statement/reconcile.js';
import { otsu, type Gray } from './clean.js';
import { enlarged } from './enlarge.js';
import { balanceStanding, holdsTogether, standsBetter } from './fax-reread.js';
import { LOW_CONFIDENCE, SURE_CONFIDENCE, type OcrLimits } from './limits.js';
import type { PageImage } from './page-images.js';
import { readPage, recognizeRegion, type OcrWord } from './tesseract.js';

/** Figures of one page read again at most (each costs up to three readings of a crop, ~0.02 CPU s each). */
export const MAX_CELLS_PER_PAGE = 10;
/** A crop is enlarged so its letters stand about this many pixels tall (1.5× to 4×). */
const TARGET_ASCENT_PX = 48;
/** Points of an item's size per pixel of its word's ascent (./words.ts places words so). */
const ASCENT_PER_SIZE = 0.72;

/** Reads a crop: by the fast model as one block (`block`), or by the best model as one line. */
export type CropReader = (crop: Gray, how: 'block' | 'line') => Promise<OcrWord[]>;

/** The run of a cell's text that is its figure: digits with their group and decimal marks ("1.234,56" in "-€1.234,56 CR"). */
const FIGURE_CORE = /\d(?:[\d.,' ]*\d)?/;
/** A figure's core with two decimals after its last mark. */
const WITH_CENTS = /[.,]\d{2}$/;

/**
 * The figures (absolute cents) by page that a statement's balances put in doubt: the amounts and
 * balances of the rows where the running balance breaks (from the last balance that held to the
 * one that does not), its opening and closing; with no running balance, every amount (only the
 * totals disagree, and no row can be told from another). A figure of a break is `near` it: read
 * again even when it was read surely (a leading "2," lost from "2,733.00", read "733.00" at 95);
 * the others only when read unsurely.
 */
function doubtedFigures(s: ParsedStatement, out: Map<number, Map<number, boolean>>): void {
  const rows = s.transactions;
  const note = (page: number | undefined, cents: number | null | undefined, near: boolean) => {
    if (page === undefined || cents === null || cents === undefined || cents === 0) return;
    let m = out.get(page);
    if (!m) out.set(page, m = new Map());
    m.set(Math.abs(cents), near || !!m.get(Math.abs(cents)));
  };
  note(rows[0]?.page, s.startBalance, false);
  note(rows[rows.length - 1]?.page, s.endBalance, false);
  const balanced = rows.some((t) => t.balance !== undefined && t.balance !== null);
  if (!balanced) {
    for (const t of rows) note(t.page, t.amount, false);
    return;
  }
  let running: number | null = s.startBalance, since = 0;
  rows.forEach((t, i) => {
    if (running !== null) running += t.amount;
    if (t.balance === undefined || t.balance === null) return;
    if (running !== null && running !== t.balance) {
      for (let k = since; k <= i; k++) { note(rows[k]!.page, rows[k]!.amount, true); note(rows[k]!.page, rows[k]!.balance, true); }
      if (since > 0) note(rows[since - 1]!.page, rows[since - 1]!.balance, true);
    }
    running = t.balance;
    since = i + 1;
  });
}

/** A cell to read again: its page, its item's place among the page's items. */
interface Cell { page: number; index: number; item: TextItem }

/** The cells whose figure is in doubt (see doubtedFigures), those of a break first, then the least sure, at most MAX_CELLS_PER_PAGE a page. */
function cellsInDoubt(text: PdfText, doubted: Map<number, Map<number, boolean>>, images: Map<number, PageImage>): Cell[] {
  const out: Cell[] = [];
  for (const p of text.pages) {
    const figures = doubted.get(p.page);
    if (!figures || !images.has(p.page) || !text.info.ocrPages?.includes(p.page)) continue;
    // A figure of a break first (0), then a garbled figure (1), then a figure read unsurely (2).
    const cells: (Cell & { rank: number })[] = [];
    p.items.forEach((item, index) => {
      if (item.conf === undefined) return;
      if (garbledFigure(item.str)) { cells.push({ page: p.page, index, item, rank: 1 }); return; }
      if (!/\d[.,]\d{2}\b/.test(item.str)) return;
      const money = parseMoneyCell(item.str);
      const near = money ? figures.get(Math.abs(money.cents)) : undefined;
      if (!money || near === undefined || (!near && item.conf >= SURE_CONFIDENCE)) return;
      cells.push({ page: p.page, index, item, rank: near ? 0 : 2 });
    });
    cells.sort((a, b) => a.rank - b.rank || a.item.conf! - b.item.conf!);
    out.push(...cells.slice(0, MAX_CELLS_PER_PAGE));
  }
  return out;
}

/** The crop black and white at its own Otsu level, in a white frame half its height wide (the page engine reads a block). */
function thresholded(img: Gray): Gray {
  const hist = new Uint32Array(256);
  for (const v of img.data) hist[v]!++;
  const t = otsu(hist, img.data.length), m = Math.round(img.height * 0.5);
  const w = img.width + 2 * m, h = img.height + 2 * m, data = new Uint8Array(w * h).fill(255);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) data[(y + m) * w + m + x] = img.data[y * img.width + x]! <= t ? 0 : 255;
  return { width: w, height: h, data };
}

/** A rectangle of the image (clipped), copied. */
function cropOf(img: Gray, x0: number, y0: number, x1: number, y1: number): Gray | null {
  x0 = Math.max(0, Math.floor(x0)); y0 = Math.max(0, Math.floor(y0));
  x1 = Math.min(img.width, Math.ceil(x1)); y1 = Math.min(img.height, Math.ceil(y1));
  if (x1 - x0 < 4 || y1 - y0 < 4) return null;
  const w = x1 - x0, h = y1 - y0, data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(img.data.subarray((y0 + y) * img.width + x0, (y0 + y) * img.width + x1), y * w);
  return { width: w, height: h, data };
}

/**
 * The cell's crop, enlarged: its word's box and a margin above and below, cut short of the
 * words beside it on its line (a neighbour's digits must not join the figure).
 */
function cellCrop(page: PageText, cell: Cell, { image, ptPerPx }: PageImage): Gray | null {
  const it = cell.item;
  const a = (it.size * ASCENT_PER_SIZE) / ptPerPx;
  // Wide on the left: the figure's front may be print the page reading left out ("2," of "2,733.00").
  let x0 = it.x / ptPerPx - a * 1.5, x1 = (it.x + it.w) / ptPerPx + a * 0.5;
  for (const o of page.items) {
    if (o === it || Math.abs(o.y - it.y) > it.size * 0.5) continue;
    const ox0 = o.x / ptPerPx, ox1 = (o.x + o.w) / ptPerPx;
    if (ox1 <= it.x / ptPerPx + 1) x0 = Math.max(x0, ox1 + 1);
    else if (ox0 >= (it.x + it.w) / ptPerPx - 1) x1 = Math.min(x1, ox0 - 1);
  }
  const base = it.y / ptPerPx;
  const crop = cropOf(image, x0, base - a * 1.5, x1, base + a * 0.6);
  if (!crop) return null;
  const factor = Math.min(4, Math.max(1.5, TARGET_ASCENT_PX / Math.max(1, a)));
  return enlarged(crop, factor);
}

/**
 * The cell's text with its figure's core taken from `read` ("551,464.09" with "S$1,464.09" read
 * → "1,464.09"; its sign, brackets and debit/credit letters as the page read them): null when
 * the reading has no figure with cents, or the same figure.
 */
export function withFigureOf(cell: string, read: string): string | null {
  const again = FIGURE_CORE.exec(read.replace(/\s+(?=[.,]\d{2}$)/, ''));
  if (!again || !WITH_CENTS.test(again[0])) return null;
  const was = parseMoneyCell(cell);
  const core = was ? FIGURE_CORE.exec(cell) : null;
  if (was && (!core || !WITH_CENTS.test(core[0]))) return null;
  // The marks are the page's (a crop enlarged reads a point as a comma now and then: "$$1554,28"
  // for "S$1554.28"); the digits are the reading's. A garbled cell's decimal mark is its last.
  const decimal = core ? core[0].slice(-3, -2) : /[.,](?=\S{1,3}$)/.exec(cell)?.[0];
  if (!decimal) return null;
  const digits = again[0].replace(/ /g, '');
  const marked = withColumnMarks(digits, decimal) ?? digits;
  if (marked.slice(-3, -2) !== decimal) return null;
  // A garbled cell keeps the sign it was read with (a minus or brackets around its figure).
  const out = core
    ? cell.slice(0, core.index) + marked + cell.slice(core.index + core[0].length)
    : `${/^[-(]/.exec(cell)?.[0] ?? ''}${marked}${/[-)]$/.exec(cell)?.[0] ?? ''}`;
  const now = parseMoneyCell(out);
  if (!now || (was && Math.abs(was.cents) === Math.abs(now.cents))) return null;
  return out;
}

/**
 * A cell that is a figure with a glyph or two garbled ("2'643%.43", "343.7C", "6*435.82"): three
 * digits or more, a decimal mark among its last four characters, at most two characters that
 * no figure prints, and no money or date as read. No row was read from it.
 */
export function garbledFigure(str: string): boolean {
  if (str.length > 16 || (str.match(/\d/g)?.length ?? 0) < 3 || !/[.,]\S{1,3}$/.test(str)) return false;
  const odd = str.replace(/[\d.,'\-()$€£ ]/g, '').length;
  return odd >= 1 && odd <= 2 && !parseMoneyCell(str) && !isDateCell(str);
}

/** The document's text with one item's text replaced, flagged (the pages and items around it shared). */
function withItem(text: PdfText, cell: Cell, str: string): PdfText {
  const pages = text.pages.map((p) => {
    if (p.page !== cell.page) return p;
    const items = p.items.slice();
    items[cell.index] = { ...cell.item, str, conf: Math.min(cell.item.conf ?? 0, LOW_CONFIDENCE - 1) };
    return { ...p, items };
  });
  return { ...text, pages };
}

export interface CellRereadResult { text: PdfText; doc: ParsedDocument; read: number; kept: number }

/**
 * Reads again the doubted figures of a document that does not hold together (see the file's
 * head); returns the text and document with every reading kept, or null when none was.
 * `readDoc` reads a document from text; `readCrop` reads a crop.
 */
export async function rereadFailedCells(doc: ParsedDocument, text: PdfText, images: Map<number, PageImage>, readDoc: (t: PdfText) => ParsedDocument, readCrop: CropReader): Promise<CellRereadResult | null> {
  if (!images.size || !text.info.ocrPages?.length || holdsTogether(doc)) return null;
  const doubted = new Map<number, Map<number, boolean>>();
  for (const s of doc.statements) if (!reconcile(s, 0).reconciled) doubtedFigures(s, doubted);
  const cells = cellsInDoubt(text, doubted, images);
  if (!cells.length) return null;
  let best = { text, doc, standing: balanceStanding(doc) };
  let read = 0, kept = 0;
  for (const cell of cells) {
    const page = best.text.pages.find((p) => p.page === cell.page)!;
    const crop = cellCrop(page, cell, images.get(cell.page)!);
    if (!crop) continue;
    const tried = new Set<string>();
    // The fast model on the crop as a block read most of what the page reading lost (a smoothed
    // fax's "S$" read "$$" where the page read "55"); on the crop thresholded at its own Otsu
    // level, the greys of a smoothed or blurred glyph fall the other way; the best model as one
    // line reads the crop at last. (The best model restricted to a figure's characters read
    // "S$" as "58" more often than not: not used.)
    const variants: [Gray, 'block' | 'line'][] = [[crop, 'block'], [thresholded(crop), 'block'], [crop, 'line']];
    for (const [img, how] of variants) {
      read++;
      const words = await readCrop(img, how);
      const str = withFigureOf(cell.item.str, words.map((w) => w.text).join(' ').trim());
      if (!str || tried.has(str)) continue;
      tried.add(str);
      const t = withItem(best.text, cell, str);
      const d = readDoc(t);
      const standing = balanceStanding(d);
      if (!standsBetter(standing, best.standing)) continue;
      best = { text: t, doc: d, standing };
      kept++;
      break;
    }
    if (holdsTogether(best.doc)) break;
  }
  if (!kept) return null;
  const hint = `${kept} figure(s) read again on a crop of the page image; the balances agree better with them, and they are flagged.`;
  for (const s of best.doc.statements) s.hints = [...(s.hints ?? []), hint];
  return { text: best.text, doc: best.doc, read, kept };
}

/** The engine's crop reader: the page engine on a block, the checking engine on a line (bounded as a page is). */
export function engineCropReader(limits: OcrLimits): CropReader {
  return (crop, how) => (how === 'block'
    ? readPage(crop, { timeoutMs: limits.pageTimeoutMs, maxParallel: limits.parallelPages, block: true })
    : recognizeRegion(crop, 0, 0, crop.width, crop.height, '', 0));
}

import type { ParsedDocument } from '../../contract/model.js';
import type { TaxFormFigures } from '../../contract/api/tax-form.js';
import type { ConvertInput } from '../engine.js';
import type { Line } from '../pdf/lines.js';
import type { PageText } from '../pdf/extract.js';
import { LOW_CONFIDENCE } from '../ocr/limits.js';
import { withoutEdgeMarks } from '../ocr/words.js';
import { textReadFrom } from '../pdf/index.js';
import type { Gray } from '../ocr/clean.js';
import type { TaxFigure, TaxFormKind } from './data/tax-form-kinds.js';
import { findPhrase } from './phrase-match.js';
import { maskTaxId, parseFigure, TIN_ONLY } from './tax-forms.js';

/** Box regions read again on one form at most (each is one small recognition). */
export const MAX_SECOND_LOOKS = 8;

/**
 * A value read again with less confidence than this (0–100) is not taken. The crop is read
 * with every character allowed: with a digits-only list the engine reported no confidence and
 * forced specks and box edges into digits.
 */
const MIN_CONF = 60;

/**
 * A figure read on a second look is taken only as a form prints it: with its cents, and
 * negative only for a net profit or loss in brackets ("(1,234.00)"); a mark before a wage or
 * receipts figure read as a minus ("— $ 452.43") leaves it unread rather than negative.
 */
function plausible(field: TaxFigure, cents: number | null): boolean {
  return cents !== null && (cents >= 0 || field === 'netProfit');
}

/** A rectangle of a page in points from its top-left corner. */
interface Region { page: number; x0: number; y0: number; x1: number; y1: number }

/**
 * Where a box's value is printed, from its label's place on the page: to the label's right on
 * its line (numbered lines, "Gross Pay  2,518.18"), or below it in its box (a W-2's or 1099's
 * boxes: small label on top, value under it). The box is bounded by the next label to the right.
 */
function regionsOf(lines: Line[], labels: string[], pageWidth: (page: number) => number): Region[] {
  for (const line of lines) {
    for (let ci = 0; ci < line.cells.length; ci++) {
      const cell = line.cells[ci]!;
      if (!labels.some((l) => findPhrase(cell.text, l))) continue;
      const next = line.cells.slice(ci + 1).find((c) => /[a-z]{3}/i.test(c.text));
      const right = next ? next.x0 - 3 : pageWidth(line.page) - 10;
      const h = Math.max(6, line.size);
      const out: Region[] = [];
      // Below, in the box: from under the label's letters to about two lines down, stopping
      // above the next printed line there (the next numbered line's label or amount is not this box's).
      const x0 = cell.x0 - 6, x1 = Math.max(right, cell.x0 + 90);
      let y1 = line.y + h * 2.9 + 4;
      for (const below of lines) {
        if (below.page !== line.page || below.y <= line.y + 1 || below.y - below.size > y1) continue;
        const there = below.cells.filter((c) => c.x1 > x0 && c.x0 < x1);
        if (there.some((c) => parseFigure(c.text) !== null || (c.text.match(/[a-z]/gi)?.length ?? 0) >= 8)) y1 = Math.min(y1, below.y - below.size * 1.2);
      }
      if (y1 - line.y > h) out.push({ page: line.page, x0, x1, y0: line.y + h * 0.25, y1 });
      // To the right, on the label's own line: only the first thing printed there with digits,
      // read again (a value OCR saw but garbled). Where nothing was seen, nothing is cut: the
      // first amount along may be another column's ("year to date").
      const seen = line.cells.slice(ci + 1).find((c) => /\d/.test(c.text) && !/^\s*\d{1,2}[a-d]?\s*$/i.test(c.text));
      if (seen && seen.x0 < right) out.push({ page: line.page, x0: seen.x0 - 4, x1: seen.x1 + 4, y0: line.y - h * 1.4, y1: line.y + h * 0.5 });
      return out;
    }
  }
  return [];
}

/** A page image as OCR read it (rendered again, deskewed and with its rules erased the same way), and points per pixel. */
type PageImage = { image: Gray; ptPerPx: number } | null;

async function pageImageLoader(input: ConvertInput): Promise<{ get(page: number): Promise<PageImage>; close(): Promise<void> }> {
  const [{ cleanPage }, { eraseRules }, { DEFAULT_OCR_LIMITS, OCR_DPI }, { sniffImage, decodeImagePages }] = await Promise.all([
    import('../ocr/clean.js'), import('../ocr/rules.js'), import('../ocr/limits.js'), import('../ocr/decode.js'),
  ]);
  const limits = { ...DEFAULT_OCR_LIMITS, ...input.ocrLimits };
  const cache = new Map<number, PageImage>();
  const prepare = (canvas: import('@napi-rs/canvas').Canvas) => eraseRules(cleanPage(canvas).image);
  const image = sniffImage(input.bytes);
  if (image) {
    const canvases = await decodeImagePages(input.bytes, input.fileName, image, limits);
    return {
      async get(page) {
        if (!cache.has(page)) {
          const c = canvases[page - 1];
          // As the image converter reads an image: a letter page 612 points wide.
          cache.set(page, c ? { image: prepare(c), ptPerPx: 612 / c.width } : null);
        }
        return cache.get(page)!;
      },
      async close() {},
    };
  }
  const [{ openPdf }, { renderPage }, { loneJpegPages }] = await Promise.all([import('../pdf/open-pdf.js'), import('../ocr/render.js'), import('../ocr/page-jpeg.js')]);
  const pdf = await openPdf(input.bytes);
  return {
    async get(page) {
      if (!cache.has(page)) {
        // The same render as the page reading (./ocr/pdf-pages.ts): same pixels, same deskew, same positions.
        const jpegs = await loneJpegPages(input.bytes, [page]);
        const r = await renderPage(pdf, page, OCR_DPI, limits.maxPagePixels, jpegs.get(page));
        cache.set(page, { image: prepare(r.canvas), ptPerPx: 1 / r.scale });
      }
      return cache.get(page)!;
    },
    async close() { await pdf.destroy().catch(() => undefined); },
  };
}

/**
 * Figures OCR read only with low confidence, set aside as unread for the second look: an
 * amount printed nowhere on the page with confidence (every word that reads as it is below
 * LOW_CONFIDENCE) may have a digit wrong ("395,357.13" read "395,307.13" on a 300-dpi scan).
 */
function withoutDoubtful(figures: TaxFormFigures, pages: PageText[]): TaxFormFigures {
  const out: TaxFormFigures = { ...figures, unread: [...figures.unread] };
  for (const key of Object.keys(figures) as Array<keyof TaxFormFigures>) {
    const v = figures[key];
    if (typeof v !== 'number' || key === 'taxYear') continue;
    const cents = Math.round(v * 100);
    const confs = pages.flatMap((p) => p.items).filter((i) => parseFigure(withoutEdgeMarks(i.str)) === cents).map((i) => i.conf ?? 100);
    if (confs.length && Math.max(...confs) < LOW_CONFIDENCE) {
      (out as Record<string, unknown>)[key] = null;
      out.unread.push(key);
    }
  }
  return out;
}

/**
 * A second look at the boxes of a scanned tax form whose value the page's OCR lost (a figure
 * or id unread): the box's region — found from its label — is cut from the page image and read
 * again alone, as one line of digits, by the checking model. Only a value that parses whole
 * (an amount with its cents, an EIN or SSN of the right shape) is taken; anything else stays
 * unread. Bounded: at most MAX_SECOND_LOOKS regions a form, all within the OCR page time limit.
 * Forms read from a text layer are left as they are.
 */
export async function secondLook(input: ConvertInput, doc: ParsedDocument, lines: Line[], kind: TaxFormKind, figures: TaxFormFigures): Promise<TaxFormFigures> {
  const text = textReadFrom(doc);
  const ocrPages = new Set(text?.info.ocrPages ?? []);
  if (!text || !ocrPages.size) return figures;
  figures = withoutDoubtful(figures, text.pages.filter((p) => ocrPages.has(p.page)));
  const wanted = figures.unread.filter((f) => f !== 'taxYear');
  if (!wanted.length) return figures;
  const widths = new Map(text.pages.map((p) => [p.page, p.width]));
  const ocrLines = lines.filter((l) => ocrPages.has(l.page));
  const [{ recognizeRegion }, { DEFAULT_OCR_LIMITS }] = await Promise.all([import('../ocr/tesseract.js'), import('../ocr/limits.js')]);
  const deadline = Date.now() + ({ ...DEFAULT_OCR_LIMITS, ...input.ocrLimits }).pageTimeoutMs;
  const out: TaxFormFigures = { ...figures, unread: [...figures.unread] };
  let looks = 0;
  const pages = await pageImageLoader(input);
  try {
    for (const field of wanted) {
      const isId = field === 'ein' || field === 'tin';
      const labels = isId ? kind.ids[field as 'ein' | 'tin'] : kind.figures[field as TaxFigure];
      if (!labels) continue;
      let value: string | null = null;
      for (const r of regionsOf(ocrLines, labels, (p) => widths.get(p) ?? 612)) {
        if (looks >= MAX_SECOND_LOOKS || Date.now() > deadline) break;
        const page = await pages.get(r.page);
        if (!page) continue;
        looks++;
        const px = (pt: number) => pt / page.ptPerPx;
        const words = await recognizeRegion(page.image, px(r.x0), px(r.y0), px(r.x1), px(r.y1));
        // One value in the box, read whole: its words joined (a sign or bracket read apart stays
        // with it), leader dots before a line's amount ("....1,234.00") and marks read as letters
        // or bars (a box's edge, a speck: "i", "CO", "|") set aside.
        const kept = words.filter((w) => !/^[a-z|]+$/i.test(w.text));
        const v = kept.map((w) => w.text).join('').replace(/^[.,]+/, '');
        if (kept.some((w) => /\d/.test(w.text) && w.conf < MIN_CONF)) break;
        if (!/\d/.test(v)) continue;
        if (isId ? TIN_ONLY.test(v) : plausible(field as TaxFigure, parseFigure(v, true))) { value = v; break; }
        // Anything else (two amounts, a mark read as a minus): the box stays unread.
        break;
      }
      if (value === null) continue;
      if (isId) out[field as 'ein' | 'tin'] = maskTaxId(value);
      else out[field as TaxFigure] = parseFigure(value, true)! / 100;
      out.unread = out.unread.filter((f) => f !== field);
    }
  } finally {
    await pages.close();
  }
  return out;
}

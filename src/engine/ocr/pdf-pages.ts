import type { ConvertInput } from '../engine.js';
import type { PdfText } from '../pdf/extract.js';
import { openPdf } from '../pdf/open-pdf.js';
import { DEFAULT_OCR_LIMITS, OCR_DPI, type OcrLimits } from './limits.js';
import { readPageImages, type PageImageSource, type ReadPagesOptions } from './read-pages.js';

export { pageReadMemo } from './read-pages.js';
import { pageImages, renderPage } from './render.js';
import { loneJpegPages } from './page-jpeg.js';

/**
 * A PDF's pages as the reader gets them, OCR added where the text layer is missing:
 * - `doocrfile`: every page is rendered and read by OCR (its text layer, if any, is set aside);
 * - otherwise a page with no text that paints something (a scan, text turned into outlines,
 *   glyphs without characters), or a scan with a stamp over it, is read by OCR; blank pages are not;
 * - `neverocr`: no page is; image pages stay empty and the document says it needs OCR.
 * Text pages keep their extracted items. `info.ocrPages` lists the pages OCR read.
 * `eraseRules`: the pages' ruling lines are whitened before OCR (a form's; see ./forms.ts).
 * `pages`: these pages (1-based) are read by OCR whatever their text layer (another program's
 * OCR layer, ./ocr-layer-choice.ts).
 * `stamped`: pictures of a page with a few lines of text over them (./stamped-pages.ts), read by
 * OCR as pages without text are.
 * `read`: how the pages are read (`localFax`: ./fax-reread.ts). `coarseFax` lists the pages
 * read that were a 1-bit fax of 2 × 2 dots.
 */
export async function withOcrPages(input: ConvertInput, text: PdfText, eraseRules: boolean, pages?: number[], stamped: number[] = [], read: ReadPagesOptions = {}): Promise<{ text: PdfText; imagePagesUnread: number[]; coarseFax: number[] }> {
  const { options } = input;
  const empty = text.pages.filter((p) => p.items.length === 0 || stamped.includes(p.page)).map((p) => p.page);
  if (!options.doocrfile && !empty.length && !pages?.length) return { text, imagePagesUnread: [], coarseFax: [] };
  const limits: OcrLimits = { ...DEFAULT_OCR_LIMITS, ...input.ocrLimits };
  const pdf = await openPdf(input.bytes);
  try {
    const candidates = pages ?? (options.doocrfile ? text.pages.map((p) => p.page) : empty);
    if (options.neverocr) {
      const targets: number[] = [];
      for (const n of candidates) {
        const imgs = await pageImages(pdf, n);
        if (imgs.count > 0 || imgs.drawn) targets.push(n);
      }
      return { text, imagePagesUnread: targets, coarseFax: [] };
    }
    // Pages that are one plain JPEG are drawn from it decoded natively (./page-jpeg.ts).
    const jpegs = await loneJpegPages(input.bytes, candidates);
    // Each page is rendered once: a page that put no ink down is found blank on its pixels
    // and skipped (unless doocrfile), and its images' resolution comes from that render.
    const sources: PageImageSource[] = candidates.map((n) => ({
      page: n,
      skipIfBlank: !options.doocrfile && !pages,
      eraseRules,
      load: async () => {
        const r = await renderPage(pdf, n, OCR_DPI, limits.maxPagePixels, jpegs.get(n));
        return { canvas: r.canvas, ptPerPx: 1 / r.scale, widthPt: r.widthPt, heightPt: r.heightPt, imageDpi: r.imageDpi };
      },
    }));
    // The images' resolution as each page's render found it (a page prepared by an earlier pass is not rendered again).
    const done = await readPageImages(sources, input.fileName, limits, (p) => input.onProgress?.({ stage: 'ocr', ...p }), read);
    const dpis = done.imageDpis;
    const targets = done.pages.map((p) => p.page);
    if (!targets.length) return { text, imagePagesUnread: [], coarseFax: [] };
    const byPage = new Map(done.pages.map((p) => [p.page, p]));
    return {
      text: {
        pages: text.pages.map((p) => byPage.get(p.page) ?? p),
        info: {
          ...text.info, ocrPages: [...new Set([...(text.info.ocrPages ?? []), ...targets])].sort((a, b) => a - b),
          ...(dpis.length ? { minResolution: Math.min(...dpis), maxResolution: Math.max(...dpis) } : {}),
        },
      },
      imagePagesUnread: [],
      coarseFax: done.coarseFax,
    };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

import type { ParsedDocument } from '../../contract/model.js';
import { ConversionError, type ConvertInput, type FormatConverter } from '../engine.js';
import type { PdfText } from '../pdf/extract.js';
import { readStatements } from '../pdf/index.js';
import { markOcrConfidence } from './confidence.js';
import { repairByBalances } from './balance-oracle.js';
import { dropKeptRowsThatBreakBalances } from '../statement/repeated-kept.js';
import { IMAGE_KINDS_READ, decodeImagePages, sniffImage } from './decode.js';
import { DEFAULT_OCR_LIMITS, type OcrLimits } from './limits.js';
import { ruleErasing } from './forms.js';

/** A letter page is 612 points wide: an image upload is read as one (positions only matter relative to each other). */
const PAGE_WIDTH_PT = 612;

/**
 * Photos and scans uploaded as images (PNG, JPEG, TIFF, WebP, GIF, AVIF, by magic bytes; HEIC is
 * refused by name): every page is read by
 * OCR and then by the same reader as a PDF. `neverocr` refuses them (an image has no text to
 * read otherwise).
 */
export async function convertImage(input: ConvertInput): Promise<ParsedDocument> {
  const kind = sniffImage(input.bytes);
  if (!kind) throw new ConversionError(`${input.fileName}: not a ${IMAGE_KINDS_READ} image`);
  const info = { producer: '', cdate: '', mdate: '', pagecount: 1, image: true };
  if (input.options.neverocr) {
    return { format: 'pdf', detectedDocType: 'Bank Statement', statements: [], pdf: info, error: `${input.fileName}: the file is an image (${kind.toUpperCase()}) and neverocr is set; it needs OCR`, requiresRerunWithOCR: true };
  }
  const limits: OcrLimits = { ...DEFAULT_OCR_LIMITS, ...input.ocrLimits };
  const canvases = await decodeImagePages(input.bytes, input.fileName, kind, limits);
  const first = Math.max(1, input.options.firstpage ?? 1), last = Math.min(canvases.length, input.options.lastpage ?? canvases.length);
  if (first > last) throw new ConversionError(`${input.fileName}: no pages to read (the image has ${canvases.length} page(s); check firstpage/lastpage)`);
  // Loaded here, not with the engine: tesseract.js and canvas are for images only.
  const { readPageImages, pageReadMemo } = await import('./read-pages.js');
  const sourcesOf = (pages: number[], eraseRules: boolean) => pages.map((n) => {
    const canvas = canvases[n - 1]!;
    const ptPerPx = PAGE_WIDTH_PT / canvas.width;
    return { page: n, eraseRules, load: async () => ({ canvas, ptPerPx, widthPt: PAGE_WIDTH_PT, heightPt: canvas.height * ptPerPx }) };
  });
  const every = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  // The passes below read the same pages: what one learns (a page's way up, its reading as printed) the next reuses.
  const memo = pageReadMemo();
  const readAll = async (eraseRules: boolean) => {
    const read = await readPageImages(sourcesOf(every, eraseRules), input.fileName, limits, (p) => input.onProgress?.({ stage: 'ocr', ...p }), { memo });
    let text: PdfText = { pages: read.pages, info: { ...info, pagecount: canvases.length, ocrPages: every } };
    let doc = readStatements(input, text);
    // A 1-bit fax whose reading does not hold together read again thresholded locally, the
    // reading whose balances agree better kept (./fax-reread.ts), as a PDF's fax pages are.
    if (read.coarseFax.length) {
      const { faxReadLocally } = await import('./fax-reread.js');
      const once = text;
      const local = await faxReadLocally(doc, read.coarseFax, async (pages) => {
        const again = await readPageImages(sourcesOf(pages, eraseRules), input.fileName, limits, undefined, { localFax: true, memo });
        const byPage = new Map(again.pages.map((p) => [p.page, p]));
        return { ...once, pages: once.pages.map((p) => byPage.get(p.page) ?? p) };
      }, (t) => readStatements(input, t));
      if (local) ({ again: text, doc } = local);
    }
    // Figures the balances put in doubt read again from the page image (./cell-reread.ts), as a PDF's are.
    if (memo.images.size) {
      const { rereadFailedCells, engineCropReader } = await import('./cell-reread.js');
      const again = await rereadFailedCells(doc, text, memo.images, (t) => readStatements(input, t), engineCropReader(limits));
      if (again) ({ text, doc } = again);
    }
    markOcrConfidence(doc, text.pages);
    repairByBalances(doc, text.pages.map((p) => p.page));
    dropKeptRowsThatBreakBalances(doc);
    return doc;
  };
  const erasing = ruleErasing(input);
  const doc = await readAll(erasing.first);
  if (erasing.first || !erasing.again(doc)) return doc;
  const second = await readAll(true);
  return erasing.keepSecond(second, doc) ? second : doc;
}

export const imageConverter: FormatConverter = {
  name: 'pdf',
  accepts(input) {
    if (input.options.accounttype === 'MTJson' || input.options.accounttype === 'Plaid') return false;
    return sniffImage(input.bytes) !== null;
  },
  convert: convertImage,
};

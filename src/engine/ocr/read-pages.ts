import type { Canvas } from '@napi-rs/canvas';
import { ConversionError } from '../engine.js';
import type { PageText } from '../pdf/extract.js';
import { cleanGray, hasInk, type Gray } from './clean.js';
import type { OcrLimits } from './limits.js';
import { OcrTimeoutError, checkNumbers, readPage, recognize, recognizeMarks, recognizeRegion } from './tesseract.js';
import { rereadColumnCells } from './column-cells.js';
import { rereadFigureHeads } from './figure-heads.js';
import { checkFigureWidths } from './figure-width.js';
import { checkRestoredDates } from './restored-dates.js';
import { pageFromWords, withoutSpecks } from './words.js';
import { eraseRules } from './rules.js';
import { lightTypeOnBars } from './dark-bands.js';
import { wasEnlarged } from './decode.js';
import { readUpright, straightened, uprightGrayRead } from './upright.js';
import { readSmallType } from './small-text.js';
import { readUnreadPrint } from './unread-print.js';
import { withSpecksCut } from './speck-boxes.js';
import { releasePageCanvas } from './render.js';
import { keepPageImage, type PageImage } from './page-images.js';

/** One page to read by OCR: its number and how to get its image (rendered or decoded only when its turn comes). */
export interface PageImageSource {
  page: number;
  load(): Promise<{ canvas: Canvas; ptPerPx: number; widthPt: number; heightPt: number; imageDpi?: number }>;
  /** A page whose image has no ink is not recognised and not returned (a blank PDF page). */
  skipIfBlank?: boolean;
  /** Whiten ruling lines before recognition (forms: boxed values are otherwise lost; ./rules.ts). */
  eraseRules?: boolean;
}

export interface OcrProgress { page: number; of: number }

export interface ReadPagesOptions {
  /** Pages found to be a 1-bit fax of 2 × 2 dots are thresholded locally by the engine (./fax-reread.ts). */
  localFax?: boolean;
  /** What earlier passes over the same document's pages learned (`pageReadMemo`). */
  memo?: PageReadMemo;
}

/**
 * What one document's readings of its pages learned, kept across the passes that read them again
 * (rules erased, ./forms.ts; a fax thresholded locally, ./fax-reread.ts), so no pass redoes what
 * cannot come out otherwise: each page's way up (`halfTurned`), and each page's reading as
 * printed (`asPrinted`, by page and threshold), which a pass erasing its rules takes as its own
 * when the page has no rule to erase (the same pixels read the same). A fax whose table header
 * no reading found was read nine times a page, three of them the same pixels again.
 * `prepared`: each page as it was made ready for the engine (rendered, upright, blur undone,
 * cleaned, straightened: the same pixels every pass), so a later pass starts from it instead of
 * rendering and preparing the page again; up to MAX_PREPARED_BYTES of pages are kept.
 */
export interface PageReadMemo {
  halfTurned: Map<number, boolean>;
  asPrinted: Map<string, { page: PageText; skew: number }>;
  prepared: Map<number, PreparedPage>;
  preparedBytes: number;
  /** Each page's image as its words were read, for cells read again after the document is read (./cell-reread.ts). */
  images: Map<number, PageImage>;
}

/** A memo for one document's passes. */
export function pageReadMemo(): PageReadMemo {
  return { halfTurned: new Map(), asPrinted: new Map(), prepared: new Map(), preparedBytes: 0, images: new Map() };
}

/** A page made ready for the engine, and what its preparation found. */
interface PreparedPage {
  /** Straightened, heads on dark bars turned dark; rules not erased. Never written to. */
  image: Gray;
  skew: number;
  ptPerPx: number; widthPt: number; heightPt: number;
  imageDpi?: number;
  sharpened: boolean;
  coarseFax: boolean;
}

/**
 * The most prepared page pixels one document's memo holds (~9 letter pages at 300 dpi): a
 * document that is read a second time (no row read: its rules erased, ../pdf/index.ts; a fax read
 * again thresholded locally) prepared every page again — rendered, squared, its blur measured and
 * undone (1–5 CPU s a blurred page, and the reading of bands that chooses a smear's direction),
 * deskewed — for the same pixels. Pages past this are prepared again as before.
 */
const MAX_PREPARED_BYTES = 80_000_000;

/** The page rendered and prepared, or as an earlier pass of the same document prepared it. */
async function preparedPage(src: PageImageSource, memo: PageReadMemo | undefined, fileName: string, limits: OcrLimits): Promise<PreparedPage> {
  const kept = memo?.prepared.get(src.page);
  if (kept) return kept;
  const loaded = await src.load();
  // A photographed sheet squared and a sideways page turned first (./upright.ts): the page's
  // width in points then spans the sheet, not the photo around it.
  // A smear's direction is chosen by reading a band of the page undone each way (./smear-direction.ts).
  const upright = await uprightGrayRead(loaded.canvas, { enlarged: wasEnlarged(loaded.canvas) }, (img) => readPage(img, { timeoutMs: limits.pageTimeoutMs, maxParallel: limits.parallelPages }))
    .catch((err: unknown) => { throw err instanceof OcrTimeoutError ? new ConversionError(`${fileName}: OCR of page ${src.page} stopped: ${err.message} (the per-page limit)`) : err; });
  const same = upright.gray.width === loaded.canvas.width && upright.gray.height === loaded.canvas.height;
  // Its pixels are read (the upright gray is a copy): the canvas serves the next page.
  releasePageCanvas(loaded.canvas);
  const { widthPt } = loaded;
  const ptPerPx = same ? loaded.ptPerPx : widthPt / upright.gray.width;
  const heightPt = same ? loaded.heightPt : upright.gray.height * ptPerPx;
  const { image: flatPage, skew } = cleanGray(upright.gray);
  // A curled sheet's bowed lines straightened (./dewarp.ts); a flat page as it is.
  // Heads printed light on a dark bar turned dark on white (./dark-bands.ts).
  const image = lightTypeOnBars(straightened(flatPage));
  const page: PreparedPage = { image, skew, ptPerPx, widthPt, heightPt, imageDpi: loaded.imageDpi, sharpened: upright.sharpened, coarseFax: upright.coarseFax };
  if (memo && memo.preparedBytes + image.data.length <= MAX_PREPARED_BYTES) {
    memo.prepared.set(src.page, page);
    memo.preparedBytes += image.data.length;
  }
  return page;
}

/**
 * Reads pages by OCR, `limits.parallelPages` at a time (so at most that many page images are
 * held at once), each bounded by `limits.pageTimeoutMs`. Calls `onPage` as each page finishes.
 * Returns the pages as text items in page order and the skew removed from each (blank pages
 * of sources marked `skipIfBlank` left out), the numbers of the pages that were a 1-bit fax
 * of 2 × 2 dots (`coarseFax`: ./fax-reread.ts may read them again), and the resolution of the
 * widest image of each page that had one (`imageDpis`, as its load reported it).
 */
export async function readPageImages(sources: PageImageSource[], fileName: string, limits: OcrLimits, onPage?: (p: OcrProgress) => void, opts: ReadPagesOptions = {}): Promise<{ pages: PageText[]; skews: number[]; coarseFax: number[]; imageDpis: number[] }> {
  if (sources.length > limits.maxPages) {
    throw new ConversionError(`${fileName}: ${sources.length} pages need OCR, more than the ${limits.maxPages}-page limit for one file; send fewer pages (firstpage/lastpage)`);
  }
  const pages: PageText[] = new Array(sources.length);
  const skews: number[] = new Array(sources.length).fill(0);
  const coarseFax: number[] = [], imageDpis: number[] = [];
  let next = 0, done = 0;
  const lane = async () => {
    while (next < sources.length) {
      const i = next++;
      const src = sources[i]!;
      const prepared = await preparedPage(src, opts.memo, fileName, limits);
      const { image: cleaned, skew, ptPerPx, widthPt, heightPt } = prepared;
      if (prepared.imageDpi) imageDpis.push(prepared.imageDpi);
      if (src.skipIfBlank && !hasInk(cleaned)) { onPage?.({ page: ++done, of: sources.length }); continue; }
      const image = src.eraseRules ? eraseRules(cleaned) : cleaned;
      if (prepared.coarseFax) coarseFax.push(src.page);
      const local = prepared.coarseFax && !!opts.localFax;
      const printedKey = `${src.page}:${local}`;
      const printed = image === cleaned ? opts.memo?.asPrinted.get(printedKey) : undefined;
      if (printed) {
        // A copy: the reader may annotate the pages it is given.
        pages[i] = structuredClone(printed.page);
        skews[i] = printed.skew;
        onPage?.({ page: ++done, of: sources.length });
        continue;
      }
      let words;
      try {
        const read = (img: Gray) => recognize(img, { timeoutMs: limits.pageTimeoutMs, maxParallel: limits.parallelPages, local });
        // Read again upside down when the reading is poor (a page photographed the wrong way up),
        // and enlarged when its type is small and the reading poor (./small-text.ts).
        const trial = { read: (img: Gray) => readPage(img, { timeoutMs: limits.pageTimeoutMs, maxParallel: limits.parallelPages, local }), check: checkNumbers };
        const firstRead = await readUpright(image, read, opts.memo?.halfTurned.get(src.page), trial);
        opts.memo?.halfTurned.set(src.page, firstRead.halfTurned);
        if (opts.memo) keepPageImage(opts.memo.images, src.page, firstRead.image, ptPerPx);
        ({ words } = await readSmallType(firstRead.image, firstRead.words, limits.maxPagePixels,
          (img, block) => recognize(img, { timeoutMs: limits.pageTimeoutMs, maxParallel: limits.parallelPages, block, local })));
        // Print no word covers, shaped like a line of type (a table's heads dropped whole), read
        // again on a crop of its own as a block (./unread-print.ts).
        ({ words } = await readUnreadPrint(words, firstRead.image, (img) => recognize(img, { timeoutMs: limits.pageTimeoutMs, maxParallel: limits.parallelPages, block: true, local })));
        // Specks read as marks left out, figures whose front part was read apart read again
        // whole (./figure-heads.ts), then garbled cells of the page's date and figure columns
        // read again (./column-cells.ts).
        const region = (x0: number, y0: number, x1: number, y1: number, minBand: number) => recognizeRegion(firstRead.image, x0, y0, x1, y1, '', minBand);
        // Word boxes stretched by a speck above their print cut to it (./speck-boxes.ts).
        ({ words } = await withSpecksCut(words, firstRead.image, region));
        ({ words } = await rereadFigureHeads(withoutSpecks(words), firstRead.image, region));
        ({ words } = await rereadColumnCells(words, firstRead.image, region, (boxes, minBand) => recognizeMarks(firstRead.image, boxes, minBand)));
        // Figures read surely but wider than their text: a glyph lost (./figure-width.ts).
        ({ words } = await checkFigureWidths(words, firstRead.image, region));
        // A page whose blur was undone: its rows' dates read a second time, a date read as
        // another flagged (./restored-dates.ts).
        if (prepared.sharpened) ({ words } = await checkRestoredDates(words, firstRead.image, region));
      } catch (err) {
        if (err instanceof OcrTimeoutError) throw new ConversionError(`${fileName}: OCR of page ${src.page} stopped: ${err.message} (the per-page limit)`);
        throw err;
      }
      pages[i] = pageFromWords(src.page, words, ptPerPx, widthPt, heightPt);
      skews[i] = skew;
      if (image === cleaned) opts.memo?.asPrinted.set(printedKey, { page: structuredClone(pages[i]!), skew });
      onPage?.({ page: ++done, of: sources.length });
    }
  };
  // "OCR page 0 of N": callers learn that OCR has started before the first page is done.
  onPage?.({ page: 0, of: sources.length });
  const lanes = Math.max(1, Math.min(limits.parallelPages, sources.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  const read = sources.map((_, i) => i).filter((i) => pages[i] !== undefined);
  return { pages: read.map((i) => pages[i]!), skews: read.map((i) => skews[i]!), coarseFax: coarseFax.sort((a, b) => a - b), imageDpis };
}

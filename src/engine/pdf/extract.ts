import type { getDocument, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { inflateBudget, withWholeInflate, type InflateBudget } from './inflate.js';
import { openFast, reopenFast, OverBudget, Unsupported, type EncodingDecision, type RawItem } from './fast/index.js';
import { withStatedEncodings } from './font-encoding-update.js';
import { bundledFontData } from './pdfjs-data.js';
import { checkSyncDecodedStreams } from './sync-streams.js';
import { notContentKeys, storedContentDepth } from './stored-content.js';
import { uprightItems, type PlacedString } from './upright-text.js';
import { DEFAULT_LIMITS, LimitError, limitMessage, type ConversionLimits } from '../limits.js';
import { ConversionError } from '../engine.js';
import type { PdfInfo } from '../../contract/model.js';
import type { TextItem } from './text-item.js';

/** Items are declared apart (./text-item.ts) so the page turner can build them without importing this file. */
export type { TextItem } from './text-item.js';

export interface PageText {
  page: number;    // 1-based page number in the file
  width: number;
  height: number;
  items: TextItem[];
}

export interface PdfText {
  pages: PageText[];
  info: PdfInfo;
  /** Which reader read the text: the fast reader (./fast/) or pdf.js, with why pdf.js was needed. */
  reader?: { name: 'fast' } | { name: 'pdfjs'; reason: string };
  /** Fonts whose encoding the PDF leaves unstated, read with the one decided by evidence (./fast/unstated-encoding.ts). */
  decidedEncodings?: EncodingDecision[];
}

/** Which reader extractPdf uses: 'auto' (fast, pdf.js where it refuses), or one of them alone ('fast' throws where it refuses). */
export type PdfReaderChoice = 'auto' | 'fast' | 'pdfjs';
let readerChoice: PdfReaderChoice = 'auto';

/**
 * Runs `fn` with every extraction in this thread using `choice` (the bench and the comparison
 * of the two readers, test/convert/fast-reader.test.ts and bench/compare-readers.ts, use it).
 */
export async function withPdfReader<T>(choice: PdfReaderChoice, fn: () => Promise<T>): Promise<T> {
  const before = readerChoice;
  readerChoice = choice;
  try { return await fn(); } finally { readerChoice = before; }
}

/** "D:20220504145649+04'00'" → "2022-05-04T14:56:49+04:00" ('' when absent or unreadable). */
export function pdfDateToIso(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(raw.trim());
  if (!m) return '';
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz, th, tm] = m;
  const zone = !tz ? '' : tz.toUpperCase() === 'Z' ? 'Z' : `${tz}${th ?? '00'}:${tm ?? '00'}`;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`;
}

/**
 * A document for pdf.js's font loader that accepts its @font-face rules and keeps nothing (see
 * TEXT_ONLY): Node has no DOM, and the engine never draws with the fonts.
 */
const NO_FONT_FACES = {
  createElement: () => ({ sheet: { cssRules: { length: 0 }, insertRule: () => 0 }, remove: () => undefined }),
  documentElement: { getElementsByTagName: () => [{ append: () => undefined }] },
} as unknown as DocumentInit['ownerDocument'];

type DocumentInit = Extract<NonNullable<Parameters<typeof getDocument>[0]>, { ownerDocument?: unknown }>;

/**
 * pdf.js options for reading text and font names, never drawing:
 * - `maxImageSize: 0`: an image larger than this many pixels is dropped before it is decoded.
 *   The operator list built for real font names would otherwise decode every image of the page
 *   (JPEG, colour conversion) and post its pixels: most of the CPU on pages with pictures.
 * - `disableFontFace: false` with `ownerDocument: NO_FONT_FACES`: with font faces disabled
 *   (pdf.js's default in Node) the operator list also builds and posts a drawing path for every
 *   glyph shown, for a canvas to draw without the font: ~6 % of the CPU of extraction on real
 *   statements, for nothing here. With them enabled, pdf.js hands each font to its document as
 *   a CSS rule instead, which this stand-in accepts and drops. Fonts still reach
 *   `page.commonObjs` with their real names (test/convert/pdf-port.test.ts).
 * - No eval, no system fonts, no warnings on the console, and a damaged object skipped rather
 *   than the whole document refused (`stopAtErrors: false`).
 */
export const TEXT_ONLY = {
  isEvalSupported: false, useSystemFonts: false, disableFontFace: false, ownerDocument: NO_FONT_FACES,
  verbosity: 0, stopAtErrors: false, maxImageSize: 0,
} satisfies DocumentInit;

interface PdfjsError { name?: string; message?: string }

/**
 * Reads every page's text items with positions and font names (pdf.js legacy build, no
 * worker thread: pdf.js runs its parser in-process in Node). Page selection by `firstpage`
 * and `lastpage` happens here so unwanted pages are never parsed.
 */
export async function extractPdf(bytes: Uint8Array, fileName: string, range: { firstpage?: number; lastpage?: number; limits?: Partial<ConversionLimits> } = {}): Promise<PdfText> {
  if (bytes.length === 0) throw new ConversionError(`${fileName}: the file is empty (0 bytes)`);
  const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 1024))).toString('latin1');
  if (!head.includes('%PDF-')) throw new ConversionError(`${fileName}: not a PDF file (no %PDF- header)`);
  const limits = { ...DEFAULT_LIMITS, ...(range.limits ?? {}) };
  let budget = inflateBudget(limits);
  let reason = 'pdf.js chosen';
  if (readerChoice !== 'pdfjs') {
    // The fast reader inflates only what it reads (never a font program), each stream within
    // the same caps, counted towards the same totals (inflate.ts: inflateForBudget).
    try {
      return readFast(bytes, fileName, range, limits, budget);
    } catch (err) {
      if (err instanceof OverBudget) checkBudget(budget, fileName);
      if (!(err instanceof Unsupported) || readerChoice === 'fast') throw err;
      reason = err.reason;
      budget = inflateBudget(limits); // pdf.js inflates them again: counted once
    }
  }
  // Streams pdf.js inflates with its own decoder (object streams, xref streams, fonts) are held
  // to the same caps before it opens the file (./sync-streams.ts).
  checkSyncDecodedStreams(bytes, budget);
  checkBudget(budget, fileName);
  // Content streams stored without compression are in the file as they are: for pdf.js their
  // nesting is checked here, compressed ones as they inflate (./inflate.ts). The fast reader
  // counts every content stream it reads, stored or inflated.
  if (storedContentDepth(bytes, limits.maxNestingDepth) > limits.maxNestingDepth) {
    throw new LimitError('maxNestingDepth', limitMessage(fileName, 'maxNestingDepth', limits.maxNestingDepth, 'a content stream nests graphics states (q … Q) too deep'));
  }
  budget.notContent = notContentKeys(bytes);
  // Fonts whose encoding the PDF leaves unstated are read by pdf.js as the fast reader reads them:
  // from a copy of the file that states the encoding decided by evidence.
  const stated = statedCopy(bytes, limits);
  const text = await withWholeInflate(() => readDocument(stated?.bytes ?? bytes, fileName, range, limits, budget), budget);
  return { ...text, reader: { name: 'pdfjs', reason }, ...(stated ? { decidedEncodings: stated.decisions } : {}) };
}

/**
 * The file with its unstated font encodings stated as decided (./font-encoding-update.ts), or
 * null when it has none (or its structure is beyond the fast reader's parser: read as it is).
 */
function statedCopy(bytes: Uint8Array, limits: ConversionLimits): { bytes: Uint8Array; decisions: EncodingDecision[] } | null {
  try {
    const doc = reopenFast(bytes, inflateBudget(limits));
    const decisions = doc.unstatedEncodings();
    const copy = withStatedEncodings(bytes, doc.file, decisions);
    return copy ? { bytes: copy, decisions: [...decisions.values()].filter((d) => !d.asciiOnly) } : null;
  } catch {
    return null;
  }
}

/** The fast reader (./fast/): the same pages pdf.js would give, or Unsupported. */
function readFast(bytes: Uint8Array, fileName: string, range: { firstpage?: number; lastpage?: number }, limits: ConversionLimits, budget: InflateBudget): PdfText {
  const doc = openFast(bytes, budget);
  const info: PdfInfo = {
    producer: doc.info.producer ?? '', creator: doc.info.creator,
    cdate: pdfDateToIso(doc.info.creationDate), mdate: pdfDateToIso(doc.info.modDate),
    pagecount: doc.numPages, image: false, encrypted: doc.encrypted,
  };
  const { first, last } = pageRange(range, doc.numPages, limits, fileName);
  let textItems = 0;
  const pages: PageText[] = [];
  doc.readPages(first, last, (pg) => {
    checkBudget(budget, fileName);
    textItems += pg.listed;
    checkTextItems(textItems, limits, fileName, pg.page);
    const { width, height, items } = uprightItems(pg.items as RawItem[], pg.view);
    pages.push({ page: pg.page, width, height, items });
  });
  checkBudget(budget, fileName);
  info.image = pages.length > 0 && pages.every((pg) => pg.items.length === 0);
  info.uselessPages = pages.filter((pg) => pg.items.length === 0).length;
  const decided = doc.decidedEncodings();
  return { pages, info, reader: { name: 'fast' }, ...(decided.length ? { decidedEncodings: decided } : {}) };
}

function pageRange(range: { firstpage?: number; lastpage?: number }, numPages: number, limits: ConversionLimits, fileName: string): { first: number; last: number } {
  const first = Math.max(1, range.firstpage ?? 1);
  const last = Math.min(numPages, range.lastpage ?? numPages);
  if (last - first + 1 > limits.maxPages) {
    throw new LimitError('maxPages', limitMessage(fileName, 'maxPages', limits.maxPages, `the PDF has ${numPages.toLocaleString('en-US')} pages to read`));
  }
  return { first, last };
}

function checkTextItems(textItems: number, limits: ConversionLimits, fileName: string, p: number): void {
  if (textItems > limits.maxTextItems) {
    throw new LimitError('maxTextItems', limitMessage(fileName, 'maxTextItems', limits.maxTextItems, `its pages 1–${p} already hold ${textItems.toLocaleString('en-US')} text items`));
  }
}

/** Throws the limit an inflated stream reached (see inflate.ts), if any. */
function checkBudget(budget: InflateBudget, fileName: string): void {
  const hit = budget.hit;
  if (!hit) return;
  const value = hit.limit === 'maxInflatedStreamBytes' ? budget.maxStreamBytes : hit.limit === 'maxInflatedDocumentBytes' ? budget.maxDocumentBytes
    : hit.limit === 'maxOperators' ? budget.maxOperators : budget.maxNestingDepth;
  throw new LimitError(hit.limit, limitMessage(fileName, hit.limit, value, hit.detail));
}

async function readDocument(bytes: Uint8Array, fileName: string, range: { firstpage?: number; lastpage?: number }, limits: ConversionLimits, budget: InflateBudget): Promise<Omit<PdfText, 'reader'>> {
  // Loaded on the first PDF, not with the engine: ~200 ms of CPU that a CSV, OFX or JSON
  // conversion (and `ledgerdrop --help`) never needs.
  const { inThreadWorker, pdfjs } = await import('./pdfjs.js');
  let doc: PDFDocumentProxy;
  const worker = inThreadWorker();
  const task = pdfjs.getDocument({
    // A copy: pdf.js transfers (detaches) the buffer it is given, and the caller keeps `bytes`.
    // pdfjs-dist's own CMaps and standard fonts (./pdfjs-data.ts), from node_modules.
    data: new Uint8Array(bytes), worker: worker.worker, ...TEXT_ONLY, ...bundledFontData(),
  });
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    worker.close();
    checkBudget(budget, fileName);
    const e = err as PdfjsError;
    if (e.name === 'PasswordException') throw new ConversionError(`${fileName}: the PDF is encrypted with a password; remove the password and upload it again`);
    throw new ConversionError(`${fileName}: the PDF is corrupt or unreadable (${e.message ?? String(err)})`);
  }
  try {
    const meta = await doc.getMetadata().catch(() => null);
    const raw = (meta?.info ?? {}) as Record<string, unknown>;
    const info: PdfInfo = {
      producer: typeof raw.Producer === 'string' ? raw.Producer : '',
      creator: typeof raw.Creator === 'string' ? raw.Creator : undefined,
      cdate: pdfDateToIso(raw.CreationDate), mdate: pdfDateToIso(raw.ModDate),
      pagecount: doc.numPages, image: false,
      encrypted: typeof raw.EncryptFilterName === 'string' && raw.EncryptFilterName !== '',
    };
    checkBudget(budget, fileName);
    const { first, last } = pageRange(range, doc.numPages, limits, fileName);
    let textItems = 0;
    const fontNames = new Map<string, string>();
    const pages: PageText[] = [];
    for (let p = first; p <= last; p++) {
      const page = await doc.getPage(p);
      const view = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      checkBudget(budget, fileName);
      textItems += content.items.length;
      checkTextItems(textItems, limits, fileName, p);
      const placed: PlacedString[] = [];
      for (const it of content.items) if ('str' in it) placed.push(it);
      const { width, height, items } = uprightItems(placed, view);
      const ids = new Set(items.map((it) => it.font));
      // Real font names: pdf.js only publishes a font object once the page's operator list is
      // built, so build it only on pages that use a font not seen before (usually page 1).
      if ([...ids].some((id) => !fontNames.has(id))) {
        try {
          await page.getOperatorList();
          for (const id of ids) {
            if (fontNames.has(id)) continue;
            let name = id;
            try { const f = page.commonObjs.get(id) as { name?: string } | undefined; if (f?.name) name = f.name; } catch { /* unresolved */ }
            fontNames.set(id, name);
          }
        } catch {
          for (const id of ids) if (!fontNames.has(id)) fontNames.set(id, id);
        }
      }
      checkBudget(budget, fileName);
      for (const item of items) item.font = fontNames.get(item.font) ?? item.font;
      pages.push({ page: p, width, height, items });
      page.cleanup();
    }
    info.image = pages.length > 0 && pages.every((pg) => pg.items.length === 0);
    info.uselessPages = pages.filter((pg) => pg.items.length === 0).length;
    return { pages, info };
  } finally {
    await doc.destroy().catch(() => undefined);
    worker.close();
  }
}

/**
 * Pages whose text layer is another program's OCR: a picture of the whole page with the
 * recognised words laid over it as invisible text (render mode 3), as scanner software and
 * Acrobat's "searchable image" write them, or drawn in the fonts Acrobat's "editable text"
 * synthesises for what it recognised (base font names starting with "*", "/*Arial-8825-Identity-H"). Such a layer is only as good as that program's
 * reading (a credit union statement's layer had "Your  revious balance as of04104/2022" and
 * "...:...1.Jl!.33"), so when it reads into a statement that does not hold together, the
 * engine reads the pictures itself and keeps whichever reading holds together better
 * (./ocr-layer-choice.ts).
 */
import type { PDFDocument, PDFObject } from 'pdf-lib';
import { Dict, Name, Stream, reopenFast, type PdfFile } from '../pdf/fast/index.js';
import { inflateBudget } from '../pdf/inflate.js';
import { DEFAULT_LIMITS } from '../limits.js';

/** Content read per page: an OCR layer of a dense page is ~100 KB; past this the page is not judged. */
const MAX_CONTENT_BYTES = 4_000_000;
/** Strings shown visibly over an OCR layer that still leave it one: a stamp's, a header's, a footer's. */
const MAX_VISIBLE_STAMP = 6;
/** The picture must cover this share of the page (both sides) to be "the page". */
const FULL_PAGE = 0.8;

type Matrix = [number, number, number, number, number, number];
const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * What a content stream does that matters here: the images it paints (name and matrix), the
 * text it shows, and how much of that is visible in a font that is not an OCR program's
 * (`ocrFont`, by resource name). Strings and inline images are skipped, not parsed; nesting is followed for q/Q only.
 * `stopAfterVisible`: stop once more than this many strings were shown visibly (past a stamp's
 * few, the rest need not be read to know the page is no OCR layer).
 */
export function scanLayer(content: string, ocrFont: (resourceName: string) => boolean = () => false, stopAfterVisible = Infinity): { images: { name: string; matrix: Matrix }[]; shown: number; visibleShown: number } {
  const images: { name: string; matrix: Matrix }[] = [];
  // The render mode and font are graphics state: Q restores them with the matrix.
  const stack: { ctm: Matrix; mode: number; font: string }[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let mode = 0, shown = 0, visibleShown = 0, font = '';
  let nums: number[] = [];
  let name: string | null = null;
  // Tokens: strings (skipped whole, nested parentheses and escapes), hex strings, names, numbers, operators.
  const re = /\bBI\b[\s\S]*?\bEI\b|\((?:\\[\s\S]|[^\\()]|\((?:\\[\s\S]|[^\\()])*\))*\)|<[0-9A-Fa-f\s]*>|\/[^\s/[\]()<>{}%]+|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+\d?|%[^\r\n]*|[[\]<>{}]/g;
  for (const m of content.matchAll(re)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (c === 0x28 || (c === 0x3c && t.length > 1) || c === 0x25 || t === '[' || t === ']' || t.startsWith('BI')) continue;
    if (c === 0x2f) { name = t.slice(1); continue; }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) { nums.push(Number(t)); continue; }
    const args = nums, arg = name;
    nums = []; name = null;
    switch (t) {
      case 'q': stack.push({ ctm, mode, font }); break;
      case 'Q': ({ ctm, mode, font } = stack.pop() ?? { ctm: [1, 0, 0, 1, 0, 0], mode: 0, font: '' }); break;
      case 'cm': if (args.length === 6) ctm = mul(args as Matrix, ctm); break;
      case 'Tr': if (args.length === 1) mode = args[0]!; break;
      case 'Tf': if (arg) font = arg; break;
      case 'Tj': case 'TJ': case "'": case '"':
        shown++;
        if (mode !== 3 && mode !== 7 && !ocrFont(font)) {
          visibleShown++;
          if (visibleShown > stopAfterVisible) return { images, shown, visibleShown };
        }
        break;
      case 'Do': if (arg) images.push({ name: arg, matrix: ctm }); break;
      default: break;
    }
  }
  return { images, shown, visibleShown };
}

/**
 * What is asked of a page: `layer`, a full-page picture under invisible text (another
 * program's OCR layer), with at most a stamp's few strings shown visibly over it; `picture`, a full-page picture whatever text is drawn over it (the caller
 * has found that text to be a few lines: a stamp or header added to a scan, ./stamped-pages.ts).
 */
export type PictureKind = 'layer' | 'picture';

/** A page's verdict from what it holds, whichever reader read the file. */
function isPicturePage(kind: PictureKind, text: string, width: number, height: number, ocrFont: (res: string) => boolean, isImage: (name: string) => boolean): boolean {
  const layer = scanLayer(text, ocrFont, kind === 'layer' ? MAX_VISIBLE_STAMP : Infinity);
  // A stamp drawn over a searchable scan (a portal's "RECEIVED", a page number) is a few visible strings.
  if (kind === 'layer' && (layer.shown <= layer.visibleShown || layer.visibleShown > MAX_VISIBLE_STAMP)) return false;
  return layer.images.some(({ name, matrix }) => {
    if (!isImage(name)) return false;
    // The unit square under the matrix: its extent on the page (a turn of 90° swaps the sides).
    const w = Math.abs(matrix[0]) + Math.abs(matrix[2]), h = Math.abs(matrix[1]) + Math.abs(matrix[3]);
    return w >= width * FULL_PAGE && h >= height * FULL_PAGE;
  });
}

/**
 * Whether the file holds an image XObject at all, by its bytes: an image is a stream, and a
 * stream's dictionary is never inside an object stream, so "/Image" is in the file's bytes
 * whenever a page has a picture (an encrypted file is not judged anyway). Most text PDFs that
 * do not reconcile have none, and need not load pdf-lib (~250 ms of CPU) to find that out.
 */
export function mayHoldPageImages(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Image');
}

/** A name as written in a content stream, its #xx escapes read (as a dictionary key is). */
/** A name as a content stream writes it (`/Im#20A`) as the file's dictionaries key it once parsed. */
export const unescapeName = (n: string): string => (n.includes('#') ? n.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : n);

/**
 * Of `pages` (1-based), those that are a full-page picture under invisible text only (`kind`
 * `layer`), or under any text (`picture`). Pages
 * that cannot be read, encrypted files and pages past the content bound are left out. Read with
 * the fast reader's parser (lazy, no second library: pdf-lib costs ~250 ms of CPU to load and
 * parses every object of the file); a file it does not follow is read with pdf-lib as before.
 */
export async function ocrLayerPages(bytes: Uint8Array, pages: number[], kind: PictureKind = 'layer'): Promise<number[]> {
  let fast: number[] | null = null;
  try {
    fast = ocrLayerPagesFast(bytes, pages, kind);
  } catch {
    // Unsupported, a bound reached: pdf-lib decides, as it always did.
  }
  return fast ?? ocrLayerPagesWithPdfLib(bytes, pages, kind);
}

/**
 * ocrLayerPages read by the fast reader's parser, reading each page as pdf-lib's reading below
 * does (media box as inherited, content streams decoded and joined by line ends, fonts and
 * images by resource name). Throws where it does not follow the file; a page whose objects are
 * not what pdf-lib's reading needs is left out, as pdf-lib's reading leaves it out. The file the
 * text reader has just opened is not parsed again (reopenFast).
 */
export function ocrLayerPagesFast(bytes: Uint8Array, pages: number[], kind: PictureKind = 'layer'): number[] {
  const doc = reopenFast(bytes, inflateBudget(DEFAULT_LIMITS));
  const out: number[] = [];
  for (const n of pages) {
    if (n < 1 || n > doc.numPages) continue;
    const { file, dict, resources, mediaBox } = doc.pageObjects(n);
    const box = rectangle(file, mediaBox);
    if (!box) continue;
    const contents = file.resolve(dict.get('Contents'));
    const streams = Array.isArray(contents) ? contents.map((r) => file.resolve(r)) : [contents];
    // pdf-lib decodes a content stream without its /DecodeParms (a predictor): such a file is its to read.
    for (const st of streams) if (st instanceof Stream && (st.dict.has('DecodeParms') || st.dict.has('DP'))) throw new Error('a content stream with /DecodeParms');
    const lookup = (kind: string, res: string) => {
      const group = resources ? file.resolve(resources.get(kind)) : null;
      return group instanceof Dict ? file.resolve(group.get(unescapeName(res))) : null;
    };
    // A page whose resources name no image is no picture, whatever its content draws: its
    // content streams need not be inflated and read again (most text pages that get here).
    if (!namesAnImage(file, resources)) continue;
    let text = '';
    for (const st of streams) {
      if (!(st instanceof Stream)) continue;
      text += Buffer.from(file.streamBytes(st, false)).toString('latin1') + '\n';
      if (text.length > MAX_CONTENT_BYTES) break;
    }
    if (!text || text.length > MAX_CONTENT_BYTES) continue;
    const ocrFont = (res: string) => {
      const f = lookup('Font', res);
      const base = f instanceof Dict ? file.resolve(f.get('BaseFont')) : null;
      return base instanceof Name && base.name.startsWith('*');
    };
    const isImage = (name: string) => {
      const img = lookup('XObject', name);
      const subtype = img instanceof Stream ? file.resolve(img.dict.get('Subtype')) : null;
      return subtype instanceof Name && subtype.name === 'Image';
    };
    if (isPicturePage(kind, text, box.width, box.height, ocrFont, isImage)) out.push(n);
  }
  return out;
}

/**
 * Whether the page's resources hold an image XObject (isImage below answers no for every name
 * otherwise). True when an entry cannot be read: the page is then read as before.
 */
function namesAnImage(file: PdfFile, resources: Dict | null): boolean {
  try {
    const group = resources ? file.resolve(resources.get('XObject')) : null;
    if (!(group instanceof Dict)) return false;
    for (const key of group.map.keys()) {
      const x = file.resolve(group.get(key));
      const subtype = x instanceof Stream ? file.resolve(x.dict.get('Subtype')) : null;
      if (subtype instanceof Name && subtype.name === 'Image') return true;
    }
    return false;
  } catch {
    return true;
  }
}

/** A media box's size as pdf-lib's asRectangle gives it (upper right minus lower left), or null where it has none. */
function rectangle(file: PdfFile, v: unknown): { width: number; height: number } | null {
  const r = file.resolve(v as Parameters<PdfFile['resolve']>[0]);
  if (!Array.isArray(r) || r.length !== 4) return null;
  const n = r.map((x) => file.resolve(x));
  if (!n.every((x) => typeof x === 'number')) return null;
  const [x1, y1, x2, y2] = n as number[];
  return { width: x2! - x1!, height: y2! - y1! };
}

/** ocrLayerPages read with pdf-lib: the whole file parsed, for files the fast reader does not follow. */
export async function ocrLayerPagesWithPdfLib(bytes: Uint8Array, pages: number[], kind: PictureKind = 'layer'): Promise<number[]> {
  const lib = await import('pdf-lib');
  let doc: PDFDocument;
  try {
    doc = await lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return [];
  }
  if (doc.isEncrypted) return [];
  const { PDFName, PDFArray, PDFRawStream, PDFDict, decodePDFRawStream } = lib;
  const out: number[] = [];
  for (const n of pages) {
    try {
      const page = doc.getPage(n - 1);
      const { width, height } = page.getSize();
      const contents = page.node.Contents();
      const streams: (PDFObject | undefined)[] = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
      let text = '';
      for (const s of streams) {
        if (!(s instanceof PDFRawStream)) continue;
        text += Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') + '\n';
        if (text.length > MAX_CONTENT_BYTES) break;
      }
      if (!text || text.length > MAX_CONTENT_BYTES) continue;
      const fonts = page.node.Resources()?.lookup(PDFName.of('Font'));
      const ocrFont = (res: string) => {
        const f = fonts instanceof PDFDict ? fonts.lookup(PDFName.of(res)) : undefined;
        return f instanceof PDFDict && /^\/\*/.test(f.lookup(PDFName.of('BaseFont'))?.toString() ?? '');
      };
      const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
      const isImage = (name: string) => {
        const img = xobjects instanceof PDFDict ? xobjects.lookup(PDFName.of(name)) : undefined;
        return img instanceof PDFRawStream && img.dict.lookup(PDFName.of('Subtype'))?.toString() === '/Image';
      };
      if (isPicturePage(kind, text, width, height, ocrFont, isImage)) out.push(n);
    } catch {
      // A page pdf-lib cannot follow is not judged: its text layer stands.
    }
  }
  return out;
}

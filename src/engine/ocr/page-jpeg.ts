/**
 * Pages that are one JPEG and nothing else, as scanners and "print to image" write them: such a
 * page is drawn from its JPEG decoded natively (@napi-rs/canvas) instead of by pdf.js, whose
 * JPEG decoder is JavaScript: ~0.3 CPU s of a 300-dpi page's 0.4 s render (docs/ocr.md). Any
 * page this cannot prove simple (another operator, a soft mask, a colour space or filter other
 * than plain 8-bit gray/RGB JPEG, EXIF orientation, annotations, encryption) is left to pdf.js.
 */
import type { PDFDict, PDFDocument, PDFObject } from 'pdf-lib';

/** The image and where the page's content puts it (PDF user space). */
export interface PageJpeg {
  jpeg: Uint8Array;
  width: number;
  height: number;
  /** The image's /Interpolate flag (smoothed however it is scaled). */
  interpolate: boolean;
  /** The image's matrix: the unit square to user space (the `cm`s in force at `Do`). */
  matrix: Matrix;
  /** A clip rectangle set before the image, in the user space of `clipMatrix`. */
  clip?: { x: number; y: number; w: number; h: number; matrix: Matrix };
}

export type Matrix = [number, number, number, number, number, number];

/** Content streams longer than this are not a lone image (a scan's is under 100 bytes). */
const MAX_CONTENT_BYTES = 4096;
const MAX_TOKENS = 200;

function multiply(m: Matrix, n: Matrix): Matrix {
  // m applied first, then n (PDF's `cm` concatenates in front of the current matrix).
  return [
    m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

/**
 * The one image a content stream paints and the matrix it is painted with, or null when the
 * stream does anything else. Understood: q, Q, cm, a rectangle clip (re W n), ri, i, one Do.
 */
export function loneImage(content: string): { name: string; matrix: Matrix; clip?: PageJpeg['clip'] } | null {
  if (content.length > MAX_CONTENT_BYTES) return null;
  const tokens = content.replace(/%[^\r\n]*/g, ' ').split(/[\s\0]+/).filter(Boolean);
  if (tokens.length > MAX_TOKENS) return null;
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let nums: number[] = [];
  let name: string | null = null;
  let found: ReturnType<typeof loneImage> = null;
  let rect: number[] | null = null, clipping = false;
  let clip: PageJpeg['clip'];
  for (const t of tokens) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) { nums.push(Number(t)); continue; }
    if (/^\/[^/[\]()<>{}]+$/.test(t)) { if (name !== null) return null; name = t.slice(1); continue; }
    const args = nums, arg = name;
    nums = []; name = null;
    switch (t) {
      case 'q': if (args.length || arg !== null) return null; stack.push(ctm); break;
      case 'Q': if (args.length || arg !== null) return null; ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0]; break;
      case 'cm': if (args.length !== 6 || arg !== null) return null; ctm = multiply(args as Matrix, ctm); break;
      case 're': if (args.length !== 4 || rect) return null; rect = args; break;
      case 'W': if (!rect || args.length) return null; clipping = true; break;
      case 'n':
        if (!rect || !clipping || args.length) return null;
        if (clip) return null;
        clip = { x: rect[0]!, y: rect[1]!, w: rect[2]!, h: rect[3]!, matrix: ctm };
        rect = null; clipping = false;
        break;
      case 'ri': if (arg === null || args.length) return null; break;
      case 'i': if (args.length !== 1) return null; break;
      case 'Do':
        if (arg === null || args.length || found) return null;
        found = { name: arg, matrix: ctm, ...(clip ? { clip } : {}) };
        break;
      default: return null;
    }
  }
  return nums.length || name !== null || rect ? null : found;
}

/** Whether a JPEG carries an EXIF block (its orientation would turn the image where a PDF viewer does not). */
function hasExif(jpeg: Uint8Array): boolean {
  let at = 2;
  // Markers up to the start of scan, each skipped by its length: bounded by the bytes.
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) return false;
    const len = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (len < 2) return false;
    if (marker === 0xe1 && Buffer.from(jpeg.subarray(at + 4, at + 10)).toString('latin1') === 'Exif\0\0') return true;
    at += 2 + len;
  }
  return false;
}

/**
 * For each of `pages` (1-based) that is one plain JPEG and nothing else, that JPEG and its
 * placement. Pages that are not, and every page of a file pdf-lib cannot read, are absent.
 */
export async function loneJpegPages(bytes: Uint8Array, pages: number[]): Promise<Map<number, PageJpeg>> {
  const out = new Map<number, PageJpeg>();
  // pdf-lib is loaded only for files with pages to read by OCR.
  const lib = await import('pdf-lib');
  let doc: PDFDocument;
  try {
    doc = await lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return out;
  }
  if (doc.isEncrypted) return out;
  const { PDFName, PDFArray, PDFRawStream, PDFNumber, decodePDFRawStream } = lib;
  const name = (s: string) => PDFName.of(s);
  const asName = (o: PDFObject | undefined) => (o instanceof PDFName ? o.asString() : undefined);
  for (const n of pages) {
    try {
      const page = doc.getPage(n - 1);
      const annots = page.node.Annots();
      if (annots && annots.size() > 0) continue;
      const contents = page.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
      let text = '';
      for (const s of streams) {
        if (!(s instanceof PDFRawStream)) { text = ''; break; }
        text += Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') + '\n';
        if (text.length > MAX_CONTENT_BYTES) break;
      }
      const lone = text ? loneImage(text) : null;
      if (!lone) continue;
      const xobjects = page.node.Resources()?.lookup(name('XObject'));
      const img = (xobjects as PDFDict | undefined)?.lookup?.(name(lone.name));
      if (!(img instanceof PDFRawStream)) continue;
      const d = img.dict;
      if (asName(d.lookup(name('Subtype'))) !== '/Image') continue;
      let filter = d.lookup(name('Filter'));
      if (filter instanceof PDFArray && filter.size() === 1) filter = filter.lookup(0);
      if (asName(filter) !== '/DCTDecode') continue;
      if (d.has(name('SMask')) || d.has(name('Mask')) || d.has(name('Decode')) || d.has(name('ImageMask')) || d.has(name('DecodeParms'))) continue;
      const bpc = d.lookup(name('BitsPerComponent'));
      if (!(bpc instanceof PDFNumber) || bpc.asNumber() !== 8) continue;
      let cs: PDFObject | undefined = d.lookup(name('ColorSpace'));
      if (cs instanceof PDFArray && cs.size() === 2 && asName(cs.lookup(0)) === '/ICCBased') {
        const icc = cs.lookup(1);
        const comps = icc instanceof PDFRawStream ? icc.dict.lookup(name('N')) : undefined;
        cs = comps instanceof PDFNumber && comps.asNumber() === 1 ? name('DeviceGray') : comps instanceof PDFNumber && comps.asNumber() === 3 ? name('DeviceRGB') : undefined;
      }
      if (asName(cs) !== '/DeviceRGB' && asName(cs) !== '/DeviceGray') continue;
      const w = d.lookup(name('Width')), h = d.lookup(name('Height'));
      if (!(w instanceof PDFNumber) || !(h instanceof PDFNumber)) continue;
      const jpeg = img.contents;
      if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || hasExif(jpeg)) continue;
      const interpolate = d.lookup(name('Interpolate'));
      out.set(n, { jpeg, width: w.asNumber(), height: h.asNumber(), interpolate: interpolate instanceof lib.PDFBool && interpolate.asBoolean(), matrix: lone.matrix, ...(lone.clip ? { clip: lone.clip } : {}) });
    } catch {
      // Anything pdf-lib cannot follow on this page: pdf.js draws it.
    }
  }
  return out;
}

/**
 * Pages that are one JPEG and nothing else, as scanners and "print to image" write them: such a
 * page is drawn from its JPEG decoded natively (@napi-rs/canvas) instead of by pdf.js, whose
 * JPEG decoder is JavaScript: ~0.3 CPU s of a 300-dpi page's 0.4 s render (docs/ocr.md). Any
 * page this cannot prove simple (another operator, a soft mask, a colour space or filter other
 * than plain 8-bit gray/RGB JPEG, EXIF orientation, annotations, a password) is left to pdf.js.
 */
import type { PDFDict, PDFDocument, PDFObject } from 'pdf-lib';
import { Dict, Name, Stream, openFast } from '../pdf/fast/index.js';
import { inflateBudget } from '../pdf/inflate.js';
import { DEFAULT_LIMITS } from '../limits.js';
import { unescapeName } from './ocr-layer.js';

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
 * placement. Pages that are not, and every page of a file neither reading follows, are absent.
 * Read with the fast reader's parser (lazy, only the pages' objects; it decrypts a file with an
 * owner password only); a file it does not follow is read with pdf-lib (~250 ms of CPU to load,
 * and it parses every object of the file), as before.
 */
export async function loneJpegPages(bytes: Uint8Array, pages: number[]): Promise<Map<number, PageJpeg>> {
  try {
    return loneJpegPagesFast(bytes, pages);
  } catch {
    return loneJpegPagesWithPdfLib(bytes, pages);
  }
}

/** loneJpegPages read by the fast reader's parser, as pdf-lib's reading below reads them; throws where it does not follow the file. */
export function loneJpegPagesFast(bytes: Uint8Array, pages: number[]): Map<number, PageJpeg> {
  const out = new Map<number, PageJpeg>();
  const doc = openFast(bytes, inflateBudget(DEFAULT_LIMITS));
  for (const n of pages) {
    if (n < 1 || n > doc.numPages) continue;
    const { file, dict, resources } = doc.pageObjects(n);
    const annots = file.resolve(dict.get('Annots'));
    if (Array.isArray(annots) && annots.length > 0) continue;
    const contents = file.resolve(dict.get('Contents'));
    const streams = Array.isArray(contents) ? contents.map((r) => file.resolve(r)) : [contents];
    let text = '';
    for (const s of streams) {
      if (!(s instanceof Stream)) { text = ''; break; }
      // pdf-lib decodes a content stream without its /DecodeParms: such a file is its to read.
      if (s.dict.has('DecodeParms') || s.dict.has('DP')) throw new Error('a content stream with /DecodeParms');
      text += Buffer.from(file.streamBytes(s, false)).toString('latin1') + '\n';
      if (text.length > MAX_CONTENT_BYTES) break;
    }
    const lone = text ? loneImage(text) : null;
    if (!lone) continue;
    const xobjects = resources ? file.resolve(resources.get('XObject')) : null;
    const img = xobjects instanceof Dict ? file.resolve(xobjects.get(unescapeName(lone.name))) : null;
    if (!(img instanceof Stream)) continue;
    const d = img.dict;
    const get = (k: string) => file.resolve(d.get(k));
    const nameOf = (o: unknown) => (o instanceof Name ? o.name : undefined);
    if (nameOf(get('Subtype')) !== 'Image') continue;
    let filter = get('Filter');
    if (Array.isArray(filter) && filter.length === 1) filter = file.resolve(filter[0]);
    if (nameOf(filter) !== 'DCTDecode') continue;
    if (['SMask', 'Mask', 'Decode', 'ImageMask', 'DecodeParms'].some((k) => d.has(k))) continue;
    if (get('BitsPerComponent') !== 8) continue;
    let cs = get('ColorSpace');
    if (Array.isArray(cs) && cs.length === 2 && nameOf(file.resolve(cs[0])) === 'ICCBased') {
      const icc = file.resolve(cs[1]);
      const comps = icc instanceof Stream ? file.resolve(icc.dict.get('N')) : undefined;
      cs = comps === 1 ? Name.of('DeviceGray') : comps === 3 ? Name.of('DeviceRGB') : null;
    }
    if (nameOf(cs) !== 'DeviceRGB' && nameOf(cs) !== 'DeviceGray') continue;
    const w = get('Width'), h = get('Height');
    if (typeof w !== 'number' || typeof h !== 'number') continue;
    const jpeg = file.storedBytes(img);
    if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || hasExif(jpeg)) continue;
    out.set(n, { jpeg, width: w, height: h, interpolate: get('Interpolate') === true, matrix: lone.matrix, ...(lone.clip ? { clip: lone.clip } : {}) });
  }
  return out;
}

/** loneJpegPages read with pdf-lib: the whole file parsed, for files the fast reader does not follow. */
export async function loneJpegPagesWithPdfLib(bytes: Uint8Array, pages: number[]): Promise<Map<number, PageJpeg>> {
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

import type { Canvas } from '@napi-rs/canvas';
import { ConversionError } from '../engine.js';
import { isBilevel } from './bilevel.js';
import { avifSize, gifSize, jpegSize, pngSize, webpSize, type ImageSize } from './image-size.js';

export type ImageKind = 'png' | 'jpeg' | 'tiff' | 'webp' | 'gif' | 'avif' | 'heic';

/** The image kinds OCR reads, for messages. */
export const IMAGE_KINDS_READ = 'PNG, JPEG, TIFF, WebP, GIF or AVIF';

/** An ISO media file's brands (major and compatible), from its 'ftyp' box. */
function ftypBrands(b: Uint8Array): string[] {
  if (b.length < 16 || String.fromCharCode(...b.subarray(4, 8)) !== 'ftyp') return [];
  const size = Math.min(b.length, (b[0]! << 24 >>> 0) + (b[1]! << 16) + (b[2]! << 8) + b[3]!, 256);
  const brands = [String.fromCharCode(...b.subarray(8, 12))];
  for (let i = 16; i + 4 <= size; i += 4) brands.push(String.fromCharCode(...b.subarray(i, i + 4)));
  return brands;
}

/** The image format by its first bytes (magic numbers), never by the file name. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a))) return 'tiff';
  const head = String.fromCharCode(...b.subarray(0, 12));
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  const brands = ftypBrands(b);
  if (brands.some((x) => x === 'avif' || x === 'avis')) return 'avif';
  if (brands.some((x) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(x))) return 'heic';
  return null;
}

/** The declared size of an image that canvas decodes (./image-size.ts). */
function declaredSize(bytes: Uint8Array, kind: ImageKind): ImageSize | null {
  switch (kind) {
    case 'png': return pngSize(bytes);
    case 'jpeg': return jpegSize(bytes);
    case 'gif': return gifSize(bytes);
    case 'webp': return webpSize(bytes);
    case 'avif': return avifSize(bytes);
    default: return null;
  }
}

/** A photo or screenshot of a page is read as a letter-width page at ~300 dpi: small images are enlarged. */
const TARGET_WIDTH = 2550;
const MIN_WIDTH = 1700;

// canvas and utif are loaded by decodeImagePages, not with the engine: sniffImage is asked of every upload.
type CanvasModule = typeof import('@napi-rs/canvas');

/** Pages this module enlarged (their softness is the enlargement's: ./upright.ts does not deblur them). */
const enlargedPages = new WeakSet<Canvas>();
/** Whether the page was decoded from a smaller image and enlarged here. */
export function wasEnlarged(canvas: Canvas): boolean {
  return enlargedPages.has(canvas);
}

/**
 * The page drawn on a canvas, enlarged towards TARGET_WIDTH when narrower than MIN_WIDTH.
 * `bilevel` (a 1-bit page: a fax) is enlarged by a whole factor without smoothing, each dot a
 * block of pixels, as pdf.js draws a fax's image inside a PDF: smoothed, its dots' edges came
 * out grey, so ./bilevel.ts did not take it for a fax, its staircases were read unsmoothed and
 * ./fax-reread.ts never read it again.
 */
function onCanvas(createCanvas: CanvasModule['createCanvas'], width: number, height: number, draw: (c: Canvas, scale: number) => void, maxPagePixels: number, bilevel = false): Canvas {
  let scale = width < MIN_WIDTH ? Math.min(4, TARGET_WIDTH / width) : 1;
  if (width * height * scale * scale > maxPagePixels) scale = Math.sqrt(maxPagePixels / (width * height));
  // A whole factor, within the pixel cap; a page the cap shrinks is shrunk smoothly as any other.
  const blocks = bilevel && scale > 1.05;
  if (blocks) scale = Math.max(1, width * height * Math.round(scale) ** 2 > maxPagePixels ? Math.floor(scale) : Math.round(scale));
  const canvas = createCanvas(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
  if (blocks) canvas.getContext('2d').imageSmoothingEnabled = false;
  draw(canvas, scale);
  if (scale > 1.05) enlargedPages.add(canvas);
  return canvas;
}

/** Whether decoded RGBA pixels are black and white only (a 1-bit page: ./bilevel.ts's test on their red channel). */
function bilevelRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): boolean {
  const data = new Uint8Array(width * height);
  for (let p = 0; p < data.length; p++) data[p] = rgba[p * 4]!;
  return isBilevel({ width, height, data });
}

function tooLarge(fileName: string, w: number, h: number, maxImagePixels: number): ConversionError {
  return new ConversionError(`${fileName}: the image is ${w}×${h} pixels, more than the ${Math.round(maxImagePixels / 1e6)}-megapixel limit for OCR; scan it at 300 dpi or less`);
}

/**
 * The TIFF's page directories (IFDs) in file order, checked before decoding: a chain that
 * loops back or runs past `maxPages` is refused (utif follows the chain without a bound).
 */
function tiffPageCount(bytes: Uint8Array, fileName: string, maxPages: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const le = bytes[0] === 0x49;
  const seen = new Set<number>();
  let offset = view.getUint32(4, le), pages = 0;
  while (offset !== 0) {
    if (offset + 2 > bytes.length || seen.has(offset)) throw new ConversionError(`${fileName}: the TIFF file is corrupt (its page directory chain is broken)`);
    seen.add(offset);
    if (++pages > maxPages) throw new ConversionError(`${fileName}: the TIFF has more than ${maxPages} pages, the limit for OCR in one file`);
    const entries = view.getUint16(offset, le);
    const next = offset + 2 + entries * 12;
    if (next + 4 > bytes.length) throw new ConversionError(`${fileName}: the TIFF file is corrupt (a page directory runs past the end)`);
    offset = view.getUint32(next, le);
  }
  return pages;
}

/**
 * How many times taller than wide a TIFF page's dots are, from its X/YResolution tags (a G3 fax
 * in "normal" resolution is 204 × 98 dpi: 2.08); 1 when the tags are missing, equal, or beyond
 * a fax's 1:4 (no page is sampled so).
 */
function dotAspect(ifd: Record<string, unknown>): number {
  const x = Number((ifd.t282 as number[] | undefined)?.[0]), y = Number((ifd.t283 as number[] | undefined)?.[0]);
  if (!(x > 0) || !(y > 0)) return 1;
  const r = x / y;
  return (r > 1.05 && r <= 4) || (r < 1 / 1.05 && r >= 1 / 4) ? r : 1;
}

/**
 * The page with square dots: stretched down (or across) by `aspect`, as a fax machine prints a
 * "normal" fax's lines twice as tall as its dots are wide. Decoded at its dots, such a page was
 * read half as tall as printed: every letter squashed. A black-and-white page is stretched
 * without smoothing (each line repeated), so it stays black and white and is read as a fax.
 */
function squareDots(createCanvas: CanvasModule['createCanvas'], dots: Canvas, aspect: number, bilevel: boolean): Canvas {
  if (aspect === 1) return dots;
  const w = Math.round(dots.width * Math.max(1, 1 / aspect)), h = Math.round(dots.height * Math.max(1, aspect));
  const c = createCanvas(w, h), g = c.getContext('2d');
  g.imageSmoothingEnabled = !bilevel;
  g.drawImage(dots, 0, 0, w, h);
  return c;
}

/** Every page of an uploaded image as a canvas ready for OCR (a TIFF may hold several pages). */
export async function decodeImagePages(bytes: Uint8Array, fileName: string, kind: ImageKind, limits: { maxImagePixels: number; maxPagePixels: number; maxPages: number }): Promise<Canvas[]> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  if (kind === 'tiff') {
    tiffPageCount(bytes, fileName, limits.maxPages);
    const { default: UTIF } = await import('utif');
    let ifds;
    try { ifds = UTIF.decode(bytes); } catch (err) { throw new ConversionError(`${fileName}: the TIFF file could not be read (${(err as Error).message})`); }
    const pages: Canvas[] = [];
    for (const ifd of ifds) {
      const w = Number((ifd.t256 as number[] | undefined)?.[0] ?? 0), h = Number((ifd.t257 as number[] | undefined)?.[0] ?? 0);
      if (!w || !h) continue;
      if (w * h > limits.maxImagePixels) throw tooLarge(fileName, w, h, limits.maxImagePixels);
      let rgba: Uint8Array;
      try { UTIF.decodeImage(bytes, ifd, ifds); rgba = UTIF.toRGBA8(ifd); } catch (err) {
        throw new ConversionError(`${fileName}: a TIFF page could not be decoded (${(err as Error).message})`);
      }
      const dots = createCanvas(w, h);
      const ctx = dots.getContext('2d');
      const data = ctx.createImageData(w, h);
      data.data.set(rgba.subarray(0, w * h * 4));
      ctx.putImageData(data, 0, 0);
      const bilevel = bilevelRgba(rgba, w, h);
      const src = squareDots(createCanvas, dots, dotAspect(ifd), bilevel);
      const sw = src.width, sh = src.height;
      pages.push(onCanvas(createCanvas, sw, sh, (c, s) => { const g = c.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, c.width, c.height); g.drawImage(src, 0, 0, sw * s, sh * s); }, limits.maxPagePixels, bilevel));
    }
    if (!pages.length) throw new ConversionError(`${fileName}: the TIFF file has no page image`);
    return pages;
  }
  if (kind === 'heic') {
    throw new ConversionError(`${fileName}: HEIC photos (an iPhone's own format) cannot be read: send the photo as JPEG (on the iPhone, share it as JPEG, or set Settings → Camera → Formats → Most Compatible)`);
  }
  // The pixel limit on the size the header declares, before a byte is decoded.
  const declared = declaredSize(bytes, kind);
  if (!declared || !declared.width || !declared.height) throw new ConversionError(`${fileName}: the ${kind.toUpperCase()} image's size cannot be read from its header (a damaged or unusual file)`);
  if (declared.width * declared.height > limits.maxImagePixels) throw tooLarge(fileName, declared.width, declared.height, limits.maxImagePixels);
  let img;
  try { img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)); } catch (err) {
    throw new ConversionError(`${fileName}: the ${kind.toUpperCase()} image could not be decoded (${(err as Error).message})`);
  }
  const { width: w, height: h } = img;
  if (!w || !h) throw new ConversionError(`${fileName}: the ${kind.toUpperCase()} image is empty`);
  if (w * h > limits.maxImagePixels) throw tooLarge(fileName, w, h, limits.maxImagePixels);
  // A small lossless image (a fax saved as PNG or GIF) that is black and white only is enlarged as a fax (onCanvas); a JPEG never is.
  let bilevel = false;
  if (kind !== 'jpeg' && w < MIN_WIDTH) {
    const flat = createCanvas(w, h), g = flat.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, w, h);
    g.drawImage(img, 0, 0);
    bilevel = bilevelRgba(g.getImageData(0, 0, w, h).data, w, h);
  }
  return [onCanvas(createCanvas, w, h, (c, s) => {
    const g = c.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, c.width, c.height);
    g.imageSmoothingQuality = 'high';
    g.drawImage(img, 0, 0, w * s, h * s);
  }, limits.maxPagePixels, bilevel)];
}

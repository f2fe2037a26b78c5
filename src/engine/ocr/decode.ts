import type { Canvas } from '@napi-rs/canvas';
import { ConversionError } from '../engine.js';

export type ImageKind = 'png' | 'jpeg' | 'tiff';

/** The image format by its first bytes (magic numbers), never by the file name. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a))) return 'tiff';
  return null;
}

/** A photo or screenshot of a page is read as a letter-width page at ~300 dpi: small images are enlarged. */
const TARGET_WIDTH = 2550;
const MIN_WIDTH = 1700;

// canvas and utif are loaded by decodeImagePages, not with the engine: sniffImage is asked of every upload.
type CanvasModule = typeof import('@napi-rs/canvas');

function onCanvas(createCanvas: CanvasModule['createCanvas'], width: number, height: number, draw: (c: Canvas, scale: number) => void, maxPagePixels: number): Canvas {
  let scale = width < MIN_WIDTH ? Math.min(4, TARGET_WIDTH / width) : 1;
  if (width * height * scale * scale > maxPagePixels) scale = Math.sqrt(maxPagePixels / (width * height));
  const canvas = createCanvas(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
  draw(canvas, scale);
  return canvas;
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
      const src = createCanvas(w, h);
      const ctx = src.getContext('2d');
      const data = ctx.createImageData(w, h);
      data.data.set(rgba.subarray(0, w * h * 4));
      ctx.putImageData(data, 0, 0);
      pages.push(onCanvas(createCanvas, w, h, (c, s) => { const g = c.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, c.width, c.height); g.drawImage(src, 0, 0, w * s, h * s); }, limits.maxPagePixels));
    }
    if (!pages.length) throw new ConversionError(`${fileName}: the TIFF file has no page image`);
    return pages;
  }
  let img;
  try { img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)); } catch (err) {
    throw new ConversionError(`${fileName}: the ${kind.toUpperCase()} image could not be decoded (${(err as Error).message})`);
  }
  const { width: w, height: h } = img;
  if (!w || !h) throw new ConversionError(`${fileName}: the ${kind.toUpperCase()} image is empty`);
  if (w * h > limits.maxImagePixels) throw tooLarge(fileName, w, h, limits.maxImagePixels);
  return [onCanvas(createCanvas, w, h, (c, s) => {
    const g = c.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, c.width, c.height);
    g.imageSmoothingQuality = 'high';
    g.drawImage(img, 0, 0, w * s, h * s);
  }, limits.maxPagePixels)];
}

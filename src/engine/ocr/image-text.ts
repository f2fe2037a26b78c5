import { createCanvas } from '@napi-rs/canvas';
import type { OpenPdf } from '../pdf/open-pdf.js';
import { pdfjs } from '../pdf/pdfjs.js';
import { grayOf, hasInk } from './clean.js';
import { OCR_DPI, type OcrLimits } from './limits.js';
import { OcrTimeoutError, recognize } from './tesseract.js';
import { mul } from '../pdf/fast/text.js';

/** A box on the page in points from its top-left corner: x, y, width, height. */
export type Box = [number, number, number, number];

/** A word read from the page's pixels, its box in page points. */
export interface RegionWord { text: string; conf: number; box: Box }

/** Images that pdf.js paints as one unit square under the current transform (the grouped and repeated forms carry their own positions and are not placed here). */
const PLACED_IMAGE_OPS = new Set<number>([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject, pdfjs.OPS.paintImageMaskXObject]);

type M = [number, number, number, number, number, number];

/** Operators followed for image placement: a hostile list is read this far and no further. */
const MAX_OPERATORS = 200_000;
/** Transform nesting followed (q and form XObjects); deeper saves are counted, not stored. */
const MAX_DEPTH = 256;

/**
 * The text drawn as pictures in one area of a page: the boxes of the images page `n` paints
 * that `wanted` keeps (at most `maxImages`, in painting order), and, when there is one, the
 * words OCR reads in the rectangle that holds them. Only that rectangle is rendered (at the OCR
 * resolution, lowered to `limits.maxPagePixels`), once, and recognised once within
 * `limits.pageTimeoutMs`; past that time the words are empty and `timedOut` says so. The page's
 * operator list is built once and serves both the placement and the render.
 */
export async function imageText(pdf: OpenPdf, n: number, wanted: (box: Box, page: { width: number; height: number }) => boolean, limits: OcrLimits, maxImages = 4): Promise<{ images: Box[]; words: RegionWord[]; timedOut: boolean }> {
  const page = await pdf.getPage(n);
  try {
    const base = page.getViewport({ scale: 1 });
    const size = { width: base.width, height: base.height };
    const ops = await page.getOperatorList();
    const images: Box[] = [];
    const stack: M[] = [];
    let ctm: M = [1, 0, 0, 1, 0, 0], skipped = 0;
    const count = Math.min(ops.fnArray.length, MAX_OPERATORS);
    for (let i = 0; i < count && images.length < maxImages; i++) {
      const fn = ops.fnArray[i]!;
      const args = ops.argsArray[i] as unknown[] | null;
      if (fn === pdfjs.OPS.save || fn === pdfjs.OPS.paintFormXObjectBegin) {
        if (stack.length < MAX_DEPTH) stack.push(ctm); else skipped++;
        const m = fn === pdfjs.OPS.paintFormXObjectBegin ? args?.[0] : undefined;
        if (Array.isArray(m) && m.length === 6) ctm = mul(ctm, m as M);
      } else if (fn === pdfjs.OPS.restore || fn === pdfjs.OPS.paintFormXObjectEnd) {
        if (skipped) skipped--; else ctm = stack.pop() ?? ctm;
      } else if (fn === pdfjs.OPS.transform && args?.length === 6) {
        ctm = mul(ctm, args as M);
      } else if (PLACED_IMAGE_OPS.has(fn)) {
        // The image is the unit square under the transform; its corners on the page, top-left origin.
        const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([u, v]) =>
          base.convertToViewportPoint(ctm[0] * u! + ctm[2] * v! + ctm[4], ctm[1] * u! + ctm[3] * v! + ctm[5]) as [number, number]);
        const xs = corners.map((c) => c[0]), ys = corners.map((c) => c[1]);
        const x0 = Math.max(0, Math.min(...xs)), y0 = Math.max(0, Math.min(...ys));
        const x1 = Math.min(size.width, Math.max(...xs)), y1 = Math.min(size.height, Math.max(...ys));
        const box: Box = [x0, y0, x1 - x0, y1 - y0];
        if (box[2] > 0 && box[3] > 0 && wanted(box, size)) images.push(box);
      }
    }
    if (!images.length) return { images, words: [], timedOut: false };
    // The rectangle that holds the images, rendered alone: the rest of the page is never rasterised.
    const rx0 = Math.min(...images.map((b) => b[0])), ry0 = Math.min(...images.map((b) => b[1]));
    const rx1 = Math.max(...images.map((b) => b[0] + b[2])), ry1 = Math.max(...images.map((b) => b[1] + b[3]));
    let scale = OCR_DPI / 72;
    const pixels = (rx1 - rx0) * (ry1 - ry0) * scale * scale;
    if (pixels > limits.maxPagePixels) scale *= Math.sqrt(limits.maxPagePixels / pixels);
    const viewport = page.getViewport({ scale, offsetX: -rx0 * scale, offsetY: -ry0 * scale });
    const canvas = createCanvas(Math.max(1, Math.ceil((rx1 - rx0) * scale)), Math.max(1, Math.ceil((ry1 - ry0) * scale)));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // pdfjs types expect a DOM canvas; @napi-rs/canvas implements the same 2D API (as in ./render.ts).
    await page.render({ canvasContext: ctx as never, viewport, canvas: canvas as never }).promise;
    // Not deskewed: a logo is placed straight, and its words' boxes stay in the render's pixels.
    const image = grayOf(canvas);
    if (!hasInk(image)) return { images, words: [], timedOut: false };
    let read;
    try {
      read = await recognize(image, { timeoutMs: limits.pageTimeoutMs, maxParallel: limits.parallelPages });
    } catch (err) {
      if (err instanceof OcrTimeoutError) return { images, words: [], timedOut: true };
      throw err;
    }
    const words = read.map((w): RegionWord => ({
      text: w.text, conf: w.conf, box: [rx0 + w.x0 / scale, ry0 + w.y0 / scale, (w.x1 - w.x0) / scale, (w.y1 - w.y0) / scale],
    }));
    return { images, words, timedOut: false };
  } finally {
    page.cleanup();
  }
}

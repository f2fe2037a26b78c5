import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import type { PageJpeg } from './page-jpeg.js';
import { pdfjs } from '../pdf/pdfjs.js';
import type { OpenPdf } from '../pdf/open-pdf.js';

const IMAGE_OPS = new Set<number>([
  pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject, pdfjs.OPS.paintImageXObjectRepeat,
  pdfjs.OPS.paintImageMaskXObject, pdfjs.OPS.paintImageMaskXObjectRepeat, pdfjs.OPS.paintInlineImageXObjectGroup,
  pdfjs.OPS.paintImageMaskXObjectGroup,
]);

/**
 * Operators that put ink on a page other than images: paths (text converted to outlines,
 * rules, boxes), shadings, and glyphs whose text pdf.js could not map to characters.
 */
const DRAW_OPS = new Set<number>([
  pdfjs.OPS.constructPath, pdfjs.OPS.fill, pdfjs.OPS.eoFill, pdfjs.OPS.stroke, pdfjs.OPS.fillStroke, pdfjs.OPS.eoFillStroke,
  pdfjs.OPS.closeStroke, pdfjs.OPS.closeFillStroke, pdfjs.OPS.closeEOFillStroke, pdfjs.OPS.shadingFill,
  pdfjs.OPS.showText, pdfjs.OPS.showSpacedText, pdfjs.OPS.nextLineShowText, pdfjs.OPS.nextLineSetSpacingShowText,
].filter((op): op is number => typeof op === 'number'));

/**
 * What a page paints: its images (with the widest one's resolution in dpi) and other ink
 * (`drawn`). A page with neither is blank and not worth OCR.
 */
export async function pageImages(pdf: OpenPdf, n: number): Promise<{ count: number; dpi: number; drawn: boolean }> {
  const page = await pdf.getPage(n);
  try {
    const ops = await page.getOperatorList();
    const widthIn = page.view[2]! - page.view[0]! > 0 ? (page.view[2]! - page.view[0]!) / 72 : 8.5;
    let count = 0, widest = 0, drawn = false;
    for (let i = 0; i < ops.fnArray.length; i++) {
      const fn = ops.fnArray[i]!;
      if (DRAW_OPS.has(fn)) drawn = true;
      if (!IMAGE_OPS.has(fn)) continue;
      count++;
      const args = ops.argsArray[i] as unknown[];
      // paintImageXObject(objId, width, height); inline images carry an object with width.
      const w = typeof args?.[1] === 'number' ? args[1] : (args?.[0] as { width?: number } | undefined)?.width;
      if (typeof w === 'number' && w > widest) widest = w;
    }
    return { count, dpi: widest ? Math.round(widest / widthIn) : 0, drawn };
  } finally {
    page.cleanup();
  }
}

/**
 * Renders page `n` (1-based) at `dpi` on white, lowered so the image holds at most `maxPixels`.
 * Returns the canvas, the points-to-pixels scale used, and the resolution of the widest image
 * the page painted (0 when none), read from the images the render decoded: asking pdf.js for the
 * operator list first would decode every scan twice. A page known to be one plain JPEG
 * (`jpeg`, ./page-jpeg.ts) is drawn from that JPEG decoded natively, in pdf.js's page geometry.
 */
export async function renderPage(pdf: OpenPdf, n: number, dpi: number, maxPixels: number, jpeg?: PageJpeg): Promise<{ canvas: Canvas; scale: number; widthPt: number; heightPt: number; imageDpi: number }> {
  const page = await pdf.getPage(n);
  try {
    const base = page.getViewport({ scale: 1 });
    let scale = dpi / 72;
    const pixels = base.width * base.height * scale * scale;
    if (pixels > maxPixels) scale *= Math.sqrt(maxPixels / pixels);
    const viewport = page.getViewport({ scale });
    const canvas = pageCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
    const ctx = canvas.getContext('2d');
    // The drawing's state saved around it and restored after, so a canvas handed back
    // (releasePageCanvas) starts the next page as a new one does (its reset() keeps the clip).
    ctx.save();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (jpeg && await drawJpeg(ctx, viewport.transform as Matrix6, jpeg)) {
      ctx.restore();
      pooled.add(canvas);
      const imageDpi = base.width > 0 ? Math.round(jpegWidthOnPage(jpeg) / (base.width / 72)) : 0;
      return { canvas, scale, widthPt: base.width, heightPt: base.height, imageDpi };
    }
    // pdfjs types expect a DOM canvas; @napi-rs/canvas (the copy pdf.js itself uses in Node) implements the same 2D API.
    await page.render({ canvasContext: ctx as never, viewport, canvas: canvas as never }).promise;
    ctx.restore();
    pooled.add(canvas);
    let widest = 0;
    for (const [, obj] of page.objs as unknown as Iterable<[string, { width?: unknown } | null]>) {
      if (typeof obj?.width === 'number' && obj.width > widest) widest = obj.width;
    }
    const imageDpi = widest && base.width > 0 ? Math.round(widest / (base.width / 72)) : 0;
    return { canvas, scale, widthPt: base.width, heightPt: base.height, imageDpi };
  } finally {
    page.cleanup();
  }
}

/**
 * A page's canvas handed back once its pixels are read (./read-pages.ts), kept for the next page
 * of the same size: the 34 MB of a 300-dpi page's canvas count as external memory, and a new one
 * each page set off a full collection of the heap every page or two (with the decoded JPEG's
 * as much again). One is kept per thread, and only up to a letter or A4 page at 300 dpi.
 */
let spare: Canvas | null = null;
const SPARE_MAX_PIXELS = 9_000_000;
/** Canvases this module drew whole, their drawing state restored: the only ones taken back. */
const pooled = new WeakSet<Canvas>();

function pageCanvas(width: number, height: number): Canvas {
  const c = spare;
  if (c && c.width === width && c.height === height) { spare = null; pooled.delete(c); return c; }
  return createCanvas(width, height);
}

/** Hands back a page's canvas from renderPage once nothing reads it any more (others are left alone). */
export function releasePageCanvas(canvas: Canvas): void {
  if (!pooled.has(canvas) || canvas.width * canvas.height > SPARE_MAX_PIXELS) return;
  pooled.delete(canvas);
  spare = canvas;
}

type Matrix6 = [number, number, number, number, number, number];

/** The image's own width in pixels, as pdf.js reports the widest image (its resolution follows from it). */
function jpegWidthOnPage(j: PageJpeg): number {
  return j.width;
}

/**
 * Draws the JPEG as the page's content would: viewport (user space to pixels, with the page's
 * rotation and media box), then the clip and the image's matrix, then the image's unit square
 * (rows top-down, as PDF images are). False when the decoded image is not the size the PDF
 * says (nothing is drawn; pdf.js renders the page instead).
 */
async function drawJpeg(ctx: ReturnType<Canvas['getContext']>, viewport: Matrix6, j: PageJpeg): Promise<boolean> {
  let img;
  try {
    img = await loadImage(Buffer.from(j.jpeg.buffer, j.jpeg.byteOffset, j.jpeg.byteLength));
  } catch {
    return false;
  }
  if (img.width !== j.width || img.height !== j.height) return false;
  ctx.save();
  try {
    if (j.clip) {
      ctx.setTransform(...viewport);
      ctx.transform(...j.clip.matrix);
      ctx.beginPath();
      ctx.rect(j.clip.x, j.clip.y, j.clip.w, j.clip.h);
      ctx.clip();
    }
    ctx.setTransform(...viewport);
    ctx.transform(...j.matrix);
    ctx.transform(1 / j.width, 0, 0, -1 / j.height, 0, 1);
    // As pdf.js paints images: smoothed unless each image pixel covers more than 4/3 of a canvas
    // pixel (then blocky, as it upscales), or the image asks to be interpolated.
    const m = ctx.getTransform();
    const sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d, det = m.a * m.d - m.b * m.c;
    const largest = Math.sqrt((sum + Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2);
    ctx.imageSmoothingEnabled = j.interpolate || largest <= 4 / 3;
    ctx.drawImage(img, 0, 0);
  } finally {
    ctx.restore();
  }
  return true;
}

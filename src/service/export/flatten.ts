import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { openPdf } from './pdfjs-node.js';
import { addUrlLink } from './watermark.js';

export const FLATTEN_DPI = 150;
const JPEG_QUALITY = 75;

/** Renders page `n` (1-based) of an open pdfjs document to JPEG bytes at `dpi`. */
export async function renderPageJpeg(pdf: Awaited<ReturnType<typeof openPdf>>, n: number, dpi = FLATTEN_DPI): Promise<{ jpeg: Buffer; widthPt: number; heightPt: number }> {
  const page = await pdf.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // pdfjs types expect a DOM canvas; @napi-rs/canvas implements the same 2D API.
  await page.render({ canvasContext: ctx as never, viewport, canvas: canvas as never }).promise;
  page.cleanup();
  const jpeg = await canvas.encode('jpeg', JPEG_QUALITY);
  return { jpeg, widthPt: base.width, heightPt: base.height };
}

/**
 * Rebuilds a PDF from images of its pages (150 dpi JPEG) so no text layer remains and the
 * watermark cannot be lifted off. Page sizes are kept (in the reader's orientation). The
 * URL's link annotation is added again because rendering drops annotations. Rendering of a
 * page overlaps with JPEG encoding of the previous one (encoding runs off the main thread).
 */
export async function flattenPdf(bytes: Uint8Array, url?: string): Promise<Uint8Array> {
  const pdf = await openPdf(bytes);
  try {
    const out = await PDFDocument.create();
    const font = url ? await out.embedFont(StandardFonts.Helvetica) : null;
    const pending: Promise<{ jpeg: Buffer; widthPt: number; heightPt: number }>[] = [];
    const place = async (job: (typeof pending)[number]) => {
      const { jpeg, widthPt, heightPt } = await job;
      const image = await out.embedJpg(jpeg);
      const page = out.addPage([widthPt, heightPt]);
      page.drawImage(image, { x: 0, y: 0, width: widthPt, height: heightPt });
      if (url && font) addUrlLink(out, page, url, font);
    };
    for (let n = 1; n <= pdf.numPages; n++) {
      pending.push(renderPageJpeg(pdf, n));
      if (pending.length >= 2) await place(pending.shift()!);
    }
    while (pending.length) await place(pending.shift()!);
    return await out.save();
  } finally {
    await pdf.destroy();
  }
}

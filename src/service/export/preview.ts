import { createCanvas } from '@napi-rs/canvas';
import { readFile } from 'node:fs/promises';
import { zipEntryNames } from './filename.js';
import { openPdf } from './pdfjs-node.js';
import type { ZipOptions, ZipSourceFile } from './types.js';
import { watermarkPdf } from './watermark.js';
import { copyIdText } from './zip.js';

/** The names the archive would hold for these files and pattern. */
export function previewFileNames(files: ZipSourceFile[], pattern?: string): string[] {
  return zipEntryNames(files, pattern);
}

/** Page 1 of `file` with its watermark, as PNG bytes (about 72 dpi × scale), for the export dialog. */
export async function renderWatermarkPreview(file: ZipSourceFile, options: ZipOptions, scale = 1): Promise<Uint8Array> {
  const original = await readFile(file.path);
  const idText = options.watermarkIdText ? copyIdText(options.watermarkIdText, 'PREVIEW', 0) : undefined;
  const { doc } = await watermarkPdf(original, { text: options.watermarkText, idText, url: options.watermarkUrl, logo: options.watermarkLogo });
  const firstOnly = await doc.copy();
  while (firstOnly.getPageCount() > 1) firstOnly.removePage(firstOnly.getPageCount() - 1);
  const pdf = await openPdf(await firstOnly.save());
  try {
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: ctx as never, viewport, canvas: canvas as never }).promise;
    return new Uint8Array(canvas.toBuffer('image/png'));
  } finally {
    await pdf.destroy();
  }
}

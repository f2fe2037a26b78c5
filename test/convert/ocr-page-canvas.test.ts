/**
 * A page's canvas is handed back once its pixels are read and drawn on again for the next page of
 * the same size (a new canvas a page set off a full collection of the heap every page or two):
 * the page drawn on it must be the page drawn on a new canvas, pixel for pixel, whether pdf.js
 * drew it (a text page, a 1-bit fax image) or it was one JPEG drawn natively; canvases the
 * renderer did not draw are never taken back.
 */
import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { openPdf } from '../../src/engine/pdf/open-pdf.js';
import { releasePageCanvas, renderPage } from '../../src/engine/ocr/render.js';
import { loneJpegPages } from '../../src/engine/ocr/page-jpeg.js';
import { grayOf } from '../../src/engine/ocr/clean.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { scannedPdf } from '../fixtures/generator/scan.js';

async function draw(bytes: Uint8Array, dpi = 150) {
  const pdf = await openPdf(bytes);
  try { return await renderPage(pdf, 1, dpi, 24_000_000, (await loneJpegPages(bytes, [1])).get(1)); } finally { await pdf.destroy(); }
}
const same = (a: { canvas: Parameters<typeof grayOf>[0] }, b: { canvas: Parameters<typeof grayOf>[0] }) => Buffer.compare(Buffer.from(grayOf(a.canvas).data), Buffer.from(grayOf(b.canvas).data)) === 0;

describe('page canvases handed back', () => {
  it('draw the next page as a new canvas does', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 5, layout: 'chase', transactionsPerMonth: 6 }));
    const other = await renderStatementPdf(makeStatementSpec({ seed: 6, layout: 'bofa', transactionsPerMonth: 6 }));
    const jpegScan = await scannedPdf(r.bytes, { dpi: 150, skewDeg: 0.8, seed: 5 });
    const faxScan = await scannedPdf(other.bytes, { dpi: 150, bilevel: 'threshold', seed: 6 });
    const pages = [r.bytes, jpegScan, faxScan, other.bytes];
    const fresh = [];
    for (const p of pages) fresh.push(await draw(p)); // none handed back yet: each on a new canvas
    let reused = 0;
    for (let i = 0; i < pages.length; i++) {
      const before = await draw(pages[(i + 1) % pages.length]!);
      releasePageCanvas(before.canvas);
      const again = await draw(pages[i]!);
      if (again.canvas === before.canvas) reused++;
      expect(same(again, fresh[i]!)).toBe(true);
      releasePageCanvas(again.canvas);
    }
    expect(reused).toBe(pages.length);
  }, 120_000);

  it('never takes back a canvas the renderer did not draw', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 5, layout: 'chase', transactionsPerMonth: 6 }));
    const first = await draw(r.bytes);
    const foreign = createCanvas(first.canvas.width, first.canvas.height);
    releasePageCanvas(foreign);
    expect((await draw(r.bytes)).canvas).not.toBe(foreign);
  }, 60_000);
});

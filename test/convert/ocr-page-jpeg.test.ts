/**
 * Scan pages that are one JPEG are drawn from the JPEG decoded natively instead of by pdf.js:
 * only pages proven that simple, and drawn as pdf.js draws them.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { loneImage, loneJpegPages, loneJpegPagesFast, loneJpegPagesWithPdfLib, type PageJpeg } from '../../src/engine/ocr/page-jpeg.js';
import { encryptPdf } from '../fixtures/generator/encrypt-pdf.js';
import { renderPage } from '../../src/engine/ocr/render.js';
import { grayOf } from '../../src/engine/ocr/clean.js';
import { openPdf } from '../../src/engine/pdf/open-pdf.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { scannedPdf } from '../fixtures/generator/scan.js';

describe('a page that is one image', () => {
  it('is told from its content stream: the cm in force at Do, a clip rectangle; anything else is not one image', () => {
    expect(loneImage('q\n612 0 0 792 0 0 cm\n/Im0 Do\nQ\n')).toEqual({ name: 'Im0', matrix: [612, 0, 0, 792, 0, 0] });
    // A scanner's: a clip to the page, a rendering intent, nested states.
    const clipped = loneImage('q Q q 0 0 595 842 re W n /Perceptual ri q 595 0 0 674.727 0 83.63648 cm /Im1\nDo Q Q');
    expect(clipped).toMatchObject({ name: 'Im1', matrix: [595, 0, 0, 674.727, 0, 83.63648], clip: { x: 0, y: 0, w: 595, h: 842 } });
    // Matrices concatenate: the later cm applies first.
    expect(loneImage('1 0 0 1 10 20 cm 2 0 0 2 0 0 cm /I Do')!.matrix).toEqual([2, 0, 0, 2, 10, 20]);
    for (const other of [
      'q 612 0 0 792 0 0 cm /Im0 Do Q BT /F1 12 Tf (x) Tj ET', // text too
      '/Im0 Do /Im1 Do', // two images
      '/GS0 gs 612 0 0 792 0 0 cm /Im0 Do', // a graphics state (soft mask, blend)
      '0 0 1 rg 0 0 10 10 re f /Im0 Do', // a filled box
      '612 0 0 cm /Im0 Do', // a short matrix
      'q Q', // no image
    ]) expect(loneImage(other), other).toBeNull();
  });

  it('finds the JPEG of a scanned page, not of a text page, and draws it as pdf.js does', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 3, layout: 'chase', transactionsPerMonth: 12 }));
    const scan = await scannedPdf(r.bytes, { dpi: 150, skewDeg: 0.8, seed: 3 });
    const found = await loneJpegPages(scan, [1]);
    expect(found.get(1)).toMatchObject({ width: 1275, height: 1650 });
    expect(found.get(1)!.jpeg.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    expect((await loneJpegPages(r.bytes, [1])).size).toBe(0);
    expect((await loneJpegPages(new TextEncoder().encode('not a pdf'), [1])).size).toBe(0);

    const pdf = await openPdf(scan);
    try {
      const byPdfjs = await renderPage(pdf, 1, 300, 24_000_000);
      const byJpeg = await renderPage(pdf, 1, 300, 24_000_000, found.get(1));
      expect([byJpeg.canvas.width, byJpeg.canvas.height, byJpeg.imageDpi]).toEqual([byPdfjs.canvas.width, byPdfjs.canvas.height, byPdfjs.imageDpi]);
      const a = grayOf(byPdfjs.canvas).data, b = grayOf(byJpeg.canvas).data;
      let diff = 0, far = 0;
      for (let i = 0; i < a.length; i++) { const d = Math.abs(a[i]! - b[i]!); diff += d; if (d > 64) far++; }
      // Upscaled 2×: the two resamplers differ by a gray level here and there, never in what is ink.
      expect(diff / a.length).toBeLessThan(1);
      expect(far / a.length).toBeLessThan(0.001);
    } finally {
      await pdf.destroy();
    }
  });

  it('is found alike by the fast reader\'s parser and by pdf-lib, and in a scan encrypted with an owner password by the fast reader alone (pdf-lib cannot decrypt)', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 4, layout: 'chase', transactionsPerMonth: 30 }));
    const scan = await scannedPdf(r.bytes, { dpi: 100, skewDeg: 0.5, seed: 4 });
    const pages = Array.from({ length: r.pageCount }, (_, i) => i + 1);
    // The JPEG compared by its digest: a deep comparison of megabytes is slow to print when it fails.
    const summary = (m: Map<number, PageJpeg>) => [...m].map(([n, p]) => ({ n, ...p, jpeg: createHash('sha256').update(p.jpeg).digest('hex') }));
    const fast = summary(loneJpegPagesFast(scan, pages));
    expect(fast.map((p) => p.n)).toEqual(pages);
    expect(fast).toEqual(summary(await loneJpegPagesWithPdfLib(scan, pages)));
    expect(loneJpegPagesFast(r.bytes, pages).size).toBe(0); // text pages
    const locked = await encryptPdf(scan, 'aes-128');
    expect(summary(loneJpegPagesFast(locked, pages))).toEqual(fast);
    expect((await loneJpegPagesWithPdfLib(locked, pages)).size).toBe(0);
  }, 120_000);
});

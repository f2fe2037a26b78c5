/**
 * A cleaned page as a grayscale PNG (what the benchmark hands Debian's tesseract CLI, and what the
 * page engine was handed before the TIFF of ./ocr-gray-tiff.test.ts): the PNG must hold exactly
 * the cleaned page's pixels, and the engine must read the page from its pixels.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { grayPng } from '../../src/engine/ocr/gray-png.js';
import { cleanPage, grayOf } from '../../src/engine/ocr/clean.js';
import { renderPage } from '../../src/engine/ocr/render.js';
import { loneJpegPages } from '../../src/engine/ocr/page-jpeg.js';
import { closeEngines, readPage } from '../../src/engine/ocr/tesseract.js';
import { openPdf } from '../../src/engine/pdf/open-pdf.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { scannedPdf } from '../fixtures/generator/scan.js';

afterAll(async () => { await closeEngines(); });

describe('the page image handed to the engine', () => {
  it('is a PNG of exactly the cleaned page, read by the engine as the page', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 4, layout: 'chase', transactionsPerMonth: 6 }));
    const bytes = await scannedPdf(r.bytes, { dpi: 200, skewDeg: 0.8, seed: 4 });
    const pdf = await openPdf(bytes);
    const { canvas } = await renderPage(pdf, 1, 200, 24_000_000, (await loneJpegPages(bytes, [1])).get(1));
    await pdf.destroy();
    const page = cleanPage(canvas).image;
    const png = grayPng(page);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Decoded by another PNG reader: every pixel as it was (a mostly white page compresses well).
    const img = await loadImage(Buffer.from(png));
    const c = createCanvas(img.width, img.height);
    c.getContext('2d').drawImage(img, 0, 0);
    const back = grayOf(c);
    expect([back.width, back.height]).toEqual([page.width, page.height]);
    expect(Buffer.compare(Buffer.from(back.data), Buffer.from(page.data))).toBe(0);
    expect(png.length).toBeLessThan(page.data.length / 3);
    // The engine reads the statement's figures from it.
    const words = (await readPage(page, { timeoutMs: 120_000, maxParallel: 1 })).map((w) => w.text);
    // Truth amounts are integer cents.
    const amounts = r.truth.flatMap((s) => s.transactions.map((t) => (Math.abs(t.amount) / 100).toFixed(2)));
    const found = amounts.filter((a) => words.some((w) => w.replace(/[$,]/g, '').includes(a)));
    expect(found.length).toBeGreaterThanOrEqual(amounts.length - 1);
  }, 120_000);
});

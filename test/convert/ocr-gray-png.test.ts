/**
 * A cleaned page as a grayscale PNG (what the benchmark hands Debian's tesseract CLI, and what the
 * page engine was handed before the TIFF of ./ocr-gray-tiff.test.ts): the PNG must hold exactly
 * the cleaned page's pixels, and the engine must read the page from its pixels.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { grayPng } from '../../src/engine/ocr/gray-png.js';
import { grayOf } from '../../src/engine/ocr/clean.js';
import { closeEngines, readPage } from '../../src/engine/ocr/tesseract.js';
import { cleanedScanPage } from '../fixtures/scanned-page.js';

afterAll(async () => { await closeEngines(); });

describe('the page image handed to the engine', () => {
  it('is a PNG of exactly the cleaned page, read by the engine as the page', async () => {
    const { page, amounts } = await cleanedScanPage();
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
    const found = amounts.filter((a) => words.some((w) => w.replace(/[$,]/g, '').includes(a)));
    expect(found.length).toBeGreaterThanOrEqual(amounts.length - 1);
  }, 120_000);
});

/**
 * A wide blur is deconvolved with more Richardson–Lucy iterations (src/engine/ocr/deblur.ts
 * iterationsFor: two per pixel of the blur's extent, 10–25): at 10 for every blur, composed
 * statement 410 photographed out of focus (σ 2.2 px at 300 dpi) read every row's running balance
 * as its amount (F1 0.00, not reconciled); read sharper, F1 1.00 and it reconciles. A sharper
 * reading of composed 409 (200 dpi, out of focus) found its balances and no row: such a statement
 * "reconciled" by itself with a wrong balance read as both; its balances are now left out and
 * flagged (src/engine/ocr/confidence.ts), never silently wrong.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { deblurred, iterationsFor, measureBlur } from '../../src/engine/ocr/deblur.js';
import { cleanGray, grayOf, type Gray } from '../../src/engine/ocr/clean.js';
import { readPage } from '../../src/engine/ocr/tesseract.js';
import { openPdf } from '../../src/engine/pdf/open-pdf.js';
import { renderPage } from '../../src/engine/ocr/render.js';
import { loneJpegPages } from '../../src/engine/ocr/page-jpeg.js';
import { DEFAULT_OCR_LIMITS, OCR_DPI } from '../../src/engine/ocr/limits.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan } from '../fixtures/generator/composer/scan-score.js';
import { scannedPdf } from '../fixtures/generator/scan.js';

vi.setConfig({ testTimeout: 900_000 });
afterAll(() => closeEngines());

const defocus = CAPTURE_TRAITS.find((t) => t.name === 'defocus')!.options;
const motion = CAPTURE_TRAITS.find((t) => t.name === 'motion')!.options;

/** Page 1 of the composed seed captured so, drawn as the engine draws it (300 dpi), in gray. */
async function capturedPage(seed: number, dpi: number, capture: typeof motion): Promise<Gray> {
  const pdf = await composeStatementPdf(seed, {});
  const bytes = await scannedPdf(pdf.bytes, officeScan(seed, dpi, capture));
  const jpeg = (await loneJpegPages(bytes, [1])).get(1);
  const doc = await openPdf(bytes);
  try { return grayOf((await renderPage(doc, 1, OCR_DPI, DEFAULT_OCR_LIMITS.maxPagePixels, jpeg)).canvas); } finally { await doc.destroy(); }
}

describe('blurred captures deconvolved by the blur\'s extent', () => {
  it('more (accelerated) iterations for a wider blur, 6 to 12', () => {
    expect(iterationsFor({ kind: 'smear', angle: 0, length: 3, steepness: [] })).toBe(6);
    expect(iterationsFor({ kind: 'smear', angle: 0, length: 9, steepness: [] })).toBe(9);
    expect(iterationsFor({ kind: 'defocus', sigma: 4, steepness: [] })).toBe(12);
  });

  it('accelerated RL: composed 407 shaken 7 px at 200 dpi, a strip of its table read surer in 12 steps than plain RL in 24', async () => {
    // Plain RL at the same 12 steps read 36 of the strip's words sure (conf ≥ 80), at 24 steps
    // (twice the CPU) 40; pushed on along its steps (Biggs–Andrews), 12 read 49.
    const page = await capturedPage(407, 200, motion);
    const blur = measureBlur(page)!;
    expect(blur.kind).toBe('smear');
    const strip: Gray = { width: page.width, height: 900, data: page.data.slice(850 * page.width, 1750 * page.width) };
    const words = await readPage(cleanGray(deblurred(strip, blur).image).image, { timeoutMs: 300_000, maxParallel: 1 });
    expect(words.filter((w) => w.conf >= 80).length).toBeGreaterThanOrEqual(45);
  });

  it('composed 410 out of focus at 300 dpi: its amounts read (F1 0.00 before), reconciled', async () => {
    const r = await readScannedComposed(410, 300, {}, defocus);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
    expect(r.reconciled).toBe(1);
    expect(r.silent).toEqual([]);
  });

  it('composed 409 out of focus at 200 dpi: a statement of balances and no row is not said to reconcile', async () => {
    const r = await readScannedComposed(409, 200, {}, defocus);
    expect(r.silent).toEqual([]);
    for (const s of r.doc.statements.filter((x) => !x.transactions.length)) {
      expect([s.startBalance, s.endBalance]).toEqual([null, null]);
      expect(s.hints?.join(' ')).toMatch(/No transaction row could be read/);
    }
  });
});

/**
 * A shaken photo's smear undone along the direction a band of the page reads best in
 * (src/engine/ocr/smear-direction.ts), and a closing balance taken from an unsure reading of
 * the last row's balance left unread (src/engine/ocr/confidence.ts). Composed statement 429,
 * one page photographed at 200 dpi with the hand moving 7 px at 9.7° (the generator's draw for
 * this seed): its direction measured from the print is 0° (print's level lines and upright
 * strokes pull every measure towards the level), and undone so its rows kept ghosts: F1 0.54,
 * not reconciled. Along the direction read best: F1 ≥ 0.85. Its first and last rows are still
 * not read, and the closing balance was the last row's balance read at 77 %: the statement
 * "reconciled" on a wrong opening and closing (silent); the closing is now left unread and said.
 * Since photo12 the path measures a long smear from its spectrum and filters it
 * (./ocr-smear-filter.test.ts); the band's search stays for a page the spectrum finds no print on.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines, readPage } from '../../src/engine/ocr/tesseract.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { officeScan, readScannedComposed } from '../fixtures/generator/composer/scan-score.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { measureBlur } from '../../src/engine/ocr/deblur.js';
import { smearByReading } from '../../src/engine/ocr/smear-direction.js';
import { grayOf, type Gray } from '../../src/engine/ocr/clean.js';
import { openPdf } from '../../src/engine/pdf/open-pdf.js';
import { renderPage } from '../../src/engine/ocr/render.js';
import { loneJpegPages } from '../../src/engine/ocr/page-jpeg.js';
import { DEFAULT_OCR_LIMITS, OCR_DPI } from '../../src/engine/ocr/limits.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { scannedPdf } from '../fixtures/generator/scan.js';

vi.setConfig({ testTimeout: 900_000 });
afterAll(() => closeEngines());

const motion = CAPTURE_TRAITS.find((t) => t.name === 'motion')!.options;

describe('a smear undone along the direction its print reads best in', () => {
  it('composed 429 shaken at 9.7°: measured 0°, chosen within 4° of the hand\'s direction', async () => {
    const pdf = await composeStatementPdf(429, {});
    const bytes = await scannedPdf(pdf.bytes, officeScan(429, 200, motion));
    const jpeg = (await loneJpegPages(bytes, [1])).get(1);
    const doc = await openPdf(bytes);
    let page: Gray;
    try { page = grayOf((await renderPage(doc, 1, OCR_DPI, DEFAULT_OCR_LIMITS.maxPagePixels, jpeg)).canvas); } finally { await doc.destroy(); }
    const measured = measureBlur(page)!;
    expect(measured.kind).toBe('smear');
    expect(measured.kind === 'smear' && Math.abs(measured.angle - 9.7)).toBeGreaterThan(5);
    let readings = 0;
    const read = (img: Gray) => { readings++; return readPage(img, { timeoutMs: 300_000, maxParallel: 1 }); };
    const chosen = await smearByReading(page, measured, read);
    expect(chosen.kind === 'smear' && Math.abs(chosen.angle - 9.7)).toBeLessThanOrEqual(4);
    expect(readings).toBeGreaterThanOrEqual(3);
    // A smear of 4 px (as a corpus scan measures) turned over the whole search moves its end
    // 1.6 px: its direction is kept as measured, and the band is not read (a third of a page's CPU).
    readings = 0;
    const short = { ...measured, length: 4 };
    expect(await smearByReading(page, short, read)).toEqual(short);
    expect(readings).toBe(0);
  });

  // Read through the path, 429 is now filtered along its spectrum's smear (./ocr-smear-filter.test.ts,
  // photo12) and reads every row, reconciled: the unsure closing it took before (left unread by
  // confidence.ts dropUnsureClosing) is no longer read unsure, so that guard has no generated case here.
  it('composed 429 read: F1 ≥ 0.85 (0.54 along the measured direction), and nothing wrong is said to reconcile', async () => {
    const r = await readScannedComposed(429, 200, {}, motion);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.85);
    expect(r.silent).toEqual([]);
  });
});

/**
 * A statement faxed in text mode: a 1-bit scan thresholded at 150 dpi (capture trait `fax-150`),
 * which pdf.js enlarges to 300 dpi without interpolation, every dot a 2 × 2 block. Its staircase
 * strokes are smoothed before reading (src/engine/ocr/bilevel.ts); before, 7–9 pt type read as
 * letters. A grey scan is not taken for such a page. Near type one dot wide the smoothing is
 * darkened, so one-dot points and diagonals survive it. Three composed seeds: OCR is slow.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { grayOf } from '../../src/engine/ocr/clean.js';
import { greyShareOfInk } from '../../src/engine/ocr/bilevel.js';
import { openPdf } from '../../src/engine/pdf/open-pdf.js';
import { renderPage } from '../../src/engine/ocr/render.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { f1 } from '../fixtures/generator/composer/score.js';
import { officeScan, readScannedComposed } from '../fixtures/generator/composer/scan-score.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const fax = CAPTURE_TRAITS.find((t) => t.name === 'fax-150')!.options;

async function renderedFirstPage(seed: number, extra: Parameters<typeof officeScan>[2]) {
  const pdf = await composeStatementPdf(seed, {});
  const bytes = await scannedPdf(pdf.bytes, officeScan(seed, 300, extra), [1]);
  return grayOf((await renderPage(await openPdf(bytes), 1, 300, 24e6)).canvas);
}

describe('a thresholded 1-bit fax', () => {
  it('is told by its ink (no grey), a grey scan of the same page is not', async () => {
    expect(greyShareOfInk(await renderedFirstPage(537, fax))).toBeLessThan(0.02);
    expect(greyShareOfInk(await renderedFirstPage(537, {}))).toBeGreaterThan(0.1);
  });

  it('composed 537 faxed at 150 dpi: its staircases smoothed, every row read and nothing silently wrong', async () => {
    const r = await readScannedComposed(537, 300, {}, fax);
    expect(r.silent).toEqual([]);
    expect(f1(r.match)).toBeGreaterThanOrEqual(0.95);
  });

  it('composed 616 faxed at 150 dpi (Helvetica 8): its one-dot points and diagonals kept, every row read, reconciled', async () => {
    // A plain 3 × 3 mean faded its one-dot points and broke its one-dot diagonals: F1 0.905, unreconciled.
    const r = await readScannedComposed(616, 300, {}, fax);
    expect(r.silent).toEqual([]);
    expect(r.reconciled).toBe(1);
    expect(f1(r.match)).toBe(1);
  });

  it('composed 942 faxed: a row whose date reads a month past the period\'s end ("15/1" as "15/2") is flagged, not silently wrong', async () => {
    const r = await readScannedComposed(942, 300, {}, fax);
    expect(r.silent).toEqual([]);
    const row = r.doc.statements[0]!.transactions.find((t) => t.date === '2025-02-15');
    expect(row?.amountConfidence).toBeLessThan(80);
  });
});

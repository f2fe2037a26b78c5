/**
 * A page with little print has its blur measured on its own ink (src/engine/ocr/deblur.ts
 * steepness): the measure takes the darkest 0.5 % of the page for ink and the steepest 0.5 % of
 * its steps for ink's edges, and a statement's short last page inks less than that. Composed
 * statement 18's second page (a few lines, scanned sharp at 300 dpi) measured 0.56 one way and
 * 1.2–1.4 the others: paper's grain against paper, taken for a 3-px smear and deconvolved (~1 CPU
 * s a page, and a sharp page's print reshaped). Measured on its darkest and steepest 0.1 %, it is
 * sharp; the same page out of focus or shaken is still measured blurred (leaving such pages
 * alone, as first done, lost their deconvolution), and full pages are measured as before.
 */
import { describe, expect, it } from 'vitest';
import { pagesOf } from '../../bench/ocr-page-sources.js';
import { grayOf } from '../../src/engine/ocr/clean.js';
import { measureBlur } from '../../src/engine/ocr/deblur.js';
import { undithered } from '../../src/engine/ocr/dither.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { officeScan } from '../fixtures/generator/composer/scan-score.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import type { ScanOptions } from '../fixtures/generator/scan.js';

const blurOf = async (extra: ScanOptions) => {
  const pdf = await composeStatementPdf(18, {});
  const pages = await pagesOf('scan', await scannedPdf(pdf.bytes, officeScan(18, 300, extra)));
  return Promise.all(pages.map(async (p) => measureBlur(undithered(grayOf(await p.load())).image)));
};

describe('blur measured on the print a page has', () => {
  it('composed 18 scanned sharp at 300 dpi: neither page is deconvolved, its bare last page included', async () => {
    const [first, last] = await blurOf({});
    expect(first).toBeNull();
    expect(last).toBeNull();
  }, 120_000);

  it('the same statement out of focus: both pages measured a defocus', async () => {
    const blurs = await blurOf(CAPTURE_TRAITS.find((t) => t.name === 'defocus')!.options);
    expect(blurs.map((b) => b?.kind)).toEqual(['defocus', 'defocus']);
  }, 120_000);

  it('the same statement shaken 7 px: both pages measured a smear of about that length', async () => {
    const blurs = await blurOf(CAPTURE_TRAITS.find((t) => t.name === 'motion')!.options);
    expect(blurs.map((b) => b?.kind)).toEqual(['smear', 'smear']);
    for (const b of blurs) expect(b?.kind === 'smear' && b.length).toBeGreaterThanOrEqual(5);
  }, 120_000);
});

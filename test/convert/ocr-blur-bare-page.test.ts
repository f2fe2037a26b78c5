/**
 * A page with too little print has no blur to measure (src/engine/ocr/deblur.ts steepness): the
 * measure takes the darkest 0.5 % of the page for ink and the steepest 0.5 % of its steps for
 * ink's edges, and a statement's short last page inks less than that. Composed statement 18's
 * second page (a few lines, scanned sharp at 300 dpi) measured 0.56 one way and 1.2–1.4 the
 * others: paper's grain against paper, read as a 3-px smear and deconvolved (~1 CPU s a page,
 * and a sharp page's print reshaped). The same page's first page, and pages blurred by the
 * capture traits, are measured as before.
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

const blurOf = async (bytes: Uint8Array) => Promise.all((await pagesOf('scan', bytes)).map(async (p) => measureBlur(undithered(grayOf(await p.load())).image)));

describe('blur measured only where there is print to measure', () => {
  it('composed 18 scanned sharp at 300 dpi: neither page is deconvolved, its bare last page included', async () => {
    const pdf = await composeStatementPdf(18, {});
    const [first, last] = await blurOf(await scannedPdf(pdf.bytes, officeScan(18, 300)));
    expect(first).toBeNull();
    expect(last).toBeNull();
  }, 120_000);

  for (const name of ['defocus', 'motion'] as const) {
    it(`composed 18's full first page ${name === 'defocus' ? 'out of focus' : 'shaken'}: still measured blurred`, async () => {
      const pdf = await composeStatementPdf(18, {});
      const opts = CAPTURE_TRAITS.find((t) => t.name === name)!.options;
      const [first] = await blurOf(await scannedPdf(pdf.bytes, officeScan(18, 300, opts), [1]));
      expect(first?.kind).toBe(name === 'defocus' ? 'defocus' : 'smear');
    }, 120_000);
  }
});

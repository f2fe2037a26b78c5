/**
 * A defocused capture's σ as the engine measures it (src/engine/ocr/deblur.ts measureBlur: the
 * print's steepest steps) against the σ the generator drew (`defocus-any`: a width per seed,
 * ../test/fixtures/generator/scan.ts drawnBlur), both in pixels of the 300-dpi page the engine
 * reads, per page of composed seeds (at most 2 pages; 300 dpi on even seeds, 200 on odd):
 *   node bin/run-ts.mjs bench/defocus-measure.ts FROM TO [TRAIT=defocus-any]
 * Measures only (no OCR): about a second a page.
 */
import { composeStatementPdf } from '../test/fixtures/generator/composer/render.js';
import { officeScan } from '../test/fixtures/generator/composer/scan-score.js';
import { drawnBlur, scannedPdf } from '../test/fixtures/generator/scan.js';
import { CAPTURE_TRAITS } from '../test/fixtures/generator/capture-traits.js';
import { openPdf } from '../src/engine/pdf/open-pdf.js';
import { renderPage } from '../src/engine/ocr/render.js';
import { loneJpegPages } from '../src/engine/ocr/page-jpeg.js';
import { DEFAULT_OCR_LIMITS, OCR_DPI } from '../src/engine/ocr/limits.js';
import { grayOf } from '../src/engine/ocr/clean.js';
import { measureBlur } from '../src/engine/ocr/deblur.js';

const [a, b, traitArg] = process.argv.slice(2);
const trait = traitArg ?? 'defocus-any';
const opts = CAPTURE_TRAITS.find((t) => t.name === trait)!.options;
for (let seed = Number(a); seed <= Number(b); seed++) {
  const pdf = await composeStatementPdf(seed, {});
  if (pdf.pageCount > 2) continue;
  const dpi = seed % 2 ? 200 : 300;
  const scan = officeScan(seed, dpi, opts);
  const truth = (drawnBlur(scan).blur ?? 0) * (OCR_DPI / dpi);
  const bytes = await scannedPdf(pdf.bytes, scan);
  const doc = await openPdf(bytes);
  try {
    for (let n = 1; n <= pdf.pageCount; n++) {
      const jpeg = (await loneJpegPages(bytes, [n])).get(n);
      const page = grayOf((await renderPage(doc, n, OCR_DPI, DEFAULT_OCR_LIMITS.maxPagePixels, jpeg)).canvas);
      const m = measureBlur(page);
      const got = m ? (m.kind === 'smear' ? `smear ${m.angle.toFixed(1)} ${m.length}` : `sigma ${m.sigma.toFixed(2)} ratio ${(m.sigma / truth).toFixed(2)} steep ${Math.min(...m.steepness).toFixed(2)}-${Math.max(...m.steepness).toFixed(2)}`) : 'sharp';
      console.log(`seed ${seed}@${dpi} p${n}: true ${truth.toFixed(2)} measured ${got}`);
    }
  } finally {
    await doc.destroy();
  }
}

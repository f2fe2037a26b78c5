/**
 * A shaken capture's smear as the engine measures it (src/engine/ocr/deblur.ts: the print's
 * steps and the lag of its derivative), as the page's spectrum measures it (./smear-spectrum.ts)
 * and as the generator drew it (its seeded Rng: the hand's direction; the length 7 × 7/6 px
 * at the scan's dpi, × 300/dpi once drawn at the engine's 300 dpi), per page of composed seeds:
 *   node bin/run-ts.mjs bench/smear-measure.ts SEED DPI [SEED DPI…] [TRAIT=motion]
 * Measures only (no OCR): a few seconds a seed.
 */
import { PDFDocument } from 'pdf-lib';
import { composeStatementPdf } from '../test/fixtures/generator/composer/render.js';
import { officeScan } from '../test/fixtures/generator/composer/scan-score.js';
import { scannedPdf } from '../test/fixtures/generator/scan.js';
import { CAPTURE_TRAITS } from '../test/fixtures/generator/capture-traits.js';
import { Rng } from '../test/fixtures/generator/prng.js';
import { openPdf } from '../src/engine/pdf/open-pdf.js';
import { renderPage } from '../src/engine/ocr/render.js';
import { loneJpegPages } from '../src/engine/ocr/page-jpeg.js';
import { DEFAULT_OCR_LIMITS, OCR_DPI } from '../src/engine/ocr/limits.js';
import { grayOf } from '../src/engine/ocr/clean.js';
import { measureBlur } from '../src/engine/ocr/deblur.js';
import { smearFromSpectrum } from '../src/engine/ocr/smear-spectrum.js';

const args = process.argv.slice(2);
const trait = args.length % 2 ? args[args.length - 1]! : 'motion';
const opts = CAPTURE_TRAITS.find((t) => t.name === trait)!.options;
for (let i = 0; i + 1 < args.length; i += 2) {
  const seed = Number(args[i]), dpi = Number(args[i + 1]);
  const pdf = await composeStatementPdf(seed, {});
  const scan = officeScan(seed, dpi, opts);
  const bytes = await scannedPdf(pdf.bytes, scan);
  const src = await PDFDocument.load(pdf.bytes);
  const doc = await openPdf(bytes);
  try {
    for (let n = 1; n <= pdf.pageCount; n++) {
      // The generator's hand (../test/fixtures/generator/scan.ts scanPage): its Rng past the specks (3 draws each).
      const { width: wPt, height: hPt } = src.getPage(n - 1).getSize();
      const W = Math.floor((wPt * dpi) / 72), H = Math.floor((hPt * dpi) / 72);
      const rng = new Rng(seed * 131 + n);
      for (let k = 0; k < Math.round((scan.specks ?? 3) * (W / dpi) * (H / dpi)) * 3; k++) rng.next();
      const drawn = ((rng.next() - 0.5) * 0.8 * 180) / Math.PI;
      const jpeg = (await loneJpegPages(bytes, [n])).get(n);
      const page = grayOf((await renderPage(doc, n, OCR_DPI, DEFAULT_OCR_LIMITS.maxPagePixels, jpeg)).canvas);
      const m = measureBlur(page);
      const c0 = process.cpuUsage();
      const s = smearFromSpectrum(page);
      const c = process.cpuUsage(c0);
      const steps = m ? (m.kind === 'smear' ? `smear ${m.angle.toFixed(1)}° ${m.length} px` : `defocus σ ${m.sigma.toFixed(2)}`) : 'sharp';
      console.log(`seed ${seed}@${dpi} p${n}: drawn ${drawn.toFixed(1)}°; steps ${steps}; spectrum ${s ? `${s.angle.toFixed(1)}° ${s.length.toFixed(2)} px (fit ${s.fit.toFixed(2)}, ${((c.user + c.system) / 1e6).toFixed(2)} CPU s)` : 'no print'}`);
    }
  } finally {
    await doc.destroy();
  }
}

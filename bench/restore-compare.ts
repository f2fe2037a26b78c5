/**
 * Restorations of one band of a blurred composed scan compared by how surely, and how rightly,
 * the band reads (docs/ocr.md "photo12"):
 *   node bin/run-ts.mjs bench/restore-compare.ts SEED DPI [SEED DPI…] [--capture motion|defocus] [--only NAME,NAME] [--page N]
 * Per page: the smear as the engine measures it, as the spectrum measures it (./smear-spectrum.ts)
 * and as the generator drew it; then per restoration of the page's most printed band (the band
 * ../src/engine/ocr/smear-direction.ts reads): the characters of the words read at confidence
 * ≥ 80 (`sure`, what the engine compares), those of them that are words of the page's own text
 * (`right`), and the restoration's CPU seconds. Measures only.
 */
import { PDFDocument } from 'pdf-lib';
import { composeStatementPdf } from '../test/fixtures/generator/composer/render.js';
import { officeScan } from '../test/fixtures/generator/composer/scan-score.js';
import { scannedPdf } from '../test/fixtures/generator/scan.js';
import { CAPTURE_TRAITS } from '../test/fixtures/generator/capture-traits.js';
import { Rng } from '../test/fixtures/generator/prng.js';
import { openPdf } from '../src/engine/pdf/open-pdf.js';
import { extractPdf } from '../src/engine/pdf/extract.js';
import { renderPage } from '../src/engine/ocr/render.js';
import { loneJpegPages } from '../src/engine/ocr/page-jpeg.js';
import { DEFAULT_OCR_LIMITS, OCR_DPI } from '../src/engine/ocr/limits.js';
import { cleanGray, grayOf, type Gray } from '../src/engine/ocr/clean.js';
import { deblurred, measureBlur, type Blur } from '../src/engine/ocr/deblur.js';
import { printBand, smearByReading } from '../src/engine/ocr/smear-direction.js';
import { closeEngines, readPage, type OcrWord } from '../src/engine/ocr/tesseract.js';
import { smearFromSpectrum } from '../src/engine/ocr/smear-spectrum.js';
import { boxTransfer, copiesTransfer, gaussTransfer, lucy, wiener } from './restore-methods.js';
import { boxTransfer as boxT, filteredGray, gaussTransfer as gaussT } from '../src/engine/ocr/blur-filter.js';

/** The rows of `page` that `band` (printBand's) was cut from. */
function bandOf(page: Gray, band: Gray, of: Gray): Gray {
  const w = page.width;
  for (let top = 0; top + band.height <= page.height; top++) {
    let same = true;
    for (let k = 0; k < 4 * w && same; k += 7) if (page.data[top * w + k] !== band.data[k]) same = false;
    if (same) return { width: w, height: band.height, data: of.data.slice(top * w, (top + band.height) * w) };
  }
  throw new Error('band not found');
}

const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args.splice(i, 2)[1] : undefined; };
const trait = opt('--capture') ?? 'motion';
const only = opt('--only')?.split(',');
const onlyPage = opt('--page');
const opts = CAPTURE_TRAITS.find((t) => t.name === trait)!.options;
const read = (img: Gray) => readPage(img, { timeoutMs: 120_000, maxParallel: 1 });

interface Ctx { steps: Blur | null; spectrum: { angle: number; length: number } | null; drawn: number; drawnLength: number; page: Gray }
type Method = (band: Gray, c: Ctx) => Promise<Gray> | Gray;
const smear = (angle: number, length: number): Blur => ({ kind: 'smear', angle, length, steepness: [] });
const sp = (c: Ctx) => c.spectrum ?? { angle: 0, length: 2 };
const sigmaOf = (c: Ctx) => (c.steps?.kind === 'defocus' ? c.steps.sigma : 2);

const methods: Record<string, Method> = {
  none: (b) => b,
  // main's path: the steps' measure, the direction chosen by reading the band, RL box round(L)
  main: async (b, c) => c.steps ? deblurred(b, await smearByReading(c.page, c.steps, read)).image : b,
  'steps-rl': (b, c) => deblurred(b, c.steps).image,
  'spec-rl': (b, c) => deblurred(b, smear(sp(c).angle, sp(c).length)).image,
  'drawn-rl': (b, c) => deblurred(b, smear(c.drawn, c.drawnLength)).image,
  'spec-rl-L-1': (b, c) => deblurred(b, smear(sp(c).angle, sp(c).length - 1)).image,
  'spec-rl-L-2': (b, c) => deblurred(b, smear(sp(c).angle, sp(c).length - 2)).image,
  'spec-rl-4': (b, c) => deblurred(b, smear(sp(c).angle, sp(c).length), { iterations: 4 }).image,
  'spec-rl-6': (b, c) => deblurred(b, smear(sp(c).angle, sp(c).length), { iterations: 6 }).image,
  'spec-rl-L-1-6': (b, c) => deblurred(b, smear(sp(c).angle, sp(c).length - 1), { iterations: 6 }).image,
  'spec-fftrl-box-8': (b, c) => lucy(b, boxTransfer(sp(c).angle, sp(c).length), 8),
  'spec-fftrl-7-8': (b, c) => lucy(b, copiesTransfer(sp(c).angle, (sp(c).length * 6) / 7, 7), 8),
  'spec-tvrl-box-8': (b, c) => lucy(b, boxTransfer(sp(c).angle, sp(c).length), 8, 0.002),
  'spec-tvrl-box-8b': (b, c) => lucy(b, boxTransfer(sp(c).angle, sp(c).length), 8, 0.006),
  'spec-w-box-.01': (b, c) => wiener(b, boxTransfer(sp(c).angle, sp(c).length), 0.01),
  'spec-w-box-.03': (b, c) => wiener(b, boxTransfer(sp(c).angle, sp(c).length), 0.03),
  'spec-w-box-.1': (b, c) => wiener(b, boxTransfer(sp(c).angle, sp(c).length), 0.1),
  'spec-w-7-.03': (b, c) => wiener(b, copiesTransfer(sp(c).angle, (sp(c).length * 6) / 7, 7), 0.03),
  'spec-cls-box-.01': (b, c) => wiener(b, boxTransfer(sp(c).angle, sp(c).length), 0.002, 0.01),
  'spec-cls-box-.03': (b, c) => wiener(b, boxTransfer(sp(c).angle, sp(c).length), 0.002, 0.03),
  'spec-cls-box-.1': (b, c) => wiener(b, boxTransfer(sp(c).angle, sp(c).length), 0.002, 0.1),
  'spec-cls-box-.3': (b, c) => wiener(b, boxTransfer(sp(c).angle, sp(c).length), 0.002, 0.3),
  'spec-cls0-box-.03': (b, c) => wiener(b, boxTransfer(sp(c).angle, sp(c).length), 0, 0.03),
  'spec-cls-7-.03': (b, c) => wiener(b, copiesTransfer(sp(c).angle, (sp(c).length * 6) / 7, 7), 0.002, 0.03),
  'spec-cls-box-L-1-.03': (b, c) => wiener(b, boxTransfer(sp(c).angle, sp(c).length - 1), 0.002, 0.03),
  'drawn-cls-box-.03': (b, c) => wiener(b, boxTransfer(c.drawn, c.drawnLength), 0.002, 0.03),
  'steps-cls-box-.03': (b, c) => c.steps?.kind === 'smear' ? wiener(b, boxTransfer(c.steps.angle, c.steps.length), 0.002, 0.03) : b,
  'page-cls': (b, c) => bandOf(c.page, b, filteredGray(c.page, boxT(sp(c).angle, sp(c).length), 0.03)),
  'page-g-cls': (b, c) => bandOf(c.page, b, filteredGray(c.page, gaussT(sigmaOf(c)), 0.03)),
  'drawn-w-box-.03': (b, c) => wiener(b, boxTransfer(c.drawn, c.drawnLength), 0.03),
  // defocus
  'g-rl': (b, c) => deblurred(b, c.steps).image,
  'g-w-.01': (b, c) => wiener(b, gaussTransfer(sigmaOf(c)), 0.01),
  'g-w-.03': (b, c) => wiener(b, gaussTransfer(sigmaOf(c)), 0.03),
  'g-w-.1': (b, c) => wiener(b, gaussTransfer(sigmaOf(c)), 0.1),
  'g-cls-.01': (b, c) => wiener(b, gaussTransfer(sigmaOf(c)), 0.002, 0.01),
  'g-cls-.03': (b, c) => wiener(b, gaussTransfer(sigmaOf(c)), 0.002, 0.03),
  'g-w-.9s-.03': (b, c) => wiener(b, gaussTransfer(sigmaOf(c) * 0.9), 0.03),
  'g-w-1.1s-.03': (b, c) => wiener(b, gaussTransfer(sigmaOf(c) * 1.1), 0.03),
  'g-cls-.1': (b, c) => wiener(b, gaussTransfer(sigmaOf(c)), 0.002, 0.1),
  'g-cls-.003': (b, c) => wiener(b, gaussTransfer(sigmaOf(c)), 0.001, 0.003),
  'g-cls-.9s-.03': (b, c) => wiener(b, gaussTransfer(sigmaOf(c) * 0.9), 0.002, 0.03),
  'g-cls-1.1s-.03': (b, c) => wiener(b, gaussTransfer(sigmaOf(c) * 1.1), 0.002, 0.03),
  'g-cls0-.03': (b, c) => wiener(b, gaussTransfer(sigmaOf(c)), 0, 0.03),
  'g-cls0-.01': (b, c) => wiener(b, gaussTransfer(sigmaOf(c)), 0, 0.01),
  'g-fftrl-8': (b, c) => lucy(b, gaussTransfer(sigmaOf(c)), 8),
};
const motionSet = ['none', 'main', 'spec-rl', 'drawn-rl', 'spec-rl-L-1', 'spec-rl-6', 'spec-w-box-.03', 'spec-w-7-.03', 'spec-cls-box-.01', 'spec-cls-box-.03', 'spec-cls-box-.1', 'spec-cls-box-.3', 'spec-cls0-box-.03', 'spec-cls-7-.03', 'spec-cls-box-L-1-.03', 'drawn-cls-box-.03', 'steps-cls-box-.03'];
const defocusSet = ['none', 'g-rl', 'g-w-.01', 'g-w-.03', 'g-w-.1', 'g-cls-.003', 'g-cls-.01', 'g-cls-.03', 'g-cls-.1', 'g-cls-.9s-.03', 'g-cls-1.1s-.03', 'g-cls0-.03', 'g-cls0-.01'];
const chosen = only ?? (trait === 'defocus' ? defocusSet : motionSet);

const sums = new Map<string, { sure: number; right: number; cpu: number }>();
try {
  for (let i = 0; i + 1 < args.length; i += 2) {
    const seed = Number(args[i]), dpi = Number(args[i + 1]);
    const pdf = await composeStatementPdf(seed, {});
    const scan = officeScan(seed, dpi, opts);
    const bytes = await scannedPdf(pdf.bytes, scan);
    const src = await PDFDocument.load(pdf.bytes);
    const text = await extractPdf(pdf.bytes, 'truth.pdf');
    const doc = await openPdf(bytes);
    try {
      for (let n = 1; n <= pdf.pageCount; n++) {
        if (onlyPage && Number(onlyPage) !== n) continue;
        const truth = new Set(text.pages[n - 1]!.items.flatMap((it) => it.str.split(/\s+/)).filter(Boolean));
        const { width: wPt, height: hPt } = src.getPage(n - 1).getSize();
        const W = Math.floor((wPt * dpi) / 72), H = Math.floor((hPt * dpi) / 72);
        const rng = new Rng(seed * 131 + n);
        for (let k = 0; k < Math.round((scan.specks ?? 3) * (W / dpi) * (H / dpi)) * 3; k++) rng.next();
        const drawn = ((rng.next() - 0.5) * 0.8 * 180) / Math.PI;
        const drawnLength = ((opts.motionBlur ?? 0) * 7) / 6 * (OCR_DPI / dpi);
        const jpeg = (await loneJpegPages(bytes, [n])).get(n);
        const page = grayOf((await renderPage(doc, n, OCR_DPI, DEFAULT_OCR_LIMITS.maxPagePixels, jpeg)).canvas);
        const steps = measureBlur(page);
        const spectrum = trait === 'motion' ? smearFromSpectrum(page) : null;
        const c: Ctx = { steps, spectrum, drawn, drawnLength, page };
        const band = printBand(page);
        const stepsText = steps ? (steps.kind === 'smear' ? `smear ${steps.angle.toFixed(1)}° ${steps.length} px` : `defocus σ ${steps.sigma.toFixed(2)}`) : 'sharp';
        console.log(`seed ${seed}@${dpi} p${n}: drawn ${drawn.toFixed(1)}° ${drawnLength.toFixed(2)} px; steps ${stepsText}; spectrum ${spectrum ? `${spectrum.angle.toFixed(1)}° ${spectrum.length.toFixed(2)} px` : '-'}`);
        const line: string[] = [];
        for (const name of chosen) {
          const c0 = process.cpuUsage();
          const restored = await methods[name]!(band, c);
          const cu = process.cpuUsage(c0);
          const words: OcrWord[] = await read(cleanGray(restored).image);
          const sure = words.filter((w) => w.conf >= 80);
          const s = sure.reduce((a, w) => a + w.text.length, 0), r = sure.filter((w) => truth.has(w.text)).reduce((a, w) => a + w.text.length, 0);
          const cpu = (cu.user + cu.system) / 1e6;
          const t = sums.get(name) ?? { sure: 0, right: 0, cpu: 0 };
          t.sure += s; t.right += r; t.cpu += cpu; sums.set(name, t);
          line.push(`${name} ${s}/${r} ${cpu.toFixed(2)}s`);
        }
        console.log('  ' + line.join(' | '));
      }
    } finally {
      await doc.destroy();
    }
  }
  console.log('totals (sure chars / right chars / restoration CPU s):');
  for (const [name, t] of sums) console.log(`  ${name.padEnd(18)} ${String(t.sure).padStart(5)} ${String(t.right).padStart(5)} ${t.cpu.toFixed(2)}`);
} finally {
  await closeEngines();
}

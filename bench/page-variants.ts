/**
 * A composed seed's capture, each page prepared as the engine prepares it, then read by named
 * variants of preparation or recognition and scored by the statement's true amounts found among
 * the words' digits (docs/ocr.md "Poor captures: recognition variants measured"):
 *   node bin/run-ts.mjs bench/page-variants.ts FROM TO [--capture fax-150|defocus-any|…] [--only NAME,NAME]
 * Per seed and variant: the true amounts found (each once), the words read at confidence ≥ 80
 * and the CPU seconds of the reading. A quick look at what reaches the engine before a live
 * sweep (../test/fixtures/generator/composer/scan-sweep.ts) measures a change. Measures only.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import type { Worker } from 'tesseract.js';
import { composeStatementPdf } from '../test/fixtures/generator/composer/render.js';
import { officeScan } from '../test/fixtures/generator/composer/scan-score.js';
import { scannedPdf } from '../test/fixtures/generator/scan.js';
import { CAPTURE_TRAITS } from '../test/fixtures/generator/capture-traits.js';
import { openPdf } from '../src/engine/pdf/open-pdf.js';
import { renderPage } from '../src/engine/ocr/render.js';
import { cleanGray, grayOf, type Gray } from '../src/engine/ocr/clean.js';
import { straightened, uprightGray } from '../src/engine/ocr/upright.js';
import { enlarged } from '../src/engine/ocr/enlarge.js';
import { lightTypeOnBars } from '../src/engine/ocr/dark-bands.js';
import { boxMean } from '../src/engine/ocr/dither.js';
import { measureBlur } from '../src/engine/ocr/deblur.js';
import { filteredGray, gaussTransfer } from '../src/engine/ocr/blur-filter.js';
import { grayTiff } from '../src/engine/ocr/gray-tiff.js';
import { checkModelDir, englishModel } from '../src/engine/ocr/model.js';
import { wordsOf, type OcrWord } from '../src/engine/ocr/tesseract.js';

const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const from = Number(args[0] ?? 1201), to = Number(args[1] ?? from);
const capture = opt('--capture') ?? 'fax-150';
const only = opt('--only')?.split(',');
const trait = CAPTURE_TRAITS.find((t) => t.name === capture);
if (!trait) throw new Error(`no capture trait ${capture}`);

/** Engines by model and parameters, each started once (sparse text, as the page engine reads). */
const workers = new Map<string, Worker>();
async function engine(model: 'fast' | 'best', params: Record<string, string>): Promise<Worker> {
  const key = model + JSON.stringify(params);
  const had = workers.get(key);
  if (had) return had;
  const { createWorker, OEM } = await import('tesseract.js');
  const quiet = { cacheMethod: 'none', logger: () => undefined, errorHandler: () => undefined };
  let w: Worker;
  if (model === 'fast') {
    const dir = await mkdtemp(path.join(tmpdir(), 'page-variants-'));
    await writeFile(path.join(dir, 'eng.traineddata'), await englishModel());
    w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: dir, gzip: false, ...quiet });
    await rm(dir, { recursive: true, force: true });
  } else {
    w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: checkModelDir(), gzip: true, ...quiet });
  }
  await w.setParameters({ tessedit_pageseg_mode: '11' as never, preserve_interword_spaces: '1', debug_file: '/dev/null', ...params });
  workers.set(key, w);
  return w;
}
async function read(img: Gray, model: 'fast' | 'best' = 'fast', params: Record<string, string> = {}): Promise<OcrWord[]> {
  const t = grayTiff(img);
  const r = await (await engine(model, params)).recognize(Buffer.from(t.buffer, t.byteOffset, t.byteLength), {}, { blocks: true, text: false });
  return wordsOf(r.data.blocks as never);
}

/** Deskewed, straightened and heads on a dark bar turned dark, as the engine does after its upright step (../src/engine/ocr/read-pages.ts). */
const finish = (g: Gray) => lightTypeOnBars(straightened(cleanGray(g).image));
/** A page of 2 × 2 blocks (a 150-dpi fax drawn at 300) back at its dots: each block one pixel. */
function dots(raw: Gray): Gray {
  const w = raw.width >> 1, h = raw.height >> 1, d = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const p = 2 * y * raw.width + 2 * x;
    d[y * w + x] = (raw.data[p]! + raw.data[p + 1]! + raw.data[p + raw.width]! + raw.data[p + raw.width + 1]!) >> 2;
  }
  return { width: w, height: h, data: d };
}
/** A Gaussian of `sigma` px (separable, edges clamped). */
function gauss(img: Gray, sigma: number): Gray {
  const r = Math.ceil(sigma * 3), k: number[] = [];
  for (let i = -r; i <= r; i++) k.push(Math.exp(-(i * i) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0);
  const { width: w, height: h } = img, tmp = new Float32Array(w * h), out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { let a = 0; for (let i = -r; i <= r; i++) a += k[i + r]! * img.data[y * w + Math.min(w - 1, Math.max(0, x + i))]!; tmp[y * w + x] = a / sum; }
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { let a = 0; for (let i = -r; i <= r; i++) a += k[i + r]! * tmp[Math.min(h - 1, Math.max(0, y + i)) * w + x]!; out[y * w + x] = Math.round(a / sum); }
  return { width: w, height: h, data: out };
}
/** A defocus filtered at the measured σ times `k`, the Laplacian weighted `lambda` (upright.ts uses × 1, 0.01). */
const filtered = (k: number, lambda: number) => (_img: Gray, raw: Gray) => {
  const b = measureBlur(raw);
  return read(finish(b?.kind === 'defocus' ? filteredGray(raw, gaussTransfer(b.sigma * k), lambda) : raw));
};

/** Each variant: from the engine's prepared page (`img`) or the render's own gray (`raw`), to words. */
const VARIANTS: Record<string, (img: Gray, raw: Gray) => Promise<OcrWord[]>> = {
  engine: (img) => read(img),
  best: (img) => read(img, 'best'),
  up15: (img) => read(enlarged(img, 1.5)),
  lotsu: (img) => read(img, 'fast', { thresholding_method: '1' }),
  sauvola: (img) => read(img, 'fast', { thresholding_method: '2' }),
  raw: (_img, raw) => read(finish(raw)),
  dots2: (_img, raw) => read(finish(enlarged(dots(raw), 2))),
  dots3: (_img, raw) => read(finish(enlarged(dots(raw), 3))),
  gdots2: (_img, raw) => read(finish(enlarged(gauss(dots(raw), 0.5), 2))),
  mean2: (_img, raw) => read(finish(boxMean(raw, 1, 2))),
  f115: filtered(1.15, 0.01),
  f130: filtered(1.3, 0.01),
  l003: filtered(1, 0.003),
  l03: filtered(1, 0.03),
};

const totals = new Map<string, { found: number; want: number; sure: number; cpu: number }>();
for (let seed = from; seed <= to; seed++) {
  const pdf = await composeStatementPdf(seed, {});
  if (pdf.pageCount > 2) continue;
  const bytes = await scannedPdf(pdf.bytes, officeScan(seed, seed % 2 ? 200 : 300, trait.options));
  const want = pdf.truth.flatMap((s) => s.transactions.map((t) => String(Math.abs(t.amount))));
  const doc = await openPdf(bytes);
  const pages: { img: Gray; raw: Gray }[] = [];
  for (let p = 1; p <= pdf.pageCount; p++) {
    const { canvas } = await renderPage(doc, p, 300, 24e6);
    const raw = grayOf(canvas);
    pages.push({ img: finish(uprightGray(canvas).gray), raw });
  }
  const cells: string[] = [];
  for (const [name, variant] of Object.entries(VARIANTS)) {
    if (only && !only.includes(name)) continue;
    const c0 = process.cpuUsage();
    const words: OcrWord[] = [];
    for (const p of pages) words.push(...(await variant(p.img, p.raw)));
    const c = process.cpuUsage(c0);
    const digits = new Map<string, number>();
    for (const w of words) { const d = w.text.replace(/\D/g, ''); digits.set(d, (digits.get(d) ?? 0) + 1); }
    let found = 0;
    for (const a of want) { const n = digits.get(a) ?? 0; if (n > 0) { found++; digits.set(a, n - 1); } }
    const sure = words.filter((w) => w.conf >= 80).length;
    const t = totals.get(name) ?? { found: 0, want: 0, sure: 0, cpu: 0 };
    totals.set(name, { found: t.found + found, want: t.want + want.length, sure: t.sure + sure, cpu: t.cpu + (c.user + c.system) / 1e6 });
    cells.push(`${name} ${found}/${want.length} sure ${sure}`);
  }
  console.log(`seed ${seed} (${pdf.pageCount}p): ${cells.join(' | ')}`);
}
for (const [name, t] of totals) console.log(`${name}: ${t.found}/${t.want} amounts found, ${t.sure} words sure, ${t.cpu.toFixed(1)} CPU s`);
await Promise.all([...workers.values()].map((w) => w.terminate()));

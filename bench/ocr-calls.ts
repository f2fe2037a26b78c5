/**
 * How many recognitions each OCR page makes, why, of what pixel area, and the CPU each reason
 * costs: the page reading, its upside-down second reading, the small-type block reading, the
 * best model's checks of doubtful numbers (per reading), figure heads read again, column cells
 * read again, flag marks. The page path of ../src/engine/ocr/read-pages.ts step by step, each
 * engine call wrapped to count it (one page at a time, so the process's CPU between two points
 * is that call's, the engines' threads included).
 *   node bin/run-ts.mjs bench/ocr-calls.ts [--gen] [--corpus] [--seeds FROM-TO] [--quiet]
 * Default: the bench's three generated scans and the dev corpus's scans and photos.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import { CORPUS, CORPUS_FILES, pagesOf } from './ocr-page-sources.js';
import { cleanGray, type Gray } from '../src/engine/ocr/clean.js';
import { readUpright, straightened, uprightGray } from '../src/engine/ocr/upright.js';
import { lightTypeOnBars } from '../src/engine/ocr/dark-bands.js';
import { checkNumbers, closeEngines, readPage, recognizeMarks, recognizeRegion, startEngines, type Box, type OcrWord } from '../src/engine/ocr/tesseract.js';
import { readSmallType } from '../src/engine/ocr/small-text.js';
import { rereadFigureHeads } from '../src/engine/ocr/figure-heads.js';
import { rereadColumnCells } from '../src/engine/ocr/column-cells.js';
import { withoutSpecks } from '../src/engine/ocr/words.js';
import { DEFAULT_OCR_LIMITS } from '../src/engine/ocr/limits.js';
import { makeStatementSpec, renderStatementPdf, type LayoutName } from '../test/fixtures/generator/index.js';
import { scannedPdf } from '../test/fixtures/generator/scan.js';
import { composeStatementPdf } from '../test/fixtures/generator/composer/render.js';
import { officeScan } from '../test/fixtures/generator/composer/scan-score.js';

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

/** One reason's tally: calls, megapixels handed to the engine, CPU seconds. */
interface Tally { n: number; mp: number; s: number }
type Reason = 'prep' | 'page' | 'checks' | 'upside' | 'upsideChecks' | 'small' | 'smallChecks' | 'heads' | 'cells' | 'marks' | 'rest';
const REASONS: Reason[] = ['prep', 'page', 'checks', 'upside', 'upsideChecks', 'small', 'smallChecks', 'heads', 'cells', 'marks', 'rest'];
const blank = (): Record<Reason, Tally> => Object.fromEntries(REASONS.map((r) => [r, { n: 0, mp: 0, s: 0 }])) as Record<Reason, Tally>;

const detail = process.argv.includes('--detail');
async function timed<T>(t: Tally, mp: number, f: () => Promise<T>, what = ''): Promise<T> {
  const c = cpu();
  try { return await f(); } finally {
    t.n++; t.mp += mp; t.s += cpu() - c;
    if (detail && what) console.log(`  ${what} ${(cpu() - c).toFixed(3)}s`);
  }
}

/** The page path of read-pages.ts, every engine call counted. */
async function measure(load: () => Promise<Canvas>): Promise<Record<Reason, Tally>> {
  const t = blank();
  const mpOf = (g: Gray) => g.width * g.height / 1e6;
  const c0 = cpu();
  const canvas = await load();
  const c1a = cpu();
  const up = uprightGray(canvas).gray;
  const c1b = cpu();
  const flat = cleanGray(up).image;
  const c1c = cpu();
  const image = lightTypeOnBars(straightened(flat));
  t.prep.n = 1; t.prep.s = cpu() - c0;
  if (detail) console.log(`  prep: load ${(c1a - c0).toFixed(2)} upright ${(c1b - c1a).toFixed(2)} clean ${(c1c - c1b).toFixed(2)} dewarp and dark bars ${(cpu() - c1c).toFixed(2)}`);
  let reading: 'page' | 'upside' | 'small' = 'page';
  const read = async (img: Gray, block = false): Promise<OcrWord[]> => {
    const words = await timed(t[reading], mpOf(img), () => readPage(img, { timeoutMs: 300_000, maxParallel: 1, block }));
    const checks = reading === 'page' ? t.checks : reading === 'upside' ? t.upsideChecks : t.smallChecks;
    const c = cpu();
    checks.n += await checkNumbers(img, words);
    checks.s += cpu() - c;
    reading = 'upside';
    return words;
  };
  const first = await readUpright(image, read);
  reading = 'small';
  let { words } = await readSmallType(first.image, first.words, DEFAULT_OCR_LIMITS.maxPagePixels, (img, block) => read(img, block));
  let region: Reason = 'heads';
  const regionRead = (x0: number, y0: number, x1: number, y1: number, minBand: number) =>
    timed(t[region], (x1 - x0) * (y1 - y0) / 1e6, async () => { const r = await recognizeRegion(first.image, x0, y0, x1, y1, '', minBand); if (detail) console.log(`  -> ${JSON.stringify(r.map((w) => `${w.text}@${Math.round(w.conf)}`))}`); return r; }, `${region} ${Math.round(x1 - x0)}x${Math.round(y1 - y0)} band ${minBand}`);
  const c1 = cpu();
  ({ words } = await rereadFigureHeads(withoutSpecks(words), first.image, regionRead));
  region = 'cells';
  ({ words } = await rereadColumnCells(words, first.image, regionRead, (boxes: Box[], minBand) =>
    timed(t.marks, boxes.reduce((s, b) => s + (b.x1 - b.x0) * (b.y1 - b.y0), 0) / 1e6, () => recognizeMarks(first.image, boxes, minBand))));
  t.rest.s = cpu() - c1 - t.heads.s - t.cells.s - t.marks.s;
  return t;
}

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const seedsArg = args.includes('--seeds') ? args[args.indexOf('--seeds') + 1]! : '';
const wantGen = args.includes('--gen') || (!args.includes('--corpus') && !seedsArg);
const wantCorpus = args.includes('--corpus') || (!args.includes('--gen') && !seedsArg);
console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
await startEngines();
const jobs: { group: string; name: string; load: () => Promise<Canvas> }[] = [];
if (wantGen) {
  const layouts: LayoutName[] = ['chase', 'wellsfargo', 'bofa'];
  for (const [i, layout] of layouts.entries()) {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 3 + i, layout, transactionsPerMonth: 12 }));
    const bytes = await scannedPdf(r.bytes, { dpi: 300, skewDeg: 0.8, seed: 3 + i });
    for (const p of await pagesOf(`gen-${layout}`, bytes)) jobs.push({ group: 'generated', ...p });
  }
}
if (wantCorpus && existsSync(CORPUS)) {
  for (const f of CORPUS_FILES) for (const p of await pagesOf(path.basename(f), new Uint8Array(await readFile(path.join(CORPUS, f))))) jobs.push({ group: 'corpus', ...p });
}
if (seedsArg) {
  const [from, to] = seedsArg.split('-').map(Number) as [number, number];
  for (let seed = from; seed <= (to ?? from); seed++) {
    const pdf = await composeStatementPdf(seed, {});
    if (pdf.pageCount > 2) continue;
    const dpi = seed % 2 ? 200 : 300;
    const bytes = await scannedPdf(pdf.bytes, officeScan(seed, dpi, {}));
    for (const p of await pagesOf(`composed-${seed}@${dpi}`, bytes)) jobs.push({ group: 'composed', ...p });
  }
}
// Warm-up on the first page (V8 tiers the WebAssembly up on a first large page).
await measure(jobs[0]!.load);
const groups = new Map<string, { pages: number; t: Record<Reason, Tally> }>();
const fmt = (t: Record<Reason, Tally>, pages = 1) => REASONS.filter((r) => t[r].n || t[r].s > 0.005)
  .map((r) => `${r} ${(t[r].s / pages).toFixed(2)}s${r === 'prep' || r === 'rest' ? '' : `/${(t[r].n / pages).toFixed(1)}×${t[r].n ? (t[r].mp / t[r].n).toFixed(2) : '0'}MP`}`).join('  ');
for (const j of jobs) {
  const t = await measure(j.load);
  if (!quiet) console.log(`${j.name.padEnd(44)} ${fmt(t)}`);
  const g = groups.get(j.group) ?? { pages: 0, t: blank() };
  g.pages++;
  for (const r of REASONS) { g.t[r].n += t[r].n; g.t[r].mp += t[r].mp; g.t[r].s += t[r].s; }
  groups.set(j.group, g);
}
for (const [name, g] of groups) {
  const total = REASONS.reduce((s, r) => s + g.t[r].s, 0) / g.pages;
  console.log(`mean ${name} (${g.pages} pages): total ${total.toFixed(2)} CPU s/page  ${fmt(g.t, g.pages)}`);
}
console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
await closeEngines();

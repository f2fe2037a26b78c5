/**
 * Where an OCR page's CPU goes, stage by stage (render or decode, clean (upright, gray, light, skew, dewarp), rules, the page engine's
 * reading, the best model's checks), on the bench's generated scans and on the dev corpus's
 * scans and photos (all of them, truth or not). One page at a time on one thread, so the
 * process's CPU time between two points is that stage's (the engines' threads included).
 * `node bin/run-ts.mjs bench/ocr-stages.ts [--save DIR]`: DIR receives each cleaned page as PGM
 * (for the tesseract CLI).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import { CORPUS, CORPUS_FILES, pagesOf } from './ocr-page-sources.js';
import { cleanGray, toPgm } from '../src/engine/ocr/clean.js';
import { straightened, uprightGray } from '../src/engine/ocr/upright.js';
import { eraseRules } from '../src/engine/ocr/rules.js';
import { checkNumbers, closeEngines, readPage, startEngines, CHECK_BELOW_CONF, looksNumeric } from '../src/engine/ocr/tesseract.js';
import { makeStatementSpec, renderStatementPdf, type LayoutName } from '../test/fixtures/generator/index.js';
import { scannedPdf } from '../test/fixtures/generator/scan.js';

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

interface Row { name: string; px: number; load: number; clean: number; rules: number; page: number; checks: number; nChecks: number; words: number }

async function measure(name: string, load: () => Promise<Canvas>, rules: boolean, save?: string): Promise<Row> {
  let t = cpu();
  const canvas = await load();
  const loadS = cpu() - t; t = cpu();
  // As ./read-pages.ts: squared and turned upright, cleaned, straightened.
  const image = straightened(cleanGray(uprightGray(canvas).gray).image);
  const cleanS = cpu() - t; t = cpu();
  const img = rules ? eraseRules(image) : image;
  const rulesS = cpu() - t; t = cpu();
  const words = await readPage(img, { timeoutMs: 300_000, maxParallel: 1 });
  const pageS = cpu() - t;
  const nChecks = Math.min(150, words.filter((w) => w.conf < CHECK_BELOW_CONF && looksNumeric(w.text)).length);
  t = cpu();
  await checkNumbers(img, words);
  const checksS = cpu() - t;
  if (save) await writeFile(path.join(save, `${name.replace(/[^\w.-]+/g, '_')}.pgm`), toPgm(img));
  return { name, px: img.width * img.height, load: loadS, clean: cleanS, rules: rulesS, page: pageS, checks: checksS, nChecks, words: words.length };
}

const args = process.argv.slice(2);
const save = args.includes('--save') ? path.resolve(args[args.indexOf('--save') + 1]!) : undefined;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]! : '';
if (save) await mkdir(save, { recursive: true });
console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
await startEngines();
const jobs: { name: string; load: () => Promise<Canvas>; rules: boolean }[] = [];
if (only !== 'corpus') {
  const layouts: LayoutName[] = ['chase', 'wellsfargo', 'bofa'];
  for (const [i, layout] of layouts.entries()) {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 3 + i, layout, transactionsPerMonth: 12 }));
    const bytes = await scannedPdf(r.bytes, { dpi: 300, skewDeg: 0.8, seed: 3 + i });
    for (const p of await pagesOf(`gen-${layout}`, bytes)) jobs.push({ ...p, rules: false });
  }
}
if (only !== 'gen' && existsSync(CORPUS)) {
  for (const f of CORPUS_FILES) for (const p of await pagesOf(path.basename(f), new Uint8Array(await readFile(path.join(CORPUS, f))))) jobs.push({ ...p, rules: false });
}
// Warm-up on the first page (V8 tiers the WebAssembly up on a first large page).
await measure('warm-up', jobs[0]!.load, false);
const rows: Row[] = [];
for (const j of jobs) {
  const r = await measure(j.name, j.load, j.rules, save);
  rows.push(r);
  console.log(`${r.name.padEnd(48)} ${(r.px / 1e6).toFixed(1)} MP  load ${r.load.toFixed(2)}  clean ${r.clean.toFixed(2)}  rules ${r.rules.toFixed(2)}  page ${r.page.toFixed(2)}  checks ${r.checks.toFixed(2)} (${r.nChecks})  words ${r.words}`);
}
const sum = (k: keyof Row, rs: Row[]) => rs.reduce((s, r) => s + (r[k] as number), 0) / rs.length;
for (const [label, rs] of [['generated', rows.filter((r) => r.name.startsWith('gen-'))], ['corpus', rows.filter((r) => !r.name.startsWith('gen-'))]] as const) {
  if (!rs.length) continue;
  console.log(`mean ${label} (${rs.length} pages): load ${sum('load', rs).toFixed(2)} clean ${sum('clean', rs).toFixed(2)} rules ${sum('rules', rs).toFixed(2)} page ${sum('page', rs).toFixed(2)} checks ${sum('checks', rs).toFixed(2)} (${sum('nChecks', rs).toFixed(1)}) total ${(sum('load', rs) + sum('clean', rs) + sum('rules', rs) + sum('page', rs) + sum('checks', rs)).toFixed(2)}`);
}
console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
await closeEngines();

/**
 * `npm run bench`: runs every benchmark file and prints figures and ratios. Never pass/fail on
 * time (machines are noisy); targets are printed beside the figures for a human to read.
 * Run one: `npm run bench -- scorecard`. `instances` (team server on PostgreSQL) needs initdb.
 *
 * Each suite runs in a fresh Node process, so its memory peaks and warm-up are its own and not
 * what an earlier suite left behind (a 100k-transaction scorecard, say).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITES: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  service: () => import('./service.bench.js'),
  convert: () => import('./convert.bench.js'),
  formats: () => import('./formats.bench.js'),
  scorecard: () => import('./scorecard.bench.js'),
  core: () => import('./core.bench.js'),
  export: () => import('./export.bench.js'),
  ui: () => import('./ui.bench.js'),
  edges: () => import('./edges.bench.js'),
  fraud: () => import('./fraud.bench.js'),
  ocr: () => import('./ocr.bench.js'),
  real: () => import('./real.bench.js'),
  readers: () => import('./compare-readers.js'),
  scale: () => import('./scale.bench.js'),
  instances: () => import('./instances.bench.js'),
};

const asked = process.argv.slice(2);
const unknown = asked.filter((n) => !(n in SUITES));
if (unknown.length) {
  console.error(`unknown suite ${unknown.join(', ')}; suites: ${Object.keys(SUITES).join(', ')}`);
  process.exit(2);
}

if (asked.length === 1) {
  const name = asked[0]!;
  console.log(`\n== ${name} ==`);
  try {
    await (await SUITES[name]!()).run();
  } catch (err) {
    console.log(`  (suite ${name} failed: ${(err as Error).message})`);
    process.exitCode = 1;
  }
} else {
  const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'run-ts.mjs');
  for (const name of asked.length ? asked : Object.keys(SUITES)) {
    const child = spawnSync(process.execPath, [runner, fileURLToPath(import.meta.url), name], { stdio: 'inherit' });
    if (child.status !== 0) process.exitCode = 1;
  }
}

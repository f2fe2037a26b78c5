/**
 * PDF conversion speed: a 50-page generated statement, full conversion (pdf.js text, layout,
 * reconciliation), pages per second on one core; the same file through `pdftotext -layout`
 * (poppler-utils) in the same run for a ratio; peak memory. Figures only, never pass/fail.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertPdf } from '../src/service/convert/pdf/index.js';
import { reconcile } from '../src/service/convert/statement/reconcile.js';
import { defaultConversionOptions } from '../src/shared/api/conversion-options.js';
import { makeLongStatement } from '../test/fixtures/generator/index.js';

function pdftotextMs(file: string, runs: number): number | null {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    execFileSync('pdftotext', ['-layout', file, '/dev/null']);
    times.push(performance.now() - t0);
  }
  return median(times);
}

function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'ledgerdrop-bench-'));
  try {
    for (const layout of ['chase', 'wellsfargo'] as const) {
      const rendered = await makeLongStatement({ seed: 50, layout, pages: 50 });
      const file = join(dir, `${layout}-50.pdf`);
      await writeFile(file, rendered.bytes);
      const options = defaultConversionOptions();
      // Warm up (module load, JIT), then time several full conversions.
      const warm = await convertPdf({ fileName: 'bench.pdf', bytes: rendered.bytes, options });
      let peak = process.memoryUsage().rss;
      const times: number[] = [];
      const cpu0 = process.cpuUsage();
      const runs = 5;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await convertPdf({ fileName: 'bench.pdf', bytes: rendered.bytes, options });
        times.push(performance.now() - t0);
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      const cpu = process.cpuUsage(cpu0);
      const ms = median(times);
      const cpuMsPerRun = (cpu.user + cpu.system) / 1000 / runs;
      const pages = rendered.pageCount;
      const txns = warm.statements.reduce((n, s) => n + s.transactions.length, 0);
      const truthTxns = rendered.truth.reduce((n, s) => n + s.transactions.length, 0);
      const reconciled = warm.statements.every((s) => reconcile(s, 0).reconciled);
      const pt = pdftotextMs(file, runs);
      console.log(`  ${layout}: ${pages} pages, ${txns}/${truthTxns} transactions, reconciled=${reconciled}`);
      console.log(`    full conversion: median ${ms.toFixed(1)} ms wall, ${cpuMsPerRun.toFixed(1)} ms CPU → ${(pages / (ms / 1000)).toFixed(0)} pages/s wall, ${(pages / (cpuMsPerRun / 1000)).toFixed(0)} pages/s per core (target ≥ 150)`);
      if (pt === null) console.log('    pdftotext -layout: not installed (apt-get install poppler-utils) — no ratio');
      else console.log(`    pdftotext -layout: median ${pt.toFixed(1)} ms (process included) → ratio ${(ms / pt).toFixed(2)}× (target ≤ 2×)`);
      console.log(`    peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

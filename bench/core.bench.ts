/**
 * The desktop core: 1,000 files dropped on one application. Prints the time to stage (hash +
 * copy into the inbox) and queue them, the end-to-end throughput through the embedded engine
 * (a real child process running the service), and the peak memory of the core process and of
 * the engine. Targets (printed, not enforced): staged and queued < 10 s, core memory < 300 MB.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore } from '../src/main/core/index.js';
import { writeStatements } from '../test/core/fixtures.js';

const FILES = Number(process.env.LEDGERDROP_BENCH_CORE_FILES ?? 1000);

function peakRssOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch { return null; }
}

const mb = (b: number | null) => (b == null ? 'n/a' : `${(b / 1024 / 1024).toFixed(0)} MB`);

export async function run(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ld-bench-core-'));
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 25);
  try {
    const files = writeStatements(path.join(dir, 'drop'), FILES, 10_000);
    const core = await createCore({ dataDir: path.join(dir, 'data'), concurrency: 4 });
    await core.engine!.ready();
    const t0 = performance.now();
    const jobs = await core.addPaths('BENCH-1', files);
    const staged = performance.now() - t0;
    await core.whenIdle();
    const total = performance.now() - t0;
    const done = core.listJobs('BENCH-1').filter((j) => j.status === 'done').length;
    const enginePeak = peakRssOf(core.engine!.pid);
    const corePeak = Math.max(peak, peakRssOf(process.pid) ?? 0);
    await core.close();
    console.log(`  files dropped                 ${FILES} (MTJson, ~${Math.round(readFileSync(files[0]!).length / 100) / 10} KB each)`);
    console.log(`  staged + queued               ${(staged / 1000).toFixed(2)} s  (${(FILES / (staged / 1000)).toFixed(0)} files/s; target < 10 s → ${(staged / 10_000 * 100).toFixed(0)} % of budget)`);
    console.log(`  queued jobs                   ${jobs.length}`);
    console.log(`  end to end (embedded engine)  ${(total / 1000).toFixed(1)} s, ${done} done  (${(done / (total / 1000)).toFixed(1)} files/s, concurrency 4)`);
    console.log(`  core peak RSS                 ${mb(corePeak)}  (target < 300 MB → ${(corePeak / (300 * 1024 * 1024) * 100).toFixed(0)} %)`);
    console.log(`  engine peak RSS               ${mb(enginePeak)}  (separate process)`);
  } finally {
    clearInterval(sampler);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

/**
 * The desktop core: 1,000 files dropped on one application. Prints the time to stage (hash +
 * copy into the inbox) and queue them, the end-to-end throughput through the embedded engine
 * (a real child process running the service), and the peak memory of the core process and of
 * the engine. Targets (printed, not enforced): staged and queued < 10 s, core memory < 300 MB.
 *
 * Then the queue through real-world failures: how long after a service behind a gateway comes
 * back (502 pages meanwhile) the waiting files are noticed and done (target ~5 s), and the soak
 * run of test/core/soak.ts (LEDGERDROP_BENCH_SOAK_FILES files, default 200; 0 skips it) with
 * its figures: files, missing, duplicated, charged, kills, faults, time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore } from '../src/desktop/index.js';
import { writeStatements } from '../test/core/fixtures.js';
import { FaultProxy } from '../test/core/fault-proxy.js';
import { coreFor, deadPort, startRealService } from '../test/core/helpers.js';
import { runSoak } from '../test/core/soak.js';

const FILES = Number(process.env.LEDGERDROP_BENCH_CORE_FILES ?? 1000);
const SOAK_FILES = Number(process.env.LEDGERDROP_BENCH_SOAK_FILES ?? 200);
const OUTAGE_MS = 20_000;

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
  await runFailures();
}

/** A service behind a gateway is down for OUTAGE_MS (502 pages), then back: time until the files are noticed and done. */
async function recovery(dir: string): Promise<void> {
  const service = await startRealService(path.join(dir, 'gw-service'));
  const proxy = await FaultProxy.start(service.url, { gateway: true });
  const dead = await deadPort();
  // Production timings (no fast test policies): default probe, wait and retry backoff.
  const core = await coreFor(path.join(dir, 'gw-data'), proxy.url, { retry: undefined, poll: undefined, probe: undefined });
  try {
    proxy.setTarget(dead);
    const files = writeStatements(path.join(dir, 'gw-in'), 8, 50_000);
    await core.addPaths('BENCH-GW', files);
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    const gateway502 = proxy.count(/./, /^gateway 502/);
    const attempts = core.listJobs('BENCH-GW').reduce((a, j) => a + j.attempts, 0);
    const back = performance.now();
    proxy.setTarget(service.url);
    let firstDone: number | null = null;
    core.on('jobs:changed', (j) => { if (j.status === 'done' && firstDone === null) firstDone = performance.now(); });
    await core.whenIdle();
    const all = performance.now() - back;
    const done = core.listJobs('BENCH-GW').filter((j) => j.status === 'done').length;
    console.log(`  gateway outage (${OUTAGE_MS / 1000} s)        ${gateway502} answers 502 from the gateway, ${attempts} attempts spent by 8 waiting files`);
    console.log(`  noticed back                  first file done ${(((firstDone ?? performance.now()) - back) / 1000).toFixed(1)} s after the service returned, all ${done}/8 in ${(all / 1000).toFixed(1)} s  (target ~5 s)`);
  } finally {
    await core.close();
    await proxy.close();
    await service.close();
  }
}

async function soak(dir: string): Promise<void> {
  if (SOAK_FILES <= 0) return;
  const f = await runSoak({ dir: path.join(dir, 'soak'), files: SOAK_FILES, intakeKills: 6, serviceKills: 3, faultRate: 0.2, seed: 11 });
  console.log(`  soak                          ${f.files} files: ${f.missing} missing, ${f.duplicated} duplicated, ${f.charged} charged (exactly once = ${f.files}); intake exit ${f.lastExit}`);
  console.log(`  soak disruption               ${f.intakeRuns} intake runs (${f.intakeKills} SIGKILLed), ${f.serviceKills} service SIGKILLs, ${f.faults} of ${f.requests} requests faulted`);
  console.log(`  soak time                     ${f.seconds.toFixed(1)} s`);
}

export async function runFailures(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ld-bench-core-faults-'));
  try {
    await recovery(dir);
    await soak(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

/**
 * The soak run shared by test/core/soak.test.ts and bench/core.bench.ts: the real service as
 * its own process behind the fault proxy acting as a gateway, `ledgerdrop intake` as its own
 * process, a share of all requests given a random fault (5xx, gateway pages, resets before,
 * during and after the body, delays, answers dropped after handling, replays), intake
 * SIGKILLed and restarted with the same --data several times, the service SIGKILLed and
 * restarted (the gateway answers 502 meanwhile). Afterwards the service's own records are read:
 * every file converted exactly once and `/remaining` charged exactly once per statement.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { provisionAccount } from '../../src/service/index.js';
import { FaultProxy, type Fault } from './fault-proxy.js';
import { writeStatements } from './fixtures.js';
import { serviceFileCounts, USER } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/ledgerdrop.mjs');
const CONVERSIONS = 1_000_000;

export interface SoakOptions {
  dir: string;
  files: number;
  intakeKills: number;
  serviceKills: number;
  /** Share of requests given a random fault, 0..1. */
  faultRate: number;
  seed: number;
  log?: (line: string) => void;
}

export interface SoakFigures {
  files: number;
  /** Files the service holds no conversion of. */
  missing: number;
  /** Conversions beyond one per file. */
  duplicated: number;
  /** Conversions taken from the account (`/remaining` before − after); one statement per file. */
  charged: number;
  intakeRuns: number;
  intakeKills: number;
  serviceKills: number;
  requests: number;
  faults: number;
  lastExit: number | null;
  lastOutput: string;
  seconds: number;
}

/** Small seeded PRNG (mulberry32), so a run's faults and kill times can be repeated. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc { child: ChildProcess; output: () => string; exit: Promise<number | null> }

function run(args: string[]): Proc {
  let out = '';
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function startService(dataDir: string, configFile: string): Promise<{ proc: Proc; url: string }> {
  const proc = run(['serve', '--data', dataDir, '--config', configFile, '--port', '0']);
  const end = Date.now() + 60_000;
  for (;;) {
    const m = /listening on (http:\/\/[^\s]+)/.exec(proc.output());
    if (m) return { proc, url: m[1]! };
    if (proc.child.exitCode !== null || Date.now() > end) throw new Error(`service did not start: ${proc.output()}`);
    await sleep(20);
  }
}

async function remaining(url: string): Promise<number> {
  const auth = Buffer.from(`${USER.username}:${USER.password}`).toString('base64');
  const token = (await (await fetch(`${url}/api/v1.5/authenticate`, { headers: { authorization: `Basic ${auth}`, 'svc-product': USER.product } })).text()).trim();
  const res = await fetch(`${url}/api/v1.5/remaining`, { headers: { authorization: `Bearer ${token}`, 'svc-product': USER.product } });
  const body = (await res.json()) as { Remaining: number };
  return body.Remaining;
}

const FAULTS: Fault[] = [
  { kind: 'status', status: 500, body: { error: 'injected internal error', requestId: 'soak' } },
  { kind: 'status', status: 503, body: { error: 'conversion queue is full' }, headers: { 'retry-after': '1' } },
  { kind: 'gateway', status: 502 },
  { kind: 'gateway', status: 504 },
  { kind: 'reset' },
  { kind: 'reset', afterBytes: 300 },
  { kind: 'reset', during: 'response' },
  { kind: 'delay', ms: 300 },
  { kind: 'drop' },
  { kind: 'replay' },
];

export async function runSoak(o: SoakOptions): Promise<SoakFigures> {
  const t0 = performance.now();
  const log = o.log ?? (() => undefined);
  const random = seeded(o.seed);
  const serviceDir = path.join(o.dir, 'service');
  const configFile = path.join(o.dir, 'service.json');
  const cfg = { scryptCost: 1 << 10 };
  writeFileSync(configFile, JSON.stringify(cfg));
  await provisionAccount(serviceDir, { ...USER, conversions: CONVERSIONS }, cfg);
  let service = await startService(serviceDir, configFile);
  const proxy = await FaultProxy.start(service.url, { gateway: true });
  proxy.setChaos({ rate: o.faultRate, match: /./, faults: FAULTS, random });
  const files = writeStatements(path.join(o.dir, 'in'), o.files, 20_000 + o.seed * 1_000);
  const app = `SOAK-${o.seed}`;
  const data = path.join(o.dir, 'intake');
  const intakeArgs = ['intake', '--service', proxy.url, '--user', USER.username, '--password', USER.password, '--product', USER.product,
    '--app', app, '--data', data, '--concurrency', '4', ...files];

  let finished = false;
  let serviceKills = 0;
  // The service dies now and then; the gateway answers 502 until it is back on a new port.
  const serviceChaos = (async () => {
    while (!finished && serviceKills < o.serviceKills) {
      await sleep(1_500 + random() * 4_000);
      if (finished) break;
      service.proc.child.kill('SIGKILL');
      await service.proc.exit;
      serviceKills++;
      log(`service SIGKILLed (${serviceKills})`);
      await sleep(300 + random() * 1_500);
      service = await startService(serviceDir, configFile);
      proxy.setTarget(service.url);
    }
  })();

  let intakeRuns = 0;
  let intakeKills = 0;
  let last: Proc | null = null;
  let lastExit: number | null = null;
  try {
    while (intakeKills < o.intakeKills) {
      const p = run(intakeArgs);
      intakeRuns++;
      // Kill once this run has finished a random number of files, one up to a third of the batch:
      // a moment set by progress, not by time (on a fast machine a random delay after the first
      // file let the whole batch finish first, and the soak killed nothing).
      const doneBefore = (s: string) => (s.match(/: done\b/g) ?? []).length;
      const target = 1 + Math.floor(random() * Math.max(1, Math.floor(o.files / 3)));
      const end = Date.now() + 120_000;
      while (doneBefore(p.output()) < target && p.child.exitCode === null && Date.now() < end) await sleep(5);
      if (p.child.exitCode !== null) { last = p; lastExit = p.child.exitCode; break; }
      p.child.kill('SIGKILL');
      await p.exit;
      intakeKills++;
      log(`intake SIGKILLed (${intakeKills})`);
    }
    if (lastExit === null) {
      last = run(intakeArgs);
      intakeRuns++;
      lastExit = await last.exit;
    }
  } finally {
    finished = true;
    await serviceChaos;
  }
  const requests = proxy.log.length;
  const faults = proxy.log.filter((e) => !/^pass/.test(e.outcome)).length;
  proxy.setChaos(null);
  await proxy.close();
  // The service's own records, asked directly (not through the proxy).
  const counts = await serviceFileCounts(service.url, app);
  const charged = CONVERSIONS - (await remaining(service.url));
  service.proc.child.kill('SIGTERM');
  await service.proc.exit;
  const names = files.map((f) => path.basename(f));
  return {
    files: o.files,
    missing: names.filter((n) => !counts.has(n)).length,
    duplicated: [...counts.values()].reduce((a, n) => a + Math.max(0, n - 1), 0),
    charged,
    intakeRuns,
    intakeKills,
    serviceKills,
    requests,
    faults,
    lastExit,
    lastOutput: last?.output() ?? '',
    seconds: (performance.now() - t0) / 1000,
  };
}

/**
 * The desktop window's lists over one large application, for bench/scale.bench.ts: a desktop
 * core (no embedded engine) connected to the bench's service drops one more statement into an
 * application the service already holds, which makes the core store that application's results
 * (summaries, scorecard, transactions: /getresults, /scorecard, /transactions); then what the
 * window asks for when it shows the application: the application list, the application's detail
 * (statements and file rows), its transactions, its scorecard and its jobs (medians of three calls).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../src/desktop/index.js';
import { memoryStore } from '../src/desktop/settings.js';

/** Wall ms and CPU ms of the whole process (the core, and the service it talks to) of one step. */
interface Cost { ms: number; cpu: number }
const cpuNow = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };

export interface WindowFigures {
  /** Drop of one file until the core is idle: its upload and the refresh of the whole application's results. */
  'window: drop one + refresh': Cost;
  'window: refresh results': Cost;
  'window: apps list': Cost;
  'window: app detail': Cost;
  'window: transactions': Cost;
  'window: scorecard': Cost;
  'window: jobs': Cost;
}

/** The answer and the median wall and CPU time of three calls. */
const timed = async <T>(fn: () => T | Promise<T>): Promise<[T, Cost]> => {
  const ms: number[] = [], cpu: number[] = [];
  let v!: T;
  for (let i = 0; i < 3; i++) {
    const t = performance.now(), c = cpuNow();
    v = await fn();
    ms.push(performance.now() - t);
    cpu.push(cpuNow() - c);
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
  return [v, { ms: mid(ms), cpu: mid(cpu) }];
};

/** `oneMore`: an MTJson document of one statement that the application does not hold yet. */
export async function windowLists(serviceUrl: string, creds: { username: string; password: string; product: 'pdfinsightstp' }, appnumber: string, oneMore: string): Promise<{ figures: WindowFigures; statements: number; transactions: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-scale-window-'));
  const core = await createCore({ dataDir: path.join(dir, 'data'), engine: false, settings: memoryStore(), requestTimeoutMs: 600_000 });
  try {
    await core.saveConnection({ id: 'bench', name: 'bench service', url: serviceUrl, ...creds, makeDefault: true });
    const file = path.join(dir, 'one-more.json');
    writeFileSync(file, oneMore);
    const t = performance.now(), c = cpuNow();
    await core.addPaths(appnumber, [file]);
    await core.whenIdle();
    const drop = { ms: performance.now() - t, cpu: cpuNow() - c };
    const failed = core.listJobs(appnumber).filter((j) => j.status !== 'done');
    if (failed.length) throw new Error(`window lists: the dropped file did not convert (${failed.map((j) => `${j.status}: ${j.lastError ?? ''}`).join('; ')})`);
    const [, refresh] = await timed(() => core.refreshResults(appnumber));
    const [, apps] = await timed(() => core.listApps());
    const [detail, detailMs] = await timed(() => core.getApp(appnumber));
    const [txns, txnsMs] = await timed(() => core.transactions(appnumber));
    const [, card] = await timed(() => core.scorecard(appnumber));
    const [, jobs] = await timed(() => core.listJobs(appnumber));
    const transactions = (txns ?? []).reduce((n, a) => n + a.Statements.reduce((m, s) => m + s.transactions.length, 0), 0);
    return {
      figures: {
        'window: drop one + refresh': drop, 'window: refresh results': refresh, 'window: apps list': apps, 'window: app detail': detailMs,
        'window: transactions': txnsMs, 'window: scorecard': card, 'window: jobs': jobs,
      },
      statements: detail.statements.length,
      transactions,
    };
  } finally {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

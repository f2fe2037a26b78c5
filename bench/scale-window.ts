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

export interface WindowFigures {
  /** Drop of one file until the core is idle: its upload and the refresh of the whole application's results. */
  'window: drop one + refresh': number;
  'window: refresh results': number;
  'window: apps list': number;
  'window: app detail': number;
  'window: transactions': number;
  'window: scorecard': number;
  'window: jobs': number;
}

/** The answer and the median time of three calls. */
const timed = async <T>(fn: () => T | Promise<T>): Promise<[T, number]> => {
  const ms: number[] = [];
  let v!: T;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    v = await fn();
    ms.push(performance.now() - t);
  }
  return [v, ms.sort((a, b) => a - b)[1]!];
};

/** `oneMore`: an MTJson document of one statement that the application does not hold yet. */
export async function windowLists(serviceUrl: string, creds: { username: string; password: string; product: 'pdfinsightstp' }, appnumber: string, oneMore: string): Promise<{ figures: WindowFigures; statements: number; transactions: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-scale-window-'));
  const core = await createCore({ dataDir: path.join(dir, 'data'), engine: false, settings: memoryStore(), requestTimeoutMs: 600_000 });
  try {
    await core.saveConnection({ id: 'bench', name: 'bench service', url: serviceUrl, ...creds, makeDefault: true });
    const file = path.join(dir, 'one-more.json');
    writeFileSync(file, oneMore);
    const t = performance.now();
    await core.addPaths(appnumber, [file]);
    await core.whenIdle();
    const drop = performance.now() - t;
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

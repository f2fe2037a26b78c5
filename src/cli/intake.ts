/**
 * `ledgerdrop intake --service URL --user U [--password-stdin | --password P] --product X
 *   --app APPNUMBER [--watch DIR] [--data DIR] [--offline-limit SECONDS] [FILE…]`: the desktop's
 * durable queue without a window. Queues the files (a .zip is expanded), uploads with retries, polls, stores
 * results under --data, keeps going while the service is down or behind a gateway that answers
 * for it, prints progress (each retry line says why). Exits 0 when the queue is empty and every
 * file converted, 1 when some file ended in error (failed, or answered by the service with a
 * conversion error) or could not be added — one `failed: FILE: REASON` line each — 2 on bad
 * usage, 4 when the service stayed unreachable for --offline-limit seconds in a row (the files
 * stay queued under --data; the same command resumes them). The summary says when the
 * application's results could not be refreshed from the service at the end. With --watch
 * it runs until stopped (SIGINT/SIGTERM). Killed (even with SIGKILL) and started again with the
 * same --data, it resumes; each file is converted exactly once.
 */
import path from 'node:path';
import { parseArgs, UsageError } from './args.js';
import { createCore } from '../desktop/index.js';
import { oneLine } from '../desktop/service-answer.js';
import { memoryStore } from '../desktop/settings.js';
import { MemorySecretStore } from '../desktop/secrets.js';
import { Product, type JobView, type NetworkState } from '../contract/ipc.js';
import { PRODUCT_CHOICES } from '../contract/products.js';
import { defaultDataFolder } from '../desktop/data-folder.js';
import { exitFor } from './errors.js';
import { EXIT } from './exit-codes.js';
import { passwordFrom } from './password.js';

const USAGE = `usage: ledgerdrop intake --service URL --user U [--password-stdin | --password P] --product ${PRODUCT_CHOICES} --app APPNUMBER [--watch DIR] [--data DIR] [--concurrency N] [--offline-limit SECONDS] [FILE…]\n`
  + '  the password: --password-stdin reads one line from standard input; without either flag a terminal asks for it (no echo);\n'
  + '  --password P still works but shows the password to other users in the process list';
const CONNECTION_ID = 'intake';
/**
 * How long a one-shot intake waits for a service that cannot be reached before it gives up with
 * exit 4. Nothing is lost by giving up (the queue is on disk), and a script or a person learns
 * the service is down instead of watching a command that never ends. --watch never gives up.
 */
const DEFAULT_OFFLINE_LIMIT_S = 900;
const MAX_OFFLINE_LIMIT_S = 7 * 24 * 3600;

/** --offline-limit: whole seconds, 0 for "wait as long as it takes". */
export function parseOfflineLimit(raw: string | boolean | undefined): number {
  if (raw === undefined) return DEFAULT_OFFLINE_LIMIT_S;
  const s = String(raw);
  if (!/^\d+$/.test(s) || Number(s) > MAX_OFFLINE_LIMIT_S) throw new UsageError(`--offline-limit must be whole seconds from 0 (wait forever) to ${MAX_OFFLINE_LIMIT_S} (got ${s})`);
  return Number(s);
}

/**
 * Files that ended in error, with the reason: failed jobs, and finished ones whose file_status
 * carries an error (the service could not convert the file or one of its statements).
 */
export function filesInError(jobs: JobView[], fileStatus: unknown[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const j of jobs) if (j.status === 'failed') out.set(j.id, j.lastError ?? j.detail ?? 'unknown error');
  const done = new Set(jobs.filter((j) => j.status === 'done').map((j) => j.id));
  for (const raw of fileStatus) {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const id = item.jobId as number;
    if (!done.has(id) || out.has(id)) continue;
    const n = item.numTransactions;
    const error = typeof item.error === 'string' && item.error.trim() ? item.error.trim() : typeof n === 'number' && n < 0 ? `conversion error (numTransactions ${n})` : null;
    if (error) out.set(id, oneLine(error));
  }
  return out;
}

type IntakeCore = Awaited<ReturnType<typeof createCore>>;

/**
 * Waits until the queue is idle, or until the service has been unreachable for limitMs in a row
 * (0: no limit). Resolves null when idle, else the last reason the service could not be reached.
 */
function idleOrUnreachable(core: IntakeCore, limitMs: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | null = null;
    let settled = false;
    let unsubscribe = () => {};
    const finish = (value: string | null) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    const onNetwork = (n: NetworkState) => {
      if (n.online) {
        if (timer) clearTimeout(timer);
        timer = null;
      } else if (!timer && limitMs > 0) {
        timer = setTimeout(() => finish(core.networkStatus().detail || n.detail), limitMs);
      }
    };
    unsubscribe = core.on('network:changed', onNetwork);
    onNetwork(core.networkStatus());
    core.whenIdle().then(() => finish(null), (err) => { settled = true; if (timer) clearTimeout(timer); unsubscribe(); reject(err); });
  });
}

export async function run(argv: string[]): Promise<number> {
  let flags: Record<string, string | boolean | undefined>;
  let files: string[];
  let offlineLimitS = DEFAULT_OFFLINE_LIMIT_S;
  let password: string;
  try {
    const parsed = parseArgs(argv, { strings: ['service', 'user', 'password', 'product', 'app', 'watch', 'data', 'concurrency', 'offline-limit'], booleans: ['quiet', 'password-stdin'] });
    flags = parsed.flags;
    files = parsed.positionals;
    for (const f of ['service', 'user', 'product', 'app']) if (typeof flags[f] !== 'string' || !flags[f]) throw new UsageError(`--${f} is required`);
    if (!/^https?:\/\//.test(String(flags.service))) throw new UsageError(`--service must be an http(s) URL (got ${String(flags.service)})`);
    if (!Product.safeParse(flags.product).success) throw new UsageError(`--product must be one of ${Product.options.join(', ')} (got ${String(flags.product)})`);
    if (flags.concurrency !== undefined && !/^[1-8]$/.test(String(flags.concurrency))) throw new UsageError('--concurrency must be 1..8');
    offlineLimitS = parseOfflineLimit(flags['offline-limit']);
    // Last, so a usage mistake is told before anyone is asked for a password.
    password = await passwordFrom(flags, 'intake');
  } catch (err) {
    if (err instanceof UsageError) return exitFor('intake', err, USAGE);
    throw err;
  }
  const app = String(flags.app);
  const quiet = flags.quiet === true;
  // Its own queue, in the intake/ subfolder of the one default data folder unless --data says where.
  const dataDir = path.resolve(typeof flags.data === 'string' ? flags.data : path.join(defaultDataFolder(), 'intake'));
  const say = (line: string) => { if (!quiet) console.log(line); };

  const core = await createCore({
    dataDir,
    engine: false,
    settings: memoryStore(),
    secrets: new MemorySecretStore(),
    concurrency: flags.concurrency ? Number(flags.concurrency) : undefined,
  });
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= core.close());
  try {
    await core.saveConnection({ id: CONNECTION_ID, name: 'intake', url: String(flags.service), username: String(flags.user), password, product: flags.product as Product, makeDefault: true });
    const existing = core.listApps().find((a) => a.appnumber === app);
    if (!existing) core.createApp(app, { connectionId: CONNECTION_ID });
    else if (existing.connectionId !== CONNECTION_ID) core.setAppConnection(app, CONNECTION_ID);

    const lastPct = new Map<number, number>();
    core.on('jobs:changed', (j) => {
      if (j.status === 'uploading') return;
      say(`${j.fileName}: ${j.status}${j.detail && j.detail !== j.status ? ` (${j.detail})` : ''}${j.status === 'failed' && j.lastError ? `: ${j.lastError}` : ''}`);
    });
    core.on('jobs:progress', (p) => {
      const pct = p.size ? Math.floor((p.bytesSent / p.size) * 100) : 100;
      const step = Math.floor(pct / 25) * 25;
      if (step === (lastPct.get(p.id) ?? -1)) return;
      lastPct.set(p.id, step);
      say(`job ${p.id}: uploading ${step}% of ${p.size} bytes`);
    });
    core.on('network:changed', (n) => say(`service: ${n.detail}${n.online ? '' : ` (${n.waiting} waiting)`}`));

    let notAdded = false;
    const pendingBefore = core.listJobs(app).filter((j) => ['queued', 'uploading', 'converting'].includes(j.status)).length;
    if (pendingBefore) say(`resuming ${pendingBefore} unfinished job(s) from ${dataDir}`);
    if (files.length) {
      try {
        const jobs = await core.addPaths(app, files);
        const dups = jobs.filter((j) => j.duplicate).length;
        say(`queued ${jobs.length - dups} file(s) for ${app}${dups ? `, ${dups} already known` : ''}`);
      } catch (err) {
        console.error(`ledgerdrop intake: ${(err as Error).message}`);
        notAdded = true;
        if (!core.listJobs(app).length) { await close(); return 1; }
      }
    }

    if (flags.watch) {
      await core.addWatchFolder({ path: String(flags.watch), mode: 'application', appnumber: app });
      say(`watching ${path.resolve(String(flags.watch))} for ${app} (Ctrl-C to stop)`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
      await close();
      return 0;
    }

    const gaveUp = await idleOrUnreachable(core, offlineLimitS * 1000);
    if (gaveUp) {
      const waiting = core.listJobs(app).filter((j) => ['queued', 'uploading', 'converting'].includes(j.status)).length;
      console.error(`ledgerdrop intake: the service at ${String(flags.service)} could not be reached for ${offlineLimitS} s (${gaveUp}); ${waiting} file(s) stay queued in ${dataDir}: check --service and that the service is running, then run the same command again (--offline-limit 0 waits as long as it takes)`);
      await close();
      return EXIT.SERVICE_UNREACHABLE;
    }
    const jobs = core.listJobs(app);
    const detail = core.getApp(app);
    const errors = filesInError(jobs, detail.fileStatus);
    const done = jobs.filter((j) => j.status === 'done' && !errors.has(j.id)).length;
    const cancelled = jobs.filter((j) => j.status === 'cancelled').length;
    say(`${app}: ${done} converted, ${errors.size} failed, ${cancelled} cancelled; ${detail.app.totalstatements} statement(s), ${detail.app.totalstatements_reconciled} reconciled; results in ${dataDir}`);
    const stale = core.resultsRefreshError(app);
    if (stale) console.error(`ledgerdrop intake: results of ${app} could not be refreshed from the service (${stale}); the figures above are the newest the service sent while uploading`);
    for (const [id, reason] of errors) console.error(`failed: ${jobs.find((j) => j.id === id)!.fileName}: ${reason}`);
    await close();
    return errors.size || notAdded ? 1 : 0;
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * The desktop core, Electron-free: `createCore(opts)` opens the data folder (SQLite queue and
 * results, inbox, settings, secrets), starts the embedded engine (unless told not to), the
 * scheduler and the watched folders, and returns the object both the Electron shell and the
 * browser bridge drive through src/shell/electron/ipc.
 */
import { exportScorecardXlsx } from './scorecard-export.js';
import { fileStateCounts, fileStates, originalFile, removeJob, viewableCopy } from './file-actions.js';
import { randomBytes } from 'node:crypto';
import { access, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type {
  AppDetail, AppSummary, ConnectionView, CoreInfo, EventChannel, EventPayload, JobView, NetworkState, WatchFolderView,
} from '../contract/ipc.js';
import { ApiClient, NetworkError, ServiceError } from './api-client.js';
import { DEFAULT_POLL, DEFAULT_PROBE, DEFAULT_RETRY, DEFAULT_WAIT, parseRetryAfter, retryDelay, type BackoffPolicy } from './backoff.js';
import { sleep, systemClock, type Clock } from './clock.js';
import { Connections, LOCAL_ID, type EmbeddedEndpoint, type SaveConnection } from './connections.js';
import { lockDataFolder } from './data-lock.js';
import { chooseDataFolder, chosenDataFolder, type DataFolderChoice } from './data-folder.js';
import { openDb, type Db } from './db.js';
import { EngineSupervisor, nodeEngineLauncher, type EngineLauncher } from './engine-supervisor.js';
import { runJob } from './job-runner.js';
import { NetworkMonitor, ProbeFailure } from './network.js';
import { JobQueue, TERMINAL, toJobView, type JobRow } from './queue.js';
import { ResultsStore, type AppRow } from './results-store.js';
import { appResultsFrom } from './service-results.js';
import { Scheduler } from './scheduler.js';
import { FileSecretStore, type SecretStore } from './secrets.js';
import { confStore, readUserSettings, writeUserSettings, type KeyValueStore } from './settings.js';
import { cleanFileName, stageBytes, stagePath, StagingError, type StagedFile } from './staging.js';
import { uploadFields } from './upload-fields.js';
import { WatchFolders } from './watch-folders.js';
import { expandZip, type ZipLimits } from './zip-intake.js';
import type { Scorecard } from '../contract/api/scorecard.js';
import type { UserSettings } from '../contract/settings.js';
import type { AccountTransactions } from '../contract/api/transactions.js';

export interface CoreOptions {
  dataDir: string;
  /** electron-store in the shell; default: `conf` in the data folder. */
  settings?: KeyValueStore;
  /** safeStorage-backed in the shell; default: a 0600 file in the data folder (plain). */
  secrets?: SecretStore;
  /** The embedded local engine: false = none (CLI, remote only); default: a Node child process. */
  engine?: false | { launcher?: EngineLauncher; config?: Record<string, unknown> };
  clock?: Clock;
  random?: () => number;
  /** Overrides the user setting. */
  concurrency?: number;
  maxAttempts?: number;
  retry?: BackoffPolicy;
  /** Backoff of files waiting for an unavailable service (no attempts spent). */
  wait?: BackoffPolicy;
  poll?: BackoffPolicy;
  probe?: BackoffPolicy;
  /** Tries of an application's /getresults refresh before it is reported as not refreshed (default 5). */
  refreshAttempts?: number;
  leaseMs?: number;
  requestTimeoutMs?: number;
  zipLimits?: ZipLimits;
  /** Native file picker (Electron dialog); absent in the browser and the CLI. */
  pickFiles?: () => Promise<string[]>;
  /** Shows a file in the OS file manager (Electron shell.showItemInFolder); absent in the browser and the CLI. */
  revealPath?: (file: string) => void | Promise<void>;
  /** Opens a file with the system's viewer (the shell's shell.openPath); enables jobs:openOriginal. */
  openPath?: (file: string) => Promise<void>;
  /** Native folder picker (Electron dialog); resolves with null when cancelled. */
  pickFolder?: () => Promise<string | null>;
  /** Where the data folder chosen for the next start is kept (./data-folder.ts); default: `settings`. */
  locationStore?: KeyValueStore;
  /** Watched folders' awaitWriteFinish stability time. */
  watchStabilityMs?: number;
  version?: string;
}

type Listener = (payload: never) => void;

export interface Core {
  readonly dataDir: string;
  info(): CoreInfo;
  listApps(search?: string): AppSummary[];
  createApp(appnumber: string, opts?: { owner?: string; connectionId?: string }): AppSummary;
  getApp(appnumber: string): AppDetail;
  setAppConnection(appnumber: string, connectionId: string): AppSummary;
  addPaths(appnumber: string, paths: string[]): Promise<JobView[]>;
  addBytes(appnumber: string, files: { name: string; bytes: Buffer }[]): Promise<JobView[]>;
  pickFiles(appnumber: string): Promise<JobView[]>;
  /** Shows a finished export (a file under <data>/exports) in the file manager. */
  revealExport(file: string): Promise<void>;
  /** Validates and saves the data folder for the next start (nothing is moved). */
  chooseDataFolder(folder: string): Promise<DataFolderChoice>;
  /** Native folder picker: the chosen path, or null. */
  pickFolder(): Promise<string | null>;
  listJobs(appnumber?: string): JobView[];
  retryJob(id: number): JobView;
  cancelJob(id: number): JobView;
  retryAllFailed(appnumber?: string): number;
  /** Removes a file and its statements (on the service too); see file-actions.ts. */
  removeJob(id: number): Promise<{ removed: true; deletedStatements: number }>;
  /** The stored original of a file, base64. */
  originalFile(id: number): Promise<{ fileName: string; mime: string; base64: string }>;
  /** The stored scorecard as .xlsx in <data>/exports. */
  scorecardXlsx(appnumber: string): Promise<{ path: string; fileName: string }>;
  /** Opens the stored original with the system's viewer (desktop only). */
  openOriginal(id: number): Promise<void>;
  scorecard(appnumber: string): Scorecard | null;
  transactions(appnumber: string): AccountTransactions[] | null;
  refreshResults(appnumber: string): Promise<AppDetail>;
  /**
   * Why the application's results could not be refreshed from the service the last time it was
   * tried (after retries), or null when the last refresh succeeded or none was needed.
   */
  resultsRefreshError(appnumber: string): string | null;
  networkStatus(): NetworkState;
  probeNow(): Promise<NetworkState>;
  listConnections(): Promise<ConnectionView[]>;
  saveConnection(req: SaveConnection): Promise<ConnectionView>;
  removeConnection(id: string): Promise<boolean>;
  setDefaultConnection(id: string): Promise<ConnectionView[]>;
  testConnection(id: string): Promise<{ ok: boolean; error: string | null }>;
  listWatchFolders(): WatchFolderView[];
  addWatchFolder(req: { path: string; mode: 'per-application' | 'application'; appnumber?: string }): Promise<WatchFolderView>;
  removeWatchFolder(id: string): Promise<boolean>;
  getSettings(): UserSettings;
  setSettings(patch: Record<string, unknown>): UserSettings;
  on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Resolves when no job is queued, uploading or converting. */
  whenIdle(): Promise<void>;
  /** The embedded engine's supervisor (null without one). */
  readonly engine: EngineSupervisor | null;
  /** For tests and tools. */
  readonly db: Db;
  close(): Promise<void>;
}

const PROGRESS_EVERY_MS = 200;

/**
 * What the engine needs to tell a staged file's format: the first 4 KB, or the whole file when
 * it opens like JSON (its kind is in its structure). Staged files are already within the upload
 * size limit.
 */
async function readHead(file: string): Promise<Uint8Array> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead);
    if (!/^\s*[{[]/.test(head.toString('utf8'))) return head;
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}
const APP_REFRESH_EVERY_MS = 30_000;

export async function createCore(opts: CoreOptions): Promise<Core> {
  const dataDir = path.resolve(opts.dataDir);
  const inbox = path.join(dataDir, 'inbox');
  await mkdir(inbox, { recursive: true });
  const unlock = lockDataFolder(dataDir);
  const clock = opts.clock ?? systemClock;
  let db: Db;
  try {
    db = openDb(path.join(dataDir, 'core.sqlite'));
  } catch (err) {
    unlock();
    throw err;
  }
  const store = opts.settings ?? confStore(dataDir);
  const secrets = opts.secrets ?? new FileSecretStore(path.join(dataDir, 'secrets.json'));
  const queue = new JobQueue(db, clock, { leaseMs: opts.leaseMs });
  const results = new ResultsStore(db);
  const listeners = new Map<EventChannel, Set<Listener>>();
  const emit = <E extends EventChannel>(channel: E, payload: EventPayload<E>) => {
    for (const l of listeners.get(channel) ?? []) {
      try { (l as (p: EventPayload<E>) => void)(payload); } catch (err) { console.error(`ledgerdrop: ${channel} listener: ${(err as Error).message}`); }
    }
  };

  // --- embedded engine -------------------------------------------------------------------
  let engine: EngineSupervisor | null = null;
  let endpoint: EmbeddedEndpoint | null = null;
  if (opts.engine !== false) {
    let password = await secrets.get('engine:password');
    if (!password) {
      password = randomBytes(24).toString('base64url');
      await secrets.set('engine:password', password);
    }
    const creds = { username: 'local', password, product: 'pdfinsightstp' as const };
    engine = new EngineSupervisor({
      launcher: opts.engine?.launcher ?? nodeEngineLauncher,
      clock,
      env: {
        LEDGERDROP_ENGINE_DATA: path.join(dataDir, 'engine'),
        LEDGERDROP_ENGINE_USER: creds.username,
        LEDGERDROP_ENGINE_PASSWORD: creds.password,
        LEDGERDROP_ENGINE_PRODUCT: creds.product,
        ...(opts.engine?.config ? { LEDGERDROP_ENGINE_CONFIG: JSON.stringify(opts.engine.config) } : {}),
      },
      onReady: (url) => {
        endpoint = { url, ...creds };
        clients.get(LOCAL_ID)?.forgetToken();
        network.reportReachable(LOCAL_ID);
        emitNetwork();
        scheduler.pump();
      },
      onDown: (reason) => {
        endpoint = null;
        network.reportUnreachable(LOCAL_ID, reason);
      },
    });
  }

  const connections = new Connections(store, secrets, engine ? () => endpoint : null);
  const clients = new Map<string, ApiClient>();
  const clientFor = (id: string): ApiClient => {
    let c = clients.get(id);
    if (!c) {
      c = new ApiClient({ credentials: () => connections.credentials(id), timeoutMs: opts.requestTimeoutMs });
      clients.set(id, c);
    }
    return c;
  };

  // --- network -----------------------------------------------------------------------------
  const network = new NetworkMonitor({
    clock,
    policy: opts.probe ?? DEFAULT_PROBE,
    random: opts.random,
    probe: async (id) => {
      try {
        await clientFor(id).authenticate();
      } catch (err) {
        // The service itself answered (even a refusal); a gateway's page or an overload answer does not count.
        if (err instanceof ServiceError && !err.unavailable) return;
        if (err instanceof ServiceError) throw new ProbeFailure(`waiting for service: ${err.unavailable}`, parseRetryAfter(err.retryAfter, clock.now()));
        if (err instanceof NetworkError) throw new ProbeFailure(`waiting for network: ${err.reason}`);
        throw err;
      }
    },
    onChange: (id, h) => {
      if (!h.online) queue.setWaitingDetail(h.detail, id);
      else {
        // Files that were waiting for the service go now, not at the end of their own backoff.
        queue.releaseWaiting(id);
        scheduler.pump();
        for (const a of [...dirtyApps]) if (results.getApp(a)?.connection_id === id) refreshAppResults(a, true);
      }
      emitNetwork();
    },
  });

  const networkStatus = (): NetworkState => {
    const id = connections.defaultId();
    const h = network.get(id);
    const offline = connections.all().map((c) => c.id).filter((c) => !network.isOnline(c));
    const waiting = offline.length
      ? (db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE status IN ('queued','converting') AND connection_id IN (${offline.map(() => '?').join(',')})`).get(...offline) as { n: number }).n
      : 0;
    const starting = id === LOCAL_ID && engine && engine.state !== 'running';
    return {
      online: h.online && !starting,
      waiting,
      service: connections.has(id) ? connections.get(id).url : '',
      detail: starting ? (engine!.restarts ? 'restarting local engine' : 'starting local engine') : h.detail,
      nextProbeAt: h.nextProbeAt != null && !h.online ? new Date(h.nextProbeAt).toISOString() : null,
    };
  };
  const emitNetwork = () => emit('network:changed', networkStatus());

  // --- scheduler ---------------------------------------------------------------------------
  const lastProgress = new Map<number, number>();
  const jobChanged = (row: JobRow) => {
    const view = toJobView(row);
    emit('jobs:changed', view);
    if (row.status === 'done' || row.status === 'failed') emit('jobs:finished', view);
  };
  let idleWaiters: (() => void)[] = [];
  let closed = false;
  const checkIdle = () => {
    if (closed) return;
    if (queue.pendingCount() === 0 && scheduler.active === 0 && refreshing.size === 0) for (const w of idleWaiters.splice(0)) w();
  };

  // --- application results (scorecard, transactions, summaries) ------------------------------
  // They cover the whole application, so they are fetched once when its queue drains (and at
  // most every APP_REFRESH_EVERY_MS while files keep coming), not with every file.
  const refreshing = new Map<string, Promise<void>>();
  const dirtyApps = new Set<string>();
  const lastAppRefresh = new Map<string, number>();
  const pendingFor = (appnumber: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE appnumber = ? AND status IN ('queued','uploading','converting')`).get(appnumber) as { n: number }).n;
  const refreshErrors = new Map<string, string>();
  const closing = new AbortController();
  const refreshTries = Math.max(1, opts.refreshAttempts ?? 5);
  /** One /getresults of the application, tried with backoff (Retry-After honoured); throws the last error. */
  const fetchAppResults = async (app: AppRow): Promise<void> => {
    for (let n = 1; ; n++) {
      let body: unknown;
      try {
        body = ApiClient.expect(await clientFor(app.connection_id).getResults(app.appid!, closing.signal), [200]).body;
      } catch (err) {
        const lasting = err instanceof ServiceError && !err.unavailable && err.status < 500 && err.status !== 408 && err.status !== 429;
        if (closed || lasting || n >= refreshTries) throw err;
        const ra = err instanceof ServiceError ? parseRetryAfter(err.retryAfter, clock.now()) : null;
        await sleep(clock, retryDelay(opts.retry ?? DEFAULT_RETRY, n, ra, opts.random), closing.signal);
        continue;
      }
      if (closed) return;
      // /getresults is the service's state now: newer than (or as new as) anything stored. A body
      // that does not match the contract is refused at once (asking again would not change it).
      results.saveAppResults(app.appnumber, appResultsFrom(body));
      return;
    }
  };
  const refreshAppResults = (appnumber: string, force = false): void => {
    if (closed) return;
    dirtyApps.add(appnumber);
    if (refreshing.has(appnumber)) return;
    const app = results.getApp(appnumber);
    if (app?.appid == null) return;
    const busy = pendingFor(appnumber) > 0;
    if (!force && busy && clock.now() - (lastAppRefresh.get(appnumber) ?? 0) < APP_REFRESH_EVERY_MS) return;
    dirtyApps.delete(appnumber);
    const run = fetchAppResults(app).then(() => {
      if (closed) return;
      refreshErrors.delete(appnumber);
      emit('results:changed', { appnumber });
    });
    refreshing.set(appnumber, run.then(() => undefined, (err) => {
      dirtyApps.add(appnumber);
      if (closed) return 'failed';
      const why = err instanceof ServiceError ? (err.unavailable ?? err.message) : err instanceof NetworkError ? err.reason : (err as Error).message;
      refreshErrors.set(appnumber, why);
      console.warn(`ledgerdrop: results of ${appnumber} not refreshed after ${refreshTries} tries: ${why}`);
      return 'failed';
    }).then((outcome) => {
      refreshing.delete(appnumber);
      if (closed) return;
      lastAppRefresh.set(appnumber, clock.now());
      if (outcome !== 'failed' && dirtyApps.has(appnumber) && pendingFor(appnumber) === 0) refreshAppResults(appnumber, true);
      checkIdle();
    }));
  };
  const userSettings = () => readUserSettings(store);
  const scheduler: Scheduler = new Scheduler({
    queue,
    clock,
    get concurrency() { return opts.concurrency ?? userSettings().concurrency; },
    get maxAttempts() { return opts.maxAttempts ?? userSettings().maxAttempts; },
    retry: opts.retry ?? DEFAULT_RETRY,
    wait: opts.wait ?? opts.retry ?? DEFAULT_WAIT,
    poll: opts.poll ?? DEFAULT_POLL,
    random: opts.random,
    claimableConnections: () => connections.all().map((c) => c.id).filter((id) => network.isOnline(id) && (id !== LOCAL_ID || endpoint != null)),
    run: async (job, signal) => runJob(job, {
      client: clientFor(job.connection_id),
      signal,
      fields: job.status === 'uploading' ? uploadFields(job.file_name, await readHead(job.blob_path), { ...userSettings().conversionDefaults, finduntrue: userSettings().finduntrue }) : undefined,
      owner: results.getApp(job.appnumber)?.owner || undefined,
      onProgress: (bytes) => {
        const now = clock.now();
        if (now - (lastProgress.get(job.id) ?? 0) < PROGRESS_EVERY_MS && bytes < job.size) return;
        lastProgress.set(job.id, now);
        queue.setProgress(job.id, Math.min(bytes, job.size));
        emit('jobs:progress', { id: job.id, appnumber: job.appnumber, bytesSent: Math.min(bytes, job.size), size: job.size });
      },
    }),
    onFinished: (job, r) => {
      results.saveJobResults(job.id, job.appnumber, r.results, r.fileStatus, { replayed: r.replayed });
      lastProgress.delete(job.id);
      emit('results:changed', { appnumber: job.appnumber });
    },
    afterFinished: (job) => refreshAppResults(job.appnumber),
    onOffline: (job, r, retryAfterMs) => network.reportUnreachable(job.connection_id, r.error, { reason: r.reason, kind: r.kind === 'wait' ? 'service' : 'network', retryAfterMs }),
    onReachable: (job) => network.reportAnswered(job.connection_id),
    onJobChanged: (row) => { jobChanged(row); if (TERMINAL.has(row.status)) checkIdle(); },
    onIdle: checkIdle,
  });

  // --- intake ------------------------------------------------------------------------------
  const ensureApp = (appnumber: string): AppRow => results.getApp(appnumber) ?? results.ensureApp(appnumber, connections.defaultId());

  const enqueueStaged = (appnumber: string, name: string, f: StagedFile): JobView => {
    const app = ensureApp(appnumber);
    const { row, created } = queue.enqueue({ appnumber, connectionId: app.connection_id, fileName: cleanFileName(name), sha256: f.sha256, size: f.size, blobPath: f.blobPath });
    if (created) emit('jobs:changed', toJobView(row));
    return toJobView(row, !created);
  };

  const addPaths = async (appnumber: string, paths: string[]): Promise<JobView[]> => {
    ensureApp(appnumber);
    const out: JobView[] = [];
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < paths.length) {
        const p = paths[next++]!;
        try {
          if (p.toLowerCase().endsWith('.zip')) {
            const { staged, skipped } = await expandZip(p, inbox, opts.zipLimits);
            for (const s of staged) out.push(enqueueStaged(appnumber, s.name, s));
            for (const s of skipped) problems.push(`${path.basename(p)}:${s.name}: ${s.reason}`);
          } else {
            out.push(enqueueStaged(appnumber, path.basename(p), await stagePath(p, inbox)));
          }
        } catch (err) {
          problems.push(err instanceof StagingError ? err.message : `${path.basename(p)}: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, paths.length) }, worker));
    scheduler.pump();
    // Files that could not be added are reported (the rest are queued and announced by
    // jobs:changed), so a drop never loses a file silently.
    if (problems.length) throw new Error(`${out.length ? `queued ${out.length} file(s); ` : ''}could not add: ${problems.join('; ')}`);
    return out.sort((a, b) => a.id - b.id);
  };

  const addBytes = async (appnumber: string, files: { name: string; bytes: Buffer }[]): Promise<JobView[]> => {
    ensureApp(appnumber);
    const out: JobView[] = [];
    for (const f of files) out.push(enqueueStaged(appnumber, f.name, await stageBytes(f.bytes, inbox)));
    scheduler.pump();
    return out;
  };

  const watchFolders = new WatchFolders({
    store,
    stabilityMs: opts.watchStabilityMs,
    onFile: async (appnumber, file) => { await addPaths(appnumber, [file]); },
    onChange: (view) => emit('watch:changed', view),
  });

  // --- views -------------------------------------------------------------------------------
  const summary = (app: AppRow): AppSummary => {
    const stored = results.appResults(app.appnumber);
    const counts = Object.fromEntries((db.prepare('SELECT status, COUNT(*) AS n FROM jobs WHERE appnumber = ? GROUP BY status').all(app.appnumber) as { status: string; n: number }[]).map((r) => [r.status, r.n]));
    const last = db.prepare('SELECT MAX(updated_at) AS t FROM jobs WHERE appnumber = ?').get(app.appnumber) as { t: string | null };
    const info = stored?.appinfo;
    return {
      appnumber: app.appnumber,
      appid: app.appid,
      owner: app.owner || (info?.owner ?? ''),
      connectionId: app.connection_id,
      totalstatements: info?.totalstatements ?? 0,
      totalstatements_reconciled: info?.totalstatements_reconciled ?? 0,
      jobCounts: counts,
      fileStates: fileStateCounts(db, app.appnumber),
      lastActivity: [last.t, stored?.updatedAt].filter(Boolean).sort().pop() ?? null,
    };
  };
  const requireApp = (appnumber: string): AppRow => {
    const app = results.getApp(appnumber);
    if (!app) throw new Error(`no application "${appnumber}"`);
    return app;
  };
  const detail = (appnumber: string): AppDetail => {
    const app = requireApp(appnumber);
    const stored = results.appResults(appnumber);
    return {
      app: summary(app),
      statements: stored?.statementSummaries ?? [],
      fileStatus: results.fileStatus(appnumber) as AppDetail['fileStatus'],
      fileStates: Object.fromEntries(fileStates(db, appnumber)),
      jobs: queue.list(appnumber).map((r) => toJobView(r)),
      resultsUpdatedAt: stored?.updatedAt ?? null,
    };
  };

  /** Done jobs whose every stored file_status item carries an error: the service could not read the file. */
  const unreadableJobs = (appnumber?: string): Set<number> => {
    const rows = db.prepare(`SELECT f.job_id AS id, f.item FROM file_results f JOIN jobs j ON j.id = f.job_id WHERE j.status = 'done'${appnumber ? ' AND j.appnumber = ?' : ''}`)
      .all(...(appnumber ? [appnumber] : [])) as { id: number; item: string }[];
    const state = new Map<number, boolean>();
    for (const r of rows) {
      const item = JSON.parse(r.item) as { error?: unknown; numTransactions?: unknown };
      const failed = (typeof item.error === 'string' && item.error !== '') || (typeof item.numTransactions === 'number' && item.numTransactions < 0);
      state.set(r.id, (state.get(r.id) ?? true) && failed);
    }
    return new Set([...state].filter(([, f]) => f).map(([id]) => id));
  };

  // --- start -------------------------------------------------------------------------------
  const recovered = queue.recoverAbandoned();
  if (recovered) console.warn(`ledgerdrop: ${recovered} job(s) left in flight by an earlier run will resume`);
  engine?.start();
  scheduler.start();
  await watchFolders.startAll();

  const core: Core = {
    dataDir,
    engine,
    db,
    info: () => ({
      version: opts.version ?? '0.1.0',
      dataDir,
      secretProtection: secrets.protection,
      secretWarning: secrets.protection !== 'keychain',
      canPickFiles: !!opts.pickFiles,
      canReveal: !!opts.revealPath,
      canOpenOriginals: !!opts.openPath,
      canPickFolder: !!opts.pickFolder,
      dataDirNext: ((n) => (n && n !== dataDir ? n : null))(chosenDataFolder(opts.locationStore ?? store)),
    }),
    listApps: (search) => results.listApps(search).map(summary),
    createApp: (appnumber, o = {}) => {
      if (o.connectionId) connections.get(o.connectionId);
      const app = results.ensureApp(appnumber, o.connectionId ?? connections.defaultId(), o.owner ?? '');
      return summary(app);
    },
    getApp: detail,
    setAppConnection: (appnumber, connectionId) => {
      requireApp(appnumber);
      connections.get(connectionId);
      results.setConnection(appnumber, connectionId);
      scheduler.pump();
      return summary(requireApp(appnumber));
    },
    addPaths,
    addBytes,
    pickFiles: async (appnumber) => {
      if (!opts.pickFiles) throw new Error('no file picker here: drop files instead');
      const paths = await opts.pickFiles();
      return paths.length ? addPaths(appnumber, paths) : [];
    },
    revealExport: async (file) => {
      if (!opts.revealPath) throw new Error('no file manager here: download the export instead');
      const exportsDir = path.join(dataDir, 'exports');
      const target = path.resolve(file);
      if (path.dirname(target) !== exportsDir) throw new Error(`${file} is not an export of this data folder`);
      await access(target).catch(() => { throw new Error(`${path.basename(target)} no longer exists in ${exportsDir}`); });
      await opts.revealPath(target);
    },
    chooseDataFolder: (folder) => chooseDataFolder(opts.locationStore ?? store, folder, dataDir),
    pickFolder: async () => {
      if (!opts.pickFolder) throw new Error('no folder picker here: type the folder’s full path');
      return opts.pickFolder();
    },
    listJobs: (appnumber) => queue.list(appnumber).map((r) => toJobView(r)),
    retryJob: (id) => {
      const row = unreadableJobs().has(id) ? queue.requeue(id) : queue.retry(id);
      jobChanged(row);
      scheduler.pump();
      return toJobView(row);
    },
    cancelJob: (id) => {
      const row = queue.cancel(id);
      // Converting on the service: stop it there too (best effort; a finished one answers 409).
      if (row.resfile && row.appid != null) void clientFor(row.connection_id).cancelConversion(row.appid, row.resfile).catch(() => undefined);
      scheduler.abort(id);
      jobChanged(row);
      checkIdle();
      return toJobView(row);
    },
    retryAllFailed: (appnumber) => {
      const ids = queue.list(appnumber).filter((r) => r.status === 'failed').map((r) => r.id);
      for (const id of ids) jobChanged(queue.retry(id));
      // Files the service answered but could not read count as failed too (the window shows them so).
      const unreadable = [...unreadableJobs(appnumber)];
      for (const id of unreadable) jobChanged(queue.requeue(id));
      ids.push(...unreadable);
      scheduler.pump();
      return ids.length;
    },
    removeJob: async (id) => {
      const job = queue.get(id);
      if (!job) throw new Error(`no file with id ${id}`);
      const app = requireApp(job.appnumber);
      const out = await removeJob(db, job, () => clientFor(app.connection_id), app.appid ?? job.appid);
      // The scorecard and summaries change when statements leave the application.
      if (out.deletedStatements) await core.refreshResults(job.appnumber).catch((err: Error) => console.warn(`ledgerdrop: refresh after removing a file: ${err.message}`));
      else emit('results:changed', { appnumber: job.appnumber });
      return { removed: true as const, ...out };
    },
    scorecardXlsx: async (appnumber) => {
      const app = requireApp(appnumber);
      return exportScorecardXlsx(dataDir, { appnumber, appid: app.appid, owner: summary(app).owner }, results.appResults(appnumber)?.scorecard ?? null);
    },
    openOriginal: async (id) => {
      if (!opts.openPath) throw new Error('no system viewer here: the window opens the original itself');
      const job = queue.get(id);
      if (!job) throw new Error(`no file with id ${id}`);
      await opts.openPath(await viewableCopy(job, path.join(dataDir, 'originals')));
    },
    originalFile: async (id) => {
      const job = queue.get(id);
      if (!job) throw new Error(`no file with id ${id}`);
      return originalFile(job);
    },
    scorecard: (appnumber) => { requireApp(appnumber); return results.appResults(appnumber)?.scorecard ?? null; },
    transactions: (appnumber) => { requireApp(appnumber); return results.appResults(appnumber)?.transactions ?? null; },
    refreshResults: async (appnumber) => {
      const app = requireApp(appnumber);
      if (app.appid == null) throw new Error(`application "${appnumber}" has no results on the service yet`);
      const client = clientFor(app.connection_id);
      try {
        const [res, sc, tx] = await Promise.all([client.getResults(app.appid), client.scorecard(app.appid), client.transactions(app.appid)]);
        results.saveAppResults(appnumber, appResultsFrom(ApiClient.expect(res, [200]).body, ApiClient.expect(sc, [200]).body, ApiClient.expect(tx, [200]).body));
        refreshErrors.delete(appnumber);
      } catch (err) {
        if (err instanceof NetworkError) throw new Error(`cannot refresh while the service is unreachable (${err.reason}); showing stored results`);
        if (err instanceof ServiceError && err.unavailable) throw new Error(`cannot refresh while the service is unavailable (${err.unavailable}); showing stored results`);
        throw err;
      }
      emit('results:changed', { appnumber });
      return detail(appnumber);
    },
    resultsRefreshError: (appnumber) => { requireApp(appnumber); return refreshErrors.get(appnumber) ?? null; },
    networkStatus,
    probeNow: async () => {
      await Promise.all(connections.all().map((c) => network.probeNow(c.id)));
      return networkStatus();
    },
    listConnections: () => connections.views(),
    saveConnection: async (req) => {
      const c = await connections.save(req);
      clients.get(c.id)?.forgetToken();
      network.reportReachable(c.id);
      scheduler.pump();
      return (await connections.views()).find((v) => v.id === c.id)!;
    },
    removeConnection: async (id) => {
      const inUse = (db.prepare('SELECT COUNT(*) AS n FROM apps WHERE connection_id = ?').get(id) as { n: number }).n;
      if (inUse) throw new Error(`connection "${id}" is used by ${inUse} application(s); move them to another connection first`);
      clients.delete(id);
      return connections.remove(id);
    },
    setDefaultConnection: async (id) => { connections.setDefault(id); emitNetwork(); return connections.views(); },
    testConnection: async (id) => {
      connections.get(id);
      try {
        await clientFor(id).authenticate();
        return { ok: true, error: null };
      } catch (err) {
        return { ok: false, error: (err as Error).message };
      }
    },
    listWatchFolders: () => watchFolders.views(),
    addWatchFolder: (req) => watchFolders.add(req),
    removeWatchFolder: (id) => watchFolders.remove(id),
    getSettings: () => readUserSettings(store),
    setSettings: (patch) => { const s = writeUserSettings(store, patch); scheduler.pump(); return s; },
    on: (channel, listener) => {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener as Listener);
      return () => void set!.delete(listener as Listener);
    },
    whenIdle: () => new Promise<void>((resolve) => { idleWaiters.push(resolve); checkIdle(); }),
    close: async () => {
      if (closed) return;
      closed = true;
      closing.abort(new Error('core closing'));
      idleWaiters = [];
      await watchFolders.close();
      network.stop();
      await scheduler.stop();
      await Promise.allSettled([...refreshing.values()]);
      await engine?.stop();
      db.close();
      unlock();
    },
  };
  return core;
}

/** Reads a file the user dropped in the browser bridge (base64) into bytes, with a clear error. */
export function decodeBase64File(name: string, base64: string): Buffer {
  if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(base64)) throw new Error(`${name}: not valid base64`);
  return Buffer.from(base64, 'base64');
}

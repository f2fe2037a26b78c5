/**
 * The desktop core, Electron-free: `createCore(opts)` opens the data folder (SQLite queue and
 * results, inbox, settings, secrets), starts the embedded engine (unless told not to), the
 * scheduler and the watched folders, and returns the object both the Electron shell and the
 * browser bridge drive through ./ipc-handlers.ts. The parts live in their own units: the store
 * (./store: every SQL statement), intake, results refresh, views, job actions, the local engine.
 */
import { access, mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import type { NetworkState } from '../contract/ipc.js';
import { ApiClient, NetworkError, ServiceError } from './api-client.js';
import { AppViews } from './app-views.js';
import { DEFAULT_POLL, DEFAULT_PROBE, DEFAULT_RETRY, DEFAULT_WAIT, parseRetryAfter } from './backoff.js';
import { systemClock } from './clock.js';
import { Connections, LOCAL_ID } from './connections.js';
import type { Core, CoreOptions } from './core-api.js';
import { createCoreEvents } from './core-events.js';
import { lockDataFolder } from './data-lock.js';
import { chooseDataFolder, chosenDataFolder } from './data-folder.js';
import { Intake, readHead } from './intake.js';
import { jobActions } from './job-actions.js';
import { runJob } from './job-runner.js';
import { createLocalEngine, type LocalEngine } from './local-engine.js';
import { NetworkMonitor, ProbeFailure } from './network.js';
import { ResultsRefresh } from './results-refresh.js';
import { exportScorecardXlsx } from './scorecard-export.js';
import { Scheduler } from './scheduler.js';
import { FileSecretStore } from './secrets.js';
import { appResultsFrom } from './service-results.js';
import { confStore, readUserSettings, writeUserSettings } from './settings.js';
import { appsUsingConnection, jobsWaitingFor } from './store/app-queries.js';
import { openDb, type Db } from './store/db.js';
import { JobQueue, TERMINAL, toJobView, type JobRow } from './store/job-queue.js';
import { ResultsStore } from './store/results.js';
import { UnderwritingStore } from './store/underwriting.js';
import { BatchWatch } from './batch-watch.js';
import { Underwriting } from './underwriting/deal.js';
import { uploadFields } from './upload-fields.js';
import { WatchFolders } from './watch-folders.js';

export type { Core, CoreOptions } from './core-api.js';
export { decodeBase64File } from './intake.js';
import { briefcaseOffers, briefcaseRespond } from './briefcase.js';

const PROGRESS_EVERY_MS = 200;

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
  const views = new AppViews(db, results, queue);
  const { emit, on } = createCoreEvents();
  const userSettings = () => readUserSettings(store);
  let closed = false;
  const who = opts.userName ?? (() => { try { return userInfo().username; } catch { return 'this computer'; } })();

  // Parts refer to each other (the engine's readiness pumps the scheduler, which reports to the
  // network monitor, which refreshes results …): each is reached through these at call time.
  let scheduler: Scheduler;
  let network: NetworkMonitor;

  const local: LocalEngine | null = opts.engine === false ? null : await createLocalEngine({
    dataDir, secrets, clock, launcher: opts.engine?.launcher, config: opts.engine?.config,
    onReady: () => {
      clients.get(LOCAL_ID)?.forgetToken();
      network.reportReachable(LOCAL_ID);
      emitNetwork();
      scheduler.pump();
    },
    onDown: (reason) => network.reportUnreachable(LOCAL_ID, reason),
  });
  const engine = local?.supervisor ?? null;

  const connections = new Connections(store, secrets, local ? () => local.endpoint() : null);
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
  network = new NetworkMonitor({
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
        refresh.connectionBack(id);
      }
      emitNetwork();
    },
  });

  const networkStatus = (): NetworkState => {
    const id = connections.defaultId();
    const h = network.get(id);
    const offline = connections.all().map((c) => c.id).filter((c) => !network.isOnline(c));
    const starting = id === LOCAL_ID && engine && engine.state !== 'running';
    return {
      online: h.online && !starting,
      waiting: jobsWaitingFor(db, offline),
      service: connections.has(id) ? connections.get(id).url : '',
      detail: starting ? (engine!.restarts ? 'restarting local engine' : 'starting local engine') : h.detail,
      nextProbeAt: h.nextProbeAt != null && !h.online ? new Date(h.nextProbeAt).toISOString() : null,
    };
  };
  const emitNetwork = () => emit('network:changed', networkStatus());

  // --- idleness, results refresh -------------------------------------------------------------
  let idleWaiters: (() => void)[] = [];
  const checkIdle = () => {
    if (closed) return;
    if (queue.pendingCount() === 0 && scheduler.active === 0 && refresh.busy === 0) for (const w of idleWaiters.splice(0)) w();
  };
  const refresh = new ResultsRefresh({
    db, results, clock, client: (id) => clientFor(id), tries: Math.max(1, opts.refreshAttempts ?? 5),
    retry: opts.retry, random: opts.random,
    onChanged: (appnumber) => emit('results:changed', { appnumber }),
    onSettled: checkIdle,
  });

  // --- scheduler ---------------------------------------------------------------------------
  const lastProgress = new Map<number, number>();
  const batches = new BatchWatch(db, (b) => emit('batch:finished', b));
  const jobChanged = (row: JobRow) => {
    const view = toJobView(row);
    emit('jobs:changed', view);
    if (row.status === 'done' || row.status === 'failed') emit('jobs:finished', view);
    batches.jobChanged(row);
  };
  scheduler = new Scheduler({
    queue,
    clock,
    get concurrency() { return opts.concurrency ?? userSettings().concurrency; },
    get maxAttempts() { return opts.maxAttempts ?? userSettings().maxAttempts; },
    retry: opts.retry ?? DEFAULT_RETRY,
    wait: opts.wait ?? opts.retry ?? DEFAULT_WAIT,
    poll: opts.poll ?? DEFAULT_POLL,
    random: opts.random,
    claimableConnections: () => connections.all().map((c) => c.id).filter((id) => network.isOnline(id) && (id !== LOCAL_ID || local?.endpoint() != null)),
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
    afterFinished: (job) => refresh.request(job.appnumber),
    onOffline: (job, r, retryAfterMs) => network.reportUnreachable(job.connection_id, r.error, { reason: r.reason, kind: r.kind === 'wait' ? 'service' : 'network', retryAfterMs }),
    onReachable: (job) => network.reportAnswered(job.connection_id),
    onJobChanged: (row) => { jobChanged(row); if (TERMINAL.has(row.status)) checkIdle(); },
    onIdle: checkIdle,
  });

  // --- intake ------------------------------------------------------------------------------
  const intake = new Intake({
    inbox, queue, zipLimits: opts.zipLimits,
    connectionOf: (appnumber) => (results.getApp(appnumber) ?? results.ensureApp(appnumber, connections.defaultId())).connection_id,
    onCreated: (view) => { emit('jobs:changed', view); batches.jobChanged(queue.get(view.id)!); },
    pump: () => scheduler.pump(),
  });
  const addPaths = (appnumber: string, paths: string[]) => intake.addPaths(appnumber, paths);
  const watchFolders = new WatchFolders({
    store,
    stabilityMs: opts.watchStabilityMs,
    onFile: async (appnumber, file) => { await addPaths(appnumber, [file]); },
    onChange: (view) => emit('watch:changed', view),
  });

  const refreshResults = async (appnumber: string) => {
    const app = views.require(appnumber);
    if (app.appid == null) throw new Error(`application "${appnumber}" has no results on the service yet`);
    const client = clientFor(app.connection_id);
    try {
      const [res, sc, tx] = await Promise.all([client.getResults(app.appid), client.scorecard(app.appid), client.transactions(app.appid)]);
      results.saveAppResults(appnumber, appResultsFrom(ApiClient.expect(res, [200]).body, ApiClient.expect(sc, [200]).body, ApiClient.expect(tx, [200]).body));
      refresh.succeeded(appnumber);
    } catch (err) {
      if (err instanceof NetworkError) throw new Error(`cannot refresh while the service is unreachable (${err.reason}); showing stored results`);
      if (err instanceof ServiceError && err.unavailable) throw new Error(`cannot refresh while the service is unavailable (${err.unavailable}); showing stored results`);
      throw err;
    }
    emit('results:changed', { appnumber });
    return views.detail(appnumber);
  };

  const underwriting = new Underwriting({
    db, store: new UnderwritingStore(db), results, who: () => who, client: clientFor,
    changed: (appnumber) => emit('results:changed', { appnumber }),
  });

  const jobs = jobActions({
    db, dataDir, queue, scheduler: () => scheduler, client: clientFor, requireApp: (a) => views.require(a), jobChanged, checkIdle, openPath: opts.openPath,
    statementsRemoved: async (appnumber, count) => {
      // The scorecard and summaries change when statements leave the application.
      if (count) await refreshResults(appnumber).catch((err: Error) => console.warn(`ledgerdrop: refresh after removing a file: ${err.message}`));
      else emit('results:changed', { appnumber });
    },
  });

  // --- start -------------------------------------------------------------------------------
  const recovered = queue.recoverAbandoned();
  if (recovered) console.warn(`ledgerdrop: ${recovered} job(s) left in flight by an earlier run will resume`);
  engine?.start();
  scheduler.start();
  await watchFolders.startAll();

  return {
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
    listApps: (q) => results.listApps(typeof q === 'string' ? { search: q } : q).map((a) => views.summary(a)),
    deleteApp: async (appnumber) => {
      const out = await underwriting.deleteApp(appnumber);
      for (const id of out.jobIds) batches.forget(id);
      return { deleted: true as const, deletedStatements: out.deletedStatements, deletedFiles: out.deletedFiles };
    },
    deal: (appnumber) => underwriting.view(appnumber),
    setDeal: (appnumber, patch) => underwriting.setDeal(appnumber, patch),
    addNote: (appnumber, body) => underwriting.addNote(appnumber, body),
    setStatementExcluded: (appnumber, statementid, excluded, reason) => underwriting.setExcluded(appnumber, statementid, excluded, reason),
    editTransaction: (appnumber, id, change) => underwriting.editTransaction(appnumber, id, change),
    createApp: (appnumber, o = {}) => {
      if (o.connectionId) connections.get(o.connectionId);
      return views.summary(results.ensureApp(appnumber, o.connectionId ?? connections.defaultId(), o.owner ?? ''));
    },
    getApp: (appnumber) => views.detail(appnumber),
    setAppConnection: (appnumber, connectionId) => {
      views.require(appnumber);
      connections.get(connectionId);
      results.setConnection(appnumber, connectionId);
      scheduler.pump();
      return views.summary(views.require(appnumber));
    },
    addPaths,
    addBytes: (appnumber, files) => intake.addBytes(appnumber, files),
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
    ...jobs,
    scorecardXlsx: async (appnumber) => {
      const app = views.require(appnumber);
      return exportScorecardXlsx(dataDir, { appnumber, appid: app.appid, owner: views.summary(app).owner }, underwriting.scorecard(appnumber));
    },
    scorecard: (appnumber) => underwriting.scorecard(appnumber),
    transactions: (appnumber) => underwriting.transactions(appnumber),
    refreshResults,
    resultsRefreshError: (appnumber) => { views.require(appnumber); return refresh.error(appnumber); },
    networkStatus,
    briefcaseOffers: () => briefcaseOffers(connections.all().map((c) => ({ id: c.id, name: c.name })), clientFor),
    briefcaseRespond: (connectionId, shareid, action) => {
      const c = connections.get(connectionId);
      return briefcaseRespond({ id: c.id, name: c.name }, clientFor(c.id), shareid, action);
    },
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
      const inUse = appsUsingConnection(db, id);
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
    on,
    whenIdle: () => new Promise<void>((resolve) => { idleWaiters.push(resolve); checkIdle(); }),
    close: async () => {
      if (closed) return;
      closed = true;
      refresh.stop();
      idleWaiters = [];
      await watchFolders.close();
      network.stop();
      await scheduler.stop();
      await refresh.settled();
      await engine?.stop();
      db.close();
      unlock();
    },
  };
}

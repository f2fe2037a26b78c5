/**
 * What the desktop core is and how it is started: the options `createCore` takes and the
 * object it returns, which the Electron shell, the browser bridge and `ledgerdrop intake` drive
 * (through ./ipc-handlers.ts for the window).
 */
import type {
  AppDetail, AppSummary, ConnectionView, CoreInfo, DealView, EventChannel, EventPayload, JobView, NetworkState, WatchFolderView,
} from '../contract/ipc.js';
import type { BackoffPolicy } from './backoff.js';
import type { Clock } from './clock.js';
import type { SaveConnection } from './connections.js';
import type { DataFolderChoice } from './data-folder.js';
import type { Db } from './store/db.js';
import type { AppListQuery } from './store/results.js';
import type { DealStatus } from '../contract/deal.js';
import type { EngineLauncher, EngineSupervisor } from './engine-supervisor.js';
import type { SecretStore } from './secrets.js';
import type { KeyValueStore } from './settings.js';
import type { ZipLimits } from './zip-intake.js';
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
  /** Who the audit trail names for edits made here; default: the OS user name. */
  userName?: string;
}


export interface Core {
  readonly dataDir: string;
  info(): CoreInfo;
  /** Applications: a search string (number, owner, assignee), or a query with sort and filters. */
  listApps(query?: string | AppListQuery): AppSummary[];
  /** Deletes an application here and its statements on the service (underwriting/deal.ts). */
  deleteApp(appnumber: string): Promise<{ deleted: true; deletedStatements: number; deletedFiles: number }>;
  /** An underwriter's work on the application: status, assignee, notes, exclusions, edits, audit. */
  deal(appnumber: string): DealView;
  setDeal(appnumber: string, patch: { status?: DealStatus; assignee?: string }): DealView;
  addNote(appnumber: string, body: string): DealView;
  /** Leaves a statement out of the scorecard (or puts it back); the scorecard and checks are rebuilt. */
  setStatementExcluded(appnumber: string, statementid: number, excluded: boolean, reason?: string): DealView;
  /** Recategorises a transaction and/or marks it true/untrue revenue (null: the service's value back). */
  editTransaction(appnumber: string, id: number, change: { category?: string | null; trueval?: boolean | null }): DealView;
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
  /** The stored scorecard, rebuilt with the underwriter's edits when there are any. */
  scorecard(appnumber: string): Scorecard | null;
  /** The stored transactions with the underwriter's edits applied. */
  transactions(appnumber: string): AccountTransactions[] | null;
  refreshResults(appnumber: string): Promise<AppDetail>;
  /**
   * Why the application's results could not be refreshed from the service the last time it was
   * tried (after retries), or null when the last refresh succeeded or none was needed.
   */
  resultsRefreshError(appnumber: string): string | null;
  /** Briefcase shares offered to the connections' accounts (./briefcase.ts). */
  briefcaseOffers(): Promise<import('../contract/ipc.js').InvokeResponse<'briefcase:offers'>>;
  briefcaseRespond(connectionId: string, shareid: string, action: 'accept' | 'reject'): Promise<import('../contract/ipc.js').BriefcaseOffer>;
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


import { z } from 'zod';
import { PRODUCTS } from './products.js';
import { ExportOptions } from './export-options.js';
import { UserSettings } from './settings.js';
import { FileStatusSchema } from './api/file-status.js';
import { StatementSummarySchema } from './api/endpoints.js';
import { ScorecardSchema } from './api/scorecard.js';
import { TransactionsSchema } from './api/transactions.js';
import { APP_SORTS, AUDIT_ACTIONS, DEAL_STATUSES } from './deal.js';

/**
 * The IPC contract between the window and the desktop core. Channels are `domain:verb`.
 * Both bridges (Electron preload + ipcMain, and the browser's loopback WebSocket in
 * `npm run web`) are generated from this one object, so they cannot drift.
 *
 * Handlers live in src/desktop/ipc-handlers.ts (`createIpcHandlers(core)`): every request is
 * parsed with its schema before the core sees it, every response is parsed before it leaves.
 * A handler failure reaches the window as an Error whose message names the problem.
 */
export const JobStatus = z.enum(['queued', 'uploading', 'converting', 'done', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof JobStatus>;

export const JobView = z.object({
  id: z.number().int(),
  appnumber: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  status: JobStatus,
  /** 'waiting for network' while the service cannot be reached, 'retry in 4 s', etc. */
  detail: z.string(),
  bytesSent: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** ISO time of the next attempt while queued/converting, else null. */
  nextAttemptAt: z.string().nullable(),
  /** `resfile` the service returned (202), used for /checkprogress. */
  resfile: z.string().nullable(),
  /** true when this file was already queued for this application (same SHA-256). */
  duplicate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobView = z.infer<typeof JobView>;

export const AppSummary = z.object({
  appnumber: z.string(),
  appid: z.number().int().nullable(),
  owner: z.string(),
  /** The connection this application's files go to. */
  connectionId: z.string(),
  totalstatements: z.number().int(),
  totalstatements_reconciled: z.number().int(),
  jobCounts: z.record(z.string(), z.number().int()),
  /**
   * Files by what came of them: converted, unreconciled (converted, a statement does not
   * reconcile), failed (refused, or answered but unreadable), in progress, cancelled.
   */
  fileStates: z.object({
    converted: z.number().int(), unreconciled: z.number().int(), failed: z.number().int(), in_progress: z.number().int(), cancelled: z.number().int(),
  }),
  lastActivity: z.string().nullable(),
  /** Where the deal stands (contract/deal.ts), who works on it, since when, and when it was created. */
  dealStatus: z.enum(DEAL_STATUSES),
  assignee: z.string(),
  statusChangedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AppSummary = z.infer<typeof AppSummary>;

/** The state a file is in, as the window shows it (see file-states in the core). */
export const FileState = z.enum(['converted', 'unreconciled', 'failed', 'in_progress', 'cancelled']);
export type FileState = z.infer<typeof FileState>;

/**
 * A service `file_status` item as the core keeps it: with the id of the job that uploaded the file.
 * Full schema even for a file that failed: the service answers a full item for it too (errorFileStatus).
 */
export const StoredFileStatus = FileStatusSchema.extend({ jobId: z.number().int() });
export type StoredFileStatus = z.infer<typeof StoredFileStatus>;

/** Everything stored locally for one application, viewable offline. */
export const AppDetail = z.object({
  app: AppSummary,
  statements: z.array(StatementSummarySchema),
  fileStatus: z.array(StoredFileStatus),
  /** job id → its FileState. */
  fileStates: z.record(z.string(), FileState),
  jobs: z.array(JobView),
  resultsUpdatedAt: z.string().nullable(),
});
export type AppDetail = z.infer<typeof AppDetail>;

/** One change an underwriter made, as the audit trail shows it. */
export const AuditEntry = z.object({
  id: z.number().int(), at: z.string(), who: z.string(), action: z.enum(AUDIT_ACTIONS),
  /** What changed: the application, a statement (file and period) or a transaction (date, description, amount). */
  target: z.string(),
  before: z.string().nullable(), after: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** An underwriter's work on one application, kept on this machine. */
export const DealView = z.object({
  appnumber: z.string(),
  status: z.enum(DEAL_STATUSES),
  assignee: z.string(),
  statusChangedAt: z.string().nullable(),
  notes: z.array(z.object({ id: z.number().int(), author: z.string(), body: z.string(), createdAt: z.string() })),
  /** Statements left out of the scorecard (kept in the application, marked). */
  excluded: z.array(z.object({ statementid: z.number().int(), reason: z.string() })),
  /** Transactions whose categories or true/untrue mark the underwriter set (null: the service's value). */
  transactionEdits: z.array(z.object({ id: z.number().int(), categories: z.array(z.string()).nullable(), trueval: z.boolean().nullable() })),
  audit: z.array(AuditEntry),
  /** The rulebook's categories a transaction can be given. */
  categories: z.array(z.string()),
});
export type DealView = z.infer<typeof DealView>;

export const NetworkState = z.object({
  online: z.boolean(),
  /** Jobs held while offline. */
  waiting: z.number().int(),
  /** Base URL of the active connection ('' while the embedded engine is starting). */
  service: z.string(),
  /** Human text: 'online', 'waiting for network', 'starting local engine', … */
  detail: z.string(),
  /** ISO time of the next probe while offline. */
  nextProbeAt: z.string().nullable(),
});
export type NetworkState = z.infer<typeof NetworkState>;

export const Product = z.enum(PRODUCTS);
export type Product = z.infer<typeof Product>;

export const ConnectionView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['embedded', 'remote']),
  url: z.string(),
  username: z.string(),
  product: Product,
  hasPassword: z.boolean(),
  isDefault: z.boolean(),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

/**
 * How secrets are kept: 'keychain' (OS keychain through Electron safeStorage), 'basic_text'
 * (Linux without a keyring: encrypted with a hard-coded key, i.e. NOT protected — the UI must
 * say so), 'plain' (CLI / tests: a file readable by the user only).
 */
export const SecretProtection = z.enum(['keychain', 'basic_text', 'plain']);
export type SecretProtection = z.infer<typeof SecretProtection>;

export const WatchFolderView = z.object({
  id: z.string(),
  path: z.string(),
  /** 'per-application': each subfolder name is an appnumber; 'application': everything goes to `appnumber`. */
  mode: z.enum(['per-application', 'application']),
  appnumber: z.string().nullable(),
  active: z.boolean(),
  error: z.string().nullable(),
});
export type WatchFolderView = z.infer<typeof WatchFolderView>;

export const CoreInfo = z.object({
  version: z.string(),
  dataDir: z.string(),
  secretProtection: SecretProtection,
  /** true when secrets are not protected by an OS keychain: show a warning. */
  secretWarning: z.boolean(),
  canPickFiles: z.boolean(),
  /** The shell can show a file in the OS file manager (`export:reveal`). */
  canReveal: z.boolean(),
  /** The shell opens originals with the system viewer (`jobs:openOriginal`); otherwise the window opens `/originals/<job id>`. */
  canOpenOriginals: z.boolean(),
  /** The shell has a native folder picker (`dataFolder:pick`). */
  canPickFolder: z.boolean(),
  /** The data folder chosen for the next start, when it differs from `dataDir` (takes effect after a restart). */
  dataDirNext: z.string().nullable(),
});
export type CoreInfo = z.infer<typeof CoreInfo>;

/** A Briefcase share offered to the account of one connection (the service's /briefcase/history, received side). */
export const BriefcaseOffer = z.object({
  connectionId: z.string(),
  connectionName: z.string(),
  shareid: z.string(),
  from: z.string(),
  appid: z.number().int(),
  appnumber: z.string(),
  owner: z.string(),
  message: z.string(),
  documents: z.number().int(),
  status: z.enum(['offered', 'accepted', 'rejected']),
  offeredAt: z.string(),
});
export type BriefcaseOffer = z.infer<typeof BriefcaseOffer>;

const appnumber = z.string().trim().min(1, 'appnumber is required').max(200).regex(/^[^/\\\0]+$/, 'appnumber may not contain / \\ or NUL');
const appRef = z.object({ appnumber });

/** Request/response channels. */
export const invokeChannels = {
  'core:info': { request: z.object({}), response: CoreInfo },
  'apps:list': {
    request: z.object({
      search: z.string().max(200).optional(),
      sort: z.enum(APP_SORTS).optional(),
      status: z.enum(DEAL_STATUSES).optional(),
      assignee: z.string().max(200).optional(),
    }),
    response: z.array(AppSummary),
  },
  /**
   * Deletes an application here and its statements on the service (the API has no call that
   * deletes the application record itself: it stays there, empty). Refused while a file is being
   * uploaded or converted, or while the service is unreachable and there are statements to delete.
   */
  'apps:delete': { request: appRef, response: z.object({ deleted: z.literal(true), deletedStatements: z.number().int(), deletedFiles: z.number().int() }) },
  'deal:get': { request: appRef, response: DealView },
  'deal:set': { request: appRef.extend({ status: z.enum(DEAL_STATUSES).optional(), assignee: z.string().trim().max(200).optional() }), response: DealView },
  'deal:addNote': { request: appRef.extend({ body: z.string().trim().min(1, 'a note needs some text').max(10_000) }), response: DealView },
  /** Leaves a statement out of the scorecard (excluded: true) or puts it back; the scorecard and checks are rebuilt. */
  'statements:exclude': {
    request: appRef.extend({ statementid: z.number().int(), excluded: z.boolean(), reason: z.string().trim().max(500).optional() }),
    response: DealView,
  },
  /** Sets a transaction's category and/or true/untrue mark (null: back to the service's); the scorecard is rebuilt. */
  'transactions:edit': {
    request: appRef.extend({
      id: z.number().int(),
      category: z.string().min(1).max(100).nullable().optional(),
      trueval: z.boolean().nullable().optional(),
    }).refine((r) => r.category !== undefined || r.trueval !== undefined, 'give category or trueval'),
    response: DealView,
  },
  'apps:create': {
    request: appRef.extend({ owner: z.string().max(200).optional(), connectionId: z.string().min(1).optional() }),
    response: AppSummary,
  },
  'apps:get': { request: appRef, response: AppDetail },
  'apps:setConnection': { request: appRef.extend({ connectionId: z.string().min(1) }), response: AppSummary },
  /** Paths from drag-and-drop; a `.zip` is expanded (safely) and each entry queued. */
  'files:addPaths': { request: appRef.extend({ paths: z.array(z.string().min(1)).min(1).max(10_000) }), response: z.array(JobView) },
  /** Bytes from the browser bridge (no paths there). */
  'files:addBytes': {
    request: appRef.extend({ files: z.array(z.object({ name: z.string().min(1).max(255), base64: z.string() })).min(1).max(1000) }),
    response: z.array(JobView),
  },
  /** Native file picker (Electron only; `core:info.canPickFiles` says whether it exists). */
  'files:pick': { request: appRef, response: z.array(JobView) },
  'jobs:list': { request: z.object({ appnumber: z.string().optional() }), response: z.array(JobView) },
  'jobs:retry': { request: z.object({ id: z.number().int() }), response: JobView },
  'jobs:cancel': { request: z.object({ id: z.number().int() }), response: JobView },
  'jobs:retryAllFailed': { request: z.object({ appnumber: z.string().optional() }), response: z.object({ retried: z.number().int() }) },
  /** Removes a file: its statements are deleted on the service (they leave the scorecard), then the file here. */
  'jobs:remove': { request: z.object({ id: z.number().int() }), response: z.object({ removed: z.literal(true), deletedStatements: z.number().int() }) },
  /** The stored original of a file (View original), base64; refused above 50 MB. */
  'jobs:original': { request: z.object({ id: z.number().int() }), response: z.object({ fileName: z.string(), mime: z.string(), base64: z.string() }) },
  /** Opens the stored original with the system's viewer (desktop only; `core:info.canOpenOriginals`). */
  'jobs:openOriginal': { request: z.object({ id: z.number().int() }), response: z.object({ opened: z.literal(true) }) },
  /** The stored scorecard (format jsonobject), null before the service produced one. */
  'results:scorecard': { request: appRef, response: ScorecardSchema.nullable() },
  /** The stored transactions grouped by account, null before the service produced them. */
  'results:transactions': { request: appRef, response: TransactionsSchema.nullable() },
  /** The stored scorecard as .xlsx in <data>/exports (a browser downloads it from /exports/<fileName>). */
  'results:xlsx': { request: appRef, response: z.object({ path: z.string(), fileName: z.string() }) },
  /** Re-fetch scorecard, transactions and statements from the service (after edits). */
  'results:refresh': { request: appRef, response: AppDetail },
  'network:status': { request: z.object({}), response: NetworkState },
  /** Probe now instead of waiting for the next backoff step. */
  'network:probe': { request: z.object({}), response: NetworkState },
  'connections:list': { request: z.object({}), response: z.array(ConnectionView) },
  'connections:save': {
    request: z.object({
      id: z.string().min(1).max(100).optional(),
      name: z.string().trim().min(1).max(200),
      url: z.string().url().refine((u) => /^https?:\/\//.test(u), 'url must be http(s)'),
      username: z.string().min(1).max(200),
      product: Product,
      /** Omitted: keep the stored password. */
      password: z.string().min(1).max(1000).optional(),
      makeDefault: z.boolean().optional(),
    }),
    response: ConnectionView,
  },
  'connections:remove': { request: z.object({ id: z.string().min(1) }), response: z.object({ removed: z.boolean() }) },
  'connections:setDefault': { request: z.object({ id: z.string().min(1) }), response: z.array(ConnectionView) },
  'connections:test': { request: z.object({ id: z.string().min(1) }), response: z.object({ ok: z.boolean(), error: z.string().nullable() }) },
  'watch:list': { request: z.object({}), response: z.array(WatchFolderView) },
  'watch:add': {
    request: z.object({ path: z.string().min(1), mode: z.enum(['per-application', 'application']), appnumber: appnumber.optional() })
      .refine((r) => r.mode === 'per-application' || !!r.appnumber, 'appnumber is required when mode is "application"'),
    response: WatchFolderView,
  },
  'watch:remove': { request: z.object({ id: z.string().min(1) }), response: z.object({ removed: z.boolean() }) },
  'settings:get': { request: z.object({}), response: UserSettings },
  /** A partial update; left open here because the core names every unknown key and bad value in its refusal. */
  'settings:set': { request: z.record(z.string(), z.unknown()), response: UserSettings },
  /** Export dialog: the names the zip would hold and page 1 of the first PDF with its watermark (PNG, base64). */
  'export:preview': {
    request: appRef.extend({ options: ExportOptions }),
    response: z.object({ names: z.array(z.string()), page1Png: z.string().nullable(), previewOf: z.string().nullable(), warnings: z.array(z.string()) }),
  },
  /** Shows a finished export in the OS file manager (Electron only; `core:info.canReveal`). */
  'export:reveal': { request: z.object({ path: z.string().min(1).max(4096) }), response: z.object({ revealed: z.literal(true) }) },
  /**
   * Settings → data folder: checks an absolute path (writable; empty, new, or already a
   * Ledgerdrop data folder) and keeps it for the next start. Nothing is moved or deleted.
   */
  'dataFolder:choose': { request: z.object({ path: z.string().max(4096) }), response: z.object({ next: z.string().nullable(), message: z.string() }) },
  /** Native folder picker (Electron only; `core:info.canPickFolder`): the chosen path or null. */
  'dataFolder:pick': { request: z.object({}), response: z.object({ path: z.string().nullable() }) },
  /**
   * Briefcase shares offered to the accounts of the connections (remote services and the
   * embedded engine); a connection that cannot list them (feature off, offline) is named in
   * `problems` rather than failing the whole list.
   */
  'briefcase:offers': {
    request: z.object({}),
    response: z.object({ offers: z.array(BriefcaseOffer), problems: z.array(z.object({ connectionId: z.string(), connectionName: z.string(), error: z.string() })) }),
  },
  /** Accepts or rejects an open offer (the core finds its key with the connection's account). */
  'briefcase:respond': {
    request: z.object({ connectionId: z.string().min(1), shareid: z.string().min(1).max(200), action: z.enum(['accept', 'reject']) }),
    response: BriefcaseOffer,
  },
  /** Writes the watermarked zip of the application's original files into <data>/exports. */
  'export:zip': {
    request: appRef.extend({ options: ExportOptions }),
    response: z.object({
      path: z.string(), fileName: z.string(), warnings: z.array(z.string()),
      entries: z.array(z.object({ source: z.string(), name: z.string().nullable(), pages: z.number().int(), skipped: z.string().optional() })),
    }),
  },
} as const;

export const JobProgress = z.object({ id: z.number().int(), appnumber: z.string(), bytesSent: z.number().int(), size: z.number().int() });
export type JobProgress = z.infer<typeof JobProgress>;

/** Events pushed from the core to the window. */
export const eventChannels = {
  /** A job changed state (also sent once per job created). */
  'jobs:changed': JobView,
  /** Bytes sent during an upload (throttled). */
  'jobs:progress': JobProgress,
  /** A job reached done/failed: the shell shows a notification. */
  'jobs:finished': JobView,
  'network:changed': NetworkState,
  /** Stored results of an application changed (new conversion, refresh). */
  'results:changed': z.object({ appnumber: z.string() }),
  'watch:changed': WatchFolderView,
  /** Every file of an application's batch finished (its queue drained): the shell or the window tells the user. */
  'batch:finished': z.object({ appnumber: z.string(), files: z.number().int(), converted: z.number().int(), failed: z.number().int(), cancelled: z.number().int() }),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['response']>;
export type EventPayload<E extends EventChannel> = z.infer<(typeof eventChannels)[E]>;

export const invokeChannelNames = Object.keys(invokeChannels) as InvokeChannel[];
export const eventChannelNames = Object.keys(eventChannels) as EventChannel[];

/** The one object the window sees (window.ledgerdrop), the same in Electron and in the browser. */
export interface LedgerdropBridge {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResponse<C>>;
  on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Electron ipc channel names carrying pushed events (one per event channel, prefixed). */
export const EVENT_PREFIX = 'event:';

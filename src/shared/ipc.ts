import { z } from 'zod';

/**
 * The IPC contract between the window and the desktop core. Channels are `domain:verb`.
 * Both bridges (Electron preload + ipcMain, and the browser's loopback WebSocket in
 * `npm run web`) are generated from this one object, so they cannot drift.
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
  /** 'waiting for network' while the service cannot be reached, etc. */
  detail: z.string(),
  bytesSent: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobView = z.infer<typeof JobView>;

export const AppSummary = z.object({
  appnumber: z.string(),
  appid: z.number().int().nullable(),
  owner: z.string(),
  totalstatements: z.number().int(),
  totalstatements_reconciled: z.number().int(),
  jobCounts: z.record(z.string(), z.number().int()),
  lastActivity: z.string().nullable(),
});
export type AppSummary = z.infer<typeof AppSummary>;

export const NetworkState = z.object({ online: z.boolean(), waiting: z.number().int(), service: z.string() });
export type NetworkState = z.infer<typeof NetworkState>;

const appRef = z.object({ appnumber: z.string().min(1).max(200) });

/** Request/response channels. */
export const invokeChannels = {
  'apps:list': { request: z.object({ search: z.string().optional() }), response: z.array(AppSummary) },
  'apps:create': { request: appRef.extend({ owner: z.string().max(200).optional() }), response: AppSummary },
  'apps:get': { request: appRef, response: z.object({ app: AppSummary, statements: z.array(z.unknown()), fileStatus: z.array(z.unknown()) }) },
  'files:addPaths': { request: appRef.extend({ paths: z.array(z.string().min(1)).min(1).max(10_000) }), response: z.array(JobView) },
  'files:addBytes': {
    request: appRef.extend({ files: z.array(z.object({ name: z.string().min(1).max(255), base64: z.string() })).min(1).max(1000) }),
    response: z.array(JobView),
  },
  'jobs:list': { request: z.object({ appnumber: z.string().optional() }), response: z.array(JobView) },
  'jobs:retry': { request: z.object({ id: z.number().int() }), response: JobView },
  'jobs:cancel': { request: z.object({ id: z.number().int() }), response: JobView },
  'jobs:retryAllFailed': { request: z.object({ appnumber: z.string().optional() }), response: z.object({ retried: z.number().int() }) },
  'results:scorecard': { request: appRef, response: z.unknown() },
  'results:transactions': { request: appRef, response: z.unknown() },
  'network:status': { request: z.object({}), response: NetworkState },
  'settings:get': { request: z.object({}), response: z.record(z.string(), z.unknown()) },
  'settings:set': { request: z.record(z.string(), z.unknown()), response: z.record(z.string(), z.unknown()) },
} as const;

/** Events pushed from the core to the window. */
export const eventChannels = {
  'jobs:changed': JobView,
  'network:changed': NetworkState,
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['response']>;
export type EventPayload<E extends EventChannel> = z.infer<(typeof eventChannels)[E]>;

/** The one object the window sees (window.ledgerdrop), the same in Electron and in the browser. */
export interface LedgerdropBridge {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResponse<C>>;
  on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void;
}

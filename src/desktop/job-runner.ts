/**
 * Runs one claimed job against the service and says what should happen next, as a typed
 * result (the scheduler applies it to the queue). Upload: 200 → finished; 202 → converting
 * (poll later); a 4xx with the service's `{error}` → failed with that message (one line);
 * the service's 429 (same file too often) → failed as duplicate, never retried; gateway and
 * overload answers (502/503/504, 429 with Retry-After, any 5xx that is not the service's JSON)
 * and nothing listening → wait (no attempt spent; the connection is probed until it answers);
 * the service's own 5xx, a reset or a timeout → retry (an attempt; Retry-After honoured); a
 * replayed refusal of our key → rekey. Converting: /checkprogress 206 → poll again, 200 →
 * finished. Every result that waits or retries carries a short `reason` for retry lines
 * ('503 from gateway', 'connection refused', 'timeout after 30 s', 'service busy, Retry-After 20 s').
 * The application's scorecard and transactions come from /getresults, fetched by the core once
 * the application's queue drains (see refreshAppResults in ./index.ts).
 */
import { ApiClient, NetworkError, ServiceError, type HttpResult } from './api-client.js';
import type { JobRow } from './store/job-queue.js';
import { oneLine } from './service-answer.js';
import type { MultiFileResults } from './store/results.js';
import type { FileStatus } from '../contract/api/file-status.js';

export type JobResult =
  /** `replayed`: the service's stored first answer for our key (Idempotent-Replayed), not a fresh one. */
  | { kind: 'finished'; results: MultiFileResults; fileStatus: FileStatus[]; appid: number | null; replayed: boolean }
  | { kind: 'accepted'; resfile: string; appid: number | null }
  | { kind: 'poll'; message: string }
  /** Counts as an attempt. */
  | { kind: 'retry'; error: string; reason: string; retryAfter: string | null }
  /** No attempt spent: the service is unavailable (gateway, overload); the connection is probed. */
  | { kind: 'wait'; error: string; reason: string; retryAfter: string | null }
  | { kind: 'rate-limited'; error: string }
  | { kind: 'failed'; error: string }
  /** Nothing listening / no route: no attempt spent, the connection is probed. */
  | { kind: 'offline'; error: string; reason: string }
  /** A replayed 4xx for our Idempotency-Key: the first try was refused (nothing converted), so try again under a new key. */
  | { kind: 'rekey'; error: string }
  | { kind: 'cancelled' };

export interface RunContext {
  client: ApiClient;
  signal: AbortSignal;
  onProgress: (bytesSent: number) => void;
  owner?: string;
  /** Conversion fields for uploads (./upload-fields.ts). */
  fields?: Record<string, string>;
}

function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function appidFrom(body: unknown): number | null {
  const id = obj(obj(body).appinfo).appid;
  return typeof id === 'number' ? id : null;
}

function resfileFrom(body: unknown): string | null {
  const b = obj(body);
  if (typeof b.resfile === 'string' && b.resfile) return b.resfile;
  for (const item of Array.isArray(b.file_status) ? b.file_status : []) {
    const r = obj(item).resfile;
    if (typeof r === 'string' && r) return r;
  }
  return null;
}

/**
 * What an HTTP error status means for a job. `unavailable` is the reason when the answer says
 * the service is unavailable (./service-answer.ts), else null.
 */
export function classifyStatus(status: number, message: string, retryAfter: string | null, unavailable: string | null = null): JobResult {
  // A gateway's message already starts with its status line; the service's `error` does not.
  const error = message.startsWith(`${status} `) ? message : `${status}: ${message}`;
  if (unavailable) return { kind: 'wait', error, reason: unavailable, retryAfter };
  if (status === 429) return { kind: 'rate-limited', error: `duplicate: ${message}` };
  // 409: the service is still processing an earlier request with this Idempotency-Key. It counts
  // (bounded): a key the service never completes must not hold the file forever.
  if (status === 409) return { kind: 'retry', error, reason: 'an earlier request for this file is still being processed', retryAfter };
  if (status === 408 || status >= 500) return { kind: 'retry', error, reason: `${status} from service`, retryAfter };
  return { kind: 'failed', error: status === 401 && !message.startsWith('authentication failed') ? `authentication failed: ${message}` : message };
}

function classifyError(err: unknown, signal: AbortSignal): JobResult {
  if (signal.aborted) return { kind: 'cancelled' };
  if (err instanceof ServiceError) {
    // An upload cut off mid-body (crash, reset) can leave the service holding a 400 for our key;
    // a refused request converted nothing, so a fresh key is safe.
    if (err.replayed && err.status >= 400 && err.status < 500 && ![401, 409, 429].includes(err.status)) return { kind: 'rekey', error: err.message };
    return classifyStatus(err.status, err.message, err.retryAfter, err.unavailable);
  }
  if (err instanceof NetworkError) return err.unreachable ? { kind: 'offline', error: err.message, reason: err.reason } : { kind: 'retry', error: err.message, reason: err.reason, retryAfter: null };
  const message = oneLine(err instanceof Error ? err.message : String(err));
  return { kind: 'retry', error: message, reason: message, retryAfter: null };
}

const isReplayed = (res: HttpResult) => String(res.headers['idempotent-replayed'] ?? '') === 'true';

function fromResponse(res: HttpResult): ServiceError | null {
  try { ApiClient.expect(res, [200, 202, 206]); return null; } catch (e) { return e as ServiceError; }
}

export async function runJob(job: JobRow, ctx: RunContext): Promise<JobResult> {
  try {
    if (job.status === 'converting' && job.resfile) {
      const res = await ctx.client.checkProgress({ appnumber: job.appnumber, resfile: job.resfile, appid: job.appid }, ctx.signal);
      const err = fromResponse(res);
      if (err) throw err;
      if (res.status === 206 || res.status === 202) return { kind: 'poll', message: String(obj(res.body).message ?? '') };
      const body = obj(res.body) as MultiFileResults;
      const fileStatus = Array.isArray(body.file_status) ? body.file_status : [];
      return { kind: 'finished', results: { file_status: fileStatus, ...(body.appinfo ? { appinfo: body.appinfo } : {}) }, fileStatus, appid: appidFrom(body) ?? job.appid, replayed: false };
    }
    const res = await ctx.client.uploadPdfs({
      appnumber: job.appnumber,
      filePath: job.blob_path,
      fileName: job.file_name,
      idempotencyKey: job.idempotency_key,
      owner: ctx.owner,
      fields: ctx.fields,
      onProgress: ctx.onProgress,
      signal: ctx.signal,
    });
    const err = fromResponse(res);
    if (err) throw err;
    if (res.status === 202) {
      const resfile = resfileFrom(res.body);
      if (!resfile) return { kind: 'failed', error: 'the service accepted the file (202) but returned no resfile to follow it' };
      return { kind: 'accepted', resfile, appid: appidFrom(res.body) };
    }
    if (res.status === 206) return { kind: 'failed', error: 'unexpected 206 from /uploadpdfs' };
    const body = obj(res.body) as MultiFileResults;
    return { kind: 'finished', results: body, fileStatus: Array.isArray(body.file_status) ? body.file_status : [], appid: appidFrom(body), replayed: isReplayed(res) };
  } catch (err) {
    return classifyError(err, ctx.signal);
  }
}

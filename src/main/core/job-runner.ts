/**
 * Runs one claimed job against the service and says what should happen next, as a typed
 * result (the scheduler applies it to the queue). Upload: 200 → finished; 202 → converting
 * (poll later); 400 → failed with the service's message; 429 → failed as duplicate, never
 * retried; 5xx / reset / timeout → retry (Retry-After honoured); nothing listening → offline
 * (the attempt is not spent); a replayed refusal of our key → rekey. Converting: /checkprogress
 * 206 → poll again, 200 → finished. The application's scorecard and transactions come from
 * /getresults (includescorecard + includetransactions), fetched by the core once the
 * application's queue drains (see refreshAppResults in ./index.ts).
 */
import { ApiClient, NetworkError, ServiceError, type HttpResult } from './api-client.js';
import type { JobRow } from './queue.js';
import type { MultiFileResults } from './results-store.js';

export type JobResult =
  | { kind: 'finished'; results: MultiFileResults; fileStatus: unknown[]; appid: number | null }
  | { kind: 'accepted'; resfile: string; appid: number | null }
  | { kind: 'poll'; message: string }
  | { kind: 'retry'; error: string; retryAfter: string | null }
  | { kind: 'rate-limited'; error: string }
  | { kind: 'failed'; error: string }
  | { kind: 'offline'; error: string }
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

/** What an HTTP error status means for a job. */
export function classifyStatus(status: number, message: string, retryAfter: string | null): JobResult {
  if (status === 429) return { kind: 'rate-limited', error: `duplicate: ${message}` };
  // 409: the service is still processing an earlier request with this Idempotency-Key.
  if (status === 408 || status === 409 || status >= 500) return { kind: 'retry', error: `${status}: ${message}`, retryAfter };
  return { kind: 'failed', error: status === 401 ? `authentication failed: ${message}` : message };
}

function classifyError(err: unknown, signal: AbortSignal): JobResult {
  if (signal.aborted) return { kind: 'cancelled' };
  if (err instanceof ServiceError) {
    // An upload cut off mid-body (crash, reset) can leave the service holding a 400 for our key;
    // a refused request converted nothing, so a fresh key is safe.
    if (err.replayed && err.status >= 400 && err.status < 500 && ![401, 409, 429].includes(err.status)) return { kind: 'rekey', error: err.message };
    return classifyStatus(err.status, err.message, err.retryAfter);
  }
  if (err instanceof NetworkError) return err.unreachable ? { kind: 'offline', error: err.message } : { kind: 'retry', error: err.message, retryAfter: null };
  return { kind: 'retry', error: err instanceof Error ? err.message : String(err), retryAfter: null };
}

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
      return { kind: 'finished', results: { file_status: fileStatus, ...(body.appinfo ? { appinfo: body.appinfo } : {}) }, fileStatus, appid: appidFrom(body) ?? job.appid };
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
    return { kind: 'finished', results: body, fileStatus: Array.isArray(body.file_status) ? body.file_status : [], appid: appidFrom(body) };
  } catch (err) {
    return classifyError(err, ctx.signal);
  }
}

/**
 * The durable job queue (one job per staged file per application). Claiming is one
 * `UPDATE … RETURNING` statement, so two workers never get the same job; a claim is a lease
 * that expires, so a worker that died gives its job back; `recoverAbandoned()` on start makes
 * jobs left mid-flight by a crash claimable again (their Idempotency-Key makes the re-upload safe).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from './db.js';
import type { Clock } from '../clock.js';
import type { JobStatus, JobView } from '../../contract/ipc.js';

export interface JobRow {
  id: number;
  appnumber: string;
  connection_id: string;
  file_name: string;
  sha256: string;
  size: number;
  blob_path: string;
  status: JobStatus;
  detail: string;
  attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  idempotency_key: string;
  resfile: string | null;
  appid: number | null;
  statement_ids: string;
  bytes_sent: number;
  last_error: string | null;
  poll_count: number;
  /** Answers in a row that said the service was unavailable (no attempt spent); drives that backoff. */
  waits: number;
  created_at: string;
  updated_at: string;
}

export interface NewJob {
  appnumber: string;
  connectionId: string;
  fileName: string;
  sha256: string;
  size: number;
  blobPath: string;
}

export const TERMINAL: ReadonlySet<JobStatus> = new Set(['done', 'failed', 'cancelled']);

export function toJobView(row: JobRow, duplicate = false): JobView {
  const waiting = row.status === 'queued' || row.status === 'converting';
  return {
    id: row.id,
    appnumber: row.appnumber,
    fileName: row.file_name,
    size: row.size,
    sha256: row.sha256,
    status: row.status,
    detail: row.detail,
    bytesSent: row.bytes_sent,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: waiting && row.next_attempt_at > 0 ? new Date(row.next_attempt_at).toISOString() : null,
    resfile: row.resfile,
    duplicate,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class JobQueue {
  readonly owner: string;
  constructor(private db: Db, private clock: Clock, opts: { owner?: string; leaseMs?: number } = {}) {
    this.owner = opts.owner ?? `core-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.leaseMs = opts.leaseMs ?? 60_000;
  }
  readonly leaseMs: number;

  private iso(): string { return new Date(this.clock.now()).toISOString(); }

  /** Adds a job, or returns the existing one for the same file in the same application. */
  enqueue(job: NewJob): { row: JobRow; created: boolean } {
    const now = this.iso();
    const inserted = this.db.prepare(`
      INSERT INTO jobs (appnumber, connection_id, file_name, sha256, size, blob_path, status, detail, next_attempt_at, idempotency_key, created_at, updated_at)
      VALUES (@appnumber, @connectionId, @fileName, @sha256, @size, @blobPath, 'queued', 'queued', 0, @key, @now, @now)
      ON CONFLICT (appnumber, sha256) DO NOTHING
      RETURNING *`).get({ ...job, key: randomUUID(), now }) as JobRow | undefined;
    if (inserted) return { row: inserted, created: true };
    const existing = this.db.prepare('SELECT * FROM jobs WHERE appnumber = ? AND sha256 = ?').get(job.appnumber, job.sha256) as JobRow;
    return { row: existing, created: false };
  }

  get(id: number): JobRow | undefined {
    return this.db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  }

  list(appnumber?: string): JobRow[] {
    return appnumber
      ? (this.db.prepare('SELECT * FROM jobs WHERE appnumber = ? ORDER BY id').all(appnumber) as JobRow[])
      : (this.db.prepare('SELECT * FROM jobs ORDER BY id').all() as JobRow[]);
  }

  counts(): Record<JobStatus, number> {
    const out = { queued: 0, uploading: 0, converting: 0, done: 0, failed: 0, cancelled: 0 };
    for (const r of this.db.prepare('SELECT status, COUNT(*) AS n FROM jobs GROUP BY status').all() as { status: JobStatus; n: number }[]) out[r.status] = r.n;
    return out;
  }

  /** Jobs that still have work to do (not terminal). */
  pendingCount(): number {
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE status IN ('queued','uploading','converting')`).get() as { n: number }).n;
  }

  /**
   * Atomically claims the next due job: a queued job becomes `uploading`; a converting job
   * (waiting to poll) stays `converting`. Either way it gets our lease and one more attempt
   * (polls do not count as attempts). Jobs whose lease expired are claimable again.
   */
  claim(opts: { connectionIds?: string[] } = {}): JobRow | undefined {
    const now = this.clock.now();
    const conn = opts.connectionIds ? `AND connection_id IN (${opts.connectionIds.map(() => '?').join(',') || "''"})` : '';
    const row = this.db.prepare(`
      UPDATE jobs SET
        status = CASE status WHEN 'queued' THEN 'uploading' ELSE status END,
        attempts = attempts + CASE WHEN status IN ('queued','uploading') THEN 1 ELSE 0 END,
        bytes_sent = CASE WHEN status IN ('queued','uploading') THEN 0 ELSE bytes_sent END,
        lease_owner = ?, lease_expires_at = ?, updated_at = ?,
        detail = CASE status WHEN 'converting' THEN 'checking progress' ELSE 'uploading' END
      WHERE id = (
        SELECT id FROM jobs
        WHERE ((status IN ('queued','converting') AND lease_owner IS NULL AND next_attempt_at <= ?)
            OR (status IN ('uploading','converting') AND lease_owner IS NOT NULL AND lease_expires_at < ?))
          ${conn}
        ORDER BY next_attempt_at, id LIMIT 1)
      RETURNING *`).get(this.owner, now + this.leaseMs, this.iso(), now, now, ...(opts.connectionIds ?? [])) as JobRow | undefined;
    return row;
  }

  /** Extends our lease on a job we hold; false if we lost it. */
  renewLease(id: number): boolean {
    const r = this.db.prepare('UPDATE jobs SET lease_expires_at = ? WHERE id = ? AND lease_owner = ?').run(this.clock.now() + this.leaseMs, id, this.owner);
    return r.changes === 1;
  }

  /**
   * Earliest time (ms) at which some job becomes claimable, or null if none is waiting. With
   * `connectionIds`, only jobs of those connections count (an offline connection's jobs wait
   * for it to come back, not for a timer).
   */
  nextDueAt(opts: { connectionIds?: string[] } = {}): number | null {
    const ids = opts.connectionIds;
    const conn = ids ? `AND connection_id IN (${ids.map(() => '?').join(',') || "''"})` : '';
    const r = this.db.prepare(`
      SELECT MIN(t) AS t FROM (
        SELECT next_attempt_at AS t FROM jobs WHERE status IN ('queued','converting') AND lease_owner IS NULL ${conn}
        UNION ALL SELECT lease_expires_at FROM jobs WHERE status IN ('uploading','converting') AND lease_owner IS NOT NULL)`).get(...(ids ?? [])) as { t: number | null };
    return r.t;
  }

  /** Jobs left leased by a previous run of this data folder (crash, SIGKILL): make them claimable now. */
  recoverAbandoned(): number {
    const r = this.db.prepare(`
      UPDATE jobs SET status = CASE status WHEN 'uploading' THEN 'queued' ELSE status END,
        lease_owner = NULL, lease_expires_at = NULL, next_attempt_at = 0, bytes_sent = 0,
        detail = 'recovered after restart', updated_at = ?
      WHERE status IN ('uploading','converting') AND (lease_owner IS NULL OR lease_owner <> ?)`).run(this.iso(), this.owner);
    return r.changes;
  }

  private update(id: number, set: string, params: Record<string, unknown>): JobRow | undefined {
    return this.db.prepare(`UPDATE jobs SET ${set}, updated_at = @now WHERE id = @id AND lease_owner = @owner RETURNING *`)
      .get({ ...params, id, owner: this.owner, now: this.iso() }) as JobRow | undefined;
  }

  setProgress(id: number, bytesSent: number): void {
    this.db.prepare('UPDATE jobs SET bytes_sent = ? WHERE id = ? AND lease_owner = ?').run(bytesSent, id, this.owner);
  }

  /** Uploaded and accepted (202): poll later with the given resfile. */
  markConverting(id: number, resfile: string, appid: number | null, delayMs: number): JobRow | undefined {
    return this.update(id, `status = 'converting', resfile = @resfile, appid = COALESCE(@appid, appid), lease_owner = NULL, lease_expires_at = NULL,
      next_attempt_at = @at, poll_count = 0, waits = 0, detail = 'converting', last_error = NULL`, { resfile, appid, at: this.clock.now() + delayMs });
  }

  /** Still converting (206): poll again later. */
  pollLater(id: number, delayMs: number, message: string): JobRow | undefined {
    return this.update(id, `lease_owner = NULL, lease_expires_at = NULL, next_attempt_at = @at, poll_count = poll_count + 1, waits = 0, detail = @detail`,
      { at: this.clock.now() + delayMs, detail: message ? `converting: ${message}` : 'converting' });
  }

  markDone(id: number, info: { appid: number | null; statementIds: number[] }): JobRow | undefined {
    return this.update(id, `status = 'done', appid = COALESCE(@appid, appid), statement_ids = @ids, lease_owner = NULL, lease_expires_at = NULL,
      detail = 'done', last_error = NULL, bytes_sent = size, waits = 0`, { appid: info.appid, ids: JSON.stringify(info.statementIds) });
  }

  markFailed(id: number, error: string, detail = 'failed'): JobRow | undefined {
    return this.update(id, `status = 'failed', lease_owner = NULL, lease_expires_at = NULL, last_error = @error, detail = @detail, waits = 0`, { error, detail });
  }

  /**
   * Try again after `delayMs`; the attempt counts. Uploading jobs go back to queued, converting
   * ones keep polling. `reason` is the short why of the retry line ('timeout after 30 s').
   */
  retryLater(id: number, delayMs: number, error: string, reason?: string): JobRow | undefined {
    return this.update(id, `status = CASE status WHEN 'uploading' THEN 'queued' ELSE status END, lease_owner = NULL, lease_expires_at = NULL,
      attempts = attempts + CASE status WHEN 'converting' THEN 1 ELSE 0 END, waits = 0,
      next_attempt_at = @at, last_error = @error, detail = @detail`,
    { at: this.clock.now() + delayMs, error, detail: `retry in ${Math.ceil(delayMs / 1000)} s${reason ? `: ${reason}` : ''}` });
  }

  /**
   * The service is unavailable (gateway, overload): the job waits `delayMs` (or until the
   * connection is seen back, releaseWaiting) without spending the attempt.
   */
  holdUnavailable(id: number, delayMs: number, error: string, detail: string): JobRow | undefined {
    return this.update(id, `status = CASE status WHEN 'uploading' THEN 'queued' ELSE status END, lease_owner = NULL, lease_expires_at = NULL,
      attempts = CASE WHEN status = 'uploading' AND attempts > 0 THEN attempts - 1 ELSE attempts END, waits = waits + 1,
      next_attempt_at = @at, last_error = @error, detail = @detail, bytes_sent = 0`, { at: this.clock.now() + delayMs, error, detail });
  }

  /** The connection answers again: jobs that were waiting for it (holdUnavailable) are due now. Returns how many. */
  releaseWaiting(connectionId: string): number {
    const now = this.clock.now();
    return this.db.prepare(`UPDATE jobs SET next_attempt_at = ? WHERE connection_id = ? AND status IN ('queued','converting')
      AND lease_owner IS NULL AND waits > 0 AND next_attempt_at > ?`).run(now, connectionId, now).changes;
  }

  /** Try again now under a fresh Idempotency-Key (the old key's first request was refused, nothing converted). */
  rekey(id: number, error: string): JobRow | undefined {
    return this.update(id, `status = 'queued', idempotency_key = @key, lease_owner = NULL, lease_expires_at = NULL, next_attempt_at = 0,
      last_error = @error, detail = 'retrying with a new idempotency key'`, { key: randomUUID(), error });
  }

  /** The service could not be reached: give the job back without spending the attempt (the connection gates it). */
  holdOffline(id: number, error: string, detail = 'waiting for network'): JobRow | undefined {
    return this.update(id, `status = CASE status WHEN 'uploading' THEN 'queued' ELSE status END, lease_owner = NULL, lease_expires_at = NULL,
      attempts = CASE WHEN status = 'uploading' AND attempts > 0 THEN attempts - 1 ELSE attempts END,
      next_attempt_at = 0, last_error = @error, detail = @detail, bytes_sent = 0`, { error, detail });
  }

  /**
   * Marks waiting jobs (of one connection, or all) with a detail text (e.g. 'waiting for
   * network: connection refused'); jobs that already say why they wait or retry keep their own
   * reason. Returns how many.
   */
  setWaitingDetail(detail: string, connectionId?: string): number {
    const own = `AND detail NOT LIKE 'waiting%' AND detail NOT LIKE 'retry in%'`;
    if (connectionId) {
      return this.db.prepare(`UPDATE jobs SET detail = ? WHERE status IN ('queued','converting') AND lease_owner IS NULL AND connection_id = ? ${own}`).run(detail, connectionId).changes;
    }
    return this.db.prepare(`UPDATE jobs SET detail = ? WHERE status IN ('queued','converting') AND lease_owner IS NULL ${own}`).run(detail).changes;
  }

  /** User action: a failed or cancelled job goes back to the queue with fresh attempts (same idempotency key). */
  retry(id: number): JobRow {
    const row = this.db.prepare(`UPDATE jobs SET status = CASE WHEN resfile IS NOT NULL THEN 'converting' ELSE 'queued' END, attempts = 0, waits = 0, next_attempt_at = 0,
      detail = 'queued', last_error = NULL, updated_at = ? WHERE id = ? AND status IN ('failed','cancelled') RETURNING *`).get(this.iso(), id) as JobRow | undefined;
    if (row) return row;
    const existing = this.get(id);
    if (!existing) throw new Error(`no job ${id}`);
    throw new Error(`job ${id} is ${existing.status}; only failed or cancelled jobs can be retried`);
  }

  /**
   * User action: upload a finished job's file again, under a new Idempotency-Key (the old key
   * would only replay the first answer): for a file the service answered but could not read.
   */
  requeue(id: number): JobRow {
    const row = this.db.prepare(`UPDATE jobs SET status = 'queued', resfile = NULL, idempotency_key = ?, attempts = 0, waits = 0, next_attempt_at = 0, bytes_sent = 0,
      lease_owner = NULL, lease_expires_at = NULL, detail = 'queued', last_error = NULL, updated_at = ? WHERE id = ? AND status = 'done' RETURNING *`)
      .get(randomUUID(), this.iso(), id) as JobRow | undefined;
    if (row) return row;
    const existing = this.get(id);
    if (!existing) throw new Error(`no job ${id}`);
    throw new Error(`job ${id} is ${existing.status}; only finished jobs can be uploaded again`);
  }

  /** User action: cancel a job that has not finished. An upload in flight is aborted by the runner. */
  cancel(id: number): JobRow {
    const row = this.db.prepare(`UPDATE jobs SET status = 'cancelled', lease_owner = NULL, lease_expires_at = NULL, detail = 'cancelled', updated_at = ?
      WHERE id = ? AND status IN ('queued','uploading','converting') RETURNING *`).get(this.iso(), id) as JobRow | undefined;
    if (row) return row;
    const existing = this.get(id);
    if (!existing) throw new Error(`no job ${id}`);
    throw new Error(`job ${id} is already ${existing.status}`);
  }
}

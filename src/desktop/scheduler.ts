/**
 * Pulls due jobs from the queue with bounded concurrency, runs them, and applies each typed
 * result to the queue. Holds leases (renewed while a job runs), wakes itself for the next due
 * job, and stops claiming for connections that are offline.
 */
import { DEFAULT_POLL, DEFAULT_RETRY, DEFAULT_WAIT, parseRetryAfter, pollDelay, retryDelay, type BackoffPolicy } from './backoff.js';
import type { Clock } from './clock.js';
import type { JobResult } from './job-runner.js';
import type { JobQueue, JobRow } from './store/job-queue.js';

export interface SchedulerOptions {
  queue: JobQueue;
  clock: Clock;
  concurrency?: number;
  maxAttempts?: number;
  retry?: BackoffPolicy;
  /** Backoff of a file waiting for an unavailable service (no attempts spent). */
  wait?: BackoffPolicy;
  poll?: BackoffPolicy;
  random?: () => number;
  /** Ids of connections jobs may be claimed for now (online ones). */
  claimableConnections: () => string[];
  run: (job: JobRow, signal: AbortSignal) => Promise<JobResult>;
  /** Apply a finished result's side effects (store results) before the job is marked done. */
  onFinished: (job: JobRow, result: Extract<JobResult, { kind: 'finished' }>) => void;
  /** After the job is marked done (e.g. refresh the application's results). */
  afterFinished?: (job: JobRow) => void;
  /** The job found the service unreachable or unavailable (the connection should be probed). */
  onOffline: (job: JobRow, r: Extract<JobResult, { kind: 'offline' | 'wait' }>, retryAfterMs: number | null) => void;
  /** The service itself answered the job. */
  onReachable: (job: JobRow) => void;
  onJobChanged: (row: JobRow) => void;
  onIdle?: () => void;
}

export class Scheduler {
  private running = new Map<number, AbortController>();
  private cancelWake: (() => void) | null = null;
  private stopped = true;
  private pumping = false;
  private settled: Promise<void>[] = [];

  constructor(private o: SchedulerOptions) {}

  get active(): number { return this.running.size; }

  start(): void {
    this.stopped = false;
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelWake?.();
    for (const c of this.running.values()) c.abort(new Error('core stopping'));
    await Promise.allSettled(this.settled);
  }

  /** Abort a running job (after it was cancelled in the queue). */
  abort(id: number): void { this.running.get(id)?.abort(new Error('cancelled')); }

  /** Something changed (new job, connection back online): look for work now. */
  pump(): void {
    if (this.stopped || this.pumping) return;
    this.pumping = true;
    try {
      const limit = this.o.concurrency ?? 2;
      while (this.running.size < limit) {
        const conns = this.o.claimableConnections();
        if (!conns.length) break;
        const job = this.o.queue.claim({ connectionIds: conns });
        if (!job) break;
        this.launch(job);
      }
      this.scheduleWake();
      if (this.running.size === 0 && this.o.queue.pendingCount() === 0) this.o.onIdle?.();
    } finally {
      this.pumping = false;
    }
  }

  private scheduleWake(): void {
    this.cancelWake?.();
    this.cancelWake = null;
    if (this.stopped) return;
    // Jobs of an offline connection are woken by its coming back (pump), not polled for.
    const due = this.o.queue.nextDueAt({ connectionIds: this.o.claimableConnections() });
    if (due == null) return;
    this.cancelWake = this.o.clock.setTimer(Math.max(0, due - this.o.clock.now()) + 5, () => { this.cancelWake = null; this.pump(); });
  }

  private launch(job: JobRow): void {
    const ctrl = new AbortController();
    this.running.set(job.id, ctrl);
    this.o.onJobChanged(job);
    const q = this.o.queue;
    let cancelRenew: (() => void) | null = null;
    const renew = () => {
      cancelRenew = this.o.clock.setTimer(q.leaseMs / 3, () => {
        if (!q.renewLease(job.id)) ctrl.abort(new Error('lease lost'));
        else renew();
      });
    };
    renew();
    const p = this.o.run(job, ctrl.signal)
      .catch((err): JobResult => {
        const error = err instanceof Error ? err.message : String(err);
        return { kind: 'retry', error, reason: error, retryAfter: null };
      })
      .then((result) => {
        cancelRenew?.();
        this.running.delete(job.id);
        if (!this.stopped || result.kind !== 'cancelled') this.apply(job, result);
      })
      .catch((err) => { console.error(`ledgerdrop: job ${job.id}: ${(err as Error).message}`); })
      .finally(() => {
        this.settled = this.settled.filter((x) => x !== p);
        this.pump();
      });
    this.settled.push(p);
  }

  private apply(job: JobRow, r: JobResult): void {
    const q = this.o.queue;
    const max = this.o.maxAttempts ?? 8;
    let row: JobRow | undefined;
    const unavailable = r.kind === 'offline' || r.kind === 'wait';
    if (!unavailable && r.kind !== 'cancelled') this.o.onReachable(job);
    switch (r.kind) {
      case 'finished':
        this.o.onFinished(job, r);
        row = q.markDone(job.id, { appid: r.appid, statementIds: statementIds(r.fileStatus) });
        break;
      case 'accepted':
        row = q.markConverting(job.id, r.resfile, r.appid, pollDelay(this.o.poll ?? DEFAULT_POLL, 1, this.o.random));
        break;
      case 'poll':
        row = q.pollLater(job.id, pollDelay(this.o.poll ?? DEFAULT_POLL, job.poll_count + 2, this.o.random), r.message);
        break;
      case 'retry': {
        const attempts = job.attempts + (job.status === 'converting' ? 1 : 0);
        if (attempts >= max) { row = q.markFailed(job.id, `gave up after ${attempts} attempts: ${r.error}`); break; }
        const delay = retryDelay(this.o.retry ?? DEFAULT_RETRY, attempts, parseRetryAfter(r.retryAfter, this.o.clock.now()), this.o.random);
        row = q.retryLater(job.id, delay, r.error, r.reason);
        break;
      }
      case 'wait': {
        const retryAfterMs = parseRetryAfter(r.retryAfter, this.o.clock.now());
        const delay = retryDelay(this.o.wait ?? DEFAULT_WAIT, job.waits + 1, retryAfterMs, this.o.random);
        row = q.holdUnavailable(job.id, delay, r.error, `waiting for service: ${r.reason}`);
        this.o.onOffline(job, r, retryAfterMs);
        break;
      }
      case 'rekey':
        row = job.attempts >= max ? q.markFailed(job.id, `gave up after ${job.attempts} attempts: ${r.error}`) : q.rekey(job.id, r.error);
        break;
      case 'rate-limited':
        row = q.markFailed(job.id, r.error, 'duplicate (not retried)');
        break;
      case 'failed':
        row = q.markFailed(job.id, r.error);
        break;
      case 'offline':
        row = q.holdOffline(job.id, r.error, `waiting for network: ${r.reason}`);
        this.o.onOffline(job, r, null);
        break;
      case 'cancelled':
        row = q.get(job.id);
        break;
    }
    if (r.kind === 'finished' && row) this.o.afterFinished?.(row);
    if (row) this.o.onJobChanged(row);
  }
}

function statementIds(fileStatus: unknown[]): number[] {
  const out: number[] = [];
  for (const f of fileStatus) {
    const id = (f as { statementid?: unknown } | null)?.statementid;
    if (typeof id === 'number') out.push(id);
  }
  return out;
}

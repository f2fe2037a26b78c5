/**
 * The durable queue on a real SQLite file with a fake clock: deduplication per application,
 * atomic claims (two owners on one file never get the same job), lease expiry, crash recovery,
 * offline holds that spend no attempt, and the user's retry/cancel.
 */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { FakeClock } from '../../src/desktop/clock.js';
import { openDb } from '../../src/desktop/store/db.js';
import { JobQueue } from '../../src/desktop/store/job-queue.js';
import { tempDir } from './tmp.js';

const tmp = tempDir('ld-queue-');
afterAll(() => tmp.cleanup());
let n = 0;

function fresh(clock = new FakeClock()) {
  const file = path.join(tmp.dir, `q-${++n}.sqlite`);
  const db = openDb(file);
  return { file, db, clock, q: new JobQueue(db, clock, { owner: 'A', leaseMs: 10_000 }) };
}
const job = (sha: string, appnumber = 'APP') => ({ appnumber, connectionId: 'local', fileName: `${sha}.pdf`, sha256: sha, size: 10, blobPath: `/inbox/${sha}` });

describe('JobQueue', () => {
  it('one job per file per application: the same file again returns the existing job', () => {
    const { q } = fresh();
    const a = q.enqueue(job('h1'));
    const again = q.enqueue(job('h1'));
    const other = q.enqueue(job('h1', 'APP-2'));
    expect(a.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.row.id).toBe(a.row.id);
    expect(other.created).toBe(true);
    expect(a.row.idempotency_key).not.toBe(other.row.idempotency_key);
    expect(q.list()).toHaveLength(2);
  });

  it('claims atomically: two owners on the same database file never get the same job', () => {
    const { file, q, clock } = fresh();
    for (let i = 0; i < 20; i++) q.enqueue(job(`h${i}`));
    const q2 = new JobQueue(openDb(file), clock, { owner: 'B', leaseMs: 10_000 });
    const got: number[] = [];
    for (let i = 0; i < 12; i++) {
      const a = q.claim();
      const b = q2.claim();
      if (a) got.push(a.id);
      if (b) got.push(b.id);
    }
    expect(got).toHaveLength(20);
    expect(new Set(got).size).toBe(20);
    const row = q.get(got[0]!)!;
    expect(row.status).toBe('uploading');
    expect(row.attempts).toBe(1);
    expect(['A', 'B']).toContain(row.lease_owner);
  });

  it('a job waits for next_attempt_at; an expired lease makes a job claimable by another owner', () => {
    const { file, q, clock } = fresh();
    const { row } = q.enqueue(job('h'));
    const claimed = q.claim()!;
    expect(claimed.id).toBe(row.id);
    q.retryLater(row.id, 5_000, '503: busy');
    expect(q.claim()).toBeUndefined();
    expect(q.nextDueAt()).toBe(clock.now() + 5_000);
    // Only jobs of the connections that can be claimed now wake the scheduler.
    expect(q.nextDueAt({ connectionIds: [row.connection_id] })).toBe(clock.now() + 5_000);
    expect(q.nextDueAt({ connectionIds: ['elsewhere'] })).toBeNull();
    expect(q.nextDueAt({ connectionIds: [] })).toBeNull();
    clock.advance(5_000);
    expect(q.claim()!.attempts).toBe(2);
    const q2 = new JobQueue(openDb(file), clock, { owner: 'B', leaseMs: 10_000 });
    expect(q2.claim()).toBeUndefined();
    clock.advance(9_000);
    expect(q.renewLease(row.id)).toBe(true);
    clock.advance(9_000);
    expect(q2.claim()).toBeUndefined();
    clock.advance(2_000);
    const stolen = q2.claim()!;
    expect(stolen.lease_owner).toBe('B');
    expect(q.renewLease(row.id)).toBe(false);
    expect(q.markDone(row.id, { appid: 1, statementIds: [] })).toBeUndefined(); // A lost the lease: its late answer is ignored
  });

  it('on start, jobs a crashed run left in flight are recovered (uploading → queued, converting keeps its resfile)', () => {
    const { file, q, clock } = fresh();
    q.enqueue(job('h1'));
    q.enqueue(job('h2'));
    const a = q.claim()!;
    const b = q.claim()!;
    q.markConverting(b.id, '7-abc.res', 7, 0);
    q.claim(); // b claimed again for polling
    const restarted = new JobQueue(openDb(file), clock, { owner: 'C' });
    expect(restarted.recoverAbandoned()).toBe(2);
    expect(restarted.get(a.id)).toMatchObject({ status: 'queued', lease_owner: null, idempotency_key: a.idempotency_key });
    expect(restarted.get(b.id)).toMatchObject({ status: 'converting', resfile: '7-abc.res', lease_owner: null });
    expect(restarted.claim()!.id).toBe(a.id);
  });

  it('offline holds give the attempt back; polling does not count as an attempt', () => {
    const { q } = fresh();
    const { row } = q.enqueue(job('h'));
    q.claim();
    q.holdOffline(row.id, 'ECONNREFUSED');
    expect(q.get(row.id)).toMatchObject({ status: 'queued', attempts: 0, detail: 'waiting for network' });
    q.claim();
    q.markConverting(row.id, 'r.res', 1, 0);
    q.claim();
    q.pollLater(row.id, 0, 'still converting');
    q.claim();
    expect(q.get(row.id)).toMatchObject({ status: 'converting', attempts: 1, poll_count: 1 });
  });

  it('retry and cancel: only from the right states, with messages naming the job', () => {
    const { q } = fresh();
    const { row } = q.enqueue(job('h'));
    expect(() => q.retry(row.id)).toThrow(`job ${row.id} is queued; only failed or cancelled jobs can be retried`);
    q.claim();
    q.markFailed(row.id, 'bad file');
    const again = q.retry(row.id);
    expect(again).toMatchObject({ status: 'queued', attempts: 0, last_error: null, idempotency_key: row.idempotency_key });
    expect(q.cancel(row.id).status).toBe('cancelled');
    expect(() => q.cancel(row.id)).toThrow(`job ${row.id} is already cancelled`);
    expect(() => q.retry(999)).toThrow('no job 999');
    expect(q.counts()).toMatchObject({ cancelled: 1, queued: 0 });
  });
});

describe('waiting for an unavailable service', () => {
  it('holds a job without spending the attempt, counts the waits, and releases it when the connection is back', () => {
    const { q, clock } = fresh();
    const { row } = q.enqueue(job('w'));
    q.claim();
    const held = q.holdUnavailable(row.id, 60_000, '502 Bad Gateway', 'waiting for service: 502 from gateway')!;
    expect(held).toMatchObject({ status: 'queued', attempts: 0, waits: 1, last_error: '502 Bad Gateway', detail: 'waiting for service: 502 from gateway', next_attempt_at: clock.now() + 60_000 });
    expect(q.claim()).toBeUndefined();
    // Other waiting jobs take the connection's reason; this one keeps its own.
    q.enqueue(job('w2'));
    expect(q.setWaitingDetail('waiting for network: connection refused', row.connection_id)).toBe(1);
    expect(q.get(row.id)!.detail).toBe('waiting for service: 502 from gateway');
    expect(q.releaseWaiting('elsewhere')).toBe(0);
    expect(q.releaseWaiting(row.connection_id)).toBe(1);
    expect(q.get(row.id)!.next_attempt_at).toBe(clock.now());
    expect([q.claim()!.id, q.claim()!.id].sort()).toEqual([row.id, row.id + 1]);
    // A counting retry starts the wait count again.
    expect(q.retryLater(row.id, 1_000, 'connection reset (ECONNRESET)', 'connection reset')).toMatchObject({ waits: 0, attempts: 1, detail: 'retry in 1 s: connection reset' });
  });
});

/**
 * Retry timing through the whole core with a fake clock, against the real service: a 503 with
 * Retry-After: 120 holds the job for exactly that long (nothing is sent before), then it
 * converts; upload progress reaches the file size; the poll after a 202 waits its backoff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { FakeClock } from '../../src/desktop/clock.js';
import type { Core } from '../../src/desktop/index.js';
import type { JobProgress } from '../../src/contract/ipc.js';
import { FaultProxy } from './fault-proxy.js';
import { writeStatements } from './fixtures.js';
import { coreFor, startRealService, tempDir, until } from './helpers.js';

const tmp = tempDir('ld-timing-');
let service: Awaited<ReturnType<typeof startRealService>>;
let proxy: FaultProxy;
let core: Core;
const clock = new FakeClock(Date.now());

beforeAll(async () => {
  service = await startRealService(path.join(tmp.dir, 'service'));
  proxy = await FaultProxy.start(service.url);
  core = await coreFor(path.join(tmp.dir, 'data'), proxy.url, { clock, retry: { baseMs: 1_000, capMs: 60_000 }, random: () => 0.5 });
});
afterAll(async () => {
  await core.close();
  await proxy.close();
  await service.close();
  tmp.cleanup();
});

const uploads = () => proxy.log.filter((e) => e.path.endsWith('/uploadpdfs')).length;
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('retry timing on a fake clock', () => {
  it('Retry-After: 120 → not a byte is sent (nor a probe) for 120 s, then the job converts; no attempt spent on the wait', async () => {
    const progress: JobProgress[] = [];
    core.on('jobs:progress', (p) => progress.push(p));
    const files = writeStatements(path.join(tmp.dir, 'in'), 1, 300);
    proxy.inject('/uploadpdfs', { kind: 'status', status: 503, body: { error: 'maintenance' }, headers: { 'retry-after': '120' } });
    const [job] = await core.addPaths('T-1', files);
    await until(() => core.listJobs('T-1')[0]!.lastError !== null, 'first attempt answered');
    const held = core.listJobs('T-1')[0]!;
    expect(held).toMatchObject({ status: 'queued', attempts: 0, detail: 'waiting for service: service busy, Retry-After 120 s', lastError: '503: maintenance' });
    expect(Date.parse(held.nextAttemptAt!)).toBe(clock.now() + 120_000);
    expect(core.networkStatus()).toMatchObject({ online: false, detail: 'waiting for service: service busy, Retry-After 120 s' });
    expect(Date.parse(core.networkStatus().nextProbeAt!)).toBe(clock.now() + 120_000);
    const auths = proxy.count(/authenticate$/);
    clock.advance(119_000);
    await settle();
    expect(uploads()).toBe(1);
    expect(proxy.count(/authenticate$/)).toBe(auths);
    clock.advance(1_000 + 10);
    await core.whenIdle();
    expect(uploads()).toBe(2);
    expect(core.listJobs('T-1')[0]).toMatchObject({ status: 'done', attempts: 1, bytesSent: job!.size });
    expect(progress.filter((p) => p.id === job!.id).at(-1)).toMatchObject({ bytesSent: job!.size, size: job!.size });
  });

  it('without Retry-After: full-jitter backoff (here half of base·2^(n-1))', async () => {
    const files = writeStatements(path.join(tmp.dir, 'in2'), 1, 400);
    proxy.inject('/uploadpdfs', { kind: 'status', status: 500, body: { error: 'oops', requestId: 'x' } }, 2);
    await core.addPaths('T-2', files);
    await until(() => core.listJobs('T-2')[0]!.attempts === 1 && core.listJobs('T-2')[0]!.status === 'queued', 'first failure');
    expect(Date.parse(core.listJobs('T-2')[0]!.nextAttemptAt!)).toBe(clock.now() + 500);
    expect(core.listJobs('T-2')[0]!.detail).toBe('retry in 1 s: 500 from service');
    clock.advance(510);
    await until(() => core.listJobs('T-2')[0]!.attempts === 2 && core.listJobs('T-2')[0]!.status === 'queued', 'second failure');
    expect(Date.parse(core.listJobs('T-2')[0]!.nextAttemptAt!)).toBe(clock.now() + 1_000);
    const before = uploads();
    clock.advance(990);
    await settle();
    expect(uploads()).toBe(before);
    clock.advance(20);
    await core.whenIdle();
    expect(core.listJobs('T-2')[0]).toMatchObject({ status: 'done', attempts: 3 });
  });
});

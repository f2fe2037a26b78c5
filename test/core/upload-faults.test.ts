/**
 * The queue against the REAL service through a fault-injecting loopback proxy: every outcome
 * the issue names (200, 202 → 206 → 200, 401 renewal, 429, 400, 5xx with Retry-After, resets,
 * timeouts, service down) and what the service really converted afterwards.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Core } from '../../src/desktop/index.js';
import type { JobView } from '../../src/contract/ipc.js';
import { FaultProxy } from './fault-proxy.js';
import { writeStatements } from './fixtures.js';
import { coreFor, serviceFileCounts, startRealService, tempDir, until } from './helpers.js';

const tmp = tempDir();
let service: Awaited<ReturnType<typeof startRealService>>;
let proxy: FaultProxy;
let core: Core | null = null;
let seed = 1;
let appSeq = 0;

beforeAll(async () => {
  service = await startRealService(path.join(tmp.dir, 'service'));
  proxy = await FaultProxy.start(service.url);
});
afterEach(async () => {
  await core?.close();
  core = null;
  proxy.clearFaults();
  proxy.log.length = 0;
});
afterAll(async () => {
  await proxy.close();
  await service.close();
  tmp.cleanup();
});

async function setup(n: number, extra: Parameters<typeof coreFor>[2] = {}) {
  const dir = path.join(tmp.dir, `case-${++appSeq}`);
  core = await coreFor(path.join(dir, 'data'), proxy.url, extra);
  const files = writeStatements(path.join(dir, 'in'), n, seed);
  seed += n;
  return { app: `APP-${appSeq}`, files, core };
}

const statuses = (jobs: JobView[]) => jobs.map((j) => j.status);

describe('uploads against the real service', () => {
  it('200: converts, stores file_status and statement summaries locally, and the service holds each file once', async () => {
    const { app, files, core } = await setup(3);
    await core.addPaths(app, files);
    await core.whenIdle();
    expect(statuses(core.listJobs(app))).toEqual(['done', 'done', 'done']);
    const detail = core.getApp(app);
    expect(detail.fileStatus).toHaveLength(3);
    expect(detail.app.totalstatements).toBe(3);
    expect(detail.statements.length).toBe(3);
    expect((detail.fileStatus[0] as { reconciled: boolean }).reconciled).toBe(true);
    const counts = await serviceFileCounts(service.url, app);
    expect([...counts.values()]).toEqual([1, 1, 1]);
    // One session token, cached in memory, served every request.
    expect(proxy.count(/authenticate$/)).toBe(1);
  });

  it('503 with Retry-After waits without spending an attempt; the service\'s own 500 is retried as an attempt', async () => {
    const { app, files, core } = await setup(1);
    proxy.inject('/uploadpdfs', { kind: 'status', status: 503, body: { error: 'busy' }, headers: { 'retry-after': '0' } });
    proxy.inject('/uploadpdfs', { kind: 'status', status: 500, body: { error: 'boom', requestId: 'r1' } });
    const details: string[] = [];
    core.on('jobs:changed', (j) => details.push(j.detail));
    await core.addPaths(app, files);
    await core.whenIdle();
    const [job] = core.listJobs(app);
    expect(job!.status).toBe('done');
    expect(job!.attempts).toBe(2);
    expect(proxy.count(/uploadpdfs$/, /fault 50[03]/)).toBe(2);
    expect(details).toContain('waiting for service: service busy, Retry-After 0 s');
    expect(details.some((d) => /^retry in \d+ s: 500 from service$/.test(d))).toBe(true);
  });

  it('connection reset mid-upload: retried with the same Idempotency-Key, converted exactly once', async () => {
    const { app, files, core } = await setup(2);
    proxy.inject('/uploadpdfs', { kind: 'reset', afterBytes: 200 });
    proxy.inject('/uploadpdfs', { kind: 'reset' });
    await core.addPaths(app, files);
    await core.whenIdle();
    expect(core.listJobs(app).map((j) => `${j.status} ${j.lastError ?? ''}`)).toEqual(['done ', 'done ']);
    const counts = await serviceFileCounts(service.url, app);
    expect([...counts.values()]).toEqual([1, 1]);
  });

  it('a timeout (no answer) is retried', async () => {
    const { app, files, core } = await setup(1, { requestTimeoutMs: 300 });
    proxy.inject('/uploadpdfs', { kind: 'hang' });
    await core.addPaths(app, files);
    await core.whenIdle();
    const [job] = core.listJobs(app);
    expect(job!.status).toBe('done');
    expect(job!.attempts).toBe(2);
  });

  it('401: re-authenticates once and repeats the request', async () => {
    const { app, files, core } = await setup(1);
    proxy.inject('/uploadpdfs', { kind: 'status', status: 401, body: { error: 'token expired' } });
    await core.addPaths(app, files);
    await core.whenIdle();
    expect(core.listJobs(app)[0]!.status).toBe('done');
    expect(core.listJobs(app)[0]!.attempts).toBe(1);
    expect(proxy.count(/authenticate$/)).toBeGreaterThanOrEqual(2);
  });

  it('429: failed as a duplicate and not retried; 400: failed with the service message', async () => {
    const { app, files, core } = await setup(2);
    proxy.inject('/uploadpdfs', { kind: 'status', status: 429, body: { error: 'same file uploaded 3 times' } });
    await core.addPaths(app, [files[0]!]);
    await core.whenIdle();
    const dup = core.listJobs(app)[0]!;
    expect(dup.status).toBe('failed');
    expect(dup.lastError).toMatch(/duplicate: same file uploaded 3 times/);
    expect(dup.attempts).toBe(1);
    proxy.inject('/uploadpdfs', { kind: 'status', status: 400, body: { error: 'jsondata: accounts[0].statements is required' } });
    await core.addPaths(app, [files[1]!]);
    await core.whenIdle();
    const bad = core.listJobs(app)[1]!;
    expect(bad.status).toBe('failed');
    expect(bad.lastError).toBe('jsondata: accounts[0].statements is required');
    expect(proxy.count(/uploadpdfs$/)).toBe(2);
  });

  it('gives up after maxAttempts of the service\'s own 5xx with the last error', async () => {
    const { app, files, core } = await setup(1, { maxAttempts: 3 });
    proxy.inject('/uploadpdfs', { kind: 'status', status: 500, body: { error: 'internal error', requestId: 'r2' } }, 3);
    await core.addPaths(app, files);
    await core.whenIdle();
    const job = core.listJobs(app)[0]!;
    expect(job.status).toBe('failed');
    expect(job.lastError).toBe('gave up after 3 attempts: 500: internal error');
    // The user retries: fresh attempts, converted.
    core.retryJob(job.id);
    await core.whenIdle();
    expect(core.listJobs(app)[0]!.status).toBe('done');
  });

  it('service down: jobs wait for the network without spending attempts, then resume by themselves', async () => {
    const { app, files, core } = await setup(2);
    await proxy.goDown();
    const changes: string[] = [];
    core.on('network:changed', (n) => changes.push(n.detail));
    await core.addPaths(app, files);
    await until(() => !core.networkStatus().online, 'offline');
    expect(core.networkStatus().detail).toBe('waiting for network: connection refused');
    await until(() => core.listJobs(app).every((j) => j.detail === 'waiting for network: connection refused' && j.status === 'queued'), 'jobs waiting');
    await new Promise((r) => setTimeout(r, 300)); // several probes fail meanwhile
    expect(core.listJobs(app).every((j) => j.attempts === 0)).toBe(true);
    await proxy.comeUp();
    await core.whenIdle();
    expect(statuses(core.listJobs(app))).toEqual(['done', 'done']);
    expect(core.networkStatus().online).toBe(true);
    expect(changes).toContain('waiting for network: connection refused');
    expect(changes.at(-1)).toBe('online');
  });
});

describe('asynchronous conversions (202)', () => {
  it('202 → /checkprogress (206 while converting) → /getresults with scorecard and transactions', async () => {
    const svc = await startRealService(path.join(tmp.dir, 'service-async'), { syncWaitMs: 0 });
    const p2 = await FaultProxy.start(svc.url);
    try {
      const { app, files, core } = await setup(2, {});
      await core.saveConnection({ id: 'svc', name: 'async', url: p2.url, username: 'broker', password: 'correct horse battery', product: 'pdfinsightstp' });
      p2.inject('/checkprogress', { kind: 'status', status: 206, body: { message: 'converting 1 file' } });
      p2.inject('/checkprogress', { kind: 'status', status: 503, body: { error: 'busy' } });
      await core.addPaths(app, files);
      await core.whenIdle();
      const jobs = core.listJobs(app);
      expect(statuses(jobs)).toEqual(['done', 'done']);
      expect(jobs.every((j) => j.resfile && j.resfile.endsWith('.res'))).toBe(true);
      expect(p2.count(/checkprogress$/)).toBeGreaterThanOrEqual(3);
      // Scorecard and transactions: /getresults once the application's queue drained.
      expect(p2.count(/getresults$/)).toBeGreaterThanOrEqual(1);
      expect(core.scorecard(app)).not.toBeNull();
      const detail = core.getApp(app);
      expect(detail.fileStatus).toHaveLength(2);
      expect(detail.app.totalstatements).toBe(2);
      expect(core.transactions(app)).not.toBeNull();
      const counts = await serviceFileCounts(svc.url, app);
      expect([...counts.values()]).toEqual([1, 1]);
    } finally {
      await core?.close();
      core = null;
      await p2.close();
      await svc.close();
    }
  });
});

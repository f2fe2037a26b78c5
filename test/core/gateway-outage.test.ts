/**
 * The queue behind a gateway and through the answers real networks give, against the REAL
 * service: a gateway answering 502 with its HTML page while the service is down (files wait
 * without spending attempts and all convert once it is back), overload answers with
 * Retry-After, one-line error texts, why each retry happens, a probe that stays short while
 * files wait, and stored results that only move forward (a replayed or late answer never
 * replaces newer results, even when the final /getresults fails).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { FakeClock } from '../../src/desktop/clock.js';
import type { Core } from '../../src/desktop/index.js';
import { errorLine, unavailableReason } from '../../src/desktop/service-answer.js';
import { FaultProxy, gatewayPage } from './fault-proxy.js';
import { writeStatements } from './fixtures.js';
import { coreFor, deadPort, serviceFileCounts, startRealService, tempDir, until } from './helpers.js';

const tmp = tempDir('ld-gateway-');
let service: Awaited<ReturnType<typeof startRealService>>;
let proxy: FaultProxy;
let core: Core | null = null;
let seed = 5_000;
let caseNo = 0;

beforeAll(async () => {
  service = await startRealService(path.join(tmp.dir, 'service'));
  proxy = await FaultProxy.start(service.url, { gateway: true });
});
afterEach(async () => {
  await core?.close();
  core = null;
  proxy.clearFaults();
  proxy.setTarget(service.url);
  proxy.log.length = 0;
});
afterAll(async () => {
  await proxy.close();
  await service.close();
  tmp.cleanup();
});

async function setup(n: number, extra: Parameters<typeof coreFor>[2] = {}) {
  const dir = path.join(tmp.dir, `case-${++caseNo}`);
  core = await coreFor(path.join(dir, 'data'), proxy.url, extra);
  const files = writeStatements(path.join(dir, 'in'), n, seed);
  seed += n;
  return { app: `GW-${caseNo}`, files, core };
}

describe('what an answer means, in one line', () => {
  it('gateway pages, overload and the service\'s own errors', () => {
    const page = gatewayPage(502);
    expect(errorLine({ status: 502, body: page })).toBe('502 Bad Gateway');
    expect(errorLine({ status: 503, statusText: 'Service Unavailable', body: '<!DOCTYPE html><html><head>\n<title>Maintenance &amp; upgrades</title></head><body><p>back soon</p></body></html>' }))
      .toBe('503 Service Unavailable: Maintenance & upgrades');
    expect(errorLine({ status: 500, body: '<html><body><h1>oops</h1></body></html>' })).toBe('500 Internal Server Error');
    expect(errorLine({ status: 400, body: { error: 'jsondata: accounts[0].statements is required' } })).toBe('jsondata: accounts[0].statements is required');
    expect(errorLine({ status: 400, body: { error: 'line one\n  line two' } })).toBe('line one line two');
    expect(unavailableReason({ status: 502, body: page })).toBe('502 from gateway');
    expect(unavailableReason({ status: 504, body: page })).toBe('504 from gateway');
    expect(unavailableReason({ status: 503, body: { error: 'queue full' }, retryAfter: '20' })).toBe('service busy, Retry-After 20 s');
    expect(unavailableReason({ status: 429, body: '', retryAfter: '20' })).toBe('service busy, Retry-After 20 s');
    expect(unavailableReason({ status: 429, body: 'Too Many Requests' })).toBe('429 from gateway');
    expect(unavailableReason({ status: 500, body: '<html></html>' })).toBe('500 from gateway');
    // About the file or the request: counted against it.
    expect(unavailableReason({ status: 429, body: { error: 'a.pdf: this file was already uploaded 3 times' } })).toBeNull();
    expect(unavailableReason({ status: 500, body: { error: 'internal error', requestId: 'x' } })).toBeNull();
    expect(unavailableReason({ status: 400, body: { error: 'bad' } })).toBeNull();
  });
});

describe('behind a gateway', () => {
  it('the service down behind a gateway answering 502: files wait without spending attempts, then all convert exactly once', async () => {
    const { app, files, core } = await setup(6, { maxAttempts: 2 });
    proxy.setTarget(await deadPort());
    const lines: string[] = [];
    core.on('jobs:changed', (j) => lines.push(`${j.fileName}: ${j.status} (${j.detail})${j.lastError ? ` ${j.lastError}` : ''}`));
    await core.addPaths(app, files);
    // Long enough for far more answers than maxAttempts per file.
    await until(() => proxy.count(/./, /^gateway 502/) >= 20, 'twenty 502 answers from the gateway');
    expect(core.networkStatus()).toMatchObject({ online: false, detail: 'waiting for service: 502 from gateway' });
    const waiting = core.listJobs(app);
    expect(waiting.every((j) => j.status === 'queued' && j.attempts === 0)).toBe(true);
    expect(waiting.filter((j) => j.lastError).every((j) => j.lastError === '502 Bad Gateway' && j.detail === 'waiting for service: 502 from gateway')).toBe(true);
    proxy.setTarget(service.url);
    await core.whenIdle();
    const jobs = core.listJobs(app);
    expect(jobs.map((j) => j.status)).toEqual(Array(6).fill('done'));
    // What happened to each file, should one have spent a second attempt.
    expect(jobs.map((j) => j.attempts), lines.join('\n')).toEqual(Array(6).fill(1));
    expect([...(await serviceFileCounts(service.url, app)).values()]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(core.getApp(app).app.totalstatements).toBe(6);
    // Never a page in a message.
    expect(lines.some((l) => l.includes('waiting for service: 502 from gateway'))).toBe(true);
    expect(lines.filter((l) => /[<>]/.test(l))).toEqual([]);
  });

  it('a gateway\'s 504 and 503 pages and a busy 429 with Retry-After: waits, no attempts; the service\'s own 429 (same file too often) fails the file', async () => {
    const { app, files, core } = await setup(2, { maxAttempts: 1 });
    proxy.inject('/uploadpdfs', { kind: 'gateway', status: 504 });
    proxy.inject('/uploadpdfs', { kind: 'gateway', status: 503 });
    proxy.inject('/uploadpdfs', { kind: 'status', status: 429, body: { error: 'slow down' }, headers: { 'retry-after': '0' } });
    const details: string[] = [];
    core.on('jobs:changed', (j) => details.push(j.detail));
    await core.addPaths(app, [files[0]!]);
    await core.whenIdle();
    expect(core.listJobs(app)[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(details).toEqual(expect.arrayContaining(['waiting for service: 504 from gateway', 'waiting for service: 503 from gateway', 'waiting for service: service busy, Retry-After 0 s']));
    proxy.inject('/uploadpdfs', { kind: 'status', status: 429, body: { error: 'statement.json: this file was already uploaded 3 times to application X in the last 24 hours' } });
    await core.addPaths(app, [files[1]!]);
    await core.whenIdle();
    expect(core.listJobs(app)[1]).toMatchObject({ status: 'failed', lastError: 'duplicate: statement.json: this file was already uploaded 3 times to application X in the last 24 hours' });
  });

  it('a gateway refusing the file itself (413 page): failed, with the status line and the page title on one line', async () => {
    const { app, files, core } = await setup(1);
    proxy.inject('/uploadpdfs', { kind: 'gateway', status: 413 });
    await core.addPaths(app, files);
    await core.whenIdle();
    expect(core.listJobs(app)[0]).toMatchObject({ status: 'failed', lastError: '413 Payload Too Large' });
  });

  it('each retry says why: reset, timeout, the service\'s 500, a gateway 503', async () => {
    const { app, files, core } = await setup(1, { requestTimeoutMs: 500, maxAttempts: 8 });
    proxy.inject('/uploadpdfs', { kind: 'reset' });
    proxy.inject('/uploadpdfs', { kind: 'hang' });
    proxy.inject('/uploadpdfs', { kind: 'status', status: 500, body: { error: 'boom', requestId: 'r' } });
    proxy.inject('/uploadpdfs', { kind: 'gateway', status: 503 });
    proxy.inject('/uploadpdfs', { kind: 'reset', during: 'response' });
    const details: string[] = [];
    core.on('jobs:changed', (j) => details.push(j.detail));
    await core.addPaths(app, files);
    await core.whenIdle();
    const reasons = details.filter((d) => /^(retry in|waiting)/.test(d)).map((d) => d.replace(/^retry in \d+ s: /, 'retry: '));
    expect(reasons).toEqual(['retry: connection reset', 'retry: timeout after 500 ms', 'retry: 500 from service', 'waiting for service: 503 from gateway', 'retry: connection reset']);
    // The answer cut off mid-body was converted by the service: the retry got it back by its key.
    expect(core.listJobs(app)[0]).toMatchObject({ status: 'done', attempts: 5 });
    expect([...(await serviceFileCounts(service.url, app)).values()]).toEqual([1]);
  });
});

describe('prompt recovery (fake clock)', () => {
  it('while files wait through a long outage the probe interval stays within 5 s; the service is noticed at the next probe', async () => {
    const clock = new FakeClock(Date.now());
    const { app, files, core } = await setup(2, { clock, random: () => 0.999, probe: undefined, wait: { baseMs: 1_000, capMs: 120_000 } });
    proxy.setTarget(await deadPort());
    await core.addPaths(app, files);
    await until(() => core.listJobs(app).every((j) => j.detail === 'waiting for service: 502 from gateway'), 'files waiting');
    const gaps: number[] = [];
    // Run the outage on the fake clock: each step fires the next probe (a real request to the gateway).
    for (let i = 0; i < 12; i++) {
      const net0 = core.networkStatus();
      expect(net0.online).toBe(false);
      const gap = Date.parse(net0.nextProbeAt!) - clock.now();
      gaps.push(gap);
      const before = proxy.count(/authenticate$/);
      clock.advance(gap);
      await until(() => proxy.count(/authenticate$/, /^gateway 502/) > before && core.networkStatus().nextProbeAt !== net0.nextProbeAt, 'probe answered');
    }
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5_000);
    expect(gaps.at(-1)).toBeGreaterThan(2_000);
    proxy.setTarget(service.url);
    const gap = Date.parse(core.networkStatus().nextProbeAt!) - clock.now();
    expect(gap).toBeLessThanOrEqual(5_000);
    clock.advance(gap);
    await until(() => core.networkStatus().online, 'back online at the next probe');
    clock.advance(10);
    await core.whenIdle();
    expect(core.listJobs(app).map((j) => [j.status, j.attempts])).toEqual([['done', 1], ['done', 1]]);
  });
});

describe('stored results only move forward', () => {
  /** The final /getresults of the application fails throughout (a gateway page each time). */
  const failRefreshes = () => proxy.inject('/getresults', { kind: 'gateway', status: 502 }, 1_000);

  it('a replayed first answer (its answer was dropped, the retry gets the original back) arriving after newer uploads replaces nothing', async () => {
    const { app, files, core } = await setup(3, { refreshAttempts: 2 });
    failRefreshes();
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    // The first upload is converted but its answer lost; its retry (same key) is answered with the
    // stored original, held back until the other two files are done.
    proxy.inject('/uploadpdfs', { kind: 'drop', then: { kind: 'hold', until: released } });
    await core.addPaths(app, [files[0]!]);
    await until(() => proxy.count(/uploadpdfs$/, /^held answer 200/) === 1, 'replay of the first upload held');
    await core.addPaths(app, files.slice(1));
    await until(() => core.listJobs(app).filter((j) => j.status === 'done').length === 2, 'the two later files done');
    expect(core.getApp(app).app.totalstatements).toBe(3);
    release();
    await core.whenIdle();
    expect(proxy.count(/uploadpdfs$/, /^late answer 200/)).toBe(1);
    const detail = core.getApp(app);
    expect(detail.jobs.map((j) => j.status)).toEqual(['done', 'done', 'done']);
    expect(detail.app.totalstatements).toBe(3);
    expect(detail.statements).toHaveLength(3);
    expect(detail.fileStatus).toHaveLength(3);
    expect(core.resultsRefreshError(app)).toBe('502 from gateway');
    expect([...(await serviceFileCounts(service.url, app)).values()]).toEqual([1, 1, 1]);
  });

  it('a late answer (converted first, delivered last) replaces nothing; a later successful refresh clears the error', async () => {
    const { app, files, core } = await setup(3, { refreshAttempts: 2 });
    failRefreshes();
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    proxy.inject('/uploadpdfs', { kind: 'hold', until: released });
    await core.addPaths(app, [files[0]!]);
    await until(() => proxy.count(/uploadpdfs$/, /^held answer 200/) === 1, 'first answer held');
    await core.addPaths(app, files.slice(1));
    await until(() => core.listJobs(app).filter((j) => j.status === 'done').length === 2, 'the two later files done');
    release();
    await core.whenIdle();
    expect(core.getApp(app).app.totalstatements).toBe(3);
    expect(core.getApp(app).statements).toHaveLength(3);
    expect(core.resultsRefreshError(app)).toBe('502 from gateway');
    proxy.clearFaults();
    const refreshed = await core.refreshResults(app);
    expect(refreshed.app.totalstatements).toBe(3);
    expect(core.resultsRefreshError(app)).toBeNull();
  });
});

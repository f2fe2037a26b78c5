import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, schemaVersion, type Db } from '../../src/service/store/db.js';
import { upsertAccount } from '../../src/service/store/accounts.js';
import {
  WebhookDispatcher, attemptsOf, backoffDelay, buildWebhookPayload, getDelivery, signBody, verifySignature, webhookUrlProblem,
} from '../../src/service/webhooks/index.js';

const FAST = { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 200, jitter: 0.5, timeoutMs: 2_000 };
const LOOPBACK = { allowLoopback: true };

interface Received { body: string; headers: http.IncomingHttpHeaders; validSignature: boolean; at: number }

/** A customer's receiver: verifies the signature, fails the first `failFirst` requests with 500. */
async function receiver(secret: () => string, opts: { failFirst?: number; hang?: boolean } = {}) {
  const received: Received[] = [];
  let failures = opts.failFirst ?? 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ body, headers: req.headers, validSignature: verifySignature(secret(), body, req.headers['x-signature'] as string), at: Date.now() });
      if (opts.hang) return; // never answers
      if (failures > 0) { failures--; res.statusCode = 500; res.end('busy'); return; }
      res.statusCode = 204; res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`, port, received,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

let dir: string;
let db: Db;
let accountId: number;
let secret: string;
let dispatchers: WebhookDispatcher[];

function dispatcher(opts: ConstructorParameters<typeof WebhookDispatcher>[1] = {}) {
  const d = new WebhookDispatcher(db, { retry: FAST, addressPolicy: LOOPBACK, random: () => 0.5, ...opts });
  dispatchers.push(d);
  return d;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-webhooks-'));
  db = openDb(dir);
  const account = upsertAccount(db, { username: 'broker', passwordHash: 'unused', product: 'pdfinsightstp', conversions: 10, features: [] });
  accountId = account.id;
  secret = account.webhookSecret;
  dispatchers = [];
});

afterEach(async () => {
  for (const d of dispatchers) await d.stop();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const RESULTS = {
  file_status: [
    { fileName: 'jan.pdf', resfile: 'r1', fail: false, numTransactions: 12, reconciled: true, fraudscore: 97 },
    { fileName: 'jan.pdf', resfile: 'r1', fail: false, numTransactions: 3, reconciled: false },
    { fileName: 'bad.pdf', resfile: 'r2', fail: true, numTransactions: -1, reconciled: false, error: 'file is encrypted' },
  ],
  statement_summaries: [{ tid: 't1', statement_month: 1 }],
  appinfo: { appnumber: 'APP-1', appid: 7, totalstatements: 2 },
  scorecard: { metrics: {} },
  userdata: { crm: 42 },
};

describe('migration 050', () => {
  it('creates the delivery and attempt tables', () => {
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(50);
    const cols = (t: string) => (db.prepare(`PRAGMA table_info(${t})`).all() as Array<{ name: string }>).map((c) => c.name);
    expect(cols('webhook_deliveries')).toEqual(expect.arrayContaining(['account_id', 'app_id', 'url', 'body', 'status', 'attempts', 'next_attempt_at']));
    expect(cols('webhook_attempts')).toEqual(expect.arrayContaining(['delivery_id', 'attempt', 'at', 'status_code', 'error', 'duration_ms']));
  });
});

describe('signing, backoff, payloads', () => {
  it('signs the exact body and rejects any change', () => {
    const body = '{"a":1}';
    const sig = signBody('s3cret', body);
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature('s3cret', body, sig)).toBe(true);
    expect(verifySignature('s3cret', '{"a":2}', sig)).toBe(false);
    expect(verifySignature('other', body, sig)).toBe(false);
    expect(verifySignature('s3cret', body, undefined)).toBe(false);
  });

  it('backs off exponentially, capped, with jitter taking off at most its share', () => {
    const p = { baseDelayMs: 1000, maxDelayMs: 10_000, jitter: 0.5 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, p, () => 0))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffDelay(3, p, () => 1)).toBe(2000);
    expect(backoffDelay(3, { ...p, jitter: 0 }, () => 1)).toBe(4000);
  });

  it('checks webhook URLs', () => {
    expect(webhookUrlProblem('https://example.com/hook')).toBeNull();
    expect(webhookUrlProblem('ftp://example.com/hook')).toMatch(/http or https/);
    expect(webhookUrlProblem('nope')).toMatch(/not a valid URL/);
  });

  it('gives thumbprint only statement_summaries and appinfo', () => {
    const { event, payload } = buildWebhookPayload(RESULTS, { product: 'thumbprint', whonlynotify: false });
    expect(event).toBe('conversion.results');
    expect(Object.keys(payload as object).sort()).toEqual(['appinfo', 'statement_summaries']);
  });

  it('gives the full results to the other products', () => {
    const { payload } = buildWebhookPayload(RESULTS, { product: 'pdfinsights', whonlynotify: false });
    expect(payload).toEqual(RESULTS);
  });

  it('gives a completion notification only with whonlynotify, one entry per file', () => {
    const { event, payload } = buildWebhookPayload(RESULTS, { product: 'pdfinsightstp', whonlynotify: true, completedAt: new Date('2026-11-21T10:00:00Z') });
    expect(event).toBe('conversion.completed');
    expect(payload).toEqual({
      event: 'conversion.completed', appnumber: 'APP-1', appid: 7, totalstatements: 2, completedAt: '2026-11-21T10:00:00.000Z',
      userdata: { crm: 42 },
      files: [
        { fileName: 'jan.pdf', resfile: 'r1', fail: false, numTransactions: 15, reconciled: false },
        { fileName: 'bad.pdf', resfile: 'r2', fail: true, numTransactions: -1, reconciled: false, error: 'file is encrypted' },
      ],
    });
    expect(JSON.stringify(payload)).not.toContain('scorecard');
  });
});

describe('WebhookDispatcher', () => {
  it('delivers a signed POST and records the attempt', async () => {
    const r = await receiver(() => secret);
    try {
      const d = dispatcher();
      const id = d.deliverResults({ accountId, appId: null, url: r.url, product: 'pdfinsightstp', whonlynotify: false, results: RESULTS });
      await d.idle();
      expect(r.received).toHaveLength(1);
      expect(r.received[0]!.validSignature).toBe(true);
      expect(r.received[0]!.headers['content-type']).toBe('application/json');
      expect(r.received[0]!.headers['x-ledgerdrop-delivery']).toBe(String(id));
      expect(JSON.parse(r.received[0]!.body)).toEqual(RESULTS);
      expect(getDelivery(db, id)!.status).toBe('delivered');
      const attempts = attemptsOf(db, id);
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ attempt: 1, statusCode: 204, error: null });
    } finally { await r.close(); }
  });

  it('retries with growing delays until the receiver accepts', async () => {
    const r = await receiver(() => secret, { failFirst: 2 });
    try {
      const d = dispatcher();
      const id = d.enqueue({ accountId, appId: null, url: r.url, event: 'conversion.results', payload: { n: 1 } });
      await d.idle();
      expect(r.received).toHaveLength(3);
      expect(r.received.every((x) => x.validSignature)).toBe(true);
      expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
      expect(r.received.map((x) => x.headers['x-ledgerdrop-attempt'])).toEqual(['1', '2', '3']);
      // base 20 ms, jitter 0.5 × random 0.5 → 15 ms then 30 ms at least
      expect(r.received[1]!.at - r.received[0]!.at).toBeGreaterThanOrEqual(14);
      expect(r.received[2]!.at - r.received[1]!.at).toBeGreaterThanOrEqual(29);
      const attempts = attemptsOf(db, id);
      expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 204]);
      expect(attempts[0]!.error).toBe('receiver answered HTTP 500');
      expect(getDelivery(db, id)!.status).toBe('delivered');
    } finally { await r.close(); }
  });

  it('gives up after maxAttempts and keeps every attempt', async () => {
    const r = await receiver(() => secret, { failFirst: 100 });
    try {
      const d = dispatcher();
      const id = d.enqueue({ accountId, appId: null, url: r.url, event: 'conversion.results', payload: {} });
      await d.idle();
      expect(r.received).toHaveLength(FAST.maxAttempts);
      const del = getDelivery(db, id)!;
      expect(del.status).toBe('failed');
      expect(del.finishedAt).not.toBeNull();
      expect(attemptsOf(db, id)).toHaveLength(FAST.maxAttempts);
    } finally { await r.close(); }
  });

  it('records a connection error and a timeout', async () => {
    const r = await receiver(() => secret);
    const deadUrl = r.url;
    await r.close();
    const d = dispatcher({ retry: { ...FAST, maxAttempts: 1 } });
    const id = d.enqueue({ accountId, appId: null, url: deadUrl, event: 'e', payload: {} });
    await d.idle();
    expect(attemptsOf(db, id)[0]!.error).toMatch(/could not reach the receiver: ECONNREFUSED/);

    const slow = await receiver(() => secret, { hang: true });
    try {
      const d2 = dispatcher({ retry: { ...FAST, maxAttempts: 1, timeoutMs: 150 } });
      const id2 = d2.enqueue({ accountId, appId: null, url: slow.url, event: 'e', payload: {} });
      await d2.idle();
      expect(attemptsOf(db, id2)[0]!.error).toMatch(/did not answer in time/);
      expect(getDelivery(db, id2)!.status).toBe('failed');
    } finally { await slow.close(); }
  });

  it('refuses loopback receivers unless the operator allows them, without retrying', async () => {
    const r = await receiver(() => secret);
    try {
      const d = dispatcher({ addressPolicy: {} });
      const byIp = d.enqueue({ accountId, appId: null, url: r.url, event: 'e', payload: {} });
      const byName = d.enqueue({ accountId, appId: null, url: `http://localhost:${r.port}/hook`, event: 'e', payload: {} });
      await d.idle();
      expect(r.received).toHaveLength(0);
      for (const id of [byIp, byName]) {
        expect(getDelivery(db, id)!.status).toBe('failed');
        const attempts = attemptsOf(db, id);
        expect(attempts).toHaveLength(1);
        expect(attempts[0]!.error).toMatch(/loopback/);
      }
    } finally { await r.close(); }
  });

  it('resumes pending deliveries after a restart', async () => {
    // First life: the receiver is down; one failed attempt, then the service stops.
    const probe = await receiver(() => secret);
    const port = probe.port;
    await probe.close();
    const first = dispatcher({ retry: { ...FAST, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const id = first.enqueue({ accountId, appId: null, url: `http://127.0.0.1:${port}/hook`, event: 'conversion.results', payload: { resumed: true } });
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => { if (attemptsOf(db, id).length === 1) { clearInterval(poll); resolve(); } }, 5);
    });
    await first.stop();
    expect(getDelivery(db, id)!.status).toBe('pending');
    db.close();

    // Second life: same data dir, receiver back on the same port.
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => { got.push({ body: Buffer.concat(chunks).toString(), sig: req.headers['x-signature'] as string }); res.end('ok'); });
    });
    const got: Array<{ body: string; sig: string }> = [];
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    try {
      db = openDb(dir);
      const second = dispatcher();
      expect(second.start(Date.now() + 60_000)).toBe(1);
      await second.idle();
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]!.body)).toEqual({ resumed: true });
      expect(verifySignature(secret, got[0]!.body, got[0]!.sig)).toBe(true);
      expect(getDelivery(db, id)!.status).toBe('delivered');
      expect(attemptsOf(db, id).map((a) => a.attempt)).toEqual([1, 2]);
    } finally {
      await new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); });
    }
  });
});

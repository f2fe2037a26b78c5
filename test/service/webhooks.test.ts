// Longer than ~400 lines on purpose: the payload rules, the dispatcher and the service's own
// deliveries share one receiver harness (a real HTTP server that records and answers on cue).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openSqliteStore, type SqliteStore } from '../../src/service/store/sqlite-store.js';
import { provisionAccount, startService } from '../../src/service/index.js';
import { authenticate, Client, startTestService } from './helpers.js';
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
let db: SqliteStore;
let accountId: number;
let secret: string;
let dispatchers: WebhookDispatcher[];

function dispatcher(opts: ConstructorParameters<typeof WebhookDispatcher>[1] = {}) {
  const d = new WebhookDispatcher(db, { retry: FAST, addressPolicy: LOOPBACK, random: () => 0.5, ...opts });
  dispatchers.push(d);
  return d;
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-webhooks-'));
  db = openSqliteStore(dir);
  const account = await upsertAccount(db, { username: 'broker', passwordHash: 'unused', product: 'pdfinsightstp', conversions: 10, features: [] });
  accountId = account.id;
  secret = account.webhookSecret;
  dispatchers = [];
});

afterEach(async () => {
  for (const d of dispatchers) await d.stop();
  await db.close();
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
  it('creates the delivery and attempt tables', async () => {
    expect(await db.schemaVersion()).toBeGreaterThanOrEqual(50);
    const cols = (t: string) => (db.db.prepare(`PRAGMA table_info(${t})`).all() as Array<{ name: string }>).map((c) => c.name);
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
      const id = await d.deliverResults({ accountId, appId: null, url: r.url, product: 'pdfinsightstp', whonlynotify: false, results: RESULTS });
      await d.idle();
      expect(r.received).toHaveLength(1);
      expect(r.received[0]!.validSignature).toBe(true);
      expect(r.received[0]!.headers['content-type']).toBe('application/json');
      expect(r.received[0]!.headers['x-ledgerdrop-delivery']).toBe(String(id));
      expect(JSON.parse(r.received[0]!.body)).toEqual(RESULTS);
      expect((await getDelivery(db, id))!.status).toBe('delivered');
      const attempts = await attemptsOf(db, id);
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ attempt: 1, statusCode: 204, error: null });
    } finally { await r.close(); }
  });

  it('retries with growing delays until the receiver accepts', async () => {
    const r = await receiver(() => secret, { failFirst: 2 });
    try {
      const d = dispatcher();
      const id = await d.enqueue({ accountId, appId: null, url: r.url, event: 'conversion.results', payload: { n: 1 } });
      await d.idle();
      expect(r.received).toHaveLength(3);
      expect(r.received.every((x) => x.validSignature)).toBe(true);
      expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
      expect(r.received.map((x) => x.headers['x-ledgerdrop-attempt'])).toEqual(['1', '2', '3']);
      // base 20 ms, jitter 0.5 × random 0.5 → 15 ms then 30 ms at least
      expect(r.received[1]!.at - r.received[0]!.at).toBeGreaterThanOrEqual(14);
      expect(r.received[2]!.at - r.received[1]!.at).toBeGreaterThanOrEqual(29);
      const attempts = await attemptsOf(db, id);
      expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 204]);
      expect(attempts[0]!.error).toBe('receiver answered HTTP 500');
      expect((await getDelivery(db, id))!.status).toBe('delivered');
    } finally { await r.close(); }
  });

  it('gives up after maxAttempts and keeps every attempt', async () => {
    const r = await receiver(() => secret, { failFirst: 100 });
    try {
      const d = dispatcher();
      const id = await d.enqueue({ accountId, appId: null, url: r.url, event: 'conversion.results', payload: {} });
      await d.idle();
      expect(r.received).toHaveLength(FAST.maxAttempts);
      const del = (await getDelivery(db, id))!;
      expect(del.status).toBe('failed');
      expect(del.finishedAt).not.toBeNull();
      expect(await attemptsOf(db, id)).toHaveLength(FAST.maxAttempts);
    } finally { await r.close(); }
  });

  it('records a connection error and a timeout', async () => {
    const r = await receiver(() => secret);
    const deadUrl = r.url;
    await r.close();
    const d = dispatcher({ retry: { ...FAST, maxAttempts: 1 } });
    const id = await d.enqueue({ accountId, appId: null, url: deadUrl, event: 'e', payload: {} });
    await d.idle();
    expect((await attemptsOf(db, id))[0]!.error).toMatch(/could not reach the receiver: ECONNREFUSED/);

    const slow = await receiver(() => secret, { hang: true });
    try {
      const d2 = dispatcher({ retry: { ...FAST, maxAttempts: 1, timeoutMs: 150 } });
      const id2 = await d2.enqueue({ accountId, appId: null, url: slow.url, event: 'e', payload: {} });
      await d2.idle();
      expect((await attemptsOf(db, id2))[0]!.error).toMatch(/did not answer in time/);
      expect((await getDelivery(db, id2))!.status).toBe('failed');
    } finally { await slow.close(); }
  });

  it('refuses loopback receivers unless the operator allows them, without retrying', async () => {
    const r = await receiver(() => secret);
    try {
      const d = dispatcher({ addressPolicy: {} });
      const byIp = await d.enqueue({ accountId, appId: null, url: r.url, event: 'e', payload: {} });
      const byName = await d.enqueue({ accountId, appId: null, url: `http://localhost:${r.port}/hook`, event: 'e', payload: {} });
      await d.idle();
      expect(r.received).toHaveLength(0);
      for (const id of [byIp, byName]) {
        expect((await getDelivery(db, id))!.status).toBe('failed');
        const attempts = await attemptsOf(db, id);
        expect(attempts).toHaveLength(1);
        expect(attempts[0]!.error).toMatch(/loopback/);
      }
    } finally { await r.close(); }
  });

  it('stops without waiting for a hanging receiver and keeps the delivery pending', async () => {
    const slow = await receiver(() => secret, { hang: true });
    try {
      const d = dispatcher({ retry: { ...FAST, timeoutMs: 120_000 } });
      const id = await d.enqueue({ accountId, appId: null, url: slow.url, event: 'e', payload: {} });
      await new Promise<void>((resolve) => { const poll = setInterval(() => { if (slow.received.length === 1) { clearInterval(poll); resolve(); } }, 5); });
      await d.stop();
      expect(await getDelivery(db, id)).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await attemptsOf(db, id)).toEqual([]);
    } finally { await slow.close(); }
  });

  it('resumes pending deliveries after a restart', async () => {
    // First life: the receiver is down; one failed attempt, then the service stops.
    const probe = await receiver(() => secret);
    const port = probe.port;
    await probe.close();
    const first = dispatcher({ retry: { ...FAST, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const id = await first.enqueue({ accountId, appId: null, url: `http://127.0.0.1:${port}/hook`, event: 'conversion.results', payload: { resumed: true } });
    await new Promise<void>((resolve) => {
      const poll = setInterval(async () => { if ((await attemptsOf(db, id)).length === 1) { clearInterval(poll); resolve(); } }, 5);
    });
    await first.stop();
    expect((await getDelivery(db, id))!.status).toBe('pending');
    await db.close();

    // Second life: same data dir, receiver back on the same port.
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => { got.push({ body: Buffer.concat(chunks).toString(), sig: req.headers['x-signature'] as string }); res.end('ok'); });
    });
    const got: Array<{ body: string; sig: string }> = [];
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    try {
      db = openSqliteStore(dir);
      const second = dispatcher();
      expect(await second.start(Date.now() + 60_000)).toBe(1);
      await second.idle();
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]!.body)).toEqual({ resumed: true });
      expect(verifySignature(secret, got[0]!.body, got[0]!.sig)).toBe(true);
      expect((await getDelivery(db, id))!.status).toBe('delivered');
      expect((await attemptsOf(db, id)).map((a) => a.attempt)).toEqual([1, 2]);
    } finally {
      await new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); });
    }
  });
});

describe('conversion webhooks through the service', () => {
  type Svc = Awaited<ReturnType<typeof startTestService>>;

  const mtjson = (n: number) => JSON.stringify({
    accounts: [{
      bank_name: 'Webhook Bank', account_number: `9900${n}`, account_type: 'checking', account_name: 'Ops',
      statements: [{ start_date: '2026-02-01', end_date: '2026-02-28', start_balance: 1000, end_balance: 1250.5,
        transactions: [{ date: '2026-02-03', description: 'Card sales', amount: 300.5 }, { date: '2026-02-10', description: 'Rent', amount: -50 }] }],
    }],
  });

  function storeOf(s: Svc) {
    const ro = new Database(path.join(s.dataDir, 'ledgerdrop.sqlite'), { readonly: true });
    return {
      secret: (user: string) => (ro.prepare('SELECT webhook_secret AS s FROM accounts WHERE username = ?').get(user) as { s: string }).s,
      deliveries: () => ro.prepare('SELECT id, status, attempts, event FROM webhook_deliveries ORDER BY id').all() as Array<{ id: number; status: string; attempts: number; event: string }>,
      attempts: (id: number) => ro.prepare('SELECT attempt, status_code, error FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt').all(id) as Array<{ attempt: number; status_code: number | null; error: string | null }>,
      close: () => ro.close(),
    };
  }

  async function until(check: () => boolean): Promise<void> {
    while (!check()) await new Promise((r) => setTimeout(r, 10));
  }

  let s: Svc;
  const receivers: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    s = await startTestService({ allowPrivateWebhooks: true, webhookRetry: { baseDelayMs: 10, maxDelayMs: 50, maxAttempts: 4 } });
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await s?.stop();
  });

  it('POSTs the signed results of /uploadpdfs and records the delivery', async () => {
    const c = await s.addAccount('hooked', 'pdfinsightstp');
    const st = storeOf(s);
    const r = await receiver(() => st.secret('hooked'));
    receivers.push(r);
    const up = await c.call('POST', '/uploadpdfs', { appnumber: 'WH-1', accounttype: 'MTJson', jsondata: mtjson(1), webhook: r.url, userdata: '{"crm":"x1"}' });
    expect(up.status).toBe(202);
    await until(() => r.received.length === 1 && st.deliveries().some((d) => d.status === 'delivered'));
    const got = r.received[0]!;
    expect(got.validSignature).toBe(true);
    expect(got.headers['x-ledgerdrop-event']).toBe('conversion.results');
    const body = JSON.parse(got.body) as { file_status: Array<{ reconciled: boolean; accountNumber: string }>; statement_summaries: unknown[]; appinfo: { appnumber: string }; userdata: unknown };
    expect(body.appinfo.appnumber).toBe('WH-1');
    expect(body.file_status).toHaveLength(1);
    expect(body.file_status[0]!.reconciled).toBe(true);
    expect(body.statement_summaries).toHaveLength(1);
    expect(body.userdata).toEqual({ crm: 'x1' });
    const [d] = st.deliveries();
    expect(st.attempts(d!.id)).toEqual([{ attempt: 1, status_code: 204, error: null }]);
    st.close();
  });

  it('sends thumbprint only statement_summaries and appinfo', async () => {
    const c = await s.addAccount('thumbhook', 'thumbprint');
    const st = storeOf(s);
    const r = await receiver(() => st.secret('thumbhook'));
    receivers.push(r);
    const up = await c.call('POST', '/uploadpdfs', { appnumber: 'WH-2', accounttype: 'MTJson', jsondata: mtjson(2), webhook: r.url });
    expect(up.status).toBe(202);
    await until(() => r.received.length === 1);
    expect(r.received[0]!.validSignature).toBe(true);
    expect(Object.keys(JSON.parse(r.received[0]!.body)).sort()).toEqual(['appinfo', 'statement_summaries']);
    st.close();
  });

  it('sends only a completion notification with whonlynotify, after retrying a failing receiver', async () => {
    const c = await s.addAccount('notify', 'pdfinsights');
    const st = storeOf(s);
    const r = await receiver(() => st.secret('notify'), { failFirst: 2 });
    receivers.push(r);
    const up = await c.call('POST', '/uploadpdfs', { appnumber: 'WH-3', accounttype: 'MTJson', jsondata: mtjson(3), webhook: r.url, whonlynotify: 'true' });
    expect(up.status).toBe(202);
    await until(() => r.received.length === 3);
    await until(() => st.deliveries().some((d) => d.event === 'conversion.completed' && d.status === 'delivered'));
    const body = JSON.parse(r.received[2]!.body) as { event: string; appnumber: string; files: Array<{ fail: boolean; reconciled: boolean }> };
    expect(body.event).toBe('conversion.completed');
    expect(body.appnumber).toBe('WH-3');
    expect(body.files).toEqual([expect.objectContaining({ fail: false, reconciled: true, numTransactions: 2 })]);
    expect(body).not.toHaveProperty('file_status');
    const d = st.deliveries().find((x) => x.event === 'conversion.completed')!;
    expect(st.attempts(d.id).map((a) => a.status_code)).toEqual([500, 500, 204]);
    st.close();
  });

  it('resumes a pending delivery when the service starts again on the same data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-webhook-restart-'));
    const config = { scryptCost: 1024, allowPrivateWebhooks: true, webhookRetry: { baseDelayMs: 300_000, maxDelayMs: 300_000, jitter: 0 } };
    await provisionAccount(dataDir, { username: 'again', password: 'pw', product: 'pdfinsightstp' }, config);
    const probe = await receiver(() => '');
    const port = probe.port;
    await probe.close();
    const first = await startService({ dataDir, config });
    const c = new Client(first.url, (await authenticate(first.url, 'again', 'pw', 'pdfinsightstp')).text, 'pdfinsightstp');
    const up = await c.call('POST', '/uploadpdfs', { appnumber: 'WH-4', accounttype: 'MTJson', jsondata: mtjson(4), webhook: `http://127.0.0.1:${port}/hook` });
    expect(up.status).toBe(202);
    const st1 = storeOf({ dataDir } as Svc);
    await until(() => st1.deliveries().length === 1 && st1.deliveries()[0]!.attempts === 1);
    expect(st1.deliveries()[0]!.status).toBe('pending');
    expect(st1.attempts(st1.deliveries()[0]!.id)[0]!.error).toMatch(/ECONNREFUSED/);
    st1.close();
    await first.close();

    // The receiver comes back on the same port; the delivery is due (its 5-minute wait is shortened in the store).
    const secret = (() => { const st = storeOf({ dataDir } as Svc); const x = st.secret('again'); st.close(); return x; })();
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (ch: Buffer) => chunks.push(ch));
      req.on('end', () => { got.push({ body: Buffer.concat(chunks).toString(), sig: String(req.headers['x-signature']) }); res.end(); });
    });
    const got: Array<{ body: string; sig: string }> = [];
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    const rw = new Database(path.join(dataDir, 'ledgerdrop.sqlite'));
    rw.prepare('UPDATE webhook_deliveries SET next_attempt_at = 0').run();
    rw.close();
    const second = await startService({ dataDir, config });
    try {
      await until(() => got.length === 1);
      expect(verifySignature(secret, got[0]!.body, got[0]!.sig)).toBe(true);
      expect((JSON.parse(got[0]!.body) as { appinfo: { appnumber: string } }).appinfo.appnumber).toBe('WH-4');
      const st2 = storeOf({ dataDir } as Svc);
      await until(() => st2.deliveries()[0]!.status === 'delivered');
      expect(st2.attempts(st2.deliveries()[0]!.id).map((a) => a.attempt)).toEqual([1, 2]);
      st2.close();
    } finally {
      await second.close();
      await new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

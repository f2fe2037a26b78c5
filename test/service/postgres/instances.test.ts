import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionAccount, startService, type RunningService } from '../../../src/service/index.js';
import { authenticate, bigStatement, Client, jsonFile, send, twoMonths } from '../helpers.js';
import { requirePostgres, startCluster, type TestCluster } from './cluster.js';
import { nestedSavesPdf } from '../hostile/files.js';
import { recordingReceiver } from '../recording-receiver.js';
import { stepUntil } from '../step-process.js';

/**
 * Several service instances on one PostgreSQL store: what one accepts, another reads; sessions,
 * signed links, idempotency keys and webhook deliveries hold across them; and an instance killed
 * mid-batch loses nothing (another takes its conversions over once their leases run out).
 */
requirePostgres();

const SCRYPT = { scryptCost: 1 << 14 };
const LEASE_MS = 2000;
const dirs: string[] = [];
const tmp = () => { const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-pg-inst-')); dirs.push(d); return d; };

async function until(check: () => Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('several instances on one PostgreSQL', () => {
  let cluster: TestCluster;
  beforeAll(async () => { cluster = await startCluster(); }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  describe('two instances answering the same clients', () => {
    let url: string;
    let a: RunningService, b: RunningService;
    let hooks: { count: number; ids: string[]; server: http.Server; url: string };
    beforeAll(async () => {
      url = await cluster.createDatabase('shared');
      // The nesting limit raised so that a document of deeply nested saves takes seconds to read (the cancel test).
      const config = { store: url, workerThreads: 1, leaseMs: LEASE_MS, allowPrivateWebhooks: true, limits: { maxNestingDepth: 10_000_000 }, ...SCRYPT };
      // Started together: the migrations run once (advisory lock), neither fails.
      [a, b] = await Promise.all([startService({ dataDir: tmp(), config }), startService({ dataDir: tmp(), config })]);
      const server = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => { hooks.count++; hooks.ids.push(String(req.headers['x-ledgerdrop-delivery'])); res.statusCode = 204; res.end(); });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      hooks = { count: 0, ids: [], server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
    }, 120_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      hooks?.server.close();
    });

    it('ran each migration once, recorded in schema_migrations', async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const rows = (await client.query('SELECT version, COUNT(*) AS n FROM schema_migrations GROUP BY version')).rows as { n: string }[];
        expect(rows.length).toBeGreaterThanOrEqual(11);
        expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
      } finally { await client.end(); }
    });

    it('an account added through the CLI (--store) signs in on either instance; one session token works on both', async () => {
      const r = spawnSync(process.execPath, [path.resolve('bin/ledgerdrop.mjs'), 'accounts', 'add', 'desk1', '--password-stdin', '--product', 'pdfinsightstp', '--conversions', '50', '--store', url],
        { input: 'pw desk1\n', encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('saved in postgres://postgres@127.0.0.1');
      const onB = await authenticate(b.url, 'desk1', 'pw desk1', 'pdfinsightstp');
      expect(onB.status).toBe(200);
      const viaA = new Client(a.url, onB.text, 'pdfinsightstp');
      expect((await viaA.get('/remaining')).json).toEqual({ Remaining: 50 });
    });

    it('a batch uploaded through one instance is read through the other; the licence is charged once', async () => {
      const token = (await authenticate(a.url, 'desk1', 'pw desk1', 'pdfinsightstp')).text;
      const viaA = new Client(a.url, token, 'pdfinsightstp');
      const viaB = new Client(b.url, token, 'pdfinsightstp');
      const up = await viaA.post('/uploadpdfs', { appnumber: 'TEAM-1', accounttype: 'MTJson' },
        [jsonFile(twoMonths('111'), 'one.json'), jsonFile(twoMonths('222'), 'two.json')]);
      expect(up.status).toBe(200);
      const appid = up.json.appinfo.appid as number;
      const got = await viaB.post('/getresults', { appid });
      expect(got.status).toBe(200);
      // Two months per file: four statements.
      expect(got.json.file_status).toHaveLength(4);
      expect(got.json.file_status.map((f: { fileName: string }) => f.fileName).sort()).toEqual(['one.json', 'one.json', 'two.json', 'two.json']);
      expect((await viaB.get('/remaining')).json).toEqual({ Remaining: 46 });
      // The original document is in the store, not on A's disk: B's archive holds it.
      const zip = await viaB.post('/ziparchive', { appid });
      expect(zip.status).toBe(200);
      expect(String(zip.headers['content-type'])).toMatch(/application\/zip/);
    });

    it('a signed scorecard link made on one instance opens on the other', async () => {
      const token = (await authenticate(a.url, 'desk1', 'pw desk1', 'pdfinsightstp')).text;
      const viaA = new Client(a.url, token, 'pdfinsightstp');
      const apps = await viaA.get('/getapps');
      const appid = apps.json[0].appid as number;
      const link = await viaA.post('/scorecard/signedUrl', { appid });
      expect(link.status).toBe(200);
      const onB = String(link.json.url).replace(a.url, b.url);
      expect(onB.startsWith(b.url)).toBe(true);
      const page = await send(onB, { method: 'GET' });
      expect(page.status).toBe(200);
      expect(page.text).toContain(String(appid));
      const tampered = await send(onB.replace(/appid=\d+/, `appid=${appid + 1}`), { method: 'GET' });
      expect(tampered.status).toBe(403);
    });

    it('an Idempotency-Key answered by one instance is replayed by the other, converting nothing again', async () => {
      const token = (await authenticate(a.url, 'desk1', 'pw desk1', 'pdfinsightstp')).text;
      const viaA = new Client(a.url, token, 'pdfinsightstp');
      const viaB = new Client(b.url, token, 'pdfinsightstp');
      const before = (await viaA.get('/remaining')).json.Remaining as number;
      const first = await viaA.post('/makecsv', { appnumber: 'TEAM-IDEM', accounttype: 'MTJson' }, [jsonFile(twoMonths('333'))], { 'idempotency-key': 'team-key-1' });
      expect(first.status).toBe(200);
      const again = await viaB.post('/makecsv', { appnumber: 'TEAM-IDEM', accounttype: 'MTJson' }, [jsonFile(twoMonths('333'))], { 'idempotency-key': 'team-key-1' });
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.text).toBe(first.text);
      expect((await viaB.get('/remaining')).json).toEqual({ Remaining: before - 2 });
    });

    it('the 429 rate limit counts uploads made through both instances', async () => {
      const token = (await authenticate(a.url, 'desk1', 'pw desk1', 'pdfinsightstp')).text;
      const clients = [new Client(a.url, token, 'pdfinsightstp'), new Client(b.url, token, 'pdfinsightstp')];
      const same = jsonFile(twoMonths('444'), 'same.json');
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await clients[i % 2]!.post('/makecsv', { appnumber: 'TEAM-429', accounttype: 'MTJson' }, [same])).status);
      expect(codes).toEqual([200, 200, 200, 429]);
    });

    it('/cancelconversion through one instance stops a conversion running on the other: it ends cancelled, nothing stored', async () => {
      const token = (await authenticate(a.url, 'desk1', 'pw desk1', 'pdfinsightstp')).text;
      const viaA = new Client(a.url, token, 'pdfinsightstp');
      const viaB = new Client(b.url, token, 'pdfinsightstp');
      // Two documents that take long to read: the first runs, the second waits in A's queue.
      const slow = (name: string) => ({ name, bytes: nestedSavesPdf(200_000), type: 'application/pdf' });
      const files = [slow('slow-1.pdf'), slow('slow-2.pdf')];
      // The upload waits (syncWaitMs) on A while the test cancels through B.
      const uploading = viaA.post('/uploadpdfs', { appnumber: 'TEAM-CANCEL' }, files);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const batch = async () => (await client.query("SELECT c.app_id, c.resfile FROM conversions c JOIN applications p ON p.id = c.app_id WHERE p.appnumber = 'TEAM-CANCEL' ORDER BY c.id")).rows as { app_id: string; resfile: string }[];
        const refused = uploading.then((r) => { if (r.status >= 400) throw new Error(`upload refused: ${r.status} ${r.text}`); return new Promise<void>(() => undefined); });
        await Promise.race([refused, until(async () => (await batch()).length === 2, 'the batch to be stored', 30_000)]);
        const appid = Number((await batch())[0]!.app_id);
        const resfiles = (await batch()).map((r) => r.resfile);
        const row = async (resfile: string) => (await client.query('SELECT id, status, lease_owner, error FROM conversions WHERE resfile = $1', [resfile])).rows[0] as { id: string; status: string; lease_owner: string; error: string | null };
        // The first runs on A (A accepted the batch and holds it); the second waits in A's queue.
        await until(async () => (await row(resfiles[0]!)).status === 'running', 'the first conversion to run on A', 30_000)
          .catch(async (e: Error) => { throw new Error(`${e.message}: ${JSON.stringify((await client.query("SELECT c.id, c.status, c.lease_owner, c.error, c.finished_at, c.created_at FROM conversions c JOIN applications p ON p.id = c.app_id WHERE p.appnumber = 'TEAM-CANCEL'")).rows)} A=${a.conversions.owner}`); });
        expect((await row(resfiles[0]!)).lease_owner).toBe(a.conversions.owner);
        expect(a.conversions.isRunning(Number((await row(resfiles[0]!)).id))).toBe(true);
        expect(b.conversions.isRunning(Number((await row(resfiles[0]!)).id))).toBe(false);
        for (const resfile of [resfiles[0]!, resfiles[1]!]) {
          const c = await viaB.post('/cancelconversion', { appid, resfile });
          expect(c.status).toBe(200);
          expect(c.json.file_status).toHaveLength(1);
          expect(c.json.file_status[0].error).toMatch(/conversion cancelled/);
          const r = await row(resfile);
          expect(r.status).toBe('failed');
          expect(r.error).toMatch(/conversion cancelled/);
          expect(Number((await client.query('SELECT COUNT(*) AS n FROM statements WHERE conversion_id = $1', [r.id])).rows[0].n)).toBe(0);
        }
        // Cancelling it again, now finished, is 409; the upload waiting on A answers with both cancelled.
        expect((await viaB.post('/cancelconversion', { appid, resfile: resfiles[0]! })).status).toBe(409);
        const answered = await uploading;
        expect(answered.status).toBe(200);
        expect(answered.json.file_status.map((f: { error: string }) => f.error)).toEqual(['slow-1.pdf: conversion cancelled', 'slow-2.pdf: conversion cancelled']);
      } finally { await client.end(); }
    }, 120_000);

    it('a webhook is delivered once although both instances sweep for deliveries', async () => {
      const token = (await authenticate(a.url, 'desk1', 'pw desk1', 'pdfinsightstp')).text;
      const viaB = new Client(b.url, token, 'pdfinsightstp');
      const up = await viaB.post('/uploadpdfs', { appnumber: 'TEAM-HOOK', accounttype: 'MTJson', webhook: hooks.url }, [jsonFile(twoMonths('555'))]);
      expect(up.status).toBe(202);
      await until(async () => hooks.count >= 1, 'the webhook');
      // Several sweeps of both instances later, still one delivery, one attempt.
      await new Promise((r) => setTimeout(r, LEASE_MS * 2));
      expect(hooks.count).toBe(1);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const rows = (await client.query('SELECT status, attempts::int AS attempts FROM webhook_deliveries')).rows as { status: string; attempts: number }[];
        expect(rows).toEqual([{ status: 'delivered', attempts: 1 }]);
      } finally { await client.end(); }
    }, 60_000);
  });

  it('an instance SIGKILLed mid-batch loses nothing: the other converts the rest, every file exactly once, and sends the batch\'s webhook once', async () => {
    const url = await cluster.createDatabase('fault');
    await provisionAccount(tmp(), { username: 'desk2', password: 'pw desk2', product: 'pdfinsightstp', conversions: 100 }, { ...SCRYPT, store: url });
    const child: ChildProcess = spawn(process.execPath, [path.resolve('bin/run-ts.mjs'), path.resolve('test/service/postgres/instance.ts'), url, tmp(), String(LEASE_MS)],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    let b: RunningService | undefined;
    const db = new pg.Client({ connectionString: url });
    const hook = await recordingReceiver();
    try {
      const aUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (c: Buffer) => { out += c.toString(); const line = out.split('\n')[0]; if (out.includes('\n')) resolve(line!); });
        child.once('exit', (code) => reject(new Error(`instance A exited (${code}) before listening`)));
      });
      const token = (await authenticate(aUrl, 'desk2', 'pw desk2', 'pdfinsightstp')).text;
      const FILES = 8;
      const files = Array.from({ length: FILES }, (_, i) => jsonFile(bigStatement(1500, `70000000${i}`), `big-${i}.json`));
      const up = await new Client(aUrl, token, 'pdfinsightstp').post('/uploadpdfs', { appnumber: 'KILL-1', accounttype: 'MTJson', webhook: hook.url }, files);
      // Stopped at once and then run in slices, so the kill lands while the batch is half done.
      child.kill('SIGSTOP');
      expect(up.status).toBe(202);
      const appid = up.json.appinfo.appid as number;
      await db.connect();
      const statuses = async () => (await db.query('SELECT status FROM conversions WHERE app_id = $1', [appid])).rows.map((r: { status: string }) => r.status);
      // Killed while the batch is half done: some conversions stored, some not.
      await stepUntil(child, async () => (await statuses()).some((s) => s === 'done'), 'the first conversion on A');
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const atKill = await statuses();
      expect(atKill.filter((s) => s !== 'done').length).toBeGreaterThan(0);

      expect(hook.bodies).toHaveLength(0);
      b = await startService({ dataDir: tmp(), config: { store: url, workerThreads: 1, leaseMs: LEASE_MS, allowPrivateWebhooks: true, ...SCRYPT } });
      await until(async () => (await statuses()).every((s) => s === 'done'), 'B to finish the batch');
      const perConversion = (await db.query('SELECT c.id, COUNT(s.id) AS n FROM conversions c LEFT JOIN statements s ON s.conversion_id = c.id WHERE c.app_id = $1 GROUP BY c.id', [appid])).rows;
      expect(perConversion).toHaveLength(FILES);
      expect(perConversion.every((r: { n: string }) => Number(r.n) === 1)).toBe(true);
      const remaining = (await db.query("SELECT conversions_remaining AS n FROM accounts WHERE username = 'desk2'")).rows[0].n;
      expect(Number(remaining)).toBe(100 - FILES);
      // The batch uploaded through A (now dead) is read through B.
      const got = await new Client(b.url, token, 'pdfinsightstp').post('/getresults', { appid });
      expect(got.status).toBe(200);
      expect(got.json.file_status).toHaveLength(FILES);
      expect(got.json.file_status.every((f: { error?: string }) => !f.error)).toBe(true);
      // A accepted the webhook and died: B, finishing the batch, queued it; one delivery, every file in it.
      await until(async () => hook.bodies.length >= 1, 'the batch webhook');
      await new Promise((r) => setTimeout(r, LEASE_MS * 2));
      expect(hook.bodies).toHaveLength(1);
      const sent = JSON.parse(hook.bodies[0]!.body) as { file_status: Array<{ fileName: string; error?: string }> };
      expect(sent.file_status.map((f) => f.fileName).sort()).toEqual(files.map((_, i) => `big-${i}.json`));
      expect(sent.file_status.every((f) => !f.error)).toBe(true);
      const batches = (await db.query('SELECT delivery_id FROM webhook_batches')).rows as { delivery_id: string }[];
      expect(batches).toEqual([{ delivery_id: hook.bodies[0]!.delivery }]);
    } finally {
      hook.close();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await db.end().catch(() => undefined);
      await b?.close();
    }
  }, 300_000);
});

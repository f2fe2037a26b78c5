import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/service/store/sqlite-store.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildApp } from '../../src/service/http/app.js';
import { openDb } from '../../src/service/store/db.js';
import { resolveConfig } from '../../src/service/config.js';
import { ConversionManager } from '../../src/service/worker/manager.js';
import type { ServiceContext } from '../../src/service/http/context.js';
import { provisionAccount, startService } from '../../src/service/index.js';
import { authenticate, Client, jsonFile, send, twoMonths } from './helpers.js';

const dirs: string[] = [];
const tmp = () => { const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-err-')); dirs.push(d); return d; };
afterAll(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });

describe('500', () => {
  it('an unexpected error is 500 {error, requestId}, and the id is logged', async () => {
    const dataDir = tmp();
    const db = new SqliteStore(openDb(dataDir));
    const config = resolveConfig({ workerThreads: 1 });
    const conversions = new ConversionManager(db, config);
    const ctx: ServiceContext = { db, dataDir, config, conversions, linkSecret: 'x', baseUrl: '' };
    const logged: string[] = [];
    const origError = console.error;
    console.error = (...args: unknown[]) => { logged.push(args.map(String).join(' ')); };
    try {
      const app = await buildApp(ctx, {
        extraVersioned: [async (scope) => {
          scope.get('/explode', { config: { auth: 'none', endpoint: 'explode' } }, async () => { throw new Error('kaboom: secret detail'); });
        }],
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const port = (app.server.address() as { port: number }).port;
      const r = await send(`http://127.0.0.1:${port}/api/v1.5/explode`, { method: 'GET' });
      expect(r.status).toBe(500);
      expect(r.json.error).toBe('internal server error');
      expect(r.json.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.text).not.toContain('secret detail');
      expect(logged.some((l) => l.includes(r.json.requestId) && l.includes('kaboom'))).toBe(true);
      await app.close();
    } finally {
      console.error = origError;
      await conversions.close();
      await db.close();
    }
  });
});

describe('restart', () => {
  it('conversions left queued by a stopped service finish after the next start', async () => {
    const dataDir = tmp();
    await provisionAccount(dataDir, { username: 'r', password: 'rr', product: 'pdfinsightstp' }, { scryptCost: 1 << 14 });
    const first = await startService({ dataDir, config: { workerThreads: 1, syncWaitMs: 200 } });
    first.conversions.pause();
    const c = new Client(first.url, (await authenticate(first.url, 'r', 'rr', 'pdfinsightstp')).text, 'pdfinsightstp');
    const up = await c.post('/uploadpdfs', { appnumber: 'RS-1', accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    expect(up.status).toBe(202);
    const { resfile } = up.json.file_status[0];
    const appid = up.json.appinfo.appid;
    // Simulate a crash: the HTTP server and the DB go away while the conversion is still queued.
    await first.app.close();
    first.conversions.resume();
    await first.close();
    // the paused conversion ran during close(); reset it to queued as a killed process would leave it
    const db = openDb(dataDir);
    db.prepare("UPDATE conversions SET status = 'queued', results = NULL").run();
    db.prepare('DELETE FROM statements').run();
    db.close();
    const second = await startService({ dataDir, config: { workerThreads: 1 } });
    try {
      const c2 = new Client(second.url, (await authenticate(second.url, 'r', 'rr', 'pdfinsightstp')).text, 'pdfinsightstp');
      let r;
      // Bounded by a deadline well under the test's timeout: the restarted service's first
      // conversion thread can take seconds to start on a loaded machine.
      const deadline = Date.now() + 45_000;
      do {
        r = await c2.post('/checkprogress', { appid, resfile });
        if (r.status === 200) break;
        await new Promise((res) => setTimeout(res, 25));
      } while (Date.now() < deadline);
      expect(r!.status).toBe(200);
      expect(r!.json.appinfo.totalstatements).toBe(2);
    } finally {
      await second.close();
    }
  });
});

describe('CLI', () => {
  it('`accounts add` then `serve --port 0` prints "listening on http://HOST:PORT" and serves the API', async () => {
    const dataDir = tmp();
    const bin = path.resolve('bin/ledgerdrop.mjs');
    const add = spawn(process.execPath, [bin, 'accounts', 'add', 'cli-user', '--password', 'cli pw', '--product', 'pdfinsights', '--conversions', '7', '--data', dataDir]);
    const addOut: string[] = [];
    add.stdout.on('data', (d) => addOut.push(String(d)));
    expect(await new Promise((res) => add.on('exit', res))).toBe(0);
    expect(addOut.join('')).toMatch(/account cli-user \(pdfinsights\) saved/);

    const bad = spawn(process.execPath, [bin, 'accounts', 'add', 'x', '--password', 'p', '--product', 'gold', '--data', dataDir]);
    const badErr: string[] = [];
    bad.stderr.on('data', (d) => badErr.push(String(d)));
    expect(await new Promise((res) => bad.on('exit', res))).toBe(2);
    expect(badErr.join('')).toMatch(/--product must be/);

    const serve = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', dataDir]);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let buf = '';
        serve.stdout.on('data', (d) => {
          buf += String(d);
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(buf);
          if (m) resolve(m[1]!);
        });
        serve.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const tok = await authenticate(url, 'cli-user', 'cli pw', 'pdfinsights');
      expect(tok.status).toBe(200);
      const r = await new Client(url, tok.text, 'pdfinsights').get('/remaining');
      expect(r.json).toEqual({ Remaining: 7 });
    } finally {
      serve.kill('SIGTERM');
      await new Promise((res) => serve.on('exit', res));
    }
  }, 60_000);
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, bigStatement, Client, jsonFile, newAccount, startTestService, twoMonths, type TestService } from './helpers.js';
import { nestedSavesPdf } from './hostile/files.js';
import { provisionAccount, startService } from '../../src/service/index.js';
import { openDb } from '../../src/service/store/db.js';

/**
 * A document that keeps pdf.js busy for many minutes: 200,000 nested saves with the nesting
 * limit lifted. Only the wall-time limit, a cancel or a shutdown can stop it.
 */
const SLOW_LIMITS = { maxNestingDepth: 10_000_000 };
const slowPdf = () => ({ name: 'slow.pdf', bytes: nestedSavesPdf(200_000), type: 'application/pdf' });

async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('wall-time limit', () => {
  let svc: TestService;
  beforeAll(async () => { svc = await startTestService({ workerThreads: 1, syncWaitMs: 60_000, limits: { ...SLOW_LIMITS, maxConversionMs: 1_500 } }); });
  afterAll(async () => { await svc?.stop(); });

  it('a document over maxConversionMs fails naming the limit; the worker is replaced and the next file converts', async () => {
    const c = await newAccount(svc);
    const r = await c.post('/uploadpdfs', { appnumber: 'T-SLOW' }, [slowPdf()]);
    expect(r.status).toBe(200);
    expect(r.json.file_status[0].numTransactions).toBe(-1);
    expect(r.json.file_status[0].error).toMatch(/slow\.pdf: .*over the limit maxConversionMs = 1,500 .*the worker was stopped and replaced/);
    const next = await c.post('/uploadpdfs', { appnumber: 'T-SLOW', accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    expect(next.json.file_status.map((f: any) => f.numTransactions)).toEqual([3, 2]);
  });
});

describe('/cancelconversion', () => {
  let svc: TestService;
  beforeAll(async () => { svc = await startTestService({ workerThreads: 1, syncWaitMs: 0, limits: SLOW_LIMITS }); });
  afterAll(async () => { await svc?.stop(); });

  it('cancels a running conversion (its worker is stopped) and a queued one; a finished one is 409; others are not touched', async () => {
    const c = await newAccount(svc);
    const other = await newAccount(svc);
    const running = await c.post('/uploadpdfs', { appnumber: 'T-CANCEL' }, [slowPdf()]);
    expect(running.status).toBe(202);
    const appid = running.json.appinfo.appid as number;
    const resfile = running.json.file_status[0].resfile as string;
    const queued = await c.post('/uploadpdfs', { appnumber: 'T-CANCEL', appid }, [{ ...slowPdf(), name: 'slow2.pdf' }]);
    const otherUpload = await other.post('/uploadpdfs', { appnumber: 'T-OTHER', accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    await until('the first conversion to run', async () => (await c.post('/checkprogress', { appid, resfile })).json?.message === 'conversion in progress');

    const remainingBefore = (await c.get('/remaining')).json.Remaining;
    const cancelQueued = await c.post('/cancelconversion', { appid, resfile: queued.json.file_status[0].resfile });
    expect(cancelQueued.status).toBe(200);
    expect(cancelQueued.json.file_status[0]).toMatchObject({ numTransactions: -1, error: 'slow2.pdf: conversion cancelled' });
    const cancelRunning = await c.post('/cancelconversion', { appid, resfile });
    expect(cancelRunning.status).toBe(200);
    expect(cancelRunning.json).toMatchObject({ cancelled: true, resfile, file_status: [{ numTransactions: -1, error: 'slow.pdf: conversion cancelled' }] });
    expect((await c.get('/remaining')).json.Remaining).toBe(remainingBefore);
    const progress = await c.post('/checkprogress', { appid, resfile });
    expect(progress.status).toBe(200);
    expect(progress.json.file_status[0].error).toBe('slow.pdf: conversion cancelled');

    const again = await c.post('/cancelconversion', { appid, resfile });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/already finished \(failed\)/);
    expect((await c.post('/cancelconversion', { appid, resfile: 'nope.res' })).status).toBe(404);
    expect((await other.post('/cancelconversion', { appid, resfile })).status).toBe(404); // not their application

    // the other account's file converts on the replaced worker
    const otherApp = otherUpload.json.appinfo.appid;
    const otherRes = otherUpload.json.file_status[0].resfile;
    await until('the other account\'s file', async () => (await other.post('/checkprogress', { appid: otherApp, resfile: otherRes })).status === 200);
    const done = await other.post('/checkprogress', { appid: otherApp, resfile: otherRes });
    expect(done.json.file_status.map((f: any) => f.numTransactions)).toEqual([3, 2]);
  });
});

describe('shutdown', () => {
  it('close() returns while a conversion runs; the conversion resumes at the next start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-stop-'));
    try {
      const first = await startService({ dataDir, config: { workerThreads: 1, syncWaitMs: 0, scryptCost: 1 << 14, limits: SLOW_LIMITS } });
      await provisionAccount(dataDir, { username: 'stopper', password: 'pw pw', product: 'pdfinsightstp' }, { scryptCost: 1 << 14 });
      const c = new Client(first.url, (await authenticate(first.url, 'stopper', 'pw pw', 'pdfinsightstp')).text, 'pdfinsightstp');
      const r = await c.post('/uploadpdfs', { appnumber: 'T-STOP' }, [slowPdf()]);
      const { appid } = r.json.appinfo;
      const resfile = r.json.file_status[0].resfile;
      await until('the conversion to run', async () => (await c.post('/checkprogress', { appid, resfile })).json?.message === 'conversion in progress');
      await first.close(); // the test's own timeout is the bound: without the abort this waits for the document
      const db = openDb(dataDir);
      const row = db.prepare('SELECT status FROM conversions WHERE resfile = ?').get(resfile) as { status: string };
      db.close();
      expect(row.status).toBe('running');
      const second = await startService({ dataDir, config: { workerThreads: 1, syncWaitMs: 0, scryptCost: 1 << 14, limits: { ...SLOW_LIMITS, maxConversionMs: 1_000 } } });
      try {
        const c2 = new Client(second.url, (await authenticate(second.url, 'stopper', 'pw pw', 'pdfinsightstp')).text, 'pdfinsightstp');
        await until('the resumed conversion to end', async () => (await c2.post('/checkprogress', { appid, resfile })).status === 200);
        const done = await c2.post('/checkprogress', { appid, resfile });
        expect(done.json.file_status[0].error).toMatch(/maxConversionMs = 1,000/);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('`ledgerdrop serve` exits 0 on SIGTERM while a worker is busy', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-sigterm-'));
    const config = path.join(dataDir, 'config.json');
    try {
      fs.writeFileSync(config, JSON.stringify({ syncWaitMs: 0, workerThreads: 1, limits: SLOW_LIMITS }));
      await provisionAccount(dataDir, { username: 'term', password: 'pw pw', product: 'pdfinsightstp' }, { scryptCost: 1 << 14 });
      const serve = spawn(process.execPath, [path.resolve('bin/ledgerdrop.mjs'), 'serve', '--port', '0', '--data', dataDir, '--config', config]);
      const exited = new Promise<number | null>((res) => serve.on('exit', (code) => res(code)));
      const url = await new Promise<string>((resolve, reject) => {
        let buf = '';
        serve.stdout.on('data', (d) => { buf += String(d); const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(buf); if (m) resolve(m[1]!); });
        void exited.then((code) => reject(new Error(`serve exited ${code}`)));
      });
      const c = new Client(url, (await authenticate(url, 'term', 'pw pw', 'pdfinsightstp')).text, 'pdfinsightstp');
      const r = await c.post('/uploadpdfs', { appnumber: 'T-TERM' }, [slowPdf()]);
      const { appid } = r.json.appinfo;
      const resfile = r.json.file_status[0].resfile;
      await until('the conversion to run', async () => (await c.post('/checkprogress', { appid, resfile })).json?.message === 'conversion in progress');
      serve.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('worker memory limit', () => {
  let svc: TestService;
  beforeAll(async () => { svc = await startTestService({ workerThreads: 1, maxUploadBytes: 100 * 1024 * 1024, limits: { workerHeapMb: 96, maxTransactionsPerStatement: 10_000_000, maxTransactionsPerApplication: 10_000_000 } }); });
  afterAll(async () => { await svc?.stop(); });

  it('a document that needs more heap than workerHeapMb fails naming it; the worker is replaced', async () => {
    const c = await newAccount(svc);
    const r = await c.post('/uploadpdfs', { appnumber: 'T-HEAP', accounttype: 'MTJson' }, [jsonFile(bigStatement(600_000), 'huge.json')]);
    expect(r.status).toBe(200);
    expect(r.json.file_status[0].error).toMatch(/huge\.json: .*over the limit workerHeapMb = 96 .*the worker was replaced/);
    const next = await c.post('/uploadpdfs', { appnumber: 'T-HEAP', accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    expect(next.json.file_status.map((f: any) => f.numTransactions)).toEqual([3, 2]);
  }, 120_000);
});

/**
 * Threads that cannot even start (a heap too small to load the engine): before, the failure of a
 * thread with no task was an 'error' event nobody heard, which ended the whole server, and a
 * task queued behind it waited for ever. Now each conversion fails naming the limit, and the
 * server goes on answering.
 */
describe('worker threads that cannot start', () => {
  let svc: TestService;
  beforeAll(async () => { svc = await startTestService({ workerThreads: 1, limits: { workerHeapMb: 4 } }); });
  afterAll(async () => { await svc?.stop(); });

  it('every conversion fails naming workerHeapMb, and the server still answers', async () => {
    const c = await newAccount(svc);
    for (const appnumber of ['T-NOHEAP-1', 'T-NOHEAP-2']) {
      const r = await c.post('/uploadpdfs', { appnumber, accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
      expect(r.status).toBe(200);
      expect(r.json.file_status.map((f: { error?: string }) => f.error)).toEqual([
        expect.stringMatching(/over the limit workerHeapMb = 4 /),
      ]);
    }
    expect((await c.get('/getapps')).status).toBe(200);
  }, 120_000);
});

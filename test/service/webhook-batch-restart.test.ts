import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { provisionAccount, startService, type RunningService } from '../../src/service/index.js';
import { authenticate, bigStatement, Client, jsonFile } from './helpers.js';
import { recordingReceiver } from './recording-receiver.js';
import { stepUntil } from './step-process.js';

/**
 * The embedded store takes the same path as a team server: an upload with a webhook is stored
 * as a batch, so a service SIGKILLed mid-batch and started again on the same data converts the
 * rest and sends the batch's webhook once, with every file's results.
 */
const dirs: string[] = [];
afterAll(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });

async function until(check: () => boolean, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('a service SIGKILLed mid-batch, started again on the same data, sends the batch webhook once with every file', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-batch-restart-'));
  dirs.push(dataDir);
  const config = { workerThreads: 1, allowPrivateWebhooks: true, scryptCost: 1 << 14 };
  await provisionAccount(dataDir, { username: 'batch', password: 'pw batch', product: 'pdfinsightstp', conversions: 100 }, config);
  const rec = await recordingReceiver();
  const { bodies, url: hook } = rec;
  const child: ChildProcess = spawn(process.execPath, [path.resolve('bin/run-ts.mjs'), path.resolve('test/service/postgres/instance.ts'), '-', dataDir, '30000'],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  let second: RunningService | undefined;
  const db = () => new Database(path.join(dataDir, 'ledgerdrop.sqlite'), { readonly: true });
  const statuses = (): string[] => { const d = db(); try { return (d.prepare('SELECT status FROM conversions').all() as { status: string }[]).map((r) => r.status); } finally { d.close(); } };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => { out += c.toString(); if (out.includes('\n')) resolve(out.split('\n')[0]!); });
      child.once('exit', (code) => reject(new Error(`the service exited (${code}) before listening`)));
    });
    const token = (await authenticate(url, 'batch', 'pw batch', 'pdfinsightstp')).text;
    const FILES = 6;
    const files = Array.from({ length: FILES }, (_, i) => jsonFile(bigStatement(1500, `71000000${i}`), `big-${i}.json`));
    const up = await new Client(url, token, 'pdfinsightstp').post('/uploadpdfs', { appnumber: 'BATCH-1', accounttype: 'MTJson', webhook: hook }, files);
    // Stopped at once and then run in slices, so the kill lands while the batch is half done.
    child.kill('SIGSTOP');
    expect(up.status).toBe(202);
    await stepUntil(child, () => statuses().includes('done'), 'the first conversion');
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(statuses().filter((s) => s !== 'done').length).toBeGreaterThan(0);
    expect(bodies).toHaveLength(0);

    second = await startService({ dataDir, config });
    await until(() => bodies.length >= 1, 'the batch webhook');
    expect(statuses().every((s) => s === 'done')).toBe(true);
    // The delivery is recorded as sent before the check: nothing else can be queued for the batch.
    await until(() => { const d = db(); try { return (d.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'delivered'").get() as { n: number }).n === 1; } finally { d.close(); } }, 'the delivery recorded');
    const d = db();
    try {
      expect(d.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries').get()).toEqual({ n: 1 });
      expect(d.prepare('SELECT delivery_id FROM webhook_batches').all()).toEqual([{ delivery_id: Number(bodies[0]!.delivery) }]);
    } finally { d.close(); }
    expect(bodies).toHaveLength(1);
    const sent = JSON.parse(bodies[0]!.body) as { file_status: Array<{ fileName: string; error?: string }> };
    expect(sent.file_status.map((f) => f.fileName).sort()).toEqual(files.map((_, i) => `big-${i}.json`));
    expect(sent.file_status.every((f) => !f.error)).toBe(true);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await second?.close();
    rec.close();
  }
}, 300_000);

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { provisionAccount } from '../src/service/index.js';
import { authenticate, bigStatement, Client, jsonFile } from '../test/service/helpers.js';
import { postgresMissing, startCluster } from '../test/service/postgres/cluster.js';

/**
 * Team server throughput: the same batch of MTJson statements converted by one instance and by
 * two instances (each its own process, one worker thread each) on one PostgreSQL (a throwaway
 * cluster). Uploads alternate between the instances; the clock stops when the store says every
 * conversion is done. Prints files/s for each and the ratio, never pass/fail.
 */
const FILES = 24;
const TXNS = 800;

async function instance(url: string): Promise<{ url: string; proc: ChildProcess }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-bench-inst-'));
  const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
  const proc = spawn(process.execPath, [path.join(root, 'bin/run-ts.mjs'), path.join(root, 'test/service/postgres/instance.ts'), url, dir, '30000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const at = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c: Buffer) => { out += c.toString(); if (out.includes('\n')) resolve(out.split('\n')[0]!); });
    proc.once('exit', (code) => reject(new Error(`instance exited (${code})`)));
  });
  return { url: at, proc };
}

async function measure(cluster: Awaited<ReturnType<typeof startCluster>>, n: number): Promise<number> {
  const url = await cluster.createDatabase(`bench_${n}`);
  await provisionAccount(fs.mkdtempSync(path.join(os.tmpdir(), 'ld-bench-acct-')), { username: 'bench', password: 'bench pw', product: 'pdfinsightstp', conversions: 1_000_000 }, { store: url, scryptCost: 1 << 14 });
  const list: Array<{ url: string; proc: ChildProcess }> = [];
  for (let i = 0; i < n; i++) list.push(await instance(url));
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const token = (await authenticate(list[0]!.url, 'bench', 'bench pw', 'pdfinsightstp')).text;
    const files = Array.from({ length: FILES }, (_, i) => jsonFile(bigStatement(TXNS, `5550000${String(i).padStart(3, '0')}`), `b-${i}.json`));
    const started = performance.now();
    // One file per request, alternating instances, all at once (each instance answers 202 at once: syncWaitMs 0).
    await Promise.all(files.map((f, i) => new Client(list[i % n]!.url, token, 'pdfinsightstp').post('/uploadpdfs', { appnumber: `BENCH-${i}`, accounttype: 'MTJson' }, [f])));
    for (;;) {
      const r = (await db.query("SELECT COUNT(*) AS n FROM conversions WHERE status = 'done'")).rows[0] as { n: string };
      if (Number(r.n) >= FILES) break;
      if (performance.now() - started > 600_000) throw new Error('the batch did not finish in 10 minutes');
      await new Promise((res) => setTimeout(res, 50));
    }
    return FILES / ((performance.now() - started) / 1000);
  } finally {
    await db.end();
    for (const i of list) i.proc.kill('SIGTERM');
    await Promise.all(list.map((i) => new Promise((r) => (i.proc.exitCode !== null ? r(null) : i.proc.once('exit', r)))));
  }
}

export async function run(): Promise<void> {
  const missing = postgresMissing();
  if (missing) { console.log(`  skipped: ${missing}`); return; }
  const cluster = await startCluster();
  try {
    console.log(`  ${FILES} MTJson statements of ${TXNS} transactions, one worker thread per instance, ${os.availableParallelism()} cores`);
    const one = await measure(cluster, 1);
    console.log(`  1 instance:  ${one.toFixed(2)} files/s`);
    const two = await measure(cluster, 2);
    console.log(`  2 instances: ${two.toFixed(2)} files/s (×${(two / one).toFixed(2)})`);
  } finally {
    await cluster.stop();
  }
}

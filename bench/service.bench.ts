import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FormData, request } from 'undici';
import { provisionAccount, startService, type RunningService } from '../src/service/index.js';

/**
 * Service figures: requests/s for GET /getapps and for MTJson POST /makecsv under concurrency
 * (a small undici loop), and conversions/s with 1 vs 2 worker threads. Prints numbers only.
 */
const dollars = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

function statementJson(seed: number, txns: number): string {
  let bal = 500_000;
  const start = bal;
  const rows = Array.from({ length: txns }, (_, i) => {
    const amount = (i + seed) % 4 === 0 ? 75_000 + i : -(12_000 + ((i * 37 + seed) % 5_000));
    bal += amount;
    return { date: `2024-06-${String((i % 30) + 1).padStart(2, '0')}`, description: i % 4 === 0 ? `CUSTOMER DEPOSIT ${i}` : `VENDOR PAYMENT ${i}`, amount: dollars(amount) };
  });
  return JSON.stringify({ accounts: [{ bank_name: 'Bench Bank', account_number: `BENCH${seed}`, account_type: 'checking', statements: [{ start_date: '2024-06-01', end_date: '2024-06-30', start_balance: dollars(start), end_balance: dollars(bal), transactions: rows }] }] });
}

async function withService<T>(threads: number, fn: (svc: RunningService, token: string) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-bench-'));
  await provisionAccount(dataDir, { username: 'bench', password: 'bench', product: 'pdfinsightstp', conversions: 1_000_000 });
  const svc = await startService({ dataDir, config: { workerThreads: threads, queueDepth: 1000, maxIdenticalUploads: 1_000_000 } });
  try {
    const auth = await request(`${svc.url}/api/v1.5/authenticate`, { headers: { authorization: `Basic ${Buffer.from('bench:bench').toString('base64')}`, 'svc-product': 'pdfinsightstp' } });
    const token = await auth.body.text();
    return await fn(svc, token);
  } finally {
    await svc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `total` calls with `concurrency` in flight; returns calls/s and the status counts. */
async function loop(total: number, concurrency: number, call: (i: number) => Promise<number>): Promise<{ perSecond: number; statuses: Record<number, number> }> {
  const statuses: Record<number, number> = {};
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const i = next++;
      const s = await call(i);
      statuses[s] = (statuses[s] ?? 0) + 1;
    }
  }));
  return { perSecond: total / ((performance.now() - t0) / 1000), statuses };
}

function headers(token: string) {
  return { authorization: `Bearer ${token}`, 'svc-product': 'pdfinsightstp' };
}

async function makecsv(svc: RunningService, token: string, body: string, app: string): Promise<number> {
  const fd = new FormData();
  fd.append('appnumber', app);
  fd.append('accounttype', 'MTJson');
  fd.append('jsondata', body);
  const r = await request(`${svc.url}/api/v1.5/makecsv`, { method: 'POST', headers: headers(token), body: fd });
  await r.body.text();
  return r.statusCode;
}

export async function run(): Promise<void> {
  await withService(2, async (svc, token) => {
    for (let i = 0; i < 20; i++) {
      const fd = new FormData();
      fd.append('appnumber', `APP-${i}`);
      await (await request(`${svc.url}/api/v1.5/new`, { method: 'POST', headers: headers(token), body: fd })).body.text();
    }
    await loop(50, 5, async () => { const r = await request(`${svc.url}/api/v1.5/getapps`, { headers: headers(token) }); await r.body.text(); return r.statusCode; });
    const g = await loop(1000, 10, async () => { const r = await request(`${svc.url}/api/v1.5/getapps`, { headers: headers(token) }); await r.body.text(); return r.statusCode; });
    console.log(`  GET /getapps (20 apps, concurrency 10): ${g.perSecond.toFixed(0)} req/s  statuses ${JSON.stringify(g.statuses)}`);

    const small = Array.from({ length: 200 }, (_, i) => statementJson(i, 40));
    await loop(10, 4, (i) => makecsv(svc, token, small[i]!, `WARM-${i}`));
    const m = await loop(200, 8, (i) => makecsv(svc, token, small[i]!, `MK-${i % 20}`));
    console.log(`  POST /makecsv MTJson (40 txns, concurrency 8, 2 workers): ${m.perSecond.toFixed(1)} req/s  statuses ${JSON.stringify(m.statuses)}`);
  });

  const figures: number[] = [];
  for (const threads of [1, 2]) {
    const rate = await withService(threads, async (svc, token) => {
      const docs = Array.from({ length: 24 }, (_, i) => statementJson(1000 + i, 3000));
      await loop(threads * 2, threads * 2, (i) => makecsv(svc, token, statementJson(9000 + i, 100), `WARM-${i}`));
      const r = await loop(docs.length, 8, (i) => makecsv(svc, token, docs[i]!, `CV-${i % 4}`));
      return r.perSecond;
    });
    figures.push(rate);
    console.log(`  conversions/s, 3000-transaction MTJson, ${threads} worker thread${threads > 1 ? 's' : ''}: ${rate.toFixed(2)}`);
  }
  console.log(`  2 vs 1 worker threads: ×${(figures[1]! / figures[0]!).toFixed(2)} (machine has ${os.cpus().length} cores, shared)`);
}

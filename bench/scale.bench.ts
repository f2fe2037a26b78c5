/**
 * How cost grows with the size of one application: 1, 10, 100 and 1,000 statements (MTJson,
 * 40 transactions each, added through POST /makecsv in requests of up to 50 statements), then
 * over HTTP on a real service: /getresults with scorecard and summaries, /scorecard, /makexls,
 * and one more /makecsv upload of a single statement into the full application (what every
 * upload pays). Prints milliseconds, RSS and the growth ratio per 10× (≈10 is linear).
 *
 * Then the target "12 monthly statements → /uploadpdfs with scorecard ≤ 0.5 s warm": one
 * request with 12 generated monthly PDFs, includescorecard=true, answered synchronously.
 * Wall time over HTTP on a shared machine: read it beside the load average printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FormData, request } from 'undici';
import { provisionAccount, startService, type RunningService } from '../src/service/index.js';
import { makeStatementSpec, renderStatementPdf } from '../test/fixtures/generator/index.js';

const dollars = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;

/** MTJson for `count` consecutive monthly statements of one account, starting at month `first`. */
function mtjson(first: number, count: number, txns = 40): string {
  const statements = Array.from({ length: count }, (_, k) => {
    const m = first + k;
    const y = 2000 + Math.floor(m / 12), mo = String((m % 12) + 1).padStart(2, '0');
    let bal = 500_000;
    const start = bal;
    const rows = Array.from({ length: txns }, (_, i) => {
      const amount = (i + m) % 4 === 0 ? 75_000 + i : -(12_000 + ((i * 37 + m) % 5_000));
      bal += amount;
      return { date: `${y}-${mo}-${String((i % 28) + 1).padStart(2, '0')}`, description: i % 4 === 0 ? `CUSTOMER DEPOSIT ${i}` : `VENDOR PAYMENT ${i % 9}`, amount: dollars(amount) };
    });
    return { start_date: `${y}-${mo}-01`, end_date: `${y}-${mo}-28`, start_balance: dollars(start), end_balance: dollars(bal), transactions: rows };
  });
  return JSON.stringify({ accounts: [{ bank_name: 'Scale Bank', account_number: 'SCALE1', account_type: 'checking', statements }] });
}

const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'svc-product': 'pdfinsightstp' });

async function post(svc: RunningService, token: string, route: string, fields: Record<string, string>, files: { name: string; bytes: Uint8Array }[] = []): Promise<{ status: number; body: Buffer; ms: number }> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append('files', new Blob([new Uint8Array(f.bytes)], { type: 'application/pdf' }), f.name);
  const t0 = performance.now();
  const r = await request(`${svc.url}/api/v1.5${route}`, { method: 'POST', headers: headers(token), body: fd });
  const body = Buffer.from(await r.body.arrayBuffer());
  return { status: r.statusCode, body, ms: performance.now() - t0 };
}

async function withService<T>(fn: (svc: RunningService, token: string) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-scale-'));
  await provisionAccount(dataDir, { username: 'bench', password: 'bench', product: 'pdfinsightstp', conversions: 10_000_000 });
  const svc = await startService({ dataDir, config: { queueDepth: 1000, maxIdenticalUploads: 1_000_000, syncWaitMs: 120_000 } });
  try {
    const auth = await request(`${svc.url}/api/v1.5/authenticate`, { headers: { authorization: `Basic ${Buffer.from('bench:bench').toString('base64')}`, 'svc-product': 'pdfinsightstp' } });
    return await fn(svc, await auth.body.text());
  } finally {
    await svc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  console.log(`  load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${os.availableParallelism()} cores`);
  // LEDGERDROP_BENCH_ONLY=twelve runs the 12-statement target alone, with where its time goes.
  if (process.env.LEDGERDROP_BENCH_ONLY === 'twelve') { await withService(twelveStatements); return; }
  await withService(async (svc, token) => {
    const rows: { n: number; figures: Record<string, number>; rss: number }[] = [];
    for (const n of [1, 10, 100, 1000]) {
      const appnumber = `SCALE-${n}`;
      const f: Record<string, number> = {};
      let t = performance.now(), appid = '';
      for (let done = 0; done < n; done += 50) {
        const r = await post(svc, token, '/makecsv', { appnumber, accounttype: 'MTJson', jsondata: mtjson(done, Math.min(50, n - done)) });
        if (r.status !== 200) throw new Error(`/makecsv ${r.status}: ${r.body.toString().slice(0, 200)}`);
        appid = String((JSON.parse(r.body.toString()) as { appinfo: { appid: number } }).appinfo.appid);
      }
      f['add statements (MTJson)'] = performance.now() - t;
      const calls: [string, string, Record<string, string>][] = [
        ['getresults+scorecard', '/getresults', { appid, includescorecard: 'true' }],
        ['scorecard', '/scorecard', { appid }],
        ['makexls', '/makexls', { appid }],
      ];
      for (const [name, route, fields] of calls) {
        const ms: number[] = [];
        for (let i = 0; i < 3; i++) {
          const r = await post(svc, token, route, fields);
          if (r.status !== 200) throw new Error(`${route} ${r.status}: ${r.body.toString().slice(0, 200)}`);
          ms.push(r.ms);
        }
        // /getresults of an unchanged application is answered from its last build after the first.
        if (route === '/getresults') { f[`${name} (first)`] = ms[0]!; f[`${name} (repeat)`] = median(ms.slice(1)); } else f[name] = median(ms);
      }
      t = performance.now();
      const one = await post(svc, token, '/makecsv', { appnumber, accounttype: 'MTJson', jsondata: mtjson(n + 1, 1) });
      if (one.status !== 200) throw new Error(`/makecsv ${one.status}`);
      f['one more upload'] = performance.now() - t;
      const rss = process.memoryUsage().rss / 1048576;
      rows.push({ n, figures: f, rss });
      console.log(`  ${String(n).padStart(4)} statements: ${Object.entries(f).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}; RSS ${rss.toFixed(0)} MB`);
    }
    console.log('  growth per 10× statements (≈10 linear, ≈1 flat):');
    for (const key of Object.keys(rows[0]!.figures)) {
      const ratios = rows.slice(1).map((r, i) => (r.figures[key]! / rows[i]!.figures[key]!).toFixed(1));
      console.log(`    ${key}: ${ratios.join(' → ')} (1→10, 10→100, 100→1000)`);
    }

    await twelveStatements(svc, token);
  });
}

/**
 * The target "12 monthly statements → /uploadpdfs with scorecard ≤ 0.5 s warm", and where the
 * time goes: the same 12 PDFs without the scorecard, one PDF alone, and /getresults with the
 * scorecard on the finished application (the results build without any conversion).
 */
async function twelveStatements(svc: RunningService, token: string): Promise<void> {
  // 12 monthly PDFs in one /uploadpdfs with scorecard, warm (the same service, after a first run).
  const spec = makeStatementSpec({ seed: 12, layout: 'chase', months: 12 });
  const months = await Promise.all(spec.statements.map((s, i) => renderStatementPdf({ ...spec, statements: [s] }).then((r) => ({ name: `month-${i + 1}.pdf`, bytes: r.bytes }))));
  const ms: number[] = [], cpus: number[] = [], loop: number[] = [];
  let statuses = '';
  for (let i = 0; i < 4; i++) {
    const c0 = process.cpuUsage();
    const e0 = performance.eventLoopUtilization();
    const r = await post(svc, token, '/uploadpdfs', { appnumber: `TWELVE-${i}`, includescorecard: 'true' }, months);
    const busy = performance.eventLoopUtilization(e0).active;
    const body = JSON.parse(r.body.toString()) as { statement_summaries?: unknown[]; scorecard?: unknown };
    statuses += `${r.status}/${body.statement_summaries?.length ?? 0}${body.scorecard ? '+scorecard' : ''} `;
    const c = process.cpuUsage(c0);
    if (i > 0) { ms.push(r.ms); cpus.push((c.user + c.system) / 1000); loop.push(busy); }
  }
  console.log(`  12 monthly statements → /uploadpdfs with scorecard (warm, median of 3 after one): ${median(ms).toFixed(0)} ms wall (target ≤ 500 ms); runs ${ms.map((x) => x.toFixed(0)).join(', ')} ms; CPU of the service (all its threads) median ${median(cpus).toFixed(0)} ms, of which the event loop was busy ${median(loop).toFixed(0)} ms (the rest: conversion threads); status/summaries ${statuses.trim()}`);
  const without: number[] = [], one: number[] = [], results: number[] = [];
  for (let i = 0; i < 3; i++) {
    without.push((await post(svc, token, '/uploadpdfs', { appnumber: `TWELVE-NOSC-${i}` }, months)).ms);
    one.push((await post(svc, token, '/uploadpdfs', { appnumber: `ONE-${i}`, includescorecard: 'true' }, months.slice(0, 1))).ms);
    const app = JSON.parse((await post(svc, token, '/new', { appnumber: 'TWELVE-1' })).body.toString()) as { appid: number };
    // A field the upload did not send (includetransactions), so the answer is built, not recalled.
    results.push((await post(svc, token, '/getresults', { appid: String(app.appid), includescorecard: 'true', includetransactions: i % 2 ? 'true' : 'false', format: i === 2 ? 'jsonobject' : 'default' })).ms);
  }
  console.log(`    where it goes (medians of 3): the 12 PDFs without the scorecard ${median(without).toFixed(0)} ms; one PDF with scorecard ${median(one).toFixed(0)} ms; /getresults with scorecard of the 12 (no conversion) ${median(results).toFixed(0)} ms`);
}

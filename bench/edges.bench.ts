import fs from 'node:fs';
import { SqliteStore } from '../src/service/store/sqlite-store.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../src/service/store/db.js';
import { upsertAccount } from '../src/service/store/accounts.js';
import { WebhookDispatcher } from '../src/service/webhooks/index.js';
import { fetchFileUrl } from '../src/service/intake/fetch-file-url.js';
import { buildZip } from '../test/fixtures/zip.js';
import { bigStatement, form, jsonFile, mtjson, newAccount, send, startTestService, twoMonths } from '../test/service/helpers.js';
import { bigCsv, flateBombPdf, longPeriodMtjson, nestedSavesPdf } from '../test/service/hostile/files.js';

/**
 * Service edges: signed webhook deliveries per second to a loopback receiver (SQLite record of
 * every attempt included), and fileurl fetch + unzip throughput. Figures only, no pass/fail.
 */
async function listen(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}


async function webhooks(): Promise<void> {
  let received = 0;
  const receiver = await listen((req, res) => { req.resume(); req.on('end', () => { received++; res.statusCode = 204; res.end(); }); });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-bench-edges-'));
  const db = new SqliteStore(openDb(dir));
  try {
    const account = await upsertAccount(db, { username: 'bench', passwordHash: 'x', product: 'pdfinsightstp', conversions: 1, features: [] });
    const dispatcher = new WebhookDispatcher(db, { addressPolicy: { allowLoopback: true } });
    const payload = { file_status: Array.from({ length: 3 }, (_, i) => ({ i, description: 'x'.repeat(2000) })) };
    for (const n of [1, 50, 200]) {
      const before = received;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) dispatcher.enqueue({ accountId: account.id, appId: null, url: `${receiver.url}/hook`, event: 'bench', payload });
      await dispatcher.idle();
      const ms = performance.now() - t0;
      console.log(`  webhooks: ${n} deliveries at once (~6 KB, signed, recorded): ${ms.toFixed(0)} ms, ${(n / ms * 1000).toFixed(0)}/s, received ${received - before}`);
    }
    await dispatcher.stop();
  } finally {
    await db.close();
    await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function fileurl(): Promise<void> {
  const entries: Array<[string, Buffer]> = Array.from({ length: 20 }, (_, i) => [`s${i}.json`, Buffer.from(JSON.stringify({ i, pad: 'y'.repeat(200_000) }))]);
  const zip = await buildZip(entries);
  const inflated = entries.reduce((a, [, b]) => a + b.length, 0);
  const server = await listen((_q, s) => { s.setHeader('content-length', String(zip.length)); s.end(zip); });
  try {
    const runs = 10;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await fetchFileUrl(`${server.url}/bundle.zip`, { allowLoopback: true });
    const ms = (performance.now() - t0) / runs;
    console.log(`  fileurl: zip of 20 files (${(inflated / 1e6).toFixed(1)} MB inflated, ${zip.length} B compressed): ${ms.toFixed(1)} ms per fetch, ${(inflated / 1e6 / (ms / 1000)).toFixed(0)} MB/s inflated`);
  } finally {
    await server.close();
  }
}

/**
 * A hostile batch against a real service (2 workers, default limits): nested saves, a 1.1 GiB
 * flate bomb, a 0001–9999 MTJson period, a 150,000-row CSV, the same statement three times under
 * three names and formula text, all at once from one account, while another account asks
 * /remaining in a loop. Prints the peak memory of the process (server and worker threads), the
 * slowest answer the other account got, what each hostile file got, the revenue after the
 * duplicates and whether any export carries a formula. Targets: peak < 1.5 GB, slowest < 1 s.
 */
async function hostileBatch(): Promise<void> {
  const svc = await startTestService({ workerThreads: 2, syncWaitMs: 180_000 });
  try {
    const attacker = await newAccount(svc, 'pdfinsightstp');
    const other = await newAccount(svc, 'pdfinsightstp');
    const bomb = await flateBombPdf(1.1 * 1024 ** 3);
    const formula = mtjson([{ account: '7788', start: '2024-06-01', end: '2024-06-30', startBalance: 50_000, txns: [
      { date: '2024-06-03', description: '=HYPERLINK("http://evil.example","x")', amount: 12_000 },
      { date: '2024-06-04', description: '@SUM(1+1)', amount: -3_000 }] }]);
    // Every payload is made before the clock starts: the client shares this process's event loop.
    const files: [name: string, bytes: Uint8Array | string, app: string, fields: Record<string, string>][] = [
      ['nested.pdf', nestedSavesPdf(200_000), 'HOSTILE', {}],
      ['bomb.pdf', bomb, 'HOSTILE', {}],
      ['long.json', longPeriodMtjson(), 'HOSTILE', { accounttype: 'MTJson' }],
      ['big.csv', bigCsv(150_000), 'HOSTILE', {}],
      ['formula.json', formula, 'HOSTILE', { accounttype: 'MTJson' }],
      ['jan.json', twoMonths('5566'), 'DUPS', { accounttype: 'MTJson' }],
      ['jan-copy.json', twoMonths('5566'), 'DUPS', { accounttype: 'MTJson' }],
      ['jan-again.json', JSON.stringify(JSON.parse(twoMonths('5566')), null, 1), 'DUPS', { accounttype: 'MTJson' }],
    ];
    const forms = files.map(([name, bytes, appnumber, fields]) => form({ appnumber, ...fields }, [{ name, bytes, type: 'application/octet-stream' }]));
    const rssBefore = process.memoryUsage().rss;
    let done = false, slowest = 0, asked = 0, notOk = 0;
    const pinger = (async () => {
      while (!done) {
        const t0 = performance.now();
        const r = await other.get('/remaining');
        slowest = Math.max(slowest, performance.now() - t0);
        asked++;
        if (r.status !== 200) notOk++;
        await new Promise((res) => setTimeout(res, 20));
      }
    })();
    const t0 = performance.now();
    const answers = await Promise.all(forms.map((body) => send(`${svc.url}/api/v1.5/uploadpdfs`, {
      method: 'POST', headers: { authorization: `Bearer ${attacker.token}`, 'svc-product': 'pdfinsightstp' }, body,
    })));
    const batchMs = performance.now() - t0;
    done = true;
    await pinger;
    const peakMb = process.resourceUsage().maxRSS / 1024;
    console.log(`  hostile batch: 8 files in ${(batchMs / 1000).toFixed(1)} s; process peak RSS ${peakMb.toFixed(0)} MB (before ${(rssBefore / 1e6).toFixed(0)} MB; target < 1500)`);
    console.log(`  another account: ${asked} answers during the batch, slowest ${slowest.toFixed(0)} ms (target < 1000), ${notOk} not 200`);
    for (const r of answers) {
      for (const f of (r.json?.file_status ?? []) as { fileName: string; numTransactions: number; error?: string; duplicate?: boolean }[]) {
        console.log(`    ${f.fileName}: ${f.numTransactions < 0 ? `error: ${f.error}` : `${f.numTransactions} transactions${f.duplicate ? ' (duplicate)' : ''}`}`);
      }
      if (!r.json?.file_status) console.log(`    HTTP ${r.status} ${r.text.slice(0, 200)}`);
    }
    const appid = answers[0]!.json.appinfo.appid as number;
    const dups = answers[answers.length - 1]!.json.appinfo.appid as number;
    const card = await attacker.post('/scorecard', { appid: dups, format: 'jsonobject' });
    const single = await other.post('/uploadpdfs', { appnumber: 'ONCE', accounttype: 'MTJson', includescorecard: true, format: 'jsonobject' }, [jsonFile(twoMonths('5566'))]);
    const revenue = (j: any) => j?.metrics?.revenue_statistics?.total_revenue?.annual;
    const csv = await attacker.post('/transactions', { appid });
    const live = csv.text.split('\r\n').flatMap((line: string) => line.split(',')).filter((cell: string) => /^"?[=+\-@\t\r]/.test(cell) && !/^-?\d/.test(cell));
    console.log(`  duplicates: annual revenue with the statement 3 times ${revenue(card.json)} vs once in another application ${revenue(single.json.scorecard)} (${revenue(card.json) === revenue(single.json.scorecard) ? 'counted once' : 'COUNTED MORE THAN ONCE'})`);
    console.log(`  exports: ${live.length} CSV cells that a spreadsheet would read as a formula (target 0)`);
  } finally {
    await svc.stop();
  }
}

/**
 * A large application's answers (/scorecard, /makexls, /getresults with its scorecard — first
 * and repeated — and /transactions) are built in the results worker: prints each answer's time
 * and the slowest answer another account got meanwhile, at 50k and 150k transactions.
 */
async function largeApplication(): Promise<void> {
  const svc = await startTestService({ workerThreads: 2, syncWaitMs: 300_000, maxUploadBytes: 200 * 1024 * 1024 });
  try {
    const owner = await newAccount(svc, 'pdfinsightstp');
    const other = await newAccount(svc, 'pdfinsightstp');
    let appid = 0, held = 0;
    for (const target of [50_000, 150_000]) {
      while (held < target) {
        const n = Math.min(50_000, target - held);
        const r = await owner.post('/uploadpdfs', { appnumber: 'LARGE', accounttype: 'MTJson', ...(appid ? { appid } : {}) }, [jsonFile(bigStatement(n, `9${held}`), `part${held}.json`)]);
        appid = r.json.appinfo.appid;
        held += n;
      }
      for (const [label, call] of [
        ['/scorecard', () => owner.post('/scorecard', { appid, format: 'jsonobject' })],
        ['/makexls', () => owner.post('/makexls', { appid })],
        ['/getresults with scorecard', () => owner.post('/getresults', { appid, includescorecard: true })],
        ['/getresults with scorecard, repeated', () => owner.post('/getresults', { appid, includescorecard: true })],
        ['/transactions', () => owner.post('/transactions', { appid })],
      ] as const) {
        let done = false, slowest = 0;
        const pinger = (async () => {
          while (!done) {
            const t0 = performance.now();
            await other.get('/remaining');
            slowest = Math.max(slowest, performance.now() - t0);
            await new Promise((res) => setTimeout(res, 20));
          }
        })();
        const t0 = performance.now();
        const r = await call();
        const ms = performance.now() - t0;
        done = true;
        await pinger;
        console.log(`  large application, ${held.toLocaleString('en-US')} transactions: ${label} ${r.status} in ${ms.toFixed(0)} ms; another account's slowest answer meanwhile ${slowest.toFixed(0)} ms`);
      }
    }
  } finally {
    await svc.stop();
  }
}

export async function run(): Promise<void> {
  // LEDGERDROP_BENCH_ONLY=large runs the large-application part alone (it takes a few minutes).
  if (process.env.LEDGERDROP_BENCH_ONLY === 'large') { await largeApplication(); return; }
  await webhooks();
  await fileurl();
  await hostileBatch();
  await largeApplication();
}

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../src/service/store/db.js';
import { upsertAccount } from '../src/service/store/accounts.js';
import { WebhookDispatcher } from '../src/service/webhooks/index.js';
import { fetchFileUrl } from '../src/service/intake/fetch-file-url.js';
import { buildZip } from '../test/fixtures/zip.js';

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
  const db = openDb(dir);
  try {
    const account = upsertAccount(db, { username: 'bench', passwordHash: 'x', product: 'pdfinsightstp', conversions: 1, features: [] });
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
    db.close();
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

export async function run(): Promise<void> {
  await webhooks();
  await fileurl();
}

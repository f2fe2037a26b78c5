/**
 * Test scaffolding for the core: temp folders, the real service (startService) with an account,
 * and a core wired to it as a remote connection (no embedded engine) with fast retry timings.
 */
import net from 'node:net';
import path from 'node:path';
import { provisionAccount, startService, type ServiceConfig } from '../../src/service/index.js';
import { createCore, type Core, type CoreOptions } from '../../src/desktop/index.js';
import { memoryStore } from '../../src/desktop/settings.js';

export { tempDir } from './tmp.js';

export const USER = { username: 'broker', password: 'correct horse battery', product: 'pdfinsightstp' as const };

export async function startRealService(dataDir: string, config: Partial<ServiceConfig> = {}) {
  const cfg = { scryptCost: 1 << 10, ...config };
  await provisionAccount(dataDir, { ...USER, conversions: 100_000 }, cfg);
  return startService({ dataDir, config: cfg });
}

export const FAST = {
  retry: { baseMs: 20, capMs: 200 },
  poll: { baseMs: 20, capMs: 200 },
  probe: { baseMs: 20, capMs: 200 },
};

/** A core with no embedded engine, its default connection pointed at `url`. */
export async function coreFor(dataDir: string, url: string, extra: Partial<CoreOptions> = {}): Promise<Core> {
  // Above the service's own wait (syncWaitMs, 20 s) before it answers 202: on a loaded CI machine an
  // upload whose conversion takes over 10 s must get the service's answer, not a client timeout
  // counted as an attempt (a test asserting one attempt per file failed so). Timeout tests set their own.
  const core = await createCore({ dataDir, engine: false, settings: memoryStore(), ...FAST, requestTimeoutMs: 60_000, ...extra });
  await core.saveConnection({ id: 'svc', name: 'Test service', url, username: USER.username, password: USER.password, product: USER.product, makeDefault: true });
  return core;
}

/** Conversions the service holds for an application, by file name (what the service really converted). */
export async function serviceFileCounts(url: string, appnumber: string): Promise<Map<string, number>> {
  const auth = Buffer.from(`${USER.username}:${USER.password}`).toString('base64');
  const tokenRes = await fetch(`${url}/api/v1.5/authenticate`, { headers: { authorization: `Basic ${auth}`, 'svc-product': USER.product } });
  const token = (await tokenRes.text()).trim();
  const h = { authorization: `Bearer ${token}`, 'svc-product': USER.product };
  const form = new FormData();
  form.append('appnumber', appnumber);
  const appRes = await fetch(`${url}/api/v1.5/new`, { method: 'POST', headers: h, body: form });
  const app = (await appRes.json()) as { appid: number };
  const rform = new FormData();
  rform.append('appid', String(app.appid));
  const res = await fetch(`${url}/api/v1.5/getresults`, { method: 'POST', headers: h, body: rform });
  const body = (await res.json()) as { file_status: { fileName?: string }[] };
  const counts = new Map<string, number>();
  for (const f of body.file_status) counts.set(f.fileName ?? '?', (counts.get(f.fileName ?? '?') ?? 0) + 1);
  return counts;
}

export async function until(cond: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The URL of a loopback port nothing listens on (connections are refused): a stopped service. */
export async function deadPort(): Promise<string> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

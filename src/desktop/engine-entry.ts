/**
 * The embedded engine's process (a Node child process, or an Electron utilityProcess): provisions
 * the core's own account, starts the service on 127.0.0.1 with a random port and reports
 * `{ type: 'ready', url }` to the parent. Inputs come from the environment:
 * LEDGERDROP_ENGINE_DATA, LEDGERDROP_ENGINE_USER, LEDGERDROP_ENGINE_PASSWORD, LEDGERDROP_ENGINE_PRODUCT,
 * LEDGERDROP_ENGINE_CONFIG (JSON, optional: service config overrides).
 */
import { startService, provisionAccount } from '../service/index.js';

type ParentPort = { postMessage(m: unknown): void };

function report(message: unknown): void {
  const pp = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (pp) pp.postMessage(message);
  else if (process.send) process.send(message);
}

// Asked to stop before the service is up (the app closed while the engine was still starting, a
// slow start on a loaded machine): exit at once, nothing is open yet. Registered first, so a
// SIGTERM or the parent's going away is never missed while the service starts.
let service: { close(): Promise<void> } | null = null;
let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  if (!service) process.exit(0);
  service.close().then(() => process.exit(0), () => process.exit(1));
}
process.on('SIGTERM', stop);
process.on('disconnect', stop);

async function main(): Promise<void> {
  const dataDir = process.env.LEDGERDROP_ENGINE_DATA;
  const username = process.env.LEDGERDROP_ENGINE_USER ?? 'local';
  const password = process.env.LEDGERDROP_ENGINE_PASSWORD;
  const product = (process.env.LEDGERDROP_ENGINE_PRODUCT ?? 'pdfinsightstp') as 'pdfinsightstp';
  if (!dataDir || !password) throw new Error('LEDGERDROP_ENGINE_DATA and LEDGERDROP_ENGINE_PASSWORD are required');
  // Creates the account on first start, refreshes it afterwards (same credentials).
  await provisionAccount(dataDir, { username, password, product, conversions: 1_000_000_000 });
  const config = process.env.LEDGERDROP_ENGINE_CONFIG ? JSON.parse(process.env.LEDGERDROP_ENGINE_CONFIG) : {};
  const svc = await startService({ dataDir, host: '127.0.0.1', port: 0, config });
  service = svc;
  // Stopped while starting: close what just started. A parent already gone (its channel closed
  // before 'disconnect' could be heard) stops it too.
  if (stopping || (process.send && !process.connected)) { stopping = false; stop(); return; }
  report({ type: 'ready', url: svc.url });
}

main().catch((err) => {
  console.error(`ledgerdrop engine: ${(err as Error).stack ?? err}`);
  report({ type: 'error', message: (err as Error).message });
  process.exit(1);
});

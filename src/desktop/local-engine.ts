/**
 * The embedded local engine: a service the core supervises in a child process, with a password
 * made once and kept in the secret store. The endpoint exists only while the engine is ready.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Clock } from './clock.js';
import type { EmbeddedEndpoint } from './connections.js';
import { EngineSupervisor, nodeEngineLauncher, type EngineLauncher } from './engine-supervisor.js';
import type { SecretStore } from './secrets.js';

export interface LocalEngine {
  supervisor: EngineSupervisor;
  /** Where the engine answers now, or null while it is starting or down. */
  endpoint(): EmbeddedEndpoint | null;
}

export async function createLocalEngine(opts: {
  dataDir: string;
  secrets: SecretStore;
  clock: Clock;
  launcher?: EngineLauncher;
  config?: Record<string, unknown>;
  onReady: () => void;
  onDown: (reason: string) => void;
}): Promise<LocalEngine> {
  let password = await opts.secrets.get('engine:password');
  if (!password) {
    password = randomBytes(24).toString('base64url');
    await opts.secrets.set('engine:password', password);
  }
  const creds = { username: 'local', password, product: 'pdfinsightstp' as const };
  let endpoint: EmbeddedEndpoint | null = null;
  const supervisor = new EngineSupervisor({
    launcher: opts.launcher ?? nodeEngineLauncher,
    clock: opts.clock,
    env: {
      LEDGERDROP_ENGINE_DATA: path.join(opts.dataDir, 'engine'),
      LEDGERDROP_ENGINE_USER: creds.username,
      LEDGERDROP_ENGINE_PASSWORD: creds.password,
      LEDGERDROP_ENGINE_PRODUCT: creds.product,
      ...(opts.config ? { LEDGERDROP_ENGINE_CONFIG: JSON.stringify(opts.config) } : {}),
    },
    onReady: (url) => { endpoint = { url, ...creds }; opts.onReady(); },
    onDown: (reason) => { endpoint = null; opts.onDown(reason); },
  });
  return { supervisor, endpoint: () => endpoint };
}

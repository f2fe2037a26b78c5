import path from 'node:path';
import os from 'node:os';
import { parseArgs, UsageError } from './args.js';
import { startService } from '../service/index.js';
import { readConfigFile } from '../service/config-file.js';
import type { ServiceConfig } from '../service/config.js';

export function defaultDataDir(flag: string | boolean | undefined): string {
  if (typeof flag === 'string') return path.resolve(flag);
  return path.resolve(process.env.LEDGERDROP_DATA_DIR ?? path.join(os.homedir(), '.ledgerdrop'));
}

/** `ledgerdrop serve [--host H] [--port P] [--data DIR] [--config FILE] [--workers N] [--queue-depth N] [--log]`: the standalone service. */
export async function run(args: string[]): Promise<number> {
  let flags;
  try {
    flags = parseArgs(args, { strings: ['host', 'port', 'data', 'config', 'workers', 'queue-depth'], booleans: ['log'] }).flags;
  } catch (err) {
    if (err instanceof UsageError) { console.error(`ledgerdrop serve: ${err.message}`); return 2; }
    throw err;
  }
  const host = typeof flags.host === 'string' ? flags.host : '127.0.0.1';
  const port = typeof flags.port === 'string' ? Number(flags.port) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) { console.error('ledgerdrop serve: --port must be 0–65535'); return 2; }
  let config: Partial<ServiceConfig> = {};
  if (typeof flags.config === 'string') {
    try {
      config = readConfigFile(flags.config);
    } catch (err) {
      console.error(`ledgerdrop serve: ${(err as Error).message}`);
      return 2;
    }
  }
  if (typeof flags.workers === 'string') config.workerThreads = Number(flags.workers);
  if (typeof flags['queue-depth'] === 'string') config.queueDepth = Number(flags['queue-depth']);
  const dataDir = defaultDataDir(flags.data);
  const service = await startService({ dataDir, host, port, config, logger: flags.log === true });
  const shown = host.includes(':') ? `[${host}]` : host;
  console.log(`listening on http://${shown}:${service.port}`);
  console.log(`data in ${dataDir}`);
  await new Promise<void>((resolve) => {
    const stop = () => { process.off('SIGINT', stop); process.off('SIGTERM', stop); resolve(); };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await service.close();
  return 0;
}

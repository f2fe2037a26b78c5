import path from 'node:path';
import { parseArgs, UsageError } from './args.js';
import { startService } from '../service/index.js';
import { readConfigFile } from '../service/config-file.js';
import type { ServiceConfigInput } from '../service/config.js';
import { defaultDataFolder } from '../desktop/data-folder.js';
import { EXIT } from './exit-codes.js';
import { CliError, exitFor, unreadableReason } from './errors.js';
import { onStopRequest } from './stop-request.js';

const USAGE = 'usage: ledgerdrop serve [--host H] [--port P] [--data DIR] [--store postgres://…] [--config FILE] [--workers N] [--queue-depth N] [--log]';

/** --data DIR, else the one default data folder (LEDGERDROP_DATA_DIR, else ~/.ledgerdrop). */
export function defaultDataDir(flag: string | boolean | undefined): string {
  return typeof flag === 'string' ? path.resolve(flag) : defaultDataFolder();
}

/** Errors of file-system calls on the data folder, said as what to do about --data. */
export function dataFolderError(dataDir: string, err: unknown): CliError | null {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (!code || !['EACCES', 'EPERM', 'ENOENT', 'ENOTDIR', 'EROFS', 'EEXIST', 'ENOSPC'].includes(code)) {
    // better-sqlite3 says "unable to open database file" (SQLITE_CANTOPEN) without an errno.
    if (!/unable to open database file|SQLITE_CANTOPEN|SQLITE_READONLY|readonly database/i.test((err as Error)?.message ?? '')) return null;
  }
  return new CliError(EXIT.UNREADABLE_INPUT, `cannot use the data folder ${dataDir} (${unreadableReason(err)}): choose a writable folder with --data DIR or LEDGERDROP_DATA_DIR`);
}

/** --store URL: a PostgreSQL database shared by several instances (docs/team-server.md). */
export function storeFlag(value: string | boolean | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^postgres(ql)?:\/\/./.test(value)) throw new UsageError('--store must be a postgres://user@host/database URL (leave it out for the embedded store in --data)');
  return value;
}

/** The store URL without its password, for messages. */
export function redactedUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]*):[^@]*@/, '$1:***@');
}

function wholeNumber(flag: string, value: string | boolean | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${flag} must be a whole number ≥ ${min} (got ${String(value)})`);
  return Number(value);
}

/** `ledgerdrop serve …`: the standalone service, until SIGINT or SIGTERM. */
export async function run(args: string[]): Promise<number> {
  try {
    return await serve(args);
  } catch (err) {
    return exitFor('serve', err, USAGE);
  }
}

async function serve(args: string[]): Promise<number> {
  const { flags, positionals } = parseArgs(args, { strings: ['host', 'port', 'data', 'store', 'config', 'workers', 'queue-depth'], booleans: ['log'] });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const host = typeof flags.host === 'string' ? flags.host : '127.0.0.1';
  const port = wholeNumber('port', flags.port, 0) ?? 0;
  if (port > 65535) throw new UsageError(`--port must be 0–65535 (got ${port})`);
  let config: ServiceConfigInput = {};
  if (typeof flags.config === 'string') {
    try {
      config = readConfigFile(flags.config);
    } catch (err) {
      throw new CliError(EXIT.UNREADABLE_INPUT, `${(err as Error).message}: fix the file or leave --config out`);
    }
  }
  const workers = wholeNumber('workers', flags.workers, 1);
  if (workers !== undefined) config.workerThreads = workers;
  const depth = wholeNumber('queue-depth', flags['queue-depth'], 1);
  if (depth !== undefined) config.queueDepth = depth;
  const store = storeFlag(flags.store);
  if (store) config.store = store;
  const dataDir = defaultDataDir(flags.data);
  let service;
  try {
    service = await startService({ dataDir, host, port, config, logger: flags.log === true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException)?.code;
    if (code === 'EADDRINUSE') throw new CliError(EXIT.USAGE, `port ${port} on ${host} is in use: choose another --port (--port 0 takes any free one)`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CliError(EXIT.USAGE, `cannot listen on ${host} (${code}): give --host an address of this machine (127.0.0.1, 0.0.0.0, ::)`);
    if (code === 'EACCES' && (err as { syscall?: string }).syscall === 'listen') throw new CliError(EXIT.USAGE, `not allowed to listen on port ${port}: choose a port ≥ 1024`);
    throw dataFolderError(dataDir, err) ?? err;
  }
  const shown = host.includes(':') ? `[${host}]` : host;
  console.log(`listening on http://${shown}:${service.port}`);
  console.log(config.store ? `store ${redactedUrl(config.store)}` : `data in ${dataDir}`);
  const reason = await new Promise<string>((resolve) => { onStopRequest(resolve); });
  console.log(`stopping (${reason})`);
  await service.close();
  return EXIT.OK;
}

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { unusedPort } from '../unused-port.js';

/**
 * A throwaway PostgreSQL cluster for the tests: initdb in a temp folder, pg_ctl start on a free
 * 127.0.0.1 port (its unix socket in the same folder), stopped and removed by `stop()`. initdb
 * refuses to run as root, so as root (CI) the cluster belongs to the `postgres` user (Debian's
 * package creates it) and the commands run through runuser.
 */
export interface TestCluster {
  /** postgres://postgres@127.0.0.1:PORT/NAME */
  url(database: string): string;
  /** Creates a fresh database; returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** initdb's folder: PATH first, then Debian's versioned folders (newest first). */
export function postgresBin(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return path.dirname(fs.realpathSync(onPath));
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

/**
 * Why PostgreSQL tests cannot run here, or null. A missing PostgreSQL fails the tests that need
 * it (requirePostgres), like a missing Chromium: a skipped test would prove nothing.
 */
export function postgresMissing(): string | null {
  if (!postgresBin()) return 'PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin): apt-get install postgresql';
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0) return 'running as root and there is no postgres user to own the test cluster';
  return null;
}

export async function startCluster(): Promise<TestCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error(postgresMissing() ?? 'no PostgreSQL');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' }) : spawnSync(full, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await unusedPort();
  // Durability off: a test cluster is thrown away; max_connections covers several instances' pools.
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try { run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']); } finally { fs.rmSync(dir, { recursive: true, force: true }); }
    },
  };
}

/** Throws, naming what to install, when PostgreSQL cannot run the tests here. */
export function requirePostgres(): void {
  const missing = postgresMissing();
  if (missing) throw new Error(`PostgreSQL tests cannot run: ${missing}`);
}

import pg from 'pg';
import type { Migration } from './migrations/index.js';
import { migrations } from './migrations/index.js';
import type { Param, Query, Store } from './query.js';

/**
 * The team store (store/query.ts) on PostgreSQL, through a `pg` connection pool. Queries keep
 * their `?` placeholders (turned into `$1…$n` here); 64-bit integers and numerics come back as
 * JavaScript numbers like SQLite's (ids, cents and ms times stay far below 2^53).
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => (v === null ? null : Number(v));
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

/** `?` → `$n`, leaving quoted text alone. */
export function numberPlaceholders(text: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === '?') {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

const converted = new Map<string, string>();
function pgText(text: string): string {
  let t = converted.get(text);
  if (t === undefined) {
    t = numberPlaceholders(text);
    if (converted.size < 5000) converted.set(text, t);
  }
  return t;
}

type Runner = Pick<pg.Pool, 'query'> | pg.PoolClient;

async function exec(on: Runner, text: string, params: Param[]): Promise<pg.QueryResult> {
  return on.query({ text: pgText(text), values: params as unknown[] });
}

class PgQuery implements Query {
  readonly dialect = 'postgres' as const;
  constructor(protected readonly on: Runner) {}
  async all<T>(text: string, ...params: Param[]): Promise<T[]> { return (await exec(this.on, text, params)).rows as T[]; }
  async get<T>(text: string, ...params: Param[]): Promise<T | undefined> { return (await exec(this.on, text, params)).rows[0] as T | undefined; }
  async run(text: string, ...params: Param[]): Promise<{ changes: number }> { return { changes: (await exec(this.on, text, params)).rowCount ?? 0 }; }
  async insert(text: string, ...params: Param[]): Promise<number> {
    const r = await exec(this.on, `${text} RETURNING id`, params);
    return Number((r.rows[0] as { id: number }).id);
  }
  async tx<T>(fn: (q: Query) => Promise<T>): Promise<T> { return fn(this); }
}

export class PostgresStore extends PgQuery implements Store {
  readonly location;
  constructor(readonly pool: pg.Pool, url: string) {
    super(pool);
    this.location = { kind: 'postgres' as const, url };
  }

  override async tx<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      try {
        const value = await fn(new PgQuery(client));
        await client.query('COMMIT');
        return value;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => { broken = true; });
        throw err;
      }
    } finally {
      client.release(broken);
    }
  }

  async schemaVersion(): Promise<number> {
    const r = await this.get<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
    return r?.v ?? 0;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The advisory-lock key every instance takes while migrating (any fixed 64-bit number). */
const MIGRATION_LOCK = 7_243_019_551;

/**
 * Applies every migration above the highest in `schema_migrations`, each in its own
 * transaction, holding an advisory lock: instances that start together wait for the first to
 * finish and then find nothing left to run. Returns how many ran here.
 */
export async function migratePostgres(pool: pg.Pool, list: Migration[] = migrations): Promise<number> {
  const sorted = [...list].sort((a, b) => a.version - b.version);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.version === sorted[i - 1]!.version) throw new Error(`two migrations numbered ${sorted[i]!.version}`);
  }
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      const done = new Set((await client.query('SELECT version FROM schema_migrations')).rows.map((r: { version: number }) => r.version));
      let ran = 0;
      for (const m of sorted) {
        if (done.has(m.version)) continue;
        if (m.postgres === undefined) throw new Error(`migration ${m.version} (${m.name}) has no PostgreSQL form`);
        await client.query('BEGIN');
        try {
          await client.query(m.postgres);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${m.version} (${m.name}) failed: ${(err as Error).message}`);
        }
        ran++;
      }
      return ran;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** A bounded pool: `max` connections per instance (PostgreSQL's own limit is shared by every instance). */
export function postgresPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types, connectionTimeoutMillis: 10_000 });
  // An idle connection the server dropped must not take the process down; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/** Opens the PostgreSQL store at `url` and brings its schema up to date. */
export async function openPostgresStore(url: string, opts: { max?: number; migrate?: boolean } = {}): Promise<PostgresStore> {
  const pool = postgresPool(url, opts.max);
  try {
    if (opts.migrate !== false) await migratePostgres(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return new PostgresStore(pool, url);
}

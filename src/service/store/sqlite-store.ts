import type Database from 'better-sqlite3';
import path from 'node:path';
import { openDb, schemaVersion, sql, type Db } from './db.js';
import type { Param, Query, Store } from './query.js';

/**
 * The embedded store (store/query.ts) over one better-sqlite3 connection. Every call runs
 * synchronously underneath; a transaction holds the connection until its async body finishes,
 * so queries of other requests wait (rather than landing inside someone else's transaction).
 */
export class SqliteStore implements Store {
  readonly dialect = 'sqlite' as const;
  readonly location;
  private busy: Promise<void> | null = null;

  constructor(readonly db: Db, dataDir = '') {
    this.location = { kind: 'sqlite' as const, dataDir };
  }

  // Each method checks `busy` and then runs its statement (or claims `busy`) in the same
  // synchronous stretch: a check in one function and the work after an `await` in another would
  // let a transaction start in between, so a plain query could land inside it, or two
  // transactions could both BEGIN.
  async all<T>(text: string, ...params: Param[]): Promise<T[]> {
    while (this.busy) await this.busy;
    return sql(this.db, text).all(...params) as T[];
  }

  async get<T>(text: string, ...params: Param[]): Promise<T | undefined> {
    while (this.busy) await this.busy;
    return sql(this.db, text).get(...params) as T | undefined;
  }

  async run(text: string, ...params: Param[]): Promise<{ changes: number }> {
    while (this.busy) await this.busy;
    return { changes: sql(this.db, text).run(...params).changes };
  }

  async insert(text: string, ...params: Param[]): Promise<number> {
    while (this.busy) await this.busy;
    return Number(sql(this.db, text).run(...params).lastInsertRowid);
  }

  async tx<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    while (this.busy) await this.busy;
    let release!: () => void;
    this.busy = new Promise<void>((resolve) => { release = resolve; });
    const inner = new SqliteTx(this.db);
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const value = await fn(inner);
        this.db.exec('COMMIT');
        return value;
      } catch (err) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw err;
      }
    } finally {
      inner.closed = true;
      this.busy = null;
      release();
    }
  }

  async schemaVersion(): Promise<number> {
    return schemaVersion(this.db);
  }

  async close(): Promise<void> {
    while (this.busy) await this.busy;
    this.db.close();
  }
}

/** The connection as seen from inside a transaction: runs at once, never waits for itself. */
class SqliteTx implements Query {
  readonly dialect = 'sqlite' as const;
  closed = false;
  constructor(private readonly db: Database.Database) {}
  private st(text: string): Database.Statement {
    if (this.closed) throw new Error('query on a finished transaction');
    return sql(this.db, text);
  }
  async all<T>(text: string, ...params: Param[]): Promise<T[]> { return this.st(text).all(...params) as T[]; }
  async get<T>(text: string, ...params: Param[]): Promise<T | undefined> { return this.st(text).get(...params) as T | undefined; }
  async run(text: string, ...params: Param[]): Promise<{ changes: number }> { return { changes: this.st(text).run(...params).changes }; }
  async insert(text: string, ...params: Param[]): Promise<number> { return Number(this.st(text).run(...params).lastInsertRowid); }
  async tx<T>(fn: (q: Query) => Promise<T>): Promise<T> { return fn(this); }
}

/** Opens (creating and migrating) the SQLite store under `dataDir`. */
export function openSqliteStore(dataDir: string): SqliteStore {
  const dir = path.resolve(dataDir);
  return new SqliteStore(openDb(dir), dir);
}

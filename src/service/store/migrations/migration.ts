import type Database from 'better-sqlite3';

/**
 * One numbered step of the service schema, in its own file named `NNN-what-it-does.ts`, in
 * both dialects: `up` for the embedded SQLite store, `postgres` (SQL text) for the team store
 * (store/postgres-store.ts). The list in ./index.ts applies them in order, each in one
 * transaction. Never edit one that has shipped: add the next number. The desktop core's
 * database uses the same shape without the PostgreSQL form (src/desktop/store/migrations).
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
  /** The same step for PostgreSQL (integers as BIGINT, ids as identity columns). */
  postgres?: string;
}

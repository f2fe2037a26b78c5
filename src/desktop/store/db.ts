/**
 * Opens the core's SQLite database (WAL, foreign keys) and brings it to the latest migration,
 * one transaction per migration, recorded in `schema_migrations`.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS, type Migration } from './migrations/index.js';
import { sqliteOptions } from '../../service/store/sqlite-binding.js';

export type Db = Database.Database;

export function openDb(file: string, opts: { migrations?: Migration[]; upTo?: number } = {}): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file, sqliteOptions());
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, opts.migrations ?? MIGRATIONS, opts.upTo);
  return db;
}

export function schemaVersion(db: Db): number {
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}

export function migrate(db: Db, migrations: Migration[], upTo = Infinity): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const current = schemaVersion(db);
  const known = Math.max(0, ...migrations.map((m) => m.version));
  if (current > known) throw new Error(`database schema version ${current} is newer than this program knows (${known}); update Ledgerdrop`);
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= current || m.version > upTo) continue;
    db.transaction(() => {
      m.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    })();
  }
  return schemaVersion(db);
}

import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { migrations, type Migration } from './migrations/index.js';
import { sqliteOptions } from './sqlite-binding.js';
import { privateDir, privateFile } from './private.js';

export type Db = Database.Database;

/**
 * Opens (creating if needed) `<dataDir>/ledgerdrop.sqlite` in WAL mode and migrates it. The
 * folder is made 0700 and the database 0600 (SQLite gives its -wal and -shm the database's mode).
 */
export function openDb(dataDir: string, list: Migration[] = migrations): Db {
  privateDir(dataDir);
  const file = path.join(dataDir, 'ledgerdrop.sqlite');
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
  privateFile(file);
  const db = new Database(file, sqliteOptions());
  db.pragma('journal_mode = WAL');
  for (const side of ['-wal', '-shm']) privateFile(file + side);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  migrate(db, list);
  return db;
}

/** Applies every migration above `user_version`, each in its own transaction. Returns how many ran. */
export function migrate(db: Db, list: Migration[] = migrations): number {
  const sorted = [...list].sort((a, b) => a.version - b.version);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.version === sorted[i - 1]!.version) throw new Error(`two migrations numbered ${sorted[i]!.version}`);
  }
  const current = Number(db.pragma('user_version', { simple: true }));
  let ran = 0;
  for (const m of sorted) {
    if (m.version <= current) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
    ran++;
  }
  return ran;
}

const cache = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per connection (better-sqlite3's prepare is not free). */
export function sql(db: Db, text: string): Database.Statement {
  let m = cache.get(db);
  if (!m) cache.set(db, (m = new Map()));
  let st = m.get(text);
  if (!st) m.set(text, (st = db.prepare(text)));
  return st;
}

export function schemaVersion(db: Db): number {
  return Number(db.pragma('user_version', { simple: true }));
}

import crypto from 'node:crypto';
import { sql, type Db } from './db.js';

/** A per-installation secret (created once), e.g. for signing scorecard links. */
export function installationSecret(db: Db, name: string): string {
  const r = sql(db, 'SELECT value FROM settings WHERE key = ?').get(name) as { value: string } | undefined;
  if (r) return r.value;
  const value = crypto.randomBytes(32).toString('hex');
  sql(db, 'INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(name, value);
  return (sql(db, 'SELECT value FROM settings WHERE key = ?').get(name) as { value: string }).value;
}

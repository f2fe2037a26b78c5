import crypto from 'node:crypto';
import type { Db } from './db.js';

/** A per-installation secret (created once), e.g. for signing scorecard links. */
export function installationSecret(db: Db, name: string): string {
  const r = db.prepare('SELECT value FROM settings WHERE key = ?').get(name) as { value: string } | undefined;
  if (r) return r.value;
  const value = crypto.randomBytes(32).toString('hex');
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(name, value);
  return (db.prepare('SELECT value FROM settings WHERE key = ?').get(name) as { value: string }).value;
}

import crypto from 'node:crypto';
import type { Query } from './query.js';

/** A per-installation secret (created once), e.g. for signing scorecard links. */
export async function installationSecret(db: Query, name: string): Promise<string> {
  const r = await db.get('SELECT value FROM settings WHERE key = ?', name) as { value: string } | undefined;
  if (r) return r.value;
  const value = crypto.randomBytes(32).toString('hex');
  await db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', name, value);
  return (await db.get('SELECT value FROM settings WHERE key = ?', name) as { value: string }).value;
}

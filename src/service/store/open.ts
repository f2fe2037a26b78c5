import { openSqliteStore } from './sqlite-store.js';
import { openPostgresStore } from './postgres-store.js';
import type { Store } from './query.js';

/**
 * Opens (and migrates) the store the configuration names: PostgreSQL for a `postgres://` URL
 * (docs/team-server.md), else the embedded SQLite file in `dataDir`.
 */
export async function openStore(dataDir: string, url?: string): Promise<Store> {
  return url ? openPostgresStore(url) : openSqliteStore(dataDir);
}

import type { Query } from './query.js';

export interface Application {
  id: number;
  accountId: number;
  appnumber: string;
  owner: string;
  prequalifyReady: boolean;
  createdAt: string;
}

interface Row { id: number; account_id: number; appnumber: string; owner: string; prequalify_ready: number; created_at: string }
const fromRow = (r: Row): Application => ({
  id: r.id, accountId: r.account_id, appnumber: r.appnumber, owner: r.owner, prequalifyReady: r.prequalify_ready === 1, createdAt: r.created_at,
});

/** Returns the account's application with this appnumber, creating it when absent. */
export async function getOrCreateApp(db: Query, accountId: number, appnumber: string, owner = ''): Promise<Application> {
  const found = await appByNumber(db, accountId, appnumber);
  if (found) {
    if (owner && owner !== found.owner) {
      await db.run('UPDATE applications SET owner = ? WHERE id = ?', owner, found.id);
      return { ...found, owner };
    }
    return found;
  }
  const id = await db.insert('INSERT INTO applications (account_id, appnumber, owner, created_at) VALUES (?, ?, ?, ?)', accountId, appnumber, owner, new Date().toISOString());
  return (await appById(db, accountId, id))!;
}

/** Only the owning account sees an application: another account's id gives null (→ 404). */
export async function appById(db: Query, accountId: number, id: number): Promise<Application | null> {
  const r = await db.get('SELECT * FROM applications WHERE id = ? AND account_id = ?', id, accountId) as Row | undefined;
  return r ? fromRow(r) : null;
}

export async function appByNumber(db: Query, accountId: number, appnumber: string, owner?: string): Promise<Application | null> {
  const r = (owner
    ? await db.get('SELECT * FROM applications WHERE account_id = ? AND appnumber = ? AND owner = ?', accountId, appnumber, owner)
    : await db.get('SELECT * FROM applications WHERE account_id = ? AND appnumber = ?', accountId, appnumber)) as Row | undefined;
  return r ? fromRow(r) : null;
}

export async function listApps(db: Query, accountId: number, limit: number): Promise<Application[]> {
  return (await db.all('SELECT * FROM applications WHERE account_id = ? ORDER BY id DESC LIMIT ?', accountId, limit) as Row[]).map(fromRow);
}

export async function markPrequalifyReady(db: Query, appId: number): Promise<void> {
  await db.run('UPDATE applications SET prequalify_ready = 1 WHERE id = ?', appId);
}

/** The application's statement revision (docs/api.md 6.4a); read before the statements, so an answer never claims a newer state than it shows. */
export async function appRevision(db: Query, appId: number): Promise<number> {
  const r = await db.get<{ revision: number }>('SELECT revision FROM applications WHERE id = ?', appId);
  return r?.revision ?? 0;
}

/**
 * Everything an answer's figures are read from, in one row: the application (its `revision`
 * moves with every statement write: migration 071), its conversions (file results, tax and
 * application forms, options, how many are still running) and its industry classification.
 * Equal stamps mean an equal answer; `prequalify_ready` is left out (it never shows in one).
 */
export async function applicationStamp(db: Query, appId: number): Promise<string | null> {
  // Portable SQL (SQLite and PostgreSQL): COALESCE, CASE for the counts by status.
  const row = await db.get<Record<string, unknown>>(`SELECT a.*,
      (SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) || ':' || COALESCE(SUM(LENGTH(results)), 0) || ':' || COALESCE(SUM(LENGTH(options)), 0)
         || ':' || COALESCE(SUM(CASE WHEN status IN ('queued', 'running') THEN 1 ELSE 0 END), 0)
         || ':' || COALESCE(SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0)
       FROM conversions WHERE app_id = a.id) AS conversions_stamp,
      (SELECT updated_at FROM app_web_search WHERE app_id = a.id) AS web_search_stamp
    FROM applications a WHERE a.id = ?`, appId);
  if (!row) return null;
  delete row.prequalify_ready;
  return JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
}

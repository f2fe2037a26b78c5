import { sql, type Db } from './db.js';

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
export function getOrCreateApp(db: Db, accountId: number, appnumber: string, owner = ''): Application {
  const found = appByNumber(db, accountId, appnumber);
  if (found) {
    if (owner && owner !== found.owner) {
      sql(db, 'UPDATE applications SET owner = ? WHERE id = ?').run(owner, found.id);
      return { ...found, owner };
    }
    return found;
  }
  const info = sql(db, 'INSERT INTO applications (account_id, appnumber, owner, created_at) VALUES (?, ?, ?, ?)')
    .run(accountId, appnumber, owner, new Date().toISOString());
  return appById(db, accountId, Number(info.lastInsertRowid))!;
}

/** Only the owning account sees an application: another account's id gives null (→ 404). */
export function appById(db: Db, accountId: number, id: number): Application | null {
  const r = sql(db, 'SELECT * FROM applications WHERE id = ? AND account_id = ?').get(id, accountId) as Row | undefined;
  return r ? fromRow(r) : null;
}

export function appByNumber(db: Db, accountId: number, appnumber: string, owner?: string): Application | null {
  const r = (owner
    ? sql(db, 'SELECT * FROM applications WHERE account_id = ? AND appnumber = ? AND owner = ?').get(accountId, appnumber, owner)
    : sql(db, 'SELECT * FROM applications WHERE account_id = ? AND appnumber = ?').get(accountId, appnumber)) as Row | undefined;
  return r ? fromRow(r) : null;
}

export function listApps(db: Db, accountId: number, limit: number): Application[] {
  return (sql(db, 'SELECT * FROM applications WHERE account_id = ? ORDER BY id DESC LIMIT ?').all(accountId, limit) as Row[]).map(fromRow);
}

export function markPrequalifyReady(db: Db, appId: number): void {
  sql(db, 'UPDATE applications SET prequalify_ready = 1 WHERE id = ?').run(appId);
}

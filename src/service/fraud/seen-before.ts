import type { Query } from '../store/query.js';

/** Application numbers of the same account, other than `appId`, holding a file with this SHA-256. */
export async function otherApplicationsWithFile(db: Query, appId: number, sha256: string): Promise<string[]> {
  const rows = await db.all(`SELECT DISTINCT a.appnumber FROM files f JOIN applications a ON a.id = f.app_id
    WHERE f.sha256 = ? AND f.app_id <> ? AND a.account_id = (SELECT account_id FROM applications WHERE id = ?)
    ORDER BY a.appnumber`, sha256, appId, appId) as { appnumber: string }[];
  return rows.map((r) => r.appnumber);
}

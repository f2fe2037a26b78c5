import { sql, type Db } from './db.js';

/**
 * `Idempotency-Key`: the first request with a key reserves it (status NULL); when it answers,
 * its status and body are kept, and a repeat with the same key and account gets them back.
 */
export type IdempotencyState = { state: 'new' } | { state: 'pending' } | { state: 'done'; statusCode: number; body: string; endpoint: string };

export function reserveKey(db: Db, accountId: number, key: string, endpoint: string, now = Date.now()): IdempotencyState {
  return db.transaction((): IdempotencyState => {
    const r = sql(db, 'SELECT endpoint, status_code, body FROM idempotency_keys WHERE account_id = ? AND key = ?').get(accountId, key) as
      { endpoint: string; status_code: number | null; body: string | null } | undefined;
    if (!r) {
      sql(db, 'INSERT INTO idempotency_keys (account_id, key, endpoint, created_at) VALUES (?, ?, ?, ?)').run(accountId, key, endpoint, now);
      return { state: 'new' };
    }
    if (r.status_code === null) return { state: 'pending' };
    return { state: 'done', statusCode: r.status_code, body: r.body ?? '', endpoint: r.endpoint };
  })();
}

export function completeKey(db: Db, accountId: number, key: string, statusCode: number, body: string): void {
  sql(db, 'UPDATE idempotency_keys SET status_code = ?, body = ? WHERE account_id = ? AND key = ?').run(statusCode, body, accountId, key);
}

/** A request that failed before doing anything frees its key so the client may retry. */
export function releaseKey(db: Db, accountId: number, key: string): void {
  sql(db, 'DELETE FROM idempotency_keys WHERE account_id = ? AND key = ? AND status_code IS NULL').run(accountId, key);
}

/**
 * At start no request can be in flight, so a key still pending was left by a crash or a kill:
 * its request never answered and converted nothing that was kept. Freed so a retry runs.
 */
export function releasePendingKeys(db: Db): number {
  return sql(db, 'DELETE FROM idempotency_keys WHERE status_code IS NULL').run().changes;
}

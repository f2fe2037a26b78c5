import type { Query } from './query.js';

/**
 * `Idempotency-Key`: the first request with a key reserves it (status NULL); when it answers,
 * its status and body are kept, and a repeat with the same key and account gets them back.
 */
export type IdempotencyState = { state: 'new' } | { state: 'pending' } | { state: 'done'; statusCode: number; body: string; endpoint: string };

export async function reserveKey(db: Query, accountId: number, key: string, endpoint: string, now = Date.now()): Promise<IdempotencyState> {
  // One statement decides, so two instances given the same key at once cannot both win it. A
  // key released between the two statements (its first request failed) is tried again, a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const won = await db.run('INSERT INTO idempotency_keys (account_id, key, endpoint, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (account_id, key) DO NOTHING',
      accountId, key, endpoint, now);
    if (won.changes === 1) return { state: 'new' };
    const r = await db.get<{ endpoint: string; status_code: number | null; body: string | null }>(
      'SELECT endpoint, status_code, body FROM idempotency_keys WHERE account_id = ? AND key = ?', accountId, key);
    if (!r) continue;
    if (r.status_code === null) return { state: 'pending' };
    return { state: 'done', statusCode: r.status_code, body: r.body ?? '', endpoint: r.endpoint };
  }
  return { state: 'pending' };
}

export async function completeKey(db: Query, accountId: number, key: string, statusCode: number, body: string): Promise<void> {
  await db.run('UPDATE idempotency_keys SET status_code = ?, body = ? WHERE account_id = ? AND key = ?', statusCode, body, accountId, key);
}

/** A request that failed before doing anything frees its key so the client may retry. */
export async function releaseKey(db: Query, accountId: number, key: string): Promise<void> {
  await db.run('DELETE FROM idempotency_keys WHERE account_id = ? AND key = ? AND status_code IS NULL', accountId, key);
}

/**
 * At start no request of this instance can be in flight, so a key still pending was left by a
 * crash or a kill: its request never answered and converted nothing that was kept. Freed so a
 * retry runs. On a store shared by several instances only keys reserved before `createdBefore`
 * (older than any request may run) are freed: the others belong to requests still running.
 */
export async function releasePendingKeys(db: Query, createdBefore = Number.MAX_SAFE_INTEGER): Promise<number> {
  return (await db.run('DELETE FROM idempotency_keys WHERE status_code IS NULL AND created_at < ?', createdBefore)).changes;
}

import type { Query } from '../store/query.js';

/** Rows of webhook_deliveries / webhook_attempts (migration 050). */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface Delivery {
  id: number;
  accountId: number;
  appId: number | null;
  url: string;
  event: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

interface Row {
  id: number; account_id: number; app_id: number | null; url: string; event: string; body: string;
  status: DeliveryStatus; attempts: number; next_attempt_at: number; created_at: string; finished_at: string | null;
}

function fromRow(r: Row): Delivery {
  return {
    id: r.id, accountId: r.account_id, appId: r.app_id, url: r.url, event: r.event, body: r.body, status: r.status,
    attempts: r.attempts, nextAttemptAt: r.next_attempt_at, createdAt: r.created_at, finishedAt: r.finished_at,
  };
}

export async function insertDelivery(db: Query, d: { accountId: number; appId: number | null; url: string; event: string; body: string }, now = Date.now()): Promise<number> {
  return db.insert(`INSERT INTO webhook_deliveries (account_id, app_id, url, event, body, status, attempts, next_attempt_at, created_at)
    VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`, d.accountId, d.appId, d.url, d.event, d.body, now, new Date(now).toISOString());
}

export async function getDelivery(db: Query, id: number): Promise<Delivery | null> {
  const r = await db.get('SELECT * FROM webhook_deliveries WHERE id = ?', id) as Row | undefined;
  return r ? fromRow(r) : null;
}

export async function pendingDeliveries(db: Query): Promise<Delivery[]> {
  return (await db.all(`SELECT * FROM webhook_deliveries WHERE status = 'pending' ORDER BY next_attempt_at, id`) as Row[]).map(fromRow);
}

export async function deliveriesForApp(db: Query, accountId: number, appId: number): Promise<Delivery[]> {
  return (await db.all('SELECT * FROM webhook_deliveries WHERE account_id = ? AND app_id = ? ORDER BY id', accountId, appId) as Row[]).map(fromRow);
}

export async function attemptsOf(db: Query, deliveryId: number): Promise<DeliveryAttempt[]> {
  return (await db.all('SELECT attempt, at, status_code, error, duration_ms FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt', deliveryId) as Array<{ attempt: number; at: string; status_code: number | null; error: string | null; duration_ms: number }>)
    .map((r) => ({ attempt: r.attempt, at: r.at, statusCode: r.status_code, error: r.error, durationMs: r.duration_ms }));
}

/** Records one attempt and the delivery's next state, atomically. */
export async function recordAttempt(db: Query, id: number, a: DeliveryAttempt, next: { status: DeliveryStatus; nextAttemptAt: number }): Promise<void> {
  await db.tx(async (db) => {
    await db.run('INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)', id, a.attempt, a.at, a.statusCode, a.error, a.durationMs);
    await db.run('UPDATE webhook_deliveries SET attempts = ?, status = ?, next_attempt_at = ?, finished_at = ?, lease_owner = NULL, lease_until = NULL WHERE id = ?', a.attempt, next.status, next.nextAttemptAt, next.status === 'pending' ? null : a.at, id);
  });
}

export async function webhookSecretOf(db: Query, accountId: number): Promise<string | null> {
  const r = await db.get('SELECT webhook_secret AS s FROM accounts WHERE id = ?', accountId) as { s: string } | undefined;
  return r?.s ?? null;
}

/**
 * Claims the delivery's next attempt for `owner` (a store shared by several instances): only
 * while it is pending, still at `attempts` and held by nobody, so one instance makes each attempt.
 */
export async function claimDelivery(db: Query, id: number, attempts: number, owner: string, now: number, until: number): Promise<boolean> {
  return (await db.run(`UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ?
    WHERE id = ? AND status = 'pending' AND attempts = ? AND (lease_until IS NULL OR lease_until < ?)`, owner, until, id, attempts, now)).changes === 1;
}

/** Pending deliveries due by `now` that nobody holds (at most `limit`, earliest first). */
export async function dueDeliveries(db: Query, now: number, limit: number): Promise<number[]> {
  return (await db.all<{ id: number }>(`SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?
    AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_attempt_at, id LIMIT ?`, now, now, limit)).map((r) => r.id);
}

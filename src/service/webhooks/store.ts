import type { Db } from '../store/db.js';

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

export function insertDelivery(db: Db, d: { accountId: number; appId: number | null; url: string; event: string; body: string }, now = Date.now()): number {
  const info = db.prepare(`INSERT INTO webhook_deliveries (account_id, app_id, url, event, body, status, attempts, next_attempt_at, created_at)
    VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`).run(d.accountId, d.appId, d.url, d.event, d.body, now, new Date(now).toISOString());
  return Number(info.lastInsertRowid);
}

export function getDelivery(db: Db, id: number): Delivery | null {
  const r = db.prepare('SELECT * FROM webhook_deliveries WHERE id = ?').get(id) as Row | undefined;
  return r ? fromRow(r) : null;
}

export function pendingDeliveries(db: Db): Delivery[] {
  return (db.prepare(`SELECT * FROM webhook_deliveries WHERE status = 'pending' ORDER BY next_attempt_at, id`).all() as Row[]).map(fromRow);
}

export function deliveriesForApp(db: Db, accountId: number, appId: number): Delivery[] {
  return (db.prepare('SELECT * FROM webhook_deliveries WHERE account_id = ? AND app_id = ? ORDER BY id').all(accountId, appId) as Row[]).map(fromRow);
}

export function attemptsOf(db: Db, deliveryId: number): DeliveryAttempt[] {
  return (db.prepare('SELECT attempt, at, status_code, error, duration_ms FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt')
    .all(deliveryId) as Array<{ attempt: number; at: string; status_code: number | null; error: string | null; duration_ms: number }>)
    .map((r) => ({ attempt: r.attempt, at: r.at, statusCode: r.status_code, error: r.error, durationMs: r.duration_ms }));
}

/** Records one attempt and the delivery's next state, atomically. */
export function recordAttempt(db: Db, id: number, a: DeliveryAttempt, next: { status: DeliveryStatus; nextAttemptAt: number }): void {
  db.transaction(() => {
    db.prepare('INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, a.attempt, a.at, a.statusCode, a.error, a.durationMs);
    db.prepare('UPDATE webhook_deliveries SET attempts = ?, status = ?, next_attempt_at = ?, finished_at = ? WHERE id = ?')
      .run(a.attempt, next.status, next.nextAttemptAt, next.status === 'pending' ? null : a.at, id);
  })();
}

export function webhookSecretOf(db: Db, accountId: number): string | null {
  const r = db.prepare('SELECT webhook_secret AS s FROM accounts WHERE id = ?').get(accountId) as { s: string } | undefined;
  return r?.s ?? null;
}

import type { Query } from './query.js';

/**
 * An upload with a webhook (migration 161): the URL and the settings its results are built
 * with, stored with its conversions, so that whichever instance finishes the batch queues the
 * delivery, even when the instance that accepted the upload died.
 */
export interface WebhookBatch {
  id: number;
  accountId: number;
  appId: number;
  url: string;
  settings: unknown;
  deliveryId: number | null;
}

interface Row { id: number; account_id: number; app_id: number; url: string; settings: string; delivery_id: number | null }

export async function insertBatch(db: Query, b: { accountId: number; appId: number; url: string; settings: unknown }): Promise<number> {
  return db.insert('INSERT INTO webhook_batches (account_id, app_id, url, settings, created_at) VALUES (?, ?, ?, ?, ?)',
    b.accountId, b.appId, b.url, JSON.stringify(b.settings), new Date().toISOString());
}

export async function batchById(db: Query, id: number): Promise<WebhookBatch | null> {
  const r = await db.get<Row>('SELECT * FROM webhook_batches WHERE id = ?', id);
  return r ? {
    id: Number(r.id), accountId: Number(r.account_id), appId: Number(r.app_id), url: r.url, settings: JSON.parse(r.settings) as unknown,
    deliveryId: r.delivery_id === null ? null : Number(r.delivery_id),
  } : null;
}

const UNFINISHED = "SELECT 1 FROM conversions c WHERE c.batch_id = webhook_batches.id AND c.status IN ('queued','running')";

/**
 * Takes the batch for queuing its delivery (inside the transaction that inserts the delivery):
 * true for one caller only, once every conversion of the batch finished and nobody queued it.
 * On PostgreSQL the row stays locked until commit; a second caller then finds `delivery_id` set.
 */
export async function claimBatch(db: Query, id: number): Promise<boolean> {
  return (await db.run(`UPDATE webhook_batches SET delivery_id = 0 WHERE id = ? AND delivery_id IS NULL AND NOT EXISTS (${UNFINISHED})`, id)).changes === 1;
}

export async function setBatchDelivery(db: Query, id: number, deliveryId: number): Promise<void> {
  await db.run('UPDATE webhook_batches SET delivery_id = ? WHERE id = ?', deliveryId, id);
}

/**
 * Batches finished but not queued, whose last conversion finished before `finishedBefore` (ISO
 * time): the instance that finished it had that long to queue it and did not (it died).
 */
export async function unqueuedBatches(db: Query, finishedBefore: string, limit: number): Promise<number[]> {
  return (await db.all<{ id: number }>(`SELECT id FROM webhook_batches WHERE delivery_id IS NULL AND NOT EXISTS (${UNFINISHED})
    AND NOT EXISTS (SELECT 1 FROM conversions c WHERE c.batch_id = webhook_batches.id AND c.finished_at > ?) ORDER BY id LIMIT ?`, finishedBefore, limit))
    .map((r) => Number(r.id));
}

/** True while some conversion of the batch is queued or running. */
export async function batchUnfinished(db: Query, id: number): Promise<boolean> {
  return !!await db.get(`SELECT 1 AS x FROM webhook_batches WHERE id = ? AND EXISTS (${UNFINISHED})`, id);
}

import type { Query } from '../store/query.js';
import { accountById } from '../store/accounts.js';
import { appById } from '../store/applications.js';
import { conversionsOfBatch } from '../store/conversions.js';
import { batchById, batchUnfinished, claimBatch, setBatchDelivery, unqueuedBatches } from '../store/webhook-batches.js';
import { finalResults, type FinalSettings } from '../results/final.js';
import { runWebSearch, type WebSearchProvider } from '../naics/web-search.js';
import { buildWebhookPayload, type ResultsLike } from './payload.js';
import { insertDelivery } from './store.js';
import { webhookDispatcherOf } from './service.js';

/** What a webhook batch keeps besides its URL (store/webhook-batches.ts). */
export interface BatchSettings extends FinalSettings {
  whonlynotify: boolean;
  dowebsearch: boolean;
}

/** Batches one sweep queues at most (the rest at the next sweep). */
const SWEEP_LIMIT = 20;

interface Logger { error(obj: unknown, msg?: string): void }

/**
 * Queues the webhook of a batch whose conversions all finished, once: the batch is taken and
 * its delivery inserted in one transaction, so of two instances finishing it at once (or an
 * instance and a sweeper) one queues it and the other finds it taken. The body holds every
 * file's results, whichever instance converted them. Returns the delivery id, or null.
 */
export async function queueBatchWebhook(db: Query, batchId: number, webSearch?: WebSearchProvider, log?: Logger): Promise<number | null> {
  const batch = await batchById(db, batchId);
  if (!batch || batch.deliveryId !== null || await batchUnfinished(db, batchId)) return null;
  const settings = batch.settings as BatchSettings;
  if (settings.dowebsearch) {
    // Industry codes before the results are built, so appinfo has them (as when answered at once).
    const app = await appById(db, batch.accountId, batch.appId);
    if (app) await runWebSearch(db, app, webSearch).catch((err: Error) => log?.error({ err: err.message, appId: app.id }, 'industry classification failed'));
  }
  const id = await db.tx(async (tx): Promise<number | null> => {
    if (!await claimBatch(tx, batchId)) return null;
    const account = await accountById(tx, batch.accountId);
    const app = await appById(tx, batch.accountId, batch.appId);
    // Account or application removed meanwhile: nothing to report; the batch stays taken.
    if (!account || !app) return null;
    const items = (await conversionsOfBatch(tx, batchId)).flatMap((c) => c.results ?? []);
    const results = await finalResults(tx, account.id, app, account.profile.sections, settings, items);
    const { event, payload } = buildWebhookPayload(results as unknown as ResultsLike, { product: settings.product, whonlynotify: settings.whonlynotify });
    const deliveryId = await insertDelivery(tx, { accountId: account.id, appId: app.id, url: batch.url, event, body: JSON.stringify(payload) });
    await setBatchDelivery(tx, batchId, deliveryId);
    return deliveryId;
  });
  // Without a running dispatcher (a tool using the store) the delivery waits for the next start.
  if (id !== null) webhookDispatcherOf(db)?.wake(id);
  return id;
}

/**
 * Queues batches that finished at least `graceMs` ago and were never queued: the instance that
 * finished them died first. Alone on its store (SQLite, at start) the grace is 0.
 */
export async function sweepBatches(db: Query, graceMs: number, webSearch?: WebSearchProvider, log?: Logger): Promise<number> {
  let queued = 0;
  for (const id of await unqueuedBatches(db, new Date(Date.now() - graceMs).toISOString(), SWEEP_LIMIT)) {
    if (await queueBatchWebhook(db, id, webSearch, log) !== null) queued++;
  }
  return queued;
}

import type { Query } from '../store/query.js';
import { WebhookDispatcher, type DispatcherOptions, type RetryPolicy } from './dispatcher.js';
import type { ResultsLike } from './payload.js';

/**
 * The service's webhook dispatcher, one per open store. `startWebhooks` runs when the service
 * starts (resuming deliveries a previous run left pending); a finished webhook batch is
 * queued by ./batch.ts (`dispatchConversionWebhook` queues one directly, for tools); `stopWebhooks` before the
 * store closes.
 */
export interface WebhookSettings {
  /** Let webhooks reach loopback/private/link-local receivers (tests, trusted networks). */
  allowPrivateWebhooks?: boolean;
  /** Fallback for allowPrivateWebhooks: the same switch fileurl uses. */
  allowPrivateFileUrls?: boolean;
  webhookRetry?: Partial<RetryPolicy>;
  /** Claim length of an attempt on a store shared by several instances (config leaseMs). */
  leaseMs?: number;
}

const running = new WeakMap<Query, WebhookDispatcher>();

export function dispatcherOptions(settings: WebhookSettings, log?: DispatcherOptions['log']): DispatcherOptions {
  const open = settings.allowPrivateWebhooks ?? settings.allowPrivateFileUrls ?? false;
  const opts: DispatcherOptions = {
    addressPolicy: { allowLoopback: open, allowPrivate: open, allowLinkLocal: false },
    ...(settings.webhookRetry ? { retry: settings.webhookRetry } : {}),
    ...(settings.leaseMs ? { leaseMs: settings.leaseMs } : {}),
  };
  if (log) opts.log = log;
  return opts;
}

/** Creates the store's dispatcher and resumes pending deliveries. Returns how many were pending. */
export async function startWebhooks(db: Query, settings: WebhookSettings = {}, log?: DispatcherOptions['log']): Promise<number> {
  const existing = running.get(db);
  if (existing) return 0;
  const d = new WebhookDispatcher(db, dispatcherOptions(settings, log));
  running.set(db, d);
  return d.start();
}

export async function stopWebhooks(db: Query): Promise<void> {
  const d = running.get(db);
  running.delete(db);
  if (d) await d.stop();
}

export function webhookDispatcherOf(db: Query): WebhookDispatcher | null {
  return running.get(db) ?? null;
}

/**
 * Queues the conversion callback. The body is built for the product (thumbprint: summaries and
 * appinfo only) or as a completion notification (`whonlynotify`); the secret is read from the
 * account when each attempt is signed. Returns the delivery id.
 */
export async function dispatchConversionWebhook(args: {
  db: Query; accountId: number; appId: number; url: string; secret?: string;
  results: Record<string, unknown>; product: string; whonlynotify: boolean;
}): Promise<number> {
  let d = running.get(args.db);
  if (!d) {
    // Not started by the service (a tool or test calling the routes directly): public receivers only.
    d = new WebhookDispatcher(args.db, dispatcherOptions({}));
    running.set(args.db, d);
    void d.start();
  }
  return d.deliverResults({
    accountId: args.accountId, appId: args.appId, url: args.url, product: args.product, whonlynotify: args.whonlynotify,
    results: args.results as ResultsLike,
  });
}

/**
 * Queues an event other than the conversion callback (Briefcase offers, answers and updates):
 * the same signed, retried, recorded delivery, signed with the secret of `accountId`, the
 * account the webhook belongs to. Returns the delivery id.
 */
export async function dispatchEvent(args: { db: Query; accountId: number; appId: number | null; url: string; event: string; payload: unknown }): Promise<number> {
  let d = running.get(args.db);
  if (!d) {
    d = new WebhookDispatcher(args.db, dispatcherOptions({}));
    running.set(args.db, d);
    void d.start();
  }
  return d.enqueue({ accountId: args.accountId, appId: args.appId, url: args.url, event: args.event, payload: args.payload });
}

import net from 'node:net';
import { Agent, request } from 'undici';
import type { Query } from '../store/query.js';
import { refusalReason, type AddressPolicy } from '../net/address-policy.js';
import { guardedLookup } from '../net/guarded-lookup.js';
import { signBody } from './sign.js';
import { buildWebhookPayload, type ResultsLike } from './payload.js';
import { randomBytes } from 'node:crypto';
import { claimDelivery, dueDeliveries, getDelivery, insertDelivery, pendingDeliveries, recordAttempt, webhookSecretOf } from './store.js';

/**
 * Sends webhooks: POST of JSON, signed with the account's secret, retried with exponential
 * backoff and jitter up to `maxAttempts`, every attempt recorded in the store. Deliveries live in
 * SQLite before the first attempt, so `start()` after a restart resumes whatever was pending.
 * Delivery is at least once: a receiver dedupes on `X-Ledgerdrop-Delivery`.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Delay before the 2nd attempt; doubles each time. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** 0…1: share of each delay taken off at random (0 = none, 0.5 = delay × [0.5, 1]). */
  jitter: number;
  /** One attempt: connect to response headers. */
  timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
  jitter: 0.5,
  timeoutMs: 15_000,
};

export interface DispatcherOptions {
  retry?: Partial<RetryPolicy>;
  /** Which addresses webhooks may reach; default public only. */
  addressPolicy?: AddressPolicy;
  random?: () => number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How long a claimed delivery stays this instance's (a store shared by several instances); default 30 s. */
  leaseMs?: number;
}

/** Delay after `attemptsMade` failed attempts (≥ 1). */
export function backoffDelay(attemptsMade: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'jitter'>, random: () => number = Math.random): number {
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.max(0, Math.round(full * (1 - policy.jitter * random())));
}

/** null when the URL may be used as a webhook; otherwise what is wrong with it (for a 400). */
export function webhookUrlProblem(raw: string): string | null {
  let u: URL;
  try { u = new URL(raw); } catch { return 'webhook is not a valid URL'; }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `webhook must use http or https, not ${u.protocol.replace(/:$/, '')}`;
  if (u.username || u.password) return 'webhook must not carry credentials';
  if (raw.length > 2000) return 'webhook must be at most 2000 characters';
  return null;
}

export interface EnqueueInput {
  accountId: number;
  appId: number | null;
  url: string;
  event: string;
  payload: unknown;
}

export class WebhookDispatcher {
  private readonly retry: RetryPolicy;
  private readonly policy: AddressPolicy;
  private readonly random: () => number;
  private readonly agent: Agent;
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly inflight = new Set<Promise<void>>();
  private stopped = false;
  /** On a store shared by several instances each attempt is claimed first, so one instance makes it. */
  private readonly shared: boolean;
  private readonly owner = randomBytes(8).toString('hex');
  private readonly leaseMs: number;
  private sweeper: NodeJS.Timeout | null = null;
  /** Aborts attempts in flight when the dispatcher stops (they stay pending for the next start). */
  private readonly stopping = new AbortController();

  constructor(private readonly db: Query, private readonly opts: DispatcherOptions = {}) {
    this.retry = { ...DEFAULT_RETRY_POLICY, ...opts.retry };
    if (!(this.retry.maxAttempts >= 1)) throw new Error('webhook maxAttempts must be at least 1');
    if (!(this.retry.jitter >= 0 && this.retry.jitter <= 1)) throw new Error('webhook jitter must be between 0 and 1');
    this.policy = opts.addressPolicy ?? {};
    this.random = opts.random ?? Math.random;
    this.shared = db.dialect === 'postgres';
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.agent = new Agent({
      connect: { lookup: guardedLookup(this.policy, (m) => new WebhookRefused(`webhook ${m}`)) as never, timeout: this.retry.timeoutMs },
      headersTimeout: this.retry.timeoutMs,
      bodyTimeout: this.retry.timeoutMs,
    });
  }

  /** Schedules every pending delivery (call once when the service starts). Returns how many. */
  async start(now = Date.now()): Promise<number> {
    const pending = await pendingDeliveries(this.db);
    for (const d of pending) this.schedule(d.id, Math.max(0, d.nextAttemptAt - now));
    if (this.shared && !this.sweeper) {
      // Deliveries another instance left (it died, or stopped mid-retry) are picked up when due.
      this.sweeper = setInterval(() => {
        void dueDeliveries(this.db, Date.now(), 100).then((due) => { for (const id of due) if (!this.timers.has(id)) this.schedule(id, 0); })
          .catch((err: unknown) => this.opts.log?.warn({ err }, 'webhook sweep failed'));
      }, Math.max(250, Math.floor(this.leaseMs / 3)));
      this.sweeper.unref();
    }
    return pending.length;
  }

  /** Stores a delivery and makes its first attempt right away. Returns the delivery id. */
  async enqueue(input: EnqueueInput): Promise<number> {
    const body = JSON.stringify(input.payload);
    const id = await insertDelivery(this.db, { accountId: input.accountId, appId: input.appId, url: input.url, event: input.event, body });
    this.schedule(id, 0);
    return id;
  }

  /** Attempts a delivery another part of the service stored (a finished webhook batch) right away. */
  wake(id: number): void {
    if (!this.timers.has(id)) this.schedule(id, 0);
  }

  /** The conversion callback: builds the payload the product and `whonlynotify` call for. */
  async deliverResults(args: { accountId: number; appId: number | null; url: string; product: string; whonlynotify: boolean; results: ResultsLike }): Promise<number> {
    const { event, payload } = buildWebhookPayload(args.results, { product: args.product, whonlynotify: args.whonlynotify });
    return this.enqueue({ accountId: args.accountId, appId: args.appId, url: args.url, event, payload });
  }

  /** Resolves once nothing is scheduled or in flight (tests, orderly shutdown). */
  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.inflight.size > 0) {
      if (this.inflight.size > 0) await Promise.race(this.inflight);
      else await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Stops scheduling, waits for attempts in flight; pending deliveries stay pending in the store. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.stopping.abort();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.inflight]);
    await this.agent.close().catch(() => {});
  }

  private schedule(id: number, delayMs: number): void {
    if (this.stopped) return;
    const existing = this.timers.get(id);
    if (existing) clearTimeout(existing);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      const p = this.attempt(id).catch((err: unknown) => {
        this.opts.log?.warn({ err, deliveryId: id }, 'webhook attempt crashed');
      }).finally(() => this.inflight.delete(p));
      this.inflight.add(p);
    }, delayMs);
    timer.unref();
    this.timers.set(id, timer);
  }

  private async attempt(id: number): Promise<void> {
    if (this.stopped) return;
    const d = await getDelivery(this.db, id);
    if (!d || d.status !== 'pending') return;
    if (this.shared) {
      // Not yet due (another instance attempted it meanwhile), or claimed by another instance: not this one's turn.
      if (d.nextAttemptAt > Date.now() + 50) { this.schedule(id, d.nextAttemptAt - Date.now()); return; }
      if (!await claimDelivery(this.db, id, d.attempts, this.owner, Date.now(), Date.now() + this.leaseMs)) return;
    }
    const attempt = d.attempts + 1;
    const startedAt = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let permanent = false;
    const secret = await webhookSecretOf(this.db, d.accountId);
    const urlProblem = webhookUrlProblem(d.url) ?? literalRefusal(d.url, this.policy);
    if (secret === null) { error = 'account no longer exists'; permanent = true; }
    else if (urlProblem) { error = urlProblem; permanent = true; }
    else {
      try {
        const res = await request(d.url, {
          method: 'POST',
          dispatcher: this.agent,
          body: d.body,
          signal: AbortSignal.any([AbortSignal.timeout(this.retry.timeoutMs), this.stopping.signal]),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Ledgerdrop-Webhooks/1',
            'x-signature': signBody(secret, d.body),
            'x-ledgerdrop-event': d.event,
            'x-ledgerdrop-delivery': String(d.id),
            'x-ledgerdrop-attempt': String(attempt),
          },
        });
        statusCode = res.statusCode;
        await res.body.dump().catch(() => {});
        if (statusCode < 200 || statusCode >= 300) error = `receiver answered HTTP ${statusCode}`;
      } catch (err) {
        const refused = err instanceof WebhookRefused ? err : (err as { cause?: unknown })?.cause instanceof WebhookRefused ? (err as { cause: WebhookRefused }).cause : null;
        if (refused) { error = refused.message; permanent = true; }
        else error = describeNetworkError(err);
      }
    }
    if (this.stopped && error !== null && !permanent) {
      // Shutting down mid-attempt: leave it pending, untouched, for the next start.
      return;
    }
    const finishedAt = Date.now();
    const ok = error === null;
    const giveUp = !ok && (permanent || attempt >= this.retry.maxAttempts);
    const delay = ok || giveUp ? 0 : backoffDelay(attempt, this.retry, this.random);
    await recordAttempt(this.db, id, { attempt, at: new Date(startedAt).toISOString(), statusCode, error, durationMs: finishedAt - startedAt },
      { status: ok ? 'delivered' : giveUp ? 'failed' : 'pending', nextAttemptAt: finishedAt + delay });
    if (ok) this.opts.log?.info({ deliveryId: id, attempt }, 'webhook delivered');
    else if (giveUp) this.opts.log?.warn({ deliveryId: id, attempt, error }, 'webhook failed for good');
    else this.schedule(id, delay);
  }
}

class WebhookRefused extends Error {}

function literalRefusal(raw: string, policy: AddressPolicy): string | null {
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) === 0) return null;
  const reason = refusalReason(host, policy);
  return reason ? `webhook refused: ${reason}; the operator has not allowed it` : null;
}

function describeNetworkError(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || /TIMEOUT/i.test(e?.code ?? '')) return 'receiver did not answer in time';
  const code = e?.code ?? e?.cause?.code;
  return `could not reach the receiver: ${code ?? e?.message ?? 'unknown error'}`;
}

/**
 * Keeping each application's results (scorecard, transactions, summaries) current. They cover
 * the whole application, so they are fetched with one /getresults when its queue drains (and at
 * most every REFRESH_EVERY_MS while files keep coming), not with every file; each fetch is tried
 * with backoff (Retry-After honoured), and why the last one failed is kept for the window.
 */
import { ApiClient, NetworkError, ServiceError } from './api-client.js';
import { DEFAULT_RETRY, parseRetryAfter, retryDelay, type BackoffPolicy } from './backoff.js';
import { sleep, type Clock } from './clock.js';
import type { Db } from './store/db.js';
import { pendingJobCount } from './store/app-queries.js';
import type { AppRow, ResultsStore } from './store/results.js';
import { appResultsFrom } from './service-results.js';

const REFRESH_EVERY_MS = 30_000;

export interface ResultsRefreshOptions {
  db: Db;
  results: ResultsStore;
  clock: Clock;
  client: (connectionId: string) => ApiClient;
  /** Tries of one refresh before it is reported as not refreshed. */
  tries: number;
  retry?: BackoffPolicy;
  random?: () => number;
  /** The application's stored results changed. */
  onChanged: (appnumber: string) => void;
  /** A refresh ended (the core checks whether it is idle). */
  onSettled: () => void;
}

export class ResultsRefresh {
  private running = new Map<string, Promise<void>>();
  /** Applications whose results are known to be older than the service's. */
  private dirty = new Set<string>();
  private lastRun = new Map<string, number>();
  private errors = new Map<string, string>();
  private closing = new AbortController();
  private closed = false;

  constructor(private o: ResultsRefreshOptions) {}

  get busy(): number { return this.running.size; }

  /** Why the application's last refresh failed (after retries), or null. */
  error(appnumber: string): string | null { return this.errors.get(appnumber) ?? null; }

  /** A refresh that worked by another path (an explicit refresh) clears the old failure. */
  succeeded(appnumber: string): void { this.errors.delete(appnumber); }

  /** Dirty applications of a connection that came back are refreshed at once. */
  connectionBack(connectionId: string): void {
    for (const a of [...this.dirty]) if (this.o.results.getApp(a)?.connection_id === connectionId) this.request(a, true);
  }

  /** Marks the application's results stale and fetches them unless one ran less than 30 s ago while files are still coming. */
  request(appnumber: string, force = false): void {
    if (this.closed) return;
    this.dirty.add(appnumber);
    if (this.running.has(appnumber)) return;
    const app = this.o.results.getApp(appnumber);
    if (app?.appid == null) return;
    const busy = pendingJobCount(this.o.db, appnumber) > 0;
    if (!force && busy && this.o.clock.now() - (this.lastRun.get(appnumber) ?? 0) < REFRESH_EVERY_MS) return;
    this.dirty.delete(appnumber);
    const run = this.fetch(app).then(() => {
      if (this.closed) return;
      this.errors.delete(appnumber);
      this.o.onChanged(appnumber);
    });
    this.running.set(appnumber, run.then(() => undefined, (err) => {
      this.dirty.add(appnumber);
      if (this.closed) return 'failed';
      const why = err instanceof ServiceError ? (err.unavailable ?? err.message) : err instanceof NetworkError ? err.reason : (err as Error).message;
      this.errors.set(appnumber, why);
      console.warn(`ledgerdrop: results of ${appnumber} not refreshed after ${this.o.tries} tries: ${why}`);
      return 'failed';
    }).then((outcome) => {
      this.running.delete(appnumber);
      if (this.closed) return;
      this.lastRun.set(appnumber, this.o.clock.now());
      if (outcome !== 'failed' && this.dirty.has(appnumber) && pendingJobCount(this.o.db, appnumber) === 0) this.request(appnumber, true);
      this.o.onSettled();
    }));
  }

  /** One /getresults of the application, tried with backoff; throws the last error. */
  private async fetch(app: AppRow): Promise<void> {
    for (let n = 1; ; n++) {
      let body: unknown;
      try {
        body = ApiClient.expect(await this.o.client(app.connection_id).getResults(app.appid!, this.closing.signal), [200]).body;
      } catch (err) {
        const lasting = err instanceof ServiceError && !err.unavailable && err.status < 500 && err.status !== 408 && err.status !== 429;
        if (this.closed || lasting || n >= this.o.tries) throw err;
        const ra = err instanceof ServiceError ? parseRetryAfter(err.retryAfter, this.o.clock.now()) : null;
        await sleep(this.o.clock, retryDelay(this.o.retry ?? DEFAULT_RETRY, n, ra, this.o.random), this.closing.signal);
        continue;
      }
      if (this.closed) return;
      // /getresults is the service's state now: newer than (or as new as) anything stored. A body
      // that does not match the contract is refused at once (asking again would not change it).
      this.o.results.saveAppResults(app.appnumber, appResultsFrom(body));
      return;
    }
  }

  /** Stops: no new fetch starts and running ones are aborted. */
  stop(): void {
    this.closed = true;
    this.closing.abort(new Error('core closing'));
  }

  /** Resolves when the fetches running at the stop have ended. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }
}

import type { ServiceContext } from './context.js';
import { HttpError } from './errors.js';
import type { Application } from '../store/applications.js';
import type { ResultsTaskInput } from '../worker/results-pool.js';
import { resultsBytes, transactionsBytes, type ResultsAsk } from '../results/results-bytes.js';
import { transactionCountOf } from '../store/statements.js';

/**
 * Applications with at most this many transactions get their answers built on the event loop
 * (a few milliseconds, no thread hop and no wait behind another account's large build in the
 * results pool); larger ones are built in the results worker pool.
 */
export const INLINE_MAX_TRANSACTIONS = 2_000;

/** Whether this application's answers are built in the results worker pool. */
export async function buildsInWorker(ctx: ServiceContext, appId: number): Promise<boolean> {
  return !!ctx.results && await transactionCountOf(ctx.db, appId) > INLINE_MAX_TRANSACTIONS;
}

/** Runs a results task in the pool; the bytes it sent back, or its error as the route's. */
export async function inWorker(ctx: ServiceContext, task: ResultsTaskInput): Promise<Buffer> {
  // The thread reads the same store: the PostgreSQL database when the service runs on one.
  const r = await ctx.results!.run({ ...task, ...(ctx.config.store ? { store: ctx.config.store } : {}) });
  if (r instanceof Uint8Array) return Buffer.from(r.buffer, r.byteOffset, r.byteLength);
  if (r.notFound) throw new HttpError(404, 'application not found');
  throw new Error(`results worker: ${r.error}`);
}

/** The multi-file results object of /uploadpdfs and /getresults, as JSON bytes. */
export async function resultsAnswer(ctx: ServiceContext, accountId: number, app: Application, ask: ResultsAsk): Promise<Buffer> {
  if (!(await buildsInWorker(ctx, app.id))) return resultsBytes(ctx.db, app, ask);
  return inWorker(ctx, { what: 'results', dataDir: ctx.dataDir, accountId, appId: app.id, ask });
}

/** /transactions: JSON keyed by statement (structured) or CSV, as bytes. */
export async function transactionsAnswer(ctx: ServiceContext, accountId: number, app: Application, structured: boolean): Promise<Buffer> {
  if (!(await buildsInWorker(ctx, app.id))) return transactionsBytes(ctx.db, app, structured);
  return inWorker(ctx, { what: 'transactions', dataDir: ctx.dataDir, accountId, appId: app.id, structured });
}

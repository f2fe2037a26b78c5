import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openStore } from './store/open.js';
import { resolveConfig, type ServiceConfigInput } from './config.js';
import { ConversionManager } from './worker/manager.js';
import { ResultsPool } from './worker/results-pool.js';
import { buildApp } from './http/app.js';
import type { ServiceContext } from './http/context.js';
import { accountByName, upsertAccount, type AccountProfile } from './store/accounts.js';
import { installationSecret } from './store/settings.js';
import { releasePendingKeys } from './store/idempotency.js';
import { hashPassword, verifyPassword } from './auth/password.js';
import { startWebhooks, stopWebhooks } from './webhooks/service.js';
import { webhookUrlProblem } from './webhooks/dispatcher.js';
import { queueBatchWebhook, sweepBatches } from './webhooks/batch.js';
import { FEATURES, isProduct, PRODUCTS, type Product } from '../contract/products.js';

export type { ServiceConfig, ServiceConfigInput } from './config.js';

export interface StartServiceOptions {
  dataDir: string;
  host?: string;
  port?: number;
  config?: ServiceConfigInput;
  /** Request log (pino) to stdout. */
  logger?: boolean;
}

export interface RunningService {
  url: string;
  port: number;
  app: FastifyInstance;
  /** The conversion queue (pause/resume for maintenance, depth). */
  conversions: ConversionManager;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Starts the service: opens (and migrates) the store under `dataDir`, starts the worker pool,
 * resumes conversions a previous run left unfinished, and listens (127.0.0.1, any free port by
 * default). Used by `ledgerdrop serve`, the desktop's embedded engine and the tests.
 */
export async function startService(opts: StartServiceOptions): Promise<RunningService> {
  const config = resolveConfig(opts.config);
  const dataDir = path.resolve(opts.dataDir);
  const db = await openStore(dataDir, config.store);
  // Sharing the store, other instances may be answering requests right now: only keys older
  // than any request can live are stale.
  await releasePendingKeys(db, db.dialect === 'postgres' ? Date.now() - (config.requestTimeoutMs + config.syncWaitMs + config.limits.maxConversionMs) : undefined);
  const conversions = new ConversionManager(db, config);
  conversions.batchHooks = {
    finished: (batchId) => queueBatchWebhook(db, batchId, config.webSearch),
    sweep: (graceMs) => sweepBatches(db, graceMs, config.webSearch),
  };
  const results = new ResultsPool(1, { heapMb: config.limits.workerHeapMb });
  const ctx: ServiceContext = { db, dataDir, config, conversions, results, linkSecret: await installationSecret(db, 'link-secret'), baseUrl: '' };
  let app: FastifyInstance;
  try {
    app = await buildApp(ctx, { logger: opts.logger ?? false });
    await app.listen({ host: opts.host ?? '127.0.0.1', port: opts.port ?? 0 });
  } catch (err) {
    await conversions.close();
    await results.close();
    await db.close();
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port ?? 0;
  const host = opts.host ?? '127.0.0.1';
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  ctx.baseUrl = `http://${urlHost}:${port}`;
  await startWebhooks(db, config, app.log);
  await conversions.resumeUnfinished();
  let closed = false;
  return {
    url: ctx.baseUrl,
    port,
    app,
    conversions,
    dataDir,
    async close() {
      if (closed) return;
      closed = true;
      // Conversions stop first (their worker threads are stopped; they resume at the next
      // start), so requests waiting on them answer at once and the server closes in seconds.
      const stopping = conversions.close();
      await app.close();
      await stopping;
      await results.close();
      await stopWebhooks(db);
      await db.close();
    },
  };
}

export interface ProvisionAccount {
  username: string;
  password: string;
  product: Product;
  conversions?: number;
  features?: string[];
  profile?: AccountProfile;
  /** Where the account's Briefcase webhooks go; merged into its profile ('' removes it). */
  briefcaseWebhook?: string;
}

/** Creates the account or updates it (password, product, conversions, features). */
export async function provisionAccount(dataDir: string, a: ProvisionAccount, config: ServiceConfigInput = {}): Promise<void> {
  const cfg = resolveConfig(config);
  if (!a.username || /[:\s]/.test(a.username)) throw new Error('username must be non-empty, without spaces or ":"');
  if (!a.password) throw new Error('password must not be empty');
  if (!isProduct(a.product)) throw new Error(`product must be one of ${PRODUCTS.join(', ')} (got ${String(a.product)})`);
  const conversions = a.conversions ?? cfg.defaultConversions;
  if (!Number.isInteger(conversions) || conversions < 0) throw new Error('conversions must be an integer ≥ 0');
  const features = a.features ?? [];
  const unknown = features.filter((f) => !(FEATURES as readonly string[]).includes(f));
  if (unknown.length) throw new Error(`unknown feature(s) ${unknown.join(', ')}: use ${FEATURES.join(', ')}`);
  if (a.briefcaseWebhook) {
    const problem = webhookUrlProblem(a.briefcaseWebhook);
    if (problem) throw new Error(`briefcase webhook: ${problem.replace(/^webhook /, '')}`);
  }
  const db = await openStore(path.resolve(dataDir), cfg.store);
  try {
    // The same password again keeps its stored hash, so sessions survive a re-provision (the
    // embedded engine provisions its account on every start).
    const existing = await accountByName(db, a.username);
    const standIn = existing?.profile.remoteParty;
    // A password would let someone sign in as the owner of what a remote party shared here.
    if (standIn) throw new Error(`${a.username} stands for ${standIn.username} of the Briefcase peer "${standIn.peer}" (it owns what that party shared here) and cannot be provisioned: choose another username`);
    const passwordHash = existing && await verifyPassword(a.password, existing.passwordHash)
      ? existing.passwordHash : await hashPassword(a.password, cfg.scryptCost);
    let profile = a.profile;
    if (a.briefcaseWebhook !== undefined) {
      const { briefcaseWebhook: _old, ...rest } = profile ?? existing?.profile ?? {};
      profile = a.briefcaseWebhook ? { ...rest, briefcaseWebhook: a.briefcaseWebhook } : rest;
    }
    await upsertAccount(db, { username: a.username, passwordHash, product: a.product, conversions, features, ...(profile ? { profile } : {}) });
  } finally {
    await db.close();
  }
}

import { PrequalifyPolicySchema } from '../contract/api/prequalify.js';
import { validateBriefcaseConfig } from './briefcase-peer/config.js';
import { DEFAULT_LIMITS, type ConversionLimits } from '../engine/limits.js';

export { DEFAULT_LIMITS, type ConversionLimits } from '../engine/limits.js';

/**
 * Operator settings of the service. Every limit the API reference leaves open is here, with a
 * default; `startService({ config })` and the CLI override them.
 */
import { availableParallelism } from 'node:os';

export interface ServiceConfig {
  /** Session token lifetime (default 24 h). */
  tokenTtlMs: number;
  /** How long /uploadpdfs and /makecsv wait for a conversion before answering 202 + resfile. */
  syncWaitMs: number;
  /** Worker threads converting documents. */
  workerThreads: number;
  /** Conversions queued or running at once; more → 503. */
  queueDepth: number;
  /** Largest accepted file, bytes. */
  maxUploadBytes: number;
  /** Files per /uploadpdfs request. */
  maxFilesPerRequest: number;
  /** Identical file (SHA-256) uploads allowed per application within `duplicateWindowMs`; one more → 429. */
  maxIdenticalUploads: number;
  duplicateWindowMs: number;
  /** Conversions a new account starts with when none is given. */
  defaultConversions: number;
  /** scrypt cost (N); 2^15 by default, lower only in tests of unrelated behaviour. */
  scryptCost: number;
  /** Lifetime of /scorecard/signedUrl links. */
  signedUrlTtlMs: number;
  /** Public base URL used in signed links; default: the listening address. */
  publicUrl?: string;
  /** Let `fileurl` fetch private/loopback addresses (tests, trusted networks). */
  allowPrivateFileUrls: boolean;
  /** Let webhooks reach private/loopback receivers; default: allowPrivateFileUrls. */
  allowPrivateWebhooks?: boolean;
  /** Webhook retries: attempts, backoff base/max, jitter, per-attempt timeout (see webhooks/dispatcher.ts). */
  webhookRetry?: Partial<import('./webhooks/dispatcher.js').RetryPolicy>;
  /** Body of every endpoint that takes no document (urlencoded, JSON or multipart), bytes. */
  maxFormBytes: number;
  /** Time a client has to send its request headers. */
  headersTimeoutMs: number;
  /** Time a client has to send its whole request (headers and body). */
  requestTimeoutMs: number;
  /** A connection with no bytes either way for this long is closed (raised to syncWaitMs + 10 s if lower). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection between requests is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Conversion limits: one file that reaches one fails alone with an error naming it (see ConversionLimits). */
  limits: ConversionLimits;
  /** Providers of /googlesheets, /creditreport and Briefcase; none → 501 naming what to configure. */
  providers?: import('./features/providers.js').FeatureProviders;
  /** SMTP server for the `email` completion notification; without it `email` → 501. */
  mail?: import('./notify/smtp.js').MailConfig;
  /**
   * Who may frame the signed scorecard page (CSP frame-ancestors): `'self'` (default), `'none'`,
   * `*`, or origins such as `https://crm.example.com`. X-Frame-Options is sent only when it can
   * say the same (SAMEORIGIN for `'self'` alone, DENY for `'none'`).
   */
  signedPageFrameAncestors?: string[];
  /**
   * Server-wide prequalification thresholds `{decline, review}` (dollars, counts, percent). An
   * account's own thresholds (profile `prequalify` = decline, `prequalifyReview` = review)
   * override these rule by rule.
   */
  prequalify?: import('../contract/api/prequalify.js').PrequalifyPolicy;
  /**
   * A web-search provider for `dowebsearch` (sites, web presence, a better code). Optional: the
   * offline classifier always answers; programmatic only (a function), not from a config file.
   */
  webSearch?: import('./naics/web-search.js').WebSearchProvider;
  /**
   * Where the store lives: absent = the embedded SQLite file in the data folder; a
   * `postgres://…` URL = a PostgreSQL database shared by every instance (docs/team-server.md).
   */
  store?: string;
  /**
   * How long a claimed conversion or webhook delivery stays an instance's without renewal
   * (renewed every third of it while the work runs). An instance that dies loses its claims
   * after this long and another instance takes the work over.
   */
  leaseMs: number;
  /**
   * Briefcase with other services of the same API (briefcase-peer/config.ts): `remotes` names
   * each peer (`{"partner": {url, secret, as, accounts}}`), whose parties are named
   * `username@partner`. A remote that is not configured is refused with 400 naming
   * `config.briefcase.remotes.<name>`.
   */
  briefcase?: import('./briefcase-peer/config.js').BriefcaseConfig;
}

export const DEFAULT_CONFIG: ServiceConfig = {
  tokenTtlMs: 24 * 60 * 60 * 1000,
  syncWaitMs: 20_000,
  // One conversion thread per core the process may use.
  workerThreads: availableParallelism(),
  queueDepth: 64,
  maxUploadBytes: 50 * 1024 * 1024,
  maxFilesPerRequest: 20,
  maxIdenticalUploads: 3,
  duplicateWindowMs: 24 * 60 * 60 * 1000,
  defaultConversions: 1000,
  scryptCost: 1 << 15,
  signedUrlTtlMs: 60 * 60 * 1000,
  allowPrivateFileUrls: false,
  maxFormBytes: 1024 * 1024,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 300_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  limits: DEFAULT_LIMITS,
  leaseMs: 30_000,
};

/** Settings as given (config file, startService): any subset, `limits` too. */
export type ServiceConfigInput = Partial<Omit<ServiceConfig, 'limits'>> & { limits?: Partial<ConversionLimits> };

export function resolveConfig(partial: ServiceConfigInput = {}): ServiceConfig {
  const cfg = { ...DEFAULT_CONFIG, ...partial, limits: { ...DEFAULT_LIMITS, ...(partial.limits ?? {}) } };
  for (const key of ['tokenTtlMs', 'syncWaitMs', 'workerThreads', 'queueDepth', 'maxUploadBytes', 'maxFilesPerRequest', 'maxIdenticalUploads',
    'maxFormBytes', 'headersTimeoutMs', 'requestTimeoutMs', 'idleTimeoutMs', 'keepAliveTimeoutMs', 'leaseMs'] as const) {
    const v = cfg[key];
    if (!Number.isFinite(v) || v < 0) throw new Error(`config ${key} must be a number ≥ 0 (got ${String(v)})`);
  }
  for (const [key, v] of Object.entries(cfg.limits)) {
    if (!(key in DEFAULT_LIMITS)) throw new Error(`config limits.${key} is not a limit (known: ${Object.keys(DEFAULT_LIMITS).join(', ')})`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new Error(`config limits.${key} must be a number > 0 (got ${String(v)})`);
  }
  if (cfg.workerThreads < 1) throw new Error('config workerThreads must be at least 1');
  if (cfg.leaseMs < 1000) throw new Error(`config leaseMs must be at least 1000 (got ${cfg.leaseMs})`);
  if (cfg.store !== undefined && (typeof cfg.store !== 'string' || !/^postgres(ql)?:\/\/./.test(cfg.store))) {
    throw new Error('config store must be a postgres://user@host/database URL (leave it out for the embedded SQLite store)');
  }
  if (cfg.mail !== undefined) {
    const m = cfg.mail as unknown as Record<string, unknown>;
    if (!m || typeof m !== 'object') throw new Error('config mail must be an object {host, port, from}');
    if (typeof m.host !== 'string' || !m.host) throw new Error('config mail.host must be the SMTP server name');
    if (typeof m.port !== 'number' || !Number.isInteger(m.port) || m.port < 1 || m.port > 65535) throw new Error('config mail.port must be a port number');
    if (typeof m.from !== 'string' || !/^[^\s@<>]+@[^\s@<>]+$/.test(m.from)) throw new Error('config mail.from must be an e-mail address');
  }
  if (cfg.prequalify !== undefined) {
    const r = PrequalifyPolicySchema.safeParse(cfg.prequalify);
    if (!r.success) {
      const i = r.error.issues[0]!;
      throw new Error(`config prequalify${i.path.map((k) => `.${String(k)}`).join('')}: ${i.code === 'unrecognized_keys' ? `unknown threshold(s) ${(i as { keys: string[] }).keys.join(', ')}` : i.message}`);
    }
  }
  if (cfg.briefcase !== undefined) validateBriefcaseConfig(cfg.briefcase);
  if (cfg.signedPageFrameAncestors !== undefined) {
    const list = cfg.signedPageFrameAncestors;
    if (!Array.isArray(list) || !list.length) throw new Error("config signedPageFrameAncestors must be a non-empty list (\"'self'\", \"'none'\", \"*\" or origins)");
    for (const v of list) {
      const ok = typeof v === 'string' && (v === "'self'" || v === "'none'" || v === '*' || /^https?:\/\/[A-Za-z0-9.*-]+(:\d+)?$/.test(v));
      if (!ok) throw new Error(`config signedPageFrameAncestors: ${JSON.stringify(v)} is not 'self', 'none', * or an http(s) origin`);
    }
    if (list.includes("'none'") && list.length > 1) throw new Error("config signedPageFrameAncestors: 'none' cannot be combined with other sources");
  }
  return cfg;
}

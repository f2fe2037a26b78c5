import type { ResultsPool } from '../worker/results-pool.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store/query.js';
import type { ServiceConfig } from '../config.js';
import type { ConversionManager } from '../worker/manager.js';

/** What every route plugin gets: the store, the settings, the conversion manager. */
export interface ServiceContext {
  db: Store;
  dataDir: string;
  config: ServiceConfig;
  conversions: ConversionManager;
  /** Secret signing /scorecard/signedUrl links. */
  linkSecret: string;
  /** Base URL the server is reachable at (set once listening). */
  baseUrl: string;
  log?: FastifyBaseLogger;
  /** Worker threads for scorecard work (/scorecard, /makexls, the signed page); absent = built on the event loop. */
  results?: ResultsPool;
}

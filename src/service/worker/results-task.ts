/**
 * Scorecard work that grows with an application's transactions (loading them, pairing own
 * transfers, building the scorecard, serialising it, writing the workbook or the page) runs here,
 * in a worker thread, so the service's event loop keeps answering other accounts meanwhile.
 * The thread reads the store through its own read-only SQLite connection (WAL: readers never
 * block the writer) and sends back finished bytes: JSON text, a workbook, or HTML.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { move } from 'piscina';
import { sqliteOptions } from '../store/sqlite-binding.js';
import { loadStatements } from '../store/statements.js';
import { appById } from '../store/applications.js';
import { buildAppScorecard } from '../results/app-scorecard.js';
import { resultsBytes, transactionsBytes, type ResultsAsk } from '../results/results-bytes.js';
import type { Product } from '../../contract/products.js';
import * as scorecard from '../../scorecard/index.js';
import type { ScorecardFormat, ScorecardMeta } from '../../scorecard/types.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { PostgresStore, postgresPool } from '../store/postgres-store.js';
import type { Query } from '../store/query.js';

/** /scorecard, /makexls and the signed page: the scorecard as JSON, a workbook or HTML. */
interface ScorecardTask {
  what: 'scorecard' | 'xlsx' | 'page';
  format: ScorecardFormat;
  sections?: string[];
  meta: ScorecardMeta;
  /** /scorecard: the checks this product may see (results/app-scorecard.ts checksForProduct). */
  product?: Product;
}

/** /uploadpdfs and /getresults: the multi-file results object as JSON (results/results-bytes.ts). */
interface MultiFileTask { what: 'results'; ask: ResultsAsk }

/** /transactions: keyed by statement (structured) or CSV. */
interface TransactionsTask { what: 'transactions'; structured: boolean }

export type ResultsTask = {
  kind: 'results';
  dataDir: string;
  /** The PostgreSQL store's URL, when the service runs on one (else the SQLite file in dataDir). */
  store?: string;
  accountId: number;
  appId: number;
} & (ScorecardTask | MultiFileTask | TransactionsTask);

/** The finished bytes (moved to the main thread, not copied), or why there are none. */
export type ResultsTaskResult = Uint8Array | { ok: false; error: string; notFound?: boolean };

export function isResultsTask(t: unknown): t is ResultsTask {
  return !!t && typeof t === 'object' && (t as { kind?: unknown }).kind === 'results';
}

const connections = new Map<string, Query>();

function readDb(dataDir: string, store?: string): Query {
  let db = connections.get(store ?? dataDir);
  if (!db && store) {
    // A small pool of its own: the thread reads while the event loop's pool serves requests.
    db = new PostgresStore(postgresPool(store, 2), store);
    connections.set(store, db);
  } else if (!db) {
    const raw = new Database(path.join(dataDir, 'ledgerdrop.sqlite'), { ...sqliteOptions(), readonly: true, fileMustExist: true });
    raw.pragma('busy_timeout = 5000');
    db = new SqliteStore(raw, dataDir);
    connections.set(dataDir, db);
  }
  return db;
}

/** Transferred, so the main thread neither copies nor encodes a 100 MB answer. */
function moved(bytes: Uint8Array): Uint8Array {
  // A slice of Node's shared buffer pool is copied first: moving it would take the whole pool.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  return move(new Uint8Array(own.buffer, own.byteOffset, own.byteLength)) as Uint8Array;
}

export async function resultsTask(t: ResultsTask): Promise<ResultsTaskResult> {
  try {
    const db = readDb(t.dataDir, t.store);
    const app = await appById(db, t.accountId, t.appId);
    if (!app) return { ok: false, error: 'application not found', notFound: true };
    if (t.what === 'results') return moved(await resultsBytes(db, app, t.ask));
    if (t.what === 'transactions') return moved(await transactionsBytes(db, app, t.structured));
    const statements = await loadStatements(db, app.id, { edits: true });
    const card = await buildAppScorecard(db, app, statements, { format: t.format, sections: t.sections, product: t.product });
    const bytes = t.what === 'scorecard' ? Buffer.from(JSON.stringify(card), 'utf8')
      : t.what === 'xlsx' ? await scorecard.scorecardToXlsx(card, t.meta)
        : Buffer.from(scorecard.renderScorecardPage(card, t.meta), 'utf8');
    return moved(bytes);
  } catch (err) {
    return { ok: false, error: (err as Error)?.message ?? String(err) };
  }
}

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
import { countInProgress } from '../store/conversions.js';
import { checksForProduct, scorecardInput } from '../results/build.js';
import { taxFormsOfApp } from '../results/stored-forms.js';
import { taxFormRows, withTaxForms } from '../results/tax-score.js';
import type { Product } from '../../contract/products.js';
import * as scorecard from '../../scorecard/index.js';
import type { ScorecardFormat, ScorecardMeta } from '../../scorecard/types.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { PostgresStore, postgresPool } from '../store/postgres-store.js';
import type { Query } from '../store/query.js';

export interface ResultsTask {
  kind: 'results';
  what: 'scorecard' | 'xlsx' | 'page';
  dataDir: string;
  /** The PostgreSQL store's URL, when the service runs on one (else the SQLite file in dataDir). */
  store?: string;
  accountId: number;
  appId: number;
  format: ScorecardFormat;
  sections?: string[];
  meta: ScorecardMeta;
  /** /scorecard: the checks this product may see (results/build.ts checksForProduct). */
  product?: Product;
}

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

export async function resultsTask(t: ResultsTask): Promise<ResultsTaskResult> {
  try {
    const db = readDb(t.dataDir, t.store);
    const app = await appById(db, t.accountId, t.appId);
    if (!app) return { ok: false, error: 'application not found', notFound: true };
    const statements = await loadStatements(db, app.id, { edits: true });
    const built = scorecard.buildScorecard(scorecardInput(app, statements, await countInProgress(db, app.id)), {
      format: t.format, ...(t.sections?.length ? { sections: t.sections } : {}),
    });
    // The same scorecard the route builds on the event loop: with the application's tax forms.
    const card = withTaxForms(built, taxFormRows(await taxFormsOfApp(db, app.id), statements), t.format);
    if (t.product) card.checks = checksForProduct(card.checks ?? [], t.product);
    const bytes = t.what === 'scorecard' ? Buffer.from(JSON.stringify(card), 'utf8')
      : t.what === 'xlsx' ? await scorecard.scorecardToXlsx(card, t.meta)
        : Buffer.from(scorecard.renderScorecardPage(card, t.meta), 'utf8');
    // Transferred, so the main thread neither copies nor encodes a 100 MB answer.
    return move(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as Uint8Array;
  } catch (err) {
    return { ok: false, error: (err as Error)?.message ?? String(err) };
  }
}

import crypto from 'node:crypto';
import type { Query } from '../store/query.js';
import type { Application } from '../store/applications.js';
import { loadStatements } from '../store/statements.js';
import { applicationStamp } from '../store/applications.js';
import type { FileStatus } from '../../contract/api/file-status.js';
import type { Product } from '../../contract/products.js';
import { buildResults, type ResultsOptions } from './build.js';
import { transactionsByStatement, transactionsCsv } from './transactions.js';
import { dateStyleOf } from './date-style.js';

/** What a multi-file results answer (/uploadpdfs, /getresults) is built from. */
export interface ResultsAsk {
  product: Product;
  items: FileStatus[];
  opts: ResultsOptions;
  profileSections?: string[] | undefined;
  /** The client's `userdata`, echoed last in the object when given. */
  userdata?: unknown;
}

/**
 * Built answers kept per application state, so a client polling /getresults on an application
 * that has not changed gets the bytes of the last build instead of a rebuild of every statement
 * and the scorecard. Bounded in entries and bytes; an answer over the per-entry size is not kept.
 */
const MAX_ENTRIES = 16;
const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
const MAX_TOTAL_BYTES = 96 * 1024 * 1024;
const cache = new Map<string, Buffer>();
let cachedBytes = 0;

/** Keeps `bytes` under `key` (dropping the least recently used beyond the bounds); false when too large to keep. */
function remember(key: string, bytes: Buffer): boolean {
  if (bytes.byteLength > MAX_ENTRY_BYTES) return false;
  const old = cache.get(key);
  if (old) { cache.delete(key); cachedBytes -= old.byteLength; }
  cache.set(key, bytes);
  cachedBytes += bytes.byteLength;
  for (const [k, v] of cache) {
    if (cache.size <= MAX_ENTRIES && cachedBytes <= MAX_TOTAL_BYTES) break;
    cache.delete(k);
    cachedBytes -= v.byteLength;
  }
  return true;
}

function recall(key: string): Buffer | undefined {
  const hit = cache.get(key);
  if (hit) { cache.delete(key); cache.set(key, hit); } // most recently used last
  return hit;
}

/** A buffer of its own (never a slice of Node's shared pool), so it can be moved to another thread. */
function ownBuffer(text: string): Buffer {
  const out = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  out.write(text, 'utf8');
  return out;
}

/** `bytes` with the client's userdata; a copy when `bytes` is kept in the cache (the answer may be moved to another thread). */
function withUserdata(bytes: Buffer, userdata: unknown, kept: boolean): Buffer {
  if (userdata === undefined) return kept ? Buffer.from(bytes) : bytes;
  // The object always has fields before it, so `userdata` goes in before its closing brace.
  const tail = Buffer.from(`,"userdata":${JSON.stringify(userdata)}}`, 'utf8');
  const out = Buffer.allocUnsafeSlow(bytes.byteLength - 1 + tail.byteLength);
  bytes.copy(out, 0, 0, bytes.byteLength - 1);
  tail.copy(out, bytes.byteLength - 1);
  return out;
}

/**
 * The multi-file results object (reference 2.3) as JSON bytes: from the cache when the
 * application has not changed since an identical ask, else built (results/build.ts). The same
 * function runs in the results worker (large applications) and on the event loop (small ones).
 */
export async function resultsBytes(db: Query, app: Application, ask: ResultsAsk): Promise<Buffer> {
  const stamp = await applicationStamp(db, app.id);
  const askKey = JSON.stringify({ p: ask.product, o: ask.opts, s: ask.profileSections ?? null });
  const itemsKey = crypto.createHash('sha256').update(JSON.stringify(ask.items)).digest('base64');
  const key = stamp === null ? null : `${app.id}\n${stamp}\n${askKey}\n${itemsKey}`;
  const hit = key === null ? undefined : recall(key);
  if (hit) return withUserdata(hit, ask.userdata, true);
  const built = await buildResults(db, app, ask.product, ask.items, ask.opts, ask.profileSections);
  const bytes = ownBuffer(JSON.stringify(built));
  return withUserdata(bytes, ask.userdata, key !== null && remember(key, bytes));
}

/** /transactions: the object keyed by statement (structured) or the CSV text, as bytes. */
export async function transactionsBytes(db: Query, app: Application, structured: boolean): Promise<Buffer> {
  const statements = await loadStatements(db, app.id, { edits: true });
  if (structured) return ownBuffer(JSON.stringify(transactionsByStatement(statements, { includebalance: true, showtranstype: false })));
  return ownBuffer(transactionsCsv(statements, (await dateStyleOf(db, app.id)).statement));
}

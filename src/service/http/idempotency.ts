import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from './context.js';
import type { Query } from '../store/query.js';
import { HttpError } from './errors.js';
import { completeKey, releaseKey, reserveKey } from '../store/idempotency.js';

/** An answer: an object, or JSON already serialised (bytes built in the results worker). */
export interface Answer { status: number; body: unknown }

const jsonText = (body: unknown): string => (Buffer.isBuffer(body) ? body.toString('utf8') : JSON.stringify(body));

/** Sends an answer; JSON bytes go out as they are, typed as JSON. */
function answer(reply: FastifyReply, a: Answer): unknown {
  reply.code(a.status);
  if (Buffer.isBuffer(a.body)) reply.type('application/json; charset=utf-8');
  return a.body;
}

/**
 * Called by a request inside the store transaction that stores its conversions, with how to
 * build the 202 answer it would give if it could not wait: kept under the key in the same
 * transaction, so a crash after that point leaves the key answering 202 + resfile (the
 * conversions resume at start), never a key that converts twice or answers 409 forever.
 * Built only when there is a key to keep it under: it reads the whole application (appinfo),
 * which a request without a key would pay inside its write transaction for nothing.
 */
export type Provisional = (answer: () => Promise<Answer>, tx: Query) => Promise<void>;

/**
 * `Idempotency-Key` on /uploadpdfs and /makecsv: a repeat with the same key and account gets
 * the first answer back (header `Idempotent-Replayed: true`) and converts nothing again.
 * Answers of 429 and 5xx, and of bodies the client cut off, are not kept, so a retry after them
 * really runs. Keys still pending when the service stopped are freed at start (releasePendingKeys).
 */
export async function withIdempotency(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply, accountId: number, endpoint: string, run: (provisional: Provisional) => Promise<Answer>): Promise<unknown> {
  const raw = request.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) {
    return answer(reply, await run(async () => undefined));
  }
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw new HttpError(400, 'Idempotency-Key: must be 1–200 visible ASCII characters');
  const state = await reserveKey(ctx.db, accountId, key, endpoint);
  if (state.state === 'pending') throw new HttpError(409, 'Idempotency-Key: a request with this key is still being processed; retry shortly');
  if (state.state === 'done') {
    if (state.endpoint !== endpoint) throw new HttpError(422, `Idempotency-Key: this key was used for /${state.endpoint}; use a new key for /${endpoint}`);
    reply.code(state.statusCode).header('idempotent-replayed', 'true').type('application/json; charset=utf-8');
    return state.body;
  }
  let done: Answer;
  let provisionalKept = false;
  try {
    done = await run(async (build, tx) => { const a = await build(); await completeKey(tx, accountId, key, a.status, jsonText(a.body)); provisionalKept = true; });
  } catch (err) {
    const status = (err as HttpError).statusCode ?? 500;
    // A body the client stopped sending (connection cut mid-upload) converted nothing: the key
    // is freed so the client's retry with the same key really runs instead of replaying a 400.
    const clientGone = request.raw.readableAborted || request.raw.aborted;
    if (status >= 500 || status === 429 || clientGone) await releaseKey(ctx.db, accountId, key);
    // Once conversions are stored, the kept 202 stays the key's answer whatever fails later.
    else if (!provisionalKept) await completeKey(ctx.db, accountId, key, status, JSON.stringify({ error: (err as Error).message }));
    throw err;
  }
  await completeKey(ctx.db, accountId, key, done.status, jsonText(done.body));
  return answer(reply, done);
}

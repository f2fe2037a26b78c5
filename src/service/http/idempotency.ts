import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from './context.js';
import { HttpError } from './errors.js';
import { completeKey, releaseKey, reserveKey } from '../store/idempotency.js';

export interface Answer { status: number; body: unknown }

/**
 * `Idempotency-Key` on /uploadpdfs and /makecsv: a repeat with the same key and account gets
 * the first answer back (header `Idempotent-Replayed: true`) and converts nothing again.
 * Answers of 429 and 5xx are not kept, so a retry after them really runs.
 */
export async function withIdempotency(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply, accountId: number, endpoint: string, run: () => Promise<Answer>): Promise<unknown> {
  const raw = request.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) {
    const a = await run();
    reply.code(a.status);
    return a.body;
  }
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw new HttpError(400, 'Idempotency-Key: must be 1–200 visible ASCII characters');
  const state = reserveKey(ctx.db, accountId, key, endpoint);
  if (state.state === 'pending') throw new HttpError(409, 'Idempotency-Key: a request with this key is still being processed; retry shortly');
  if (state.state === 'done') {
    if (state.endpoint !== endpoint) throw new HttpError(422, `Idempotency-Key: this key was used for /${state.endpoint}; use a new key for /${endpoint}`);
    reply.code(state.statusCode).header('idempotent-replayed', 'true').type('application/json; charset=utf-8');
    return state.body;
  }
  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    const status = (err as HttpError).statusCode ?? 500;
    if (status >= 500 || status === 429) releaseKey(ctx.db, accountId, key);
    else completeKey(ctx.db, accountId, key, status, JSON.stringify({ error: (err as Error).message }));
    throw err;
  }
  completeKey(ctx.db, accountId, key, answer.status, JSON.stringify(answer.body));
  reply.code(answer.status);
  return answer.body;
}

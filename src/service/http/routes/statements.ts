import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../errors.js';
import { validated } from '../validation.js';
import { requireAuth } from '../auth-hook.js';
import { ownApp } from '../app-lookup.js';
import {
  DeleteStatementRequest, DeleteStatementResponseSchema, DeleteStmtRequest, UpdateSummaryRequest,
} from '../../../contract/api/endpoints.js';
import { deleteStatement, editSummary, statementIdByTid } from '../../store/statements.js';
import { amountToCents } from '../../../contract/money.js';
import { endpoint } from '../endpoint.js';

/** Largest amount /updatesummary accepts, dollars: far above any statement, far below float trouble in cents. */
export const MAX_SUMMARY_AMOUNT = 1e11;

function cents(field: string, v: number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!(Math.abs(v) <= MAX_SUMMARY_AMOUNT)) throw new HttpError(400, `${field}: must be between -${MAX_SUMMARY_AMOUNT} and ${MAX_SUMMARY_AMOUNT}`);
  const c = amountToCents(v);
  if (c === null) throw new HttpError(400, `${field}: must be an amount with at most 2 decimals`);
  return c;
}

/** /updatesummary, /deletestmt, /deletestatement. */
export const statementRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  app.route(endpoint({ method: 'post', path: '/updatesummary', summary: 'Update summary data of a statement', request: UpdateSummaryRequest, ok: { status: 200, body: 'none', description: 'no content' } }, async (request, reply) => {
    const { account } = requireAuth(request);
    const body = validated(request, UpdateSummaryRequest);
    const theApp = await ownApp(ctx, account.id, body.appid);
    const id = await statementIdByTid(ctx.db, theApp.id, body.tid);
    if (id === null) throw new HttpError(404, `tid: statement ${body.tid} not found in application ${theApp.id}`);
    const edit = {
      startbalance: cents('startbalance', body.startbalance), endbalance: cents('endbalance', body.endbalance),
      credits: cents('credits', body.credits), debits: cents('debits', body.debits),
    };
    await editSummary(ctx.db, theApp.id, id, edit);
    return reply.code(200).send();
  }));

  app.route(endpoint({ method: 'post', path: '/deletestmt', summary: 'Delete a statement', request: DeleteStmtRequest, ok: { status: 200, body: 'none', description: 'no content' } }, async (request, reply) => {
    const { account } = requireAuth(request);
    const body = validated(request, DeleteStmtRequest);
    const theApp = await ownApp(ctx, account.id, body.appid);
    const id = await statementIdByTid(ctx.db, theApp.id, body.tid);
    if (id === null || !await deleteStatement(ctx.db, theApp.id, id)) throw new HttpError(404, `tid: statement ${body.tid} not found in application ${theApp.id}`);
    return reply.code(200).send();
  }));

  app.route(endpoint({ method: 'post', path: '/deletestatement', summary: 'Delete a statement by statement ID', request: DeleteStatementRequest, ok: { status: 200, body: 'json', schema: DeleteStatementResponseSchema, description: 'the application and the deleted statement IDs' } }, async (request) => {
    const { account } = requireAuth(request);
    const body = validated(request, DeleteStatementRequest);
    const theApp = await ownApp(ctx, account.id, body.appid);
    if (!await deleteStatement(ctx.db, theApp.id, body.statementId)) throw new HttpError(404, `statementId: statement ${body.statementId} not found in application ${theApp.id}`);
    return { applicationId: theApp.id, deletedStatementIds: [body.statementId] };
  }));
};

import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../errors.js';
import { validated } from '../validation.js';
import { requireAuth } from '../auth-hook.js';
import { ownApp, readableApp } from '../app-lookup.js';
import {
  CancelConversionRequest, CancelConversionResponseSchema, CheckProgressPendingSchema, CheckProgressRequest, GetResultsRequest, MakeCsvResponseSchema,
  MultiFileResultsSchema, TransactionsRequest,
} from '../../../contract/api/endpoints.js';
import { appByNumber, markPrequalifyReady } from '../../store/applications.js';
import { conversionById, conversionByResfile, conversionsOfApp, requestCancel } from '../../store/conversions.js';
import { existingStatementIds } from '../../store/statements.js';
import { appInfoOf, forProduct } from '../../results/build.js';
import { resultsAnswer, transactionsAnswer } from '../results-answer.js';
import type { FileStatus } from '../../../contract/api/file-status.js';
import { endpoint } from '../endpoint.js';
import { TransactionsByStatementSchema } from '../../../contract/api/transactions.js';

/** How long /cancelconversion waits for the stopped conversion to record its error. */
const CANCEL_WAIT_MS = 10_000;

/** /getresults, /checkprogress, /cancelconversion, /transactions. */
export const resultRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  app.route(endpoint({ method: 'post', path: '/getresults', summary: 'Original conversion results', request: GetResultsRequest, ok: { status: 200, body: 'json', schema: MultiFileResultsSchema, description: 'multi-file results object as first converted' } }, async (request, reply) => {
    const { account, product } = requireAuth(request);
    const body = validated(request, GetResultsRequest);
    const theApp = await readableApp(ctx, account.id, body.appid);
    // Original results: file_status frozen at conversion time, minus statements deleted since.
    const alive = await existingStatementIds(ctx.db, theApp.id);
    const items: FileStatus[] = [];
    for (const c of await conversionsOfApp(ctx.db, theApp.id)) {
      for (const item of c.results ?? []) if (item.statementid === null || alive.has(item.statementid)) items.push(item);
    }
    // Built in the results worker for a large application; already JSON bytes, sent as they are.
    // A Briefcase share is read as its owner's application (theApp.accountId).
    const results = await resultsAnswer(ctx, theApp.accountId, theApp, {
      product, items, profileSections: account.profile.sections,
      opts: {
        includescorecard: body.includescorecard, includetransactions: body.includetransactions, includebalance: body.includebalance,
        showtranstype: body.showtranstype, format: body.format, ...(body.sections ? { sections: body.sections } : {}), edits: false,
      },
    });
    if (items.length && theApp.accountId === account.id) await markPrequalifyReady(ctx.db, theApp.id);
    reply.type('application/json; charset=utf-8');
    return results;
  }));

  app.route(endpoint({
    method: 'post', path: '/checkprogress', summary: 'Progress of a conversion', request: CheckProgressRequest,
    ok: { status: 200, body: 'json', schema: MakeCsvResponseSchema, description: 'done: file_status and appinfo' },
    extra: [{ status: 206, description: 'still converting', schema: CheckProgressPendingSchema }],
  }, async (request, reply) => {
    const { account, product } = requireAuth(request);
    const body = validated(request, CheckProgressRequest);
    const theApp = body.appid !== undefined
      ? await readableApp(ctx, account.id, body.appid)
      : await appByNumber(ctx.db, account.id, body.appnumber!, body.owner);
    if (!theApp) throw new HttpError(404, `appnumber: application ${body.appnumber} not found`);
    const conv = await conversionByResfile(ctx.db, theApp.id, body.resfile);
    if (!conv) throw new HttpError(404, `resfile: ${body.resfile} not found in application ${theApp.appnumber}`);
    if (conv.status === 'queued' || conv.status === 'running' || !conv.results) {
      reply.code(206);
      const p = ctx.conversions.progressOf(conv.id);
      return { message: conv.status === 'queued' ? 'conversion queued' : p?.stage === 'ocr' ? `conversion in progress: OCR page ${Math.min(p.page + 1, p.of)}/${p.of}` : 'conversion in progress' };
    }
    return { file_status: conv.results.map((i) => forProduct(i, product)), appinfo: await appInfoOf(ctx.db, theApp) };
  }));

  app.route(endpoint({
    method: 'post', path: '/cancelconversion', summary: 'Cancel a queued or running conversion', request: CancelConversionRequest,
    ok: { status: 200, body: 'json', schema: CancelConversionResponseSchema, description: 'cancelled: the file_status item with its "conversion cancelled" error' },
    extra: [{ status: 409, description: 'the conversion already finished' }],
  }, async (request) => {
    const { account, product } = requireAuth(request);
    const body = validated(request, CancelConversionRequest);
    const theApp = await ownApp(ctx, account.id, body.appid);
    const conv = await conversionByResfile(ctx.db, theApp.id, body.resfile);
    if (!conv) throw new HttpError(404, `resfile: ${body.resfile} not found in application ${theApp.appnumber}`);
    // Recorded in the store first: the instance running it (this one or another) sees it at
    // its next lease renewal, and an instance about to start or store it records it cancelled.
    if (!await requestCancel(ctx.db, conv.id)) {
      throw new HttpError(409, `resfile: the conversion of ${body.resfile} already finished (${conv.status}): nothing to cancel`);
    }
    let done = null;
    if (ctx.conversions.cancel(conv.id)) {
      await ctx.conversions.waitFor([conv.id], CANCEL_WAIT_MS);
      done = await conversionById(ctx.db, conv.id);
    } else {
      // Running elsewhere: bounded wait for that instance's renewal (every third of leaseMs) to stop it.
      const end = Date.now() + CANCEL_WAIT_MS + ctx.config.leaseMs / 3;
      while ((done = await conversionById(ctx.db, conv.id)) && (done.status === 'queued' || done.status === 'running') && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return { cancelled: true, resfile: conv.resfile, file_status: (done?.results ?? []).map((i) => forProduct(i, product)) };
  }));

  app.route(endpoint({ method: 'post', path: '/transactions', summary: 'Get transactions', request: TransactionsRequest, ok: { status: 200, body: 'csv-or-json', schema: TransactionsByStatementSchema, description: 'JSON when structured=true (an object keyed by statement tid; each value is the reference\'s transactions object), CSV otherwise' } }, async (request, reply) => {
    const { account } = requireAuth(request);
    const body = validated(request, TransactionsRequest);
    const theApp = await readableApp(ctx, account.id, body.appid);
    const bytes = await transactionsAnswer(ctx, theApp.accountId, theApp, body.structured);
    reply.type(body.structured ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8');
    return bytes;
  }));
};

import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../errors.js';
import { validated } from '../validation.js';
import { requireAuth } from '../auth-hook.js';
import { ownApp, readableApp } from '../app-lookup.js';
import {
  MakeXlsRequest, PrequalifyRequest, PrequalifyResultSchema, ScorecardRequest, SignedUrlRequest, SignedUrlResponseSchema,
} from '../../../contract/api/endpoints.js';
import { appById, appByNumber, markPrequalifyReady, type Application } from '../../store/applications.js';
import { loadStatements } from '../../store/statements.js';
import { conversionsOfApp, countInProgress } from '../../store/conversions.js';
import * as scorecard from '../../../scorecard/index.js';
import { buildAppScorecard, scorecardInput } from '../../results/app-scorecard.js';
import { buildsInWorker, inWorker } from '../results-answer.js';
import type { Product } from '../../../contract/products.js';
import type { ScorecardFormat, ScorecardMeta } from '../../../scorecard/types.js';
import { endpoint } from '../endpoint.js';
import { ScorecardSchema } from '../../../contract/api/scorecard.js';
import { dateStyleOf } from '../../results/date-style.js';
import { prequalifyTiers } from '../../../scorecard/prequalify.js';
import { framingHeaders } from './page-framing.js';

/**
 * The scorecard as JSON text, a workbook or the page: built in the results worker pool for a
 * large application (the event loop stays free for other accounts), else here.
 */
async function render(ctx: ServiceContext, accountId: number, app: Application, what: 'scorecard' | 'xlsx' | 'page', format: ScorecardFormat, sections: string[] | undefined, profileSections?: string[], product?: Product): Promise<Buffer> {
  const chosen = sections?.length ? sections : profileSections;
  // The workbook writes dates as the application's conversions asked (writeUSdates).
  const m = what === 'xlsx' ? { ...meta(app), usDates: (await dateStyleOf(ctx.db, app.id)).latest } : meta(app);
  if (await buildsInWorker(ctx, app.id)) {
    return inWorker(ctx, { what, dataDir: ctx.dataDir, accountId, appId: app.id, format, ...(chosen?.length ? { sections: chosen } : {}), meta: m, ...(product ? { product } : {}) });
  }
  const card = await buildAppScorecard(ctx.db, app, await loadStatements(ctx.db, app.id, { edits: true }), { format, sections: chosen, product });
  if (what === 'scorecard') return Buffer.from(JSON.stringify(card), 'utf8');
  if (what === 'xlsx') { const b = await scorecard.scorecardToXlsx(card, m); return Buffer.from(b.buffer, b.byteOffset, b.byteLength); }
  return Buffer.from(scorecard.renderScorecardPage(card, m), 'utf8');
}

function meta(app: Application): ScorecardMeta {
  return { appnumber: app.appnumber, appid: app.id, owner: app.owner, generatedAt: new Date().toISOString() };
}

export function signLink(secret: string, accountId: number, appid: number, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${accountId}.${appid}.${expires}`).digest('base64url');
}

const PageQuery = z.object({
  a: z.coerce.number().int().min(1), appid: z.coerce.number().int().min(1), expires: z.coerce.number().int(), sig: z.string().min(10),
});

/** /scorecard, /makexls, /scorecard/signedUrl (+ the page it opens), /prequalify. */
export const scorecardRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  app.route(endpoint({ method: 'post', path: '/scorecard', summary: 'Scorecard as JSON', request: ScorecardRequest, ok: { status: 200, body: 'json', schema: ScorecardSchema, description: 'scorecard object' } }, async (request, reply) => {
    const { account, product } = requireAuth(request);
    const body = validated(request, ScorecardRequest);
    const theApp = await readableApp(ctx, account.id, body.appid);
    const json = await render(ctx, theApp.accountId, theApp, 'scorecard', body.format, body.sections, account.profile.sections, product);
    if (theApp.accountId === account.id && (await conversionsOfApp(ctx.db, theApp.id)).length) await markPrequalifyReady(ctx.db, theApp.id);
    // Already JSON bytes (serialised in the worker): sent as they are.
    reply.type('application/json; charset=utf-8');
    return json;
  }));

  app.route(endpoint({ method: 'post', path: '/makexls', summary: 'Scorecard as a spreadsheet file', request: MakeXlsRequest, ok: { status: 200, body: 'xls', description: 'spreadsheet file' } }, async (request, reply) => {
    const { account } = requireAuth(request);
    const body = validated(request, MakeXlsRequest);
    const theApp = await readableApp(ctx, account.id, body.appid);
    const bytes = await render(ctx, theApp.accountId, theApp, 'xlsx', body.format, body.sections, account.profile.sections);
    const safe = theApp.appnumber.replace(/[^A-Za-z0-9._-]+/g, '_');
    reply.type('application/vnd.ms-excel').header('content-disposition', `attachment; filename="scorecard-${safe}.xlsx"`);
    return bytes;
  }));

  app.route(endpoint({ method: 'post', path: '/scorecard/signedUrl', summary: 'Signed URL of the scorecard page', request: SignedUrlRequest, ok: { status: 200, body: 'json', schema: SignedUrlResponseSchema, description: 'a URL that opens without sign-in until it expires' } }, async (request) => {
    const { account } = requireAuth(request);
    const body = validated(request, SignedUrlRequest);
    const theApp = await readableApp(ctx, account.id, body.appid);
    const expires = Date.now() + ctx.config.signedUrlTtlMs;
    // Signed for the application's owner: a Briefcase receiver's link opens the shared application.
    const sig = signLink(ctx.linkSecret, theApp.accountId, theApp.id, expires);
    const base = ctx.config.publicUrl ?? ctx.baseUrl;
    const prefix = request.url.replace(/\/scorecard\/signedUrl.*$/, '');
    return { url: `${base}${prefix}/scorecard/page?a=${theApp.accountId}&appid=${theApp.id}&expires=${expires}&sig=${sig}` };
  }));

  app.route(endpoint({ method: 'get', path: '/scorecard/page', summary: 'The scorecard page a signed URL opens (no sign-in)', auth: 'none', request: PageQuery, ok: { status: 200, body: 'html', description: 'HTML page' } }, async (request, reply) => {
    if (request.validationError) throw new HttpError(400, 'this scorecard link is incomplete: ask for a new one with /scorecard/signedUrl');
    const { a, appid, expires, sig } = validated(request, PageQuery);
    const expected = signLink(ctx.linkSecret, a, appid, expires);
    // Compared as bytes: a signature with non-ASCII characters has another byte length (403, not a throw).
    const want = Buffer.from(expected), got = Buffer.from(sig);
    const ok = want.length === got.length && crypto.timingSafeEqual(want, got);
    if (!ok) throw new HttpError(403, 'invalid scorecard link signature');
    if (expires < Date.now()) throw new HttpError(403, 'this scorecard link has expired: ask for a new one with /scorecard/signedUrl');
    const theApp = await appById(ctx.db, a, appid);
    if (!theApp) throw new HttpError(404, 'application not found');
    const html = await render(ctx, a, theApp, 'page', 'jsonobject', undefined, undefined);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    for (const [k, v] of Object.entries(framingHeaders(ctx.config.signedPageFrameAncestors))) reply.header(k, v);
    return html;
  }));

  app.route(endpoint({ method: 'post', path: '/prequalify', summary: 'Run prequalification', request: PrequalifyRequest, feature: 'prequalify', ok: { status: 200, body: 'json', schema: z.array(PrequalifyResultSchema), description: 'prequalify results' } }, async (request) => {
    const { account } = requireAuth(request);
    if (!account.features.includes('prequalify')) {
      throw new HttpError(403, 'prequalify is not enabled for this account: the operator enables it with `ledgerdrop accounts add USER … --features prequalify`');
    }
    const body = validated(request, PrequalifyRequest);
    const theApp = body.appid !== undefined ? await ownApp(ctx, account.id, body.appid) : await appByNumber(ctx.db, account.id, body.appnumber);
    if (!theApp) throw new HttpError(404, `appnumber: application ${body.appnumber} not found`);
    if (theApp.appnumber !== body.appnumber) throw new HttpError(400, `appid: application ${theApp.id} has appnumber ${theApp.appnumber}, not ${body.appnumber}`);
    // Reference 2.6: NO_DECISION unless /uploadpdfs, or /makecsv then /getresults or /scorecard, ran first.
    if (!theApp.prequalifyReady) return [{ result: 'NO_DECISION', reasons: [] }];
    const statements = await loadStatements(ctx.db, theApp.id, { edits: true });
    const policy = {
      decline: { ...ctx.config.prequalify?.decline, ...account.profile.prequalify },
      review: { ...ctx.config.prequalify?.review, ...account.profile.prequalifyReview },
    };
    return [prequalifyTiers(scorecardInput(theApp, statements, await countInProgress(ctx.db, theApp.id)), policy, { qualifyingRunDone: true })];
  }));
};

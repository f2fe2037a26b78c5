import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import type { Query } from '../../store/query.js';
import { HttpError } from '../errors.js';
import type { UploadedFile } from '../form.js';
import { formOf, validated } from '../validation.js';
import { requireAuth } from '../auth-hook.js';
import { withIdempotency, type Answer, type Provisional } from '../idempotency.js';
import {
  ConversionOptionsSchema, type ConversionOptions,
} from '../../../contract/api/conversion-options.js';
import {
  MakeCsvFields, MakeCsvResponseSchema, MultiFileResultsSchema, type UploadFields, UploadFieldsSchema,
} from '../../../contract/api/endpoints.js';
import { ownApp } from '../app-lookup.js';
import { appById, getOrCreateApp, markPrequalifyReady, type Application } from '../../store/applications.js';
import { countUploads, fileById, recordUpload, sha256, storeFile } from '../../store/files.js';
import { insertConversion, type Conversion } from '../../store/conversions.js';
import { remainingConversions, type Account } from '../../store/accounts.js';
import { appInfoOf, forProduct } from '../../results/build.js';
import { resultsAnswer } from '../results-answer.js';
import type { FinalSettings } from '../../results/final.js';
import { insertBatch } from '../../store/webhook-batches.js';
import type { BatchSettings } from '../../webhooks/batch.js';
import { pendingFileStatus } from '../../results/pending.js';
import type { Product } from '../../../contract/products.js';
import type { FileStatus } from '../../../contract/api/file-status.js';
import { fetchFileUrl, FileUrlError } from '../../intake/fetch-file-url.js';
import { endpoint } from '../endpoint.js';
import { webhookAddressProblem } from '../../intake/webhook-address.js';
import { runWebSearch } from '../../naics/web-search.js';
import { sendMail } from '../../notify/smtp.js';
import { conversionCompletedMail } from '../../notify/conversion-email.js';

type Endpoint = 'uploadpdfs' | 'makecsv';

/** jsondata fields up to this size are checked on the event loop (well under a millisecond per 100 KB). */
const MAX_JSONDATA_CHECK_CHARS = 256 * 1024;

/** Files to convert: uploaded parts, `jsondata` (field or file) and `fileurl` downloads. */
async function collectInputs(ctx: ServiceContext, fields: Record<string, string>, files: UploadedFile[], upload: UploadFields): Promise<UploadedFile[]> {
  const inputs = files.filter((f) => f.field !== 'jsondata');
  for (const f of files.filter((x) => x.field === 'jsondata')) inputs.push({ ...f, fileName: f.fileName || 'jsondata.json' });
  if (fields.jsondata !== undefined) {
    // A jsondata text field must be JSON: refused with 400 before anything is stored (service edges).
    // Only a small one is parsed here, on the event loop; a large one is read in the worker,
    // which fails that file alone with the same message (other accounts never wait on it).
    if (fields.jsondata.length <= MAX_JSONDATA_CHECK_CHARS) {
      try { JSON.parse(fields.jsondata); } catch (err) { throw new HttpError(400, `jsondata: is not valid JSON (${(err as Error).message})`); }
    }
    inputs.push({ field: 'jsondata', fileName: 'jsondata.json', bytes: new TextEncoder().encode(fields.jsondata) });
  }
  if (upload.fileurl) {
    try {
      const fetched = await fetchFileUrl(upload.fileurl, {
        allowLoopback: ctx.config.allowPrivateFileUrls, allowPrivate: ctx.config.allowPrivateFileUrls,
        maxDownloadBytes: ctx.config.maxUploadBytes,
      });
      for (const f of fetched) inputs.push({ field: 'fileurl', fileName: f.fileName, bytes: f.bytes });
    } catch (err) {
      if (err instanceof FileUrlError) throw new HttpError(400, `fileurl: ${err.message}`);
      throw new HttpError(400, `fileurl: could not fetch ${upload.fileurl} (${(err as Error).message})`);
    }
  }
  for (const f of inputs) if (f.bytes.byteLength === 0) throw new HttpError(400, `${f.field}: ${f.fileName} is empty`);
  return inputs;
}

function resultsOptions(upload: UploadFields) {
  return {
    includescorecard: upload.includescorecard, includetransactions: upload.includetransactions,
    includebalance: upload.includebalance, showtranstype: upload.showtranstype, format: upload.format,
    ...(upload.sections ? { sections: upload.sections } : {}), edits: true,
  };
}

/**
 * The final answer: /makecsv's small object, or /uploadpdfs's multi-file results as JSON bytes
 * (built in the results worker for a large application, so other accounts do not wait on it).
 */
async function finalResults(ctx: ServiceContext, endpoint: Endpoint, app: Application, account: Account, product: Product, upload: UploadFields, items: FileStatus[]): Promise<Record<string, unknown> | Buffer> {
  const fresh = await appById(ctx.db, account.id, app.id) ?? app;
  if (endpoint === 'makecsv') {
    const out: Record<string, unknown> = { file_status: items.map((i) => forProduct(i, product)), appinfo: await appInfoOf(ctx.db, fresh) };
    if (upload.userdata !== undefined) out.userdata = upload.userdata;
    return out;
  }
  return resultsAnswer(ctx, account.id, fresh, {
    product, items, opts: resultsOptions(upload), profileSections: account.profile.sections,
    ...(upload.userdata !== undefined ? { userdata: upload.userdata } : {}),
  });
}

function finalSettings(endpoint: Endpoint, product: Product, upload: UploadFields): FinalSettings {
  return { endpoint, product, results: resultsOptions(upload), ...(upload.userdata !== undefined ? { userdata: upload.userdata } : {}) };
}

async function pendingBody(db: Query, endpoint: Endpoint, app: Application, conversions: Conversion[], remaining: number, upload: UploadFields, message: string): Promise<Record<string, unknown>> {
  const fileStatus = [];
  for (const c of conversions) fileStatus.push(pendingFileStatus(c, remaining, (await fileById(db, c.fileId))?.fileName ?? ''));
  const out: Record<string, unknown> = {
    file_status: fileStatus,
    ...(endpoint === 'uploadpdfs' ? { statement_summaries: [] } : {}),
    appinfo: await appInfoOf(db, app),
    message,
  };
  if (upload.userdata !== undefined) out.userdata = upload.userdata;
  return out;
}

/**
 * Options of the reference this service cannot honour are refused by name rather than
 * accepted and ignored: a per-conversion log file (`logtype` txt/htm), the PDF's own column
 * order in CSV (`fixedcolumns` false), and `email` without a configured mail transport.
 */
function refuseUnsupportedOptions(ctx: ServiceContext, fields: Record<string, string>, upload: UploadFields): void {
  const logtype = fields.logtype?.trim().toLowerCase();
  if (logtype !== undefined && logtype !== 'none') {
    throw new HttpError(400, `logtype: ${logtype} is not available: this service writes no per-conversion log file (send none, or leave logtype out)`);
  }
  const fixed = fields.fixedcolumns?.trim().toLowerCase();
  if (fixed !== undefined && ['false', '0', 'no', 'off'].includes(fixed)) {
    throw new HttpError(400, 'fixedcolumns: false (the PDF\'s own column order) is not available: CSV output always has the standard columns (send true, or leave fixedcolumns out)');
  }
  if (upload.email && !ctx.config.mail) {
    throw new HttpError(501, 'email: this service has no mail transport configured: the operator must set config.mail {host, port, from} (an SMTP server) to send completion e-mails');
  }
}

async function convert(ctx: ServiceContext, request: FastifyRequest, endpoint: Endpoint, provisional: Provisional): Promise<Answer> {
  const { account, product } = requireAuth(request);
  // /makecsv's fields are a subset: the switches it does not take are absent, which reads as off.
  const [upload, options] = (endpoint === 'uploadpdfs' ? validated(request, UPLOAD_REQUEST) : validated(request, MAKECSV_REQUEST)) as [UploadFields, ConversionOptions];
  const { fields, files } = formOf(request);
  if (upload.includebalance && !upload.includetransactions) throw new HttpError(400, 'includebalance: only with includetransactions true');
  if (upload.showtranstype && !upload.includetransactions) throw new HttpError(400, 'showtranstype: only with includetransactions true');
  if (endpoint === 'makecsv' && fields.fileurl !== undefined) throw new HttpError(400, 'fileurl: only /uploadpdfs fetches URLs');
  refuseUnsupportedOptions(ctx, fields, upload);
  if (upload.webhook) {
    const open = ctx.config.allowPrivateWebhooks ?? ctx.config.allowPrivateFileUrls;
    const problem = await webhookAddressProblem(upload.webhook, { allowLoopback: open, allowPrivate: open, allowLinkLocal: false });
    if (problem) throw new HttpError(400, `webhook: ${problem}`);
  }

  // Everything that can refuse the request is checked before anything is stored.
  let app: Application | null = null;
  if (upload.appid !== undefined) {
    app = await ownApp(ctx, account.id, upload.appid);
    if (app.appnumber !== upload.appnumber) throw new HttpError(400, `appid: application ${upload.appid} has appnumber ${app.appnumber}, not ${upload.appnumber}`);
  }
  const inputs = await collectInputs(ctx, fields, files, upload);
  if (inputs.length === 0) throw new HttpError(400, 'pdf-filename: no file to process (send pdf-filename, jsondata or fileurl)');
  if (endpoint === 'makecsv' && inputs.length > 1) throw new HttpError(400, 'pdf-filename: /makecsv converts one document; use /uploadpdfs for several');
  if (inputs.length > ctx.config.maxFilesPerRequest) throw new HttpError(413, `pdf-filename: at most ${ctx.config.maxFilesPerRequest} files per request (got ${inputs.length})`);
  for (const f of inputs) {
    if (f.bytes.byteLength > ctx.config.maxUploadBytes) throw new HttpError(413, `${f.field}: ${f.fileName} is larger than the ${ctx.config.maxUploadBytes}-byte limit`);
  }
  if (await remainingConversions(ctx.db, account.id) <= 0) throw new HttpError(402, 'no conversions remaining on this account: ask the operator to add conversions');
  if (!ctx.conversions.hasRoom(inputs.length)) {
    throw new HttpError(503, `conversion queue is full (${ctx.conversions.depth} waiting, limit ${ctx.config.queueDepth}): retry later`, { 'retry-after': '5' });
  }
  const hashed = inputs.map((f) => ({ ...f, sha: sha256(f.bytes) }));

  const created = await ctx.db.tx(async (db) => {
    const theApp = app ?? await getOrCreateApp(db, account.id, upload.appnumber, upload.owner);
    const since = Date.now() - ctx.config.duplicateWindowMs;
    const batchCount = new Map<string, number>();
    for (const f of hashed) {
      const n = await countUploads(db, theApp.id, f.sha, since) + (batchCount.get(f.sha) ?? 0);
      if (n >= ctx.config.maxIdenticalUploads) {
        throw new HttpError(429, `${f.fileName}: this file (sha256 ${f.sha.slice(0, 12)}…) was already uploaded ${n} times to application ${theApp.appnumber} in the last 24 hours`);
      }
      batchCount.set(f.sha, (batchCount.get(f.sha) ?? 0) + 1);
    }
    // With a webhook the batch is stored too: whichever instance finishes it queues the delivery.
    const batchId = upload.webhook
      ? await insertBatch(db, { accountId: account.id, appId: theApp.id, url: upload.webhook,
        settings: { ...finalSettings(endpoint, product, upload), whonlynotify: upload.whonlynotify, dowebsearch: upload.dowebsearch } satisfies BatchSettings })
      : null;
    const conversions: Conversion[] = [];
    for (const f of hashed) {
      await recordUpload(db, theApp.id, f.sha);
      const stored = await storeFile(db, ctx.dataDir, theApp.id, f.fileName, f.bytes, f.sha);
      conversions.push(await insertConversion(db, {
        appId: theApp.id, fileId: stored.id, resfile: `${theApp.id}-${crypto.randomBytes(8).toString('hex')}.res`, endpoint,
        options: upload.email ? { ...options, email: upload.email } : options, trackingId: upload.trackingId ?? '', webhook: upload.webhook ?? '',
        lease: ctx.conversions.newLease(), batchId,
      }));
    }
    const message = upload.webhook ? 'accepted: results will be POSTed to the webhook' : 'conversion in progress: poll /checkprogress with resfile';
    await provisional(async () => ({ status: 202, body: await pendingBody(db, endpoint, theApp, conversions, await remainingConversions(db, account.id), upload, message) }), db);
    return { app: theApp, conversions };
  });
  // A new application created by a request that then failed the 429 check is rolled back with it.
  const theApp = created.app;
  const runs = created.conversions.map((c) => ctx.conversions.submit(c, account.id));
  const all = Promise.all(runs);
  if (endpoint === 'uploadpdfs') void all.then(() => markPrequalifyReady(ctx.db, theApp.id)).catch(() => undefined);

  // Industry codes once the documents are read: before the results are built, so appinfo has
  // them (a webhook batch runs the classification itself, on the instance that finishes it).
  const searched: Promise<unknown> = upload.dowebsearch && !upload.webhook
    ? all.then(async () => runWebSearch(ctx.db, await appById(ctx.db, account.id, theApp.id) ?? theApp, ctx.config.webSearch))
      .catch((err: Error) => ctx.log?.error({ err: err.message, appId: theApp.id }, 'industry classification failed'))
    : Promise.resolve();
  if (upload.email && ctx.config.mail) {
    const mail = ctx.config.mail, to = upload.email;
    void all.then((lists) => sendMail(mail, conversionCompletedMail(to, theApp.appnumber, theApp.id, lists.flat())))
      .catch((err: Error) => ctx.log?.error({ err: err.message, appId: theApp.id }, 'completion e-mail failed'));
  }
  if (upload.webhook) {
    // The batch's webhook is queued by whichever instance stores its last conversion (worker/manager.ts batchHooks).
    return { status: 202, body: await pendingBody(ctx.db, endpoint, theApp, created.conversions, await remainingConversions(ctx.db, account.id), upload, 'accepted: results will be POSTed to the webhook') };
  }
  // A scan read by OCR answers 202 at once unless the caller set asyncocr false (then it is waited for like text).
  const ids = created.conversions.map((c) => c.id);
  const finished = await ctx.conversions.waitFor(ids, ctx.config.syncWaitMs, { untilOcr: options.asyncocr });
  // Shutting down: the conversions resume at the next start, the client polls with resfile.
  if (!finished || ctx.conversions.isClosing) {
    const ocr = ids.some((id) => ctx.conversions.progressOf(id)?.stage === 'ocr');
    const message = ocr ? 'OCR in progress: poll /checkprogress with resfile' : 'conversion in progress: poll /checkprogress with resfile';
    return { status: 202, body: await pendingBody(ctx.db, endpoint, theApp, created.conversions, await remainingConversions(ctx.db, account.id), upload, message) };
  }
  const items = (await all).flat();
  await searched;
  return { status: 200, body: await finalResults(ctx, endpoint, theApp, account, product, upload, items) };
}

async function handle(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply, endpoint: Endpoint): Promise<unknown> {
  const { account } = requireAuth(request);
  return withIdempotency(ctx, request, reply, account.id, endpoint, (provisional) => convert(ctx, request, endpoint, provisional));
}

/** Answers of /uploadpdfs and /makecsv besides 200. */
const ACCEPTED_OR_REFUSED = [
  { status: 202, description: 'accepted: results by webhook, or by /checkprogress with the resfile' },
  { status: 429, description: 'the same file uploaded to this application too often' },
  { status: 503, description: 'conversion queue full' },
] as const;

/** The fields of each: the upload's own, and conversion options (validated in this order). */
const UPLOAD_REQUEST = [UploadFieldsSchema, ConversionOptionsSchema] as const;
const MAKECSV_REQUEST = [MakeCsvFields, ConversionOptionsSchema] as const;

/** `schema=plaid` with no account type reads the file as Plaid. */
function plaidImpliesAccountType(fields: Record<string, string>): void {
  if (fields.schema?.toLowerCase() === 'plaid' && fields.accounttype === undefined) fields.accounttype = 'Plaid';
}

/** /uploadpdfs and /makecsv. */
export const convertRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  app.route(endpoint({
    method: 'post', path: '/uploadpdfs', summary: 'Convert one or more documents', request: UPLOAD_REQUEST, prepareFields: plaidImpliesAccountType, files: ['pdf-filename', 'jsondata'],
    ok: { status: 200, body: 'json', schema: MultiFileResultsSchema, description: 'multi-file results object' }, extra: ACCEPTED_OR_REFUSED,
  }, (request, reply) => handle(ctx, request, reply, 'uploadpdfs')));
  app.route(endpoint({
    method: 'post', path: '/makecsv', summary: 'Convert one document', request: MAKECSV_REQUEST, prepareFields: plaidImpliesAccountType, files: ['pdf-filename', 'jsondata'],
    ok: { status: 200, body: 'json', schema: MakeCsvResponseSchema, description: 'file_status and appinfo' }, extra: ACCEPTED_OR_REFUSED,
  }, (request, reply) => handle(ctx, request, reply, 'makecsv')));
};

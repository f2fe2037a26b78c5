import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ConversionOptionsSchema } from '../../../contract/api/conversion-options.js';
import {
  AppIdRequest, AppInfoSchema, CheckProgressPendingSchema, CheckProgressRequest, DeleteStatementRequest, DeleteStatementResponseSchema,
  DeleteStmtRequest, ErrorSchema, GetAppsRequest, GetResultsRequest, MakeCsvResponseSchema, MakeXlsRequest, MultiFileResultsSchema,
  NewAppRequest, PrequalifyRequest, RemainingSchema, ScorecardRequest, SignedUrlRequest, SignedUrlResponseSchema, TransactionsRequest,
  UpdateSummaryRequest, UploadFieldsSchema,
} from '../../../contract/api/endpoints.js';
import {
  BriefcaseConnectionsRequest, BriefcaseHistoryRequest, BriefcaseRespondRequest, BriefcaseShareRequest, BriefcaseUpdateRequest,
  CreditReportRequest, GoogleSheetsRequest,
} from '../../../contract/api/features.js';

/**
 * GET /api/openapi.json: an OpenAPI 3.1 document built from the zod schemas the routes validate
 * with (src/contract/api). Paths are listed under the current version, /api/v1.5; the same
 * endpoints answer under every version in API_VERSIONS.
 */
export const API_VERSIONS = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5'] as const;
export const CURRENT_VERSION = '1.5';

type Json = Record<string, unknown>;
type Body = 'json' | 'none' | 'text' | 'html' | 'csv-or-json' | 'xls' | 'zip';

interface EndpointDoc {
  method: 'get' | 'post';
  path: string;
  summary: string;
  /** Request fields (multipart/form-data on POST, query on GET). */
  request?: z.ZodType | z.ZodType[];
  /** File parts the request may carry (multipart). */
  files?: string[];
  ok: { status: number; body: Body; schema?: z.ZodType; description: string };
  extra?: Array<{ status: number; description: string; schema?: z.ZodType }>;
  auth?: 'basic' | 'bearer' | 'none';
  /** Feature the operator must enable (403 off, 501 without a provider). */
  feature?: string;
  /** Products allowed when not every product. */
  products?: string[];
}

/** /ziparchive fields (validated by the export module's parseZipOptions; described here). */
const ZipArchiveFields = z.object({
  appid: z.number().int().min(1),
  filenamePattern: z.string().max(200).optional().describe('tokens <account_number_last_4>, <date>, <month_text>, <year>, <month_num>'),
  watermarkLogo: z.string().optional().describe('PNG, JPG or GIF as a file part or a data: URL; square, ≤ 1200 px a side, ≤ 3 MB'),
  watermarkText: z.string().max(120).optional(),
  watermarkIdText: z.string().max(120).optional(),
  watermarkIsFlatten: z.boolean().optional(),
  watermarkUrl: z.string().max(500).optional().describe('http(s) URL the watermark links to'),
});

/** Query of the signed scorecard link (/scorecard/signedUrl builds it; not meant to be written by hand). */
const ScorecardPageQuery = z.object({ a: z.number().int(), appid: z.number().int(), expires: z.number().int(), sig: z.string() });

const MakeCsvFields = UploadFieldsSchema.pick({ appnumber: true, webhook: true, whonlynotify: true, owner: true, userdata: true, trackingId: true });
const PrequalifyResultSchema = z.object({ result: z.enum(['APPROVED', 'DECLINED', 'NO_DECISION']), reasons: z.array(z.record(z.string(), z.unknown())) });
const ScorecardSchema = z.record(z.string(), z.unknown()).describe('scorecard object (reference 2.4)');
const TransactionsSchema = z.array(z.object({ 'Account Name': z.string(), 'Account Number': z.string(), Statements: z.array(z.unknown()) }));
const providerDependent = (what: string): EndpointDoc['ok'] => ({ status: 200, body: 'json', description: `the provider's answer (${what})` });

export const ENDPOINTS: readonly EndpointDoc[] = [
  { method: 'get', path: '/authenticate', summary: 'Obtain a session token', auth: 'basic', ok: { status: 200, body: 'text', description: 'the session token, text/plain' } },
  { method: 'get', path: '/getapps', summary: 'List applications', request: GetAppsRequest, ok: { status: 200, body: 'json', schema: z.array(AppInfoSchema), description: 'applications, newest first' } },
  { method: 'post', path: '/new', summary: 'Create or retrieve an application', request: NewAppRequest, ok: { status: 200, body: 'json', schema: AppInfoSchema, description: 'application info' } },
  { method: 'post', path: '/scorecard', summary: 'Scorecard as JSON', request: ScorecardRequest, ok: { status: 200, body: 'json', schema: ScorecardSchema, description: 'scorecard object' } },
  { method: 'post', path: '/makexls', summary: 'Scorecard as a spreadsheet file', request: MakeXlsRequest, ok: { status: 200, body: 'xls', description: 'spreadsheet file' } },
  { method: 'post', path: '/scorecard/signedUrl', summary: 'Signed URL of the scorecard page', request: SignedUrlRequest, ok: { status: 200, body: 'json', schema: SignedUrlResponseSchema, description: 'a URL that opens without sign-in until it expires' } },
  {
    method: 'get', path: '/scorecard/page', summary: 'The scorecard page a signed URL opens (no sign-in)', auth: 'none', request: ScorecardPageQuery,
    ok: { status: 200, body: 'html', description: 'HTML page' },
  },
  {
    method: 'post', path: '/makecsv', summary: 'Convert one document', request: [ConversionOptionsSchema, MakeCsvFields], files: ['pdf-filename', 'jsondata'],
    ok: { status: 200, body: 'json', schema: MakeCsvResponseSchema, description: 'file_status and appinfo' },
    extra: [{ status: 202, description: 'accepted: results by webhook, or by /checkprogress with the resfile' }, { status: 429, description: 'the same file uploaded to this application too often' }, { status: 503, description: 'conversion queue full' }],
  },
  {
    method: 'post', path: '/uploadpdfs', summary: 'Convert one or more documents', request: [ConversionOptionsSchema, UploadFieldsSchema], files: ['pdf-filename', 'jsondata'],
    ok: { status: 200, body: 'json', schema: MultiFileResultsSchema, description: 'multi-file results object' },
    extra: [{ status: 202, description: 'accepted: results by webhook, or by /checkprogress with the resfile' }, { status: 429, description: 'the same file uploaded to this application too often' }, { status: 503, description: 'conversion queue full' }],
    products: ['pdfinsightstp', 'pdfinsights', 'thumbprint'],
  },
  { method: 'post', path: '/updatesummary', summary: 'Update summary data of a statement', request: UpdateSummaryRequest, ok: { status: 200, body: 'none', description: 'no content' } },
  { method: 'post', path: '/googlesheets', summary: 'Update an existing online sheet with scorecard data', request: GoogleSheetsRequest, feature: 'googlesheets', ok: { status: 200, body: 'none', description: 'no content' } },
  { method: 'post', path: '/transactions', summary: 'Get transactions', request: TransactionsRequest, ok: { status: 200, body: 'csv-or-json', schema: TransactionsSchema, description: 'JSON when structured=true, CSV otherwise' } },
  { method: 'post', path: '/deletestmt', summary: 'Delete a statement', request: DeleteStmtRequest, ok: { status: 200, body: 'none', description: 'no content' } },
  { method: 'post', path: '/deletestatement', summary: 'Delete a statement by statement ID', request: DeleteStatementRequest, ok: { status: 200, body: 'json', schema: DeleteStatementResponseSchema, description: 'the application and the deleted statement IDs' } },
  { method: 'post', path: '/getresults', summary: 'Original conversion results', request: GetResultsRequest, ok: { status: 200, body: 'json', schema: MultiFileResultsSchema, description: 'multi-file results object as first converted' } },
  {
    method: 'post', path: '/checkprogress', summary: 'Progress of a conversion', request: CheckProgressRequest,
    ok: { status: 200, body: 'json', schema: MakeCsvResponseSchema, description: 'done: file_status and appinfo' },
    extra: [{ status: 206, description: 'still converting', schema: CheckProgressPendingSchema }],
  },
  { method: 'get', path: '/remaining', summary: 'Remaining conversions', ok: { status: 200, body: 'json', schema: RemainingSchema, description: 'conversions left' } },
  { method: 'post', path: '/prequalify', summary: 'Run prequalification', request: PrequalifyRequest, feature: 'prequalify', ok: { status: 200, body: 'json', schema: z.array(PrequalifyResultSchema), description: 'prequalify results' } },
  { method: 'post', path: '/creditreport', summary: 'Soft credit pull on an application form', request: CreditReportRequest, feature: 'creditreport', ok: providerDependent('credit report') },
  { method: 'post', path: '/ziparchive', summary: 'Zip of the original PDFs, optionally watermarked', request: ZipArchiveFields, files: ['watermarkLogo'], ok: { status: 200, body: 'zip', description: 'application/zip' } },
  { method: 'get', path: '/briefcase/connections', summary: 'Sharing connections', request: BriefcaseConnectionsRequest, feature: 'briefcase', ok: providerDependent('connections') },
  { method: 'post', path: '/briefcase/share', summary: 'Share documents of an application', request: BriefcaseShareRequest, feature: 'briefcase', ok: providerDependent('share') },
  { method: 'post', path: '/briefcase/respond', summary: 'Receiver accepts or rejects a share', request: BriefcaseRespondRequest, feature: 'briefcase', ok: providerDependent('response') },
  { method: 'post', path: '/briefcase/update', summary: 'Notify the receiver of changed files', request: BriefcaseUpdateRequest, feature: 'briefcase', ok: providerDependent('update') },
  { method: 'get', path: '/briefcase/history', summary: 'Shares offered in the last 30 days', request: BriefcaseHistoryRequest, feature: 'briefcase', ok: providerDependent('history') },
];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete s.$schema;
  return stripSafeIntegerBounds(s) as Json;
}

/** zod writes ±(2^53 − 1) bounds on every integer; they say nothing, so they are dropped. */
function stripSafeIntegerBounds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripSafeIntegerBounds);
  if (!v || typeof v !== 'object') return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v as Json)) {
    if ((k === 'minimum' || k === 'maximum') && Math.abs(x as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = stripSafeIntegerBounds(x);
  }
  return out;
}

/** Merges the request schemas of an endpoint into one object schema (form fields). */
function requestSchema(request: EndpointDoc['request'], files: string[] = []): Json {
  const list = request === undefined ? [] : Array.isArray(request) ? request : [request];
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const s of list) {
    const js = jsonSchema(s, 'input');
    Object.assign(properties, (js.properties as Json | undefined) ?? {});
    for (const r of (js.required as string[] | undefined) ?? []) required.add(r);
    // Coercing fields (preprocess) accept `undefined` on the input side, so the JSON Schema
    // misses them as required: ask the schema itself which fields refuse to be absent.
    const shape = (s as unknown as { shape?: Record<string, z.ZodType> }).shape;
    for (const [name, field] of Object.entries(shape ?? {})) {
      if (!field.safeParse(undefined).success) required.add(name);
    }
  }
  for (const f of files) {
    const text = properties[f];
    const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
    properties[f] = f === 'pdf-filename' ? { type: 'array', items: binary, description: 'one part per file' } : text ? { anyOf: [text, binary] } : binary;
  }
  const out: Json = { type: 'object', properties };
  if (required.size) out.required = [...required];
  return out;
}

function content(body: Body, schema?: z.ZodType): Json | undefined {
  switch (body) {
    case 'none': return undefined;
    case 'text': return { 'text/plain': { schema: { type: 'string' } } };
    case 'html': return { 'text/html': { schema: { type: 'string' } } };
    case 'xls': return { 'application/vnd.ms-excel': { schema: { type: 'string', contentMediaType: 'application/vnd.ms-excel' } } };
    case 'zip': return { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } };
    case 'csv-or-json': return { 'application/json': { schema: schema ? jsonSchema(schema, 'output') : {} }, 'text/csv': { schema: { type: 'string' } } };
    case 'json': return { 'application/json': { schema: schema ? jsonSchema(schema, 'output') : {} } };
  }
}

const errorRef = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });

function operation(e: EndpointDoc): Json {
  const responses: Json = {};
  const okContent = content(e.ok.body, e.ok.schema);
  responses[String(e.ok.status)] = okContent ? { description: e.ok.description, content: okContent } : { description: e.ok.description };
  for (const x of e.extra ?? []) {
    responses[String(x.status)] = x.schema ? { description: x.description, content: { 'application/json': { schema: jsonSchema(x.schema, 'output') } } } : { description: x.description };
  }
  responses['400'] = errorResponse('invalid request: the error names the field');
  if (e.auth !== 'none') responses['401'] = errorResponse('missing, invalid or expired credentials or token');
  responses['403'] = errorResponse(e.feature ? `outside the licence, or the ${e.feature} feature is not enabled for the account` : 'outside the licence of the Svc-Product');
  const fields = e.request || e.files ? requestSchema(e.request, e.files) : null;
  if (fields && (fields.required as string[] | undefined)?.some((f) => f === 'appid' || f === 'appnumber')) {
    responses['404'] = errorResponse('no such application for this account');
  }
  if (e.feature && e.feature !== 'prequalify') responses['501'] = errorResponse('the feature is enabled but the operator has configured no provider for it');
  responses['500'] = errorResponse('unexpected server error; the body carries requestId');

  const op: Json = {
    operationId: e.path.replace(/^\//, '').replace(/\//g, '_'),
    summary: e.summary,
    security: e.auth === 'basic' ? [{ basicAuth: [], svcProduct: [] }] : e.auth === 'none' ? [] : [{ bearerAuth: [], svcProduct: [] }],
    responses,
  };
  const notes: string[] = [];
  if (e.feature) notes.push(`Requires the \`${e.feature}\` feature, enabled per account by the operator.`);
  notes.push(`Products: ${(e.products ?? (e.path === '/authenticate' ? ['pdfinsightstp', 'pdfinsights', 'thumbprint'] : ['pdfinsightstp', 'pdfinsights'])).join(', ')}.`);
  op.description = notes.join(' ');
  if (fields) {
    const schema = fields;
    if (e.method === 'post') {
      op.requestBody = { required: true, content: { 'multipart/form-data': { schema } } };
    } else {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const req = new Set((schema.required as string[] | undefined) ?? []);
      op.parameters = Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: req.has(name), schema: s }));
    }
  }
  return op;
}

let cached: Json | null = null;

export function buildOpenApiDocument(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = {};
  for (const e of ENDPOINTS) {
    const key = `/api/v${CURRENT_VERSION}${e.path}`;
    paths[key] = { ...(paths[key] ?? {}), [e.method]: operation(e) };
  }
  paths['/api/openapi.json'] = {
    get: { operationId: 'openapi', summary: 'This document', security: [], responses: { 200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } } },
  };
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Ledgerdrop Document Conversion and Scorecard Service',
      version: CURRENT_VERSION,
      description: `Every endpoint is served under /api/v{version} for version ${API_VERSIONS.join(', ')}; ` +
        `they behave the same. This document lists them under /api/v${CURRENT_VERSION}. Request bodies are multipart/form-data ` +
        '(GET endpoints also read query parameters). Every error body is JSON {error}; a 500 adds requestId. See docs/api.md.',
    },
    'x-api-versions': [...API_VERSIONS],
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'username:password; only for /authenticate' },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'the session token from /authenticate' },
        svcProduct: { type: 'apiKey', in: 'header', name: 'Svc-Product', description: 'pdfinsightstp, pdfinsights or thumbprint; must match the licence' },
      },
      schemas: { Error: jsonSchema(ErrorSchema, 'output') },
    },
  };
  return cached;
}

/** Serves the document at /api/openapi.json (register at the root, not under a version). */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/openapi.json', { config: { auth: 'none' } }, async () => buildOpenApiDocument());
};

import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ErrorSchema } from '../../../contract/api/endpoints.js';
import { API_VERSIONS, CURRENT_API_VERSION } from '../../../contract/api/versions.js';
import { PRODUCTS_IN_WORDS, productsFor } from '../../../contract/products.js';
import { endpointName, type EndpointSpec, type ResponseBody } from '../endpoint.js';
import { jsonSchema } from '../json-schema.js';
import { peerOpenApi } from './briefcase-peer.js';

/**
 * GET /api/openapi.json: an OpenAPI 3.1 document generated from the endpoint specs of the
 * routes registered under the current version (see ../endpoint.ts) — the same zod schemas the
 * routes validate with. The same endpoints answer under every version in API_VERSIONS.
 */
type Json = Record<string, unknown>;

const isList = (r: z.ZodType | readonly z.ZodType[]): r is readonly z.ZodType[] => Array.isArray(r);

/** Keeps the spec of every route registered under the current version, in registration order. */
export function collectEndpointSpecs(app: FastifyInstance): EndpointSpec[] {
  const specs: EndpointSpec[] = [];
  const prefix = `/api/v${CURRENT_API_VERSION}/`;
  app.addHook('onRoute', (route) => {
    const spec = route.config?.spec;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (spec && route.url.startsWith(prefix) && methods.includes(spec.method.toUpperCase() as never)) specs.push(spec);
  });
  return specs;
}

/** Merges the request schemas of an endpoint into one object schema (form fields). */
function requestSchema(request: EndpointSpec['request'], files: readonly string[] = []): Json {
  const list: readonly z.ZodType[] = request === undefined ? [] : isList(request) ? request : [request];
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

function content(body: ResponseBody, schema?: z.ZodType): Json | undefined {
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

function operation(e: EndpointSpec): Json {
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
  if (e.feature && e.feature !== 'prequalify' && e.feature !== 'briefcase') responses['501'] = errorResponse('the feature is enabled but the operator has configured no provider for it');
  responses['500'] = errorResponse('unexpected server error; the body carries requestId');

  const op: Json = {
    operationId: endpointName(e).replace(/\//g, '_'),
    summary: e.summary,
    security: e.auth === 'basic' ? [{ basicAuth: [], svcProduct: [] }] : e.auth === 'none' ? [] : [{ bearerAuth: [], svcProduct: [] }],
    responses,
  };
  const notes: string[] = [];
  if (e.feature) notes.push(`Requires the \`${e.feature}\` feature, enabled per account by the operator.`);
  notes.push(`Products: ${productsFor(endpointName(e)).join(', ')}.`);
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

export function buildOpenApiDocument(specs: readonly EndpointSpec[]): Json {
  const paths: Record<string, Json> = {};
  for (const e of specs) {
    const key = `/api/v${CURRENT_API_VERSION}${e.path}`;
    paths[key] = { ...(paths[key] ?? {}), [e.method]: operation(e) };
  }
  // Service-to-service Briefcase endpoints: unversioned, signed by a configured peer.
  const peer = peerOpenApi();
  Object.assign(paths, peer.paths);
  paths['/api/openapi.json'] = {
    get: { operationId: 'openapi', summary: 'This document', security: [], responses: { 200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } } },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ledgerdrop Document Conversion and Scorecard Service',
      version: CURRENT_API_VERSION,
      description: `Every endpoint is served under /api/v{version} for version ${API_VERSIONS.join(', ')}; ` +
        `they behave the same. This document lists them under /api/v${CURRENT_API_VERSION}. Request bodies are multipart/form-data ` +
        '(GET endpoints also read query parameters). Every error body is JSON {error}; a 500 adds requestId. See docs/api.md.',
    },
    'x-api-versions': [...API_VERSIONS],
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'username:password; only for /authenticate' },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'the session token from /authenticate' },
        svcProduct: { type: 'apiKey', in: 'header', name: 'Svc-Product', description: `${PRODUCTS_IN_WORDS}; must match the licence` },
        briefcasePeer: peer.scheme,
      },
      schemas: { Error: jsonSchema(ErrorSchema, 'output') },
    },
  };
}

/**
 * Serves the document at /api/openapi.json (registered at the root, not under a version). It is
 * built once, on the first request, when every route has been registered.
 */
export const openApiRoutes: FastifyPluginAsync<{ specs: readonly EndpointSpec[] }> = async (app, { specs }) => {
  let doc: Json | null = null;
  app.get('/api/openapi.json', { config: { auth: 'none' } }, async () => (doc ??= buildOpenApiDocument(specs)));
};

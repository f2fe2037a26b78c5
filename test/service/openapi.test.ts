import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { startTestService, type TestService } from './helpers.js';
import { API_VERSIONS as APP_VERSIONS, CURRENT_API_VERSION as CURRENT_VERSION } from '../../src/contract/api/versions.js';
import { ACCOUNT_TYPES } from '../../src/contract/api/conversion-options.js';

type Json = Record<string, any>;
let svc: TestService;
let doc: Json;

/** Every (METHOD path) the running app serves, read from Fastify's route tree (HEAD left out). */
function servedRoutes(tree: string): Set<string> {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│   |    )*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    for (const method of (m[3] ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
      if (method !== 'HEAD') out.add(`${method} ${full}`);
    }
  }
  return out;
}

beforeAll(async () => {
  svc = await startTestService();
  const res = await fetch(`${svc.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  doc = (await res.json()) as Json;
});
afterAll(async () => { await svc?.stop(); });

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document naming every API version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(CURRENT_VERSION);
    expect(doc['x-api-versions']).toEqual([...APP_VERSIONS]);
    for (const v of APP_VERSIONS) expect(doc.info.description).toContain(v);
  });

  it('documents every route the app serves, under every version, and nothing it does not serve', () => {
    const served = servedRoutes(svc.app.printRoutes({ commonPrefix: false }));
    expect(served.size).toBeGreaterThan(100);
    const documented = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths as Json)) {
      for (const method of Object.keys(ops as Json)) documented.add(`${method.toUpperCase()} ${p}`);
    }
    const servedNormalised = new Set<string>();
    for (const route of served) {
      const m = /^(\w+) \/api\/v([\d.]+)(\/.*)$/.exec(route);
      if (m) {
        expect(APP_VERSIONS).toContain(m[2]);
        servedNormalised.add(`${m[1]} /api/v${CURRENT_VERSION}${m[3]}`);
      } else {
        servedNormalised.add(route);
      }
    }
    const undocumented = [...servedNormalised].filter((r) => !documented.has(r));
    const unserved = [...documented].filter((r) => !servedNormalised.has(r));
    expect(undocumented).toEqual([]);
    expect(unserved).toEqual([]);
    // Every documented versioned route is served under every version.
    for (const r of documented) {
      const [method, p] = r.split(' ') as [string, string];
      if (!p.startsWith(`/api/v${CURRENT_VERSION}/`)) continue;
      for (const v of APP_VERSIONS) expect(served.has(`${method} ${p.replace(`/api/v${CURRENT_VERSION}/`, `/api/v${v}/`)}`)).toBe(true);
    }
  });

  it('answers every documented path over HTTP with something other than 404', async () => {
    for (const [p, ops] of Object.entries(doc.paths as Json)) {
      for (const method of Object.keys(ops as Json)) {
        const res = await fetch(`${svc.url}${p}`, { method: method.toUpperCase() });
        await res.arrayBuffer();
        expect([p, res.status]).not.toEqual([p, 404]);
      }
    }
  });

  it('declares the security schemes and uses them per endpoint', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.basicAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'basic' }));
    expect(schemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(schemes.svcProduct).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Svc-Product' }));
    const v = `/api/v${CURRENT_VERSION}`;
    expect(doc.paths[`${v}/authenticate`].get.security).toEqual([{ basicAuth: [], svcProduct: [] }]);
    expect(doc.paths[`${v}/getapps`].get.security).toEqual([{ bearerAuth: [], svcProduct: [] }]);
    expect(doc.paths[`${v}/uploadpdfs`].post.security).toEqual([{ bearerAuth: [], svcProduct: [] }]);
    expect(doc.paths[`${v}/scorecard/page`].get.security).toEqual([]);
  });

  it('takes request bodies as multipart/form-data built from the validating schemas', () => {
    const v = `/api/v${CURRENT_VERSION}`;
    for (const [p, ops] of Object.entries(doc.paths as Json)) {
      const post = (ops as Json).post;
      // Briefcase peers (other services) post signed JSON; clients post forms.
      const form = p.startsWith('/api/briefcase-peer/') ? 'application/json' : 'multipart/form-data';
      if (post?.requestBody) expect(Object.keys(post.requestBody.content), p).toEqual([form]);
    }
    const upload = doc.paths[`${v}/uploadpdfs`].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.required).toContain('appnumber');
    expect(upload.properties.accounttype.enum).toEqual([...ACCOUNT_TYPES]);
    expect(upload.properties.userdata.maxLength).toBe(250);
    expect(upload.properties.fileurl).toBeDefined();
    expect(upload.properties['pdf-filename'].type).toBe('array');
    const makecsv = doc.paths[`${v}/makecsv`].post.requestBody.content['multipart/form-data'].schema;
    expect(makecsv.properties.fileurl).toBeUndefined();
    expect(doc.paths[`${v}/getapps`].get.parameters).toEqual([expect.objectContaining({ name: 'limit', in: 'query', required: false })]);
    const del = doc.paths[`${v}/deletestatement`].post.requestBody.content['multipart/form-data'].schema;
    expect(del.required.sort()).toEqual(['appid', 'statementId']);
  });

  it('describes responses, error bodies included', () => {
    const v = `/api/v${CURRENT_VERSION}`;
    expect(doc.components.schemas.Error.required).toEqual(['error']);
    const up = doc.paths[`${v}/uploadpdfs`].post.responses;
    for (const s of ['200', '202', '400', '401', '403', '429', '500', '503']) expect(up[s], s).toBeDefined();
    expect(up['200'].content['application/json'].schema.properties.file_status.type).toBe('array');
    expect(doc.paths[`${v}/checkprogress`].post.responses['206']).toBeDefined();
    expect(doc.paths[`${v}/authenticate`].get.responses['200'].content['text/plain']).toBeDefined();
    expect(doc.paths[`${v}/googlesheets`].post.responses['501']).toBeDefined();
    // Briefcase is served by the service itself: no provider, so no 501.
    expect(doc.paths[`${v}/briefcase/history`].get.responses['501']).toBeUndefined();
    expect(doc.paths[`${v}/briefcase/history`].get.responses['200']).toBeDefined();
  });
});

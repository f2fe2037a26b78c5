import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormData, request } from 'undici';
import { newAccount, startTestService, type Client, type TestService } from './helpers.js';
import { endpoint } from '../../src/service/http/endpoint.js';
import { zodFieldsCompiler } from '../../src/service/http/validation.js';
import { GetAppsRequest, GetResultsRequest, RemainingSchema } from '../../src/contract/api/endpoints.js';

/**
 * Request fields are validated by Fastify's validation step with validators compiled from the
 * routes' contract schemas (the same the OpenAPI document is generated from): every route that
 * declares fields carries them as its Fastify schema, and the fields are refused with the same
 * `{error}` naming the field however they travel (multipart, urlencoded, query, a GET's body).
 */
let svc: TestService;
let a: Client;

beforeAll(async () => {
  svc = await startTestService();
  a = await newAccount(svc, 'pdfinsightstp');
});
afterAll(async () => { await svc?.stop(); });

describe('Fastify validation compiled from the contract schemas', () => {
  it('a declared endpoint becomes a Fastify route whose schema is the contract schema, with the compiled validator', () => {
    const post = endpoint({ method: 'post', path: '/x', summary: 'x', request: GetResultsRequest, ok: { status: 200, body: 'json', description: 'x' } }, async () => ({}));
    const get = endpoint({ method: 'get', path: '/y', summary: 'y', request: GetAppsRequest, ok: { status: 200, body: 'json', description: 'y' } }, async () => ({}));
    expect(post.schema?.body).toBe(GetResultsRequest);
    expect(get.schema?.querystring).toBe(GetAppsRequest);
    expect(post.validatorCompiler).toBe(zodFieldsCompiler);
    expect(post.attachValidation).toBe(true);
    const check = zodFieldsCompiler({ schema: GetResultsRequest, method: 'POST', url: '/x', httpPart: 'body' });
    expect(check({ appid: '7' })).toEqual({ value: expect.objectContaining({ appid: 7 }) });
    expect((check({ appid: 'abc' }) as { error: Error }).error.message).toBe('appid: must be an integer');
  });

  it('the same message naming the field for multipart, urlencoded, query and a GET form body', async () => {
    const url = `${svc.url}/api/v1.5/getresults`;
    const headers = { authorization: `Bearer ${a.token}`, 'svc-product': a.product };
    const multipart = await a.post('/getresults', { appid: 'abc' });
    const urlencoded = await request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'appid=abc' });
    const query = await request(`${url}?appid=abc`, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    const answers = [multipart.json, await urlencoded.body.json(), await query.body.json()];
    expect([multipart.status, urlencoded.statusCode, query.statusCode]).toEqual([400, 400, 400]);
    for (const body of answers) expect(body).toEqual({ error: 'appid: must be an integer' });
    // A GET's form body is read before validation too (/getapps `limit`).
    const fd = new FormData();
    fd.append('limit', 'many');
    const getBody = await request(`${svc.url}/api/v1.5/getapps`, { method: 'GET', headers: { ...headers }, body: fd });
    expect(getBody.statusCode).toBe(400);
    expect(((await getBody.body.json()) as { error: string }).error).toMatch(/^limit: /);
  });

  it('the licence and feature answers still come before a field problem (validation is attached, the handler throws it)', async () => {
    const thumb = await newAccount(svc, 'thumbprint');
    const r = await thumb.post('/scorecard', { appid: 'abc' });
    expect(r.status).toBe(403);
    const f = await a.post('/creditreport', { appid: 'abc' });
    expect(f.status).toBe(403);
    expect(f.json.error).toMatch(/creditreport feature is not enabled/);
  });

  it('a form that cannot be read is refused through the same step, with its own status', async () => {
    const r = await request(`${svc.url}/api/v1.5/getresults`, {
      method: 'POST', headers: { authorization: `Bearer ${a.token}`, 'svc-product': a.product, 'content-type': 'multipart/form-data; boundary=XX' },
      body: '--XX\r\nContent-Disposition: form-data; name="appid"\r\n\r\n1\r\n--XX',
    });
    expect(r.statusCode).toBe(400);
    expect(((await r.body.json()) as { error: string }).error).toMatch(/^malformed multipart body/);
  });
});

describe('Fastify serialization compiled from the response schemas', () => {
  it('a JSON answer with a contract schema goes through the serializer compiled from it, and keeps fields the schema does not name', async () => {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    app.route(endpoint({ method: 'get', path: '/remaining', summary: 'r', ok: { status: 200, body: 'json', schema: RemainingSchema, description: 'r' } },
      async () => ({ Remaining: '5', note: 'kept' })));
    const plain = endpoint({ method: 'get', path: '/plain', summary: 'p', ok: { status: 200, body: 'json', description: 'p' } }, async () => ({ Remaining: '5' }));
    app.route(plain);
    try {
      const r = await app.inject({ method: 'GET', url: '/remaining' });
      // The compiled serializer writes the integer the schema names (JSON.stringify would write "5").
      expect(r.body).toBe('{"Remaining":5,"note":"kept"}');
      expect(plain.schema?.response).toBeUndefined();
      expect((await app.inject({ method: 'GET', url: '/plain' })).body).toBe('{"Remaining":"5"}');
    } finally {
      await app.close();
    }
  });
});

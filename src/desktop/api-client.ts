/**
 * The one HTTP client of the desktop core, for the embedded engine and remote services alike
 * (undici). Session tokens are cached in memory and renewed on 401 once per request. Uploads
 * stream the file inside undici's own FormData encoding and count the bytes handed to the socket.
 */
import { Agent, FormData, Response, request, type Dispatcher } from 'undici';
import { openAsBlob } from 'node:fs';
import { Readable } from 'node:stream';
import { errorLine, networkReason, unavailableReason } from './service-answer.js';

export interface ServiceCredentials {
  url: string;
  username: string;
  password: string;
  product: string;
}

export const API_VERSION = '1.5';

/**
 * The service (or something in front of it) answered with an error status. `message` is one
 * line (./service-answer.ts); `unavailable` says why the service is unavailable when the answer
 * means that (gateway, overload), else null.
 */
export class ServiceError extends Error {
  readonly unavailable: string | null;
  constructor(readonly status: number, message: string, readonly body: unknown, readonly retryAfter: string | null, readonly replayed = false, statusText = '') {
    super(message);
    this.name = 'ServiceError';
    this.unavailable = unavailableReason({ status, body, statusText, retryAfter });
  }
}

/**
 * No HTTP answer. `unreachable`: nothing listens / no route (offline); otherwise reset or
 * timeout mid-request. `reason`: a short text for retry lines ('connection refused', 'timeout after 30 s').
 */
export class NetworkError extends Error {
  readonly reason: string;
  constructor(message: string, readonly code: string, readonly unreachable: boolean, reason?: string) {
    super(message);
    this.name = 'NetworkError';
    this.reason = reason ?? networkReason(code, 0);
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'ENETDOWN', 'EADDRNOTAVAIL', 'NO_SERVICE']);

export function toNetworkError(err: unknown, timeoutMs = 0): NetworkError | null {
  if (err instanceof NetworkError) return err;
  if (!(err instanceof Error)) return null;
  if (err.name === 'AbortError') return null;
  const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
  const code = e.code && e.code !== 'UND_ERR_SOCKET' ? e.code : e.cause?.code ?? e.code;
  if (!code) {
    if (err instanceof TypeError && /fetch failed|terminated/.test(err.message)) return new NetworkError(err.message, 'EUNKNOWN', false, 'connection lost');
    return null;
  }
  if (!/^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return null;
  const reason = networkReason(code, timeoutMs);
  return new NetworkError(`${reason} (${code})`, code, UNREACHABLE.has(code), reason);
}

type BodySpec = { body?: AsyncIterable<Uint8Array> | string; headers?: Record<string, string> };

export interface HttpResult {
  status: number;
  /** The status line's reason phrase as sent. */
  statusText?: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface UploadRequest {
  appnumber: string;
  filePath: string;
  fileName: string;
  idempotencyKey: string;
  owner?: string;
  /** Conversion fields (accounttype, readUSdates, alloweddiff…); see ./upload-fields.ts. */
  fields?: Record<string, string>;
  onProgress?: (bytesSent: number) => void;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Called for every request: the base URL may change (embedded engine restarted on a new port). */
  credentials: () => Promise<ServiceCredentials>;
  /** Per request: no response headers within this time → timeout (retried). */
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

export class ApiClient {
  private token: { key: string; value: string } | null = null;
  private readonly timeoutMs: number;
  private readonly dispatcher: Dispatcher;
  private authInFlight: Promise<string> | null = null;

  constructor(private opts: ApiClientOptions) {
    this.timeoutMs = opts.timeoutMs ?? 120_000;
    this.dispatcher = opts.dispatcher ?? new Agent({ headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs, connectTimeout: 10_000, keepAliveTimeout: 4_000 });
  }

  /** Forget the cached session token (credentials changed). */
  forgetToken(): void { this.token = null; }

  private static tokenKey(c: ServiceCredentials): string { return `${c.url}\n${c.username}\n${c.product}\n${c.password}`; }

  private async send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body: AsyncIterable<Uint8Array> | string | undefined, signal?: AbortSignal): Promise<HttpResult> {
    const creds = await this.opts.credentials();
    const url = new URL(`api/v${API_VERSION}${path}`, creds.url.endsWith('/') ? creds.url : `${creds.url}/`);
    try {
      const res = await request(url, { method, headers, body: typeof body === 'string' || body === undefined ? body : Readable.from(body, { objectMode: false }), signal, dispatcher: this.dispatcher });
      const text = await res.body.text();
      const ct = String(res.headers['content-type'] ?? '');
      let parsed: unknown = text;
      if (ct.includes('json') && text) {
        try { parsed = JSON.parse(text); } catch { parsed = text; }
      }
      return { status: res.statusCode, statusText: res.statusText, headers: res.headers, body: parsed };
    } catch (err) {
      const net = toNetworkError(err, this.timeoutMs);
      if (net) throw net;
      throw err;
    }
  }

  /** GET /authenticate: a fresh session token (shared by concurrent callers). */
  async authenticate(signal?: AbortSignal): Promise<string> {
    if (this.authInFlight) return this.authInFlight;
    this.authInFlight = (async () => {
      const creds = await this.opts.credentials();
      const basic = Buffer.from(`${creds.username}:${creds.password}`).toString('base64');
      const res = await this.send('GET', '/authenticate', { authorization: `Basic ${basic}`, 'svc-product': creds.product }, undefined, signal);
      if (res.status !== 200) {
        // Only the service's own refusal is an authentication failure; a gateway page is not.
        const err = ApiClient.toError(res);
        throw err.unavailable || res.status >= 500 ? err : new ServiceError(res.status, `authentication failed: ${err.message}`, res.body, err.retryAfter, false, res.statusText);
      }
      const token = String(typeof res.body === 'string' ? res.body : JSON.stringify(res.body)).trim();
      this.token = { key: ApiClient.tokenKey(creds), value: token };
      return token;
    })();
    try { return await this.authInFlight; } finally { this.authInFlight = null; }
  }

  private async currentToken(signal?: AbortSignal): Promise<string> {
    const creds = await this.opts.credentials();
    if (this.token && this.token.key === ApiClient.tokenKey(creds)) return this.token.value;
    return this.authenticate(signal);
  }

  /**
   * An authenticated call; `build` makes a fresh body each time (a stream can be sent once).
   * On 401 the token is renewed and the call repeated, once.
   */
  async call(method: 'GET' | 'POST', path: string, build: () => Promise<BodySpec> | BodySpec = () => ({}), signal?: AbortSignal): Promise<HttpResult> {
    const creds = await this.opts.credentials();
    for (let pass = 0; ; pass++) {
      const token = await this.currentToken(signal);
      const { body, headers } = await build();
      const res = await this.send(method, path, { authorization: `Bearer ${token}`, 'svc-product': creds.product, ...headers }, body, signal);
      if (res.status === 401 && pass === 0) {
        if (this.token?.value === token) this.token = null;
        continue;
      }
      return res;
    }
  }

  /** Throws ServiceError for any status not in `ok`. */
  static expect(res: HttpResult, ok: number[]): HttpResult {
    if (ok.includes(res.status)) return res;
    throw ApiClient.toError(res);
  }

  /** The ServiceError for an answer, with its one-line message. */
  static toError(res: HttpResult): ServiceError {
    const ra = res.headers['retry-after'];
    const retryAfter = Array.isArray(ra) ? ra[0] ?? null : ra ?? null;
    return new ServiceError(res.status, errorLine({ status: res.status, body: res.body, statusText: res.statusText, retryAfter }), res.body, retryAfter,
      String(res.headers['idempotent-replayed'] ?? '') === 'true', res.statusText ?? '');
  }

  /** Multipart form from plain fields (and optional files). */
  static async encodeForm(fields: Record<string, string>, files: { field: string; name: string; blob: Blob }[] = []): Promise<{ stream: ReadableStream<Uint8Array>; contentType: string }> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append(f.field, f.blob, f.name);
    const encoded = new Response(form);
    return { stream: encoded.body as unknown as ReadableStream<Uint8Array>, contentType: encoded.headers.get('content-type')! };
  }

  private formCall(path: string, fields: Record<string, string>, signal?: AbortSignal): Promise<HttpResult> {
    return this.call('POST', path, async () => {
      const enc = await ApiClient.encodeForm(fields);
      return { body: streamToIterable(enc.stream), headers: { 'content-type': enc.contentType } };
    }, signal);
  }

  /** POST /uploadpdfs with one file, streamed. */
  async uploadPdfs(req: UploadRequest): Promise<HttpResult> {
    const blob = await openAsBlob(req.filePath);
    const fields: Record<string, string> = {
      accounttype: 'autoDetect',
      ...req.fields,
      appnumber: req.appnumber,
      // Scorecard and transactions cover the whole application: fetched once per application
      // when its queue drains (/getresults), not with every file (that grows with the application).
      format: 'jsonobject',
    };
    if (req.owner) fields.owner = req.owner;
    return this.call('POST', '/uploadpdfs', async () => {
      const enc = await ApiClient.encodeForm(fields, [{ field: 'pdf-filename', name: req.fileName, blob }]);
      return {
        body: countBytes(streamToIterable(enc.stream), req.onProgress),
        headers: { 'content-type': enc.contentType, 'idempotency-key': req.idempotencyKey },
      };
    }, req.signal);
  }

  checkProgress(q: { appnumber: string; resfile: string; appid?: number | null }, signal?: AbortSignal): Promise<HttpResult> {
    const fields: Record<string, string> = { appnumber: q.appnumber, resfile: q.resfile };
    if (q.appid != null) fields.appid = String(q.appid);
    return this.formCall('/checkprogress', fields, signal);
  }

  /** Stops a queued or running conversion on the service (200; 409 when it already finished). */
  cancelConversion(appid: number, resfile: string, signal?: AbortSignal): Promise<HttpResult> {
    return this.formCall('/cancelconversion', { appid: String(appid), resfile }, signal);
  }

  getResults(appid: number, signal?: AbortSignal): Promise<HttpResult> {
    return this.formCall('/getresults', { appid: String(appid), includescorecard: 'true', includetransactions: 'true', format: 'jsonobject' }, signal);
  }

  newApp(appnumber: string, signal?: AbortSignal): Promise<HttpResult> {
    return this.formCall('/new', { appnumber }, signal);
  }

  scorecard(appid: number, signal?: AbortSignal): Promise<HttpResult> {
    return this.formCall('/scorecard', { appid: String(appid), format: 'jsonobject' }, signal);
  }

  transactions(appid: number, signal?: AbortSignal): Promise<HttpResult> {
    return this.formCall('/transactions', { appid: String(appid), structured: 'true' }, signal);
  }

  /** GET /briefcase/history: shares sent and received in the last 30 days (the receiver's open ones carry their key). */
  briefcaseHistory(signal?: AbortSignal): Promise<HttpResult> {
    return this.call('GET', '/briefcase/history?limit=200', () => ({}), signal);
  }

  /** POST /briefcase/respond: accept or reject a share offered to this account. */
  briefcaseRespond(sharekey: string, action: 'accept' | 'reject', signal?: AbortSignal): Promise<HttpResult> {
    return this.formCall('/briefcase/respond', { sharekey, action }, signal);
  }
}


async function* streamToIterable(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function* countBytes(source: AsyncIterable<Uint8Array>, onProgress?: (n: number) => void): AsyncIterable<Uint8Array> {
  let sent = 0;
  for await (const chunk of source) {
    yield chunk;
    sent += chunk.byteLength;
    onProgress?.(sent);
  }
}

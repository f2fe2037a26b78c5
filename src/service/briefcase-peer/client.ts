import { request } from 'undici';
import { DEFAULT_MAX_BUNDLE_BYTES, DEFAULT_PEER_TIMEOUT_MS, type BriefcaseConfig, type BriefcasePeer } from './config.js';
import { answerSigned, NONCE_HEADER, PEER_SIGNATURE_HEADER, signRequest } from './sign.js';

/** Where every peer endpoint lives on a service (unversioned: services talk to each other, not clients). */
export const PEER_PATH = '/api/briefcase-peer/v1';

/** Attempts of one call when the peer cannot be reached, times out or answers 5xx (every peer endpoint is safe to repeat). */
export const PEER_ATTEMPTS = 3;
const BACKOFF_MS = [250, 1000];

/** A call to a peer that did not end in a signed 2xx: why, and the peer's own answer when it gave one. */
export class PeerError extends Error {
  constructor(
    readonly peer: string,
    /** unreachable: no connection; timeout: no answer in time; refused: a signed 4xx; failed: a 5xx; unsigned: an answer we cannot trust. */
    readonly kind: 'unreachable' | 'timeout' | 'refused' | 'failed' | 'unsigned' | 'too-large',
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface PeerCall {
  name: string;
  peer: BriefcasePeer;
  timeoutMs: number;
  /** Largest answer taken (bytes); more → PeerError too-large. */
  maxAnswerBytes: number;
}

async function once(c: PeerCall, route: string, body: string): Promise<{ status: number; json: unknown }> {
  const url = `${c.peer.url.replace(/\/+$/, '')}${PEER_PATH}/${route}`;
  const headers = signRequest(c.peer.secret, c.peer.as, 'POST', route, body);
  let res;
  try {
    res = await request(url, {
      method: 'POST', body, headers: { 'content-type': 'application/json', ...headers },
      headersTimeout: c.timeoutMs, bodyTimeout: c.timeoutMs, signal: AbortSignal.timeout(c.timeoutMs),
    });
  } catch (err) {
    const e = err as Error & { code?: string; name?: string };
    if (e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') {
      throw new PeerError(c.name, 'timeout', `the remote service "${c.name}" (${c.peer.url}) did not answer within ${c.timeoutMs} ms`);
    }
    throw new PeerError(c.name, 'unreachable', `the remote service "${c.name}" (${c.peer.url}) cannot be reached (${e.code ?? e.message})`);
  }
  const declared = Number(res.headers['content-length'] ?? 0);
  if (declared > c.maxAnswerBytes) {
    res.body.on('error', () => undefined).destroy();
    throw new PeerError(c.name, 'too-large', `the remote service "${c.name}" answered ${declared} bytes, over briefcase.maxBundleBytes (${c.maxAnswerBytes})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += (chunk as Buffer).byteLength;
      if (size > c.maxAnswerBytes) {
        res.body.on('error', () => undefined).destroy();
        throw new PeerError(c.name, 'too-large', `the remote service "${c.name}" answered more than briefcase.maxBundleBytes (${c.maxAnswerBytes} bytes)`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof PeerError) throw err;
    const e = err as Error & { name?: string };
    throw new PeerError(c.name, e.name === 'TimeoutError' ? 'timeout' : 'unreachable', `the remote service "${c.name}" broke off its answer (${e.message})`);
  }
  const raw = Buffer.concat(chunks);
  const signature = res.headers[PEER_SIGNATURE_HEADER];
  if (!answerSigned(c.peer.secret, headers[NONCE_HEADER]!, res.statusCode, raw, typeof signature === 'string' ? signature : undefined)) {
    // A gateway in front of the peer (its own 502/503 page while the peer restarts): worth another try.
    if (res.statusCode >= 500) throw new PeerError(c.name, 'failed', `the remote service "${c.name}" (${c.peer.url}) failed (${res.statusCode}, not signed: a gateway or proxy in front of it)`, res.statusCode);
    throw new PeerError(c.name, 'unsigned', `the remote service "${c.name}" answered ${res.statusCode} without a valid signature: it does not hold the same secret, or is not a Ledgerdrop service with Briefcase peers (check config briefcase.remotes.${c.name})`, res.statusCode);
  }
  let json: unknown = null;
  try {
    json = raw.byteLength ? JSON.parse(raw.toString('utf8')) : null;
  } catch {
    throw new PeerError(c.name, 'unsigned', `the remote service "${c.name}" answered ${res.statusCode} with a body that is not JSON`, res.statusCode);
  }
  const error = (json as { error?: unknown } | null)?.error;
  if (res.statusCode >= 500) throw new PeerError(c.name, 'failed', `the remote service "${c.name}" failed (${res.statusCode}${typeof error === 'string' ? `: ${error}` : ''})`, res.statusCode);
  if (res.statusCode >= 300) throw new PeerError(c.name, 'refused', typeof error === 'string' ? error : `status ${res.statusCode}`, res.statusCode);
  return { status: res.statusCode, json };
}

/**
 * POSTs `payload` to the peer's `route`, signed; returns the peer's signed JSON answer. Retried
 * (a fresh nonce each time) while the peer cannot be reached, times out or answers 5xx; a 4xx
 * is the peer's refusal and is not repeated.
 */
export async function callPeer(c: PeerCall, route: string, payload: unknown): Promise<unknown> {
  const body = JSON.stringify(payload);
  for (let attempt = 1; ; attempt++) {
    try {
      return (await once(c, route, body)).json;
    } catch (err) {
      const retry = err instanceof PeerError && (err.kind === 'unreachable' || err.kind === 'timeout' || err.kind === 'failed');
      if (!retry || attempt >= PEER_ATTEMPTS) {
        if (err instanceof PeerError && retry) err.message += ` (${attempt} attempts)`;
        throw err;
      }
      await new Promise((r) => setTimeout(r, BACKOFF_MS[attempt - 1] ?? 1000));
    }
  }
}

/** How this service calls the configured peer `name` (timeouts and size limits from config.briefcase). */
export function peerCallOf(config: BriefcaseConfig | undefined, name: string): PeerCall | null {
  const peer = config?.remotes && Object.hasOwn(config.remotes, name) ? config.remotes[name]! : null;
  if (!peer) return null;
  return { name, peer, timeoutMs: config?.peerTimeoutMs ?? DEFAULT_PEER_TIMEOUT_MS, maxAnswerBytes: config?.maxBundleBytes ?? DEFAULT_MAX_BUNDLE_BYTES };
}

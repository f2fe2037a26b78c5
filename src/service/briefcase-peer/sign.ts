import crypto from 'node:crypto';

/**
 * How two Briefcase peers authenticate each other (docs/team-server.md, "Briefcase peers"):
 * every request carries the caller's name as the callee knows it, a timestamp, a fresh nonce
 * and an HMAC-SHA256 under the secret both configs hold, over all of these, the method, the
 * endpoint's name (offer, documents, respond, update: not the URL path, which a proxy mounting
 * a service under a prefix would change) and the SHA-256 of the exact body. The answer is
 * signed too, bound to the request's nonce, so neither side acts on bytes the other did not
 * send. Pure: no I/O.
 */
export const PEER_HEADER = 'x-ledgerdrop-peer';
export const TIMESTAMP_HEADER = 'x-ledgerdrop-timestamp';
export const NONCE_HEADER = 'x-ledgerdrop-nonce';
export const PEER_SIGNATURE_HEADER = 'x-ledgerdrop-peer-signature';

/** A request older or newer than this (ms) is refused; nonces are kept this long. */
export const REPLAY_WINDOW_MS = 5 * 60 * 1000;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

const bodyHash = (body: Uint8Array | string) => crypto.createHash('sha256').update(body).digest('hex');
const hmac = (secret: string, text: string) => 'v1=' + crypto.createHmac('sha256', secret).update(text).digest('hex');

function requestText(peer: string, timestamp: string, nonce: string, method: string, endpoint: string, body: Uint8Array | string): string {
  return ['v1', 'request', peer, timestamp, nonce, method.toUpperCase(), endpoint, bodyHash(body)].join('\n');
}

function answerText(nonce: string, status: number, body: Uint8Array | string): string {
  return ['v1', 'answer', nonce, String(status), bodyHash(body)].join('\n');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Headers of a signed request from this service, named `as` at the peer. */
export function signRequest(secret: string, as: string, method: string, endpoint: string, body: Uint8Array | string, now = Date.now()): Record<string, string> {
  const timestamp = String(now);
  const nonce = crypto.randomBytes(18).toString('base64url');
  return {
    [PEER_HEADER]: as, [TIMESTAMP_HEADER]: timestamp, [NONCE_HEADER]: nonce,
    [PEER_SIGNATURE_HEADER]: hmac(secret, requestText(as, timestamp, nonce, method, endpoint, body)),
  };
}

/** What is wrong with a received request's signature, or null (the replay check on the nonce is the caller's). */
export function requestProblem(secret: string, headers: Record<string, string | string[] | undefined>, method: string, endpoint: string, body: Uint8Array | string, now = Date.now()): string | null {
  const one = (h: string) => { const v = headers[h]; return typeof v === 'string' ? v : undefined; };
  const peer = one(PEER_HEADER); const timestamp = one(TIMESTAMP_HEADER); const nonce = one(NONCE_HEADER); const signature = one(PEER_SIGNATURE_HEADER);
  if (!peer || !timestamp || !nonce || !signature) return `a signed request needs ${[PEER_HEADER, TIMESTAMP_HEADER, NONCE_HEADER, PEER_SIGNATURE_HEADER].join(', ')}`;
  if (!/^\d{1,16}$/.test(timestamp)) return `${TIMESTAMP_HEADER} must be milliseconds since 1970`;
  if (Math.abs(now - Number(timestamp)) > REPLAY_WINDOW_MS) return `${TIMESTAMP_HEADER} is more than ${REPLAY_WINDOW_MS / 60_000} minutes from this service's clock (replayed, or a clock is wrong)`;
  if (!NONCE.test(nonce)) return `${NONCE_HEADER} must be 16 to 64 base64url characters`;
  if (!same(signature, hmac(secret, requestText(peer, timestamp, nonce, method, endpoint, body)))) return 'the signature does not match (a different secret, or the request was changed on the way)';
  return null;
}

/** The signature header value of an answer to the request that carried `nonce`. */
export function signAnswer(secret: string, nonce: string, status: number, body: Uint8Array | string): string {
  return hmac(secret, answerText(nonce, status, body));
}

export function answerSigned(secret: string, nonce: string, status: number, body: Uint8Array | string, header: string | undefined): boolean {
  return typeof header === 'string' && same(header, signAnswer(secret, nonce, status, body));
}

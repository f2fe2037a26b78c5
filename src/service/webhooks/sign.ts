import crypto from 'node:crypto';

/**
 * Webhook signatures: `X-Signature: sha256=<hex HMAC-SHA256 of the exact request body>` under
 * the account's webhook secret. Receivers recompute it over the raw bytes they received.
 */
export const SIGNATURE_HEADER = 'x-signature';

export function signBody(secret: string, body: string | Uint8Array): string {
  return 'sha256=' + crypto.createHmac('sha256', secret).update(body).digest('hex');
}

/** Constant-time check of a received `X-Signature` value. */
export function verifySignature(secret: string, body: string | Uint8Array, header: string | undefined | null): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signBody(secret, body));
  const got = Buffer.from(header.trim());
  return got.length === expected.length && crypto.timingSafeEqual(got, expected);
}

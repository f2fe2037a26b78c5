import crypto from 'node:crypto';

/** Session tokens: 32 random bytes (base64url) handed out once; only their SHA-256 is stored. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

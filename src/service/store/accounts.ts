import crypto from 'node:crypto';
import { sql, type Db } from './db.js';
import type { Product } from '../../contract/products.js';
import type { PrequalifyThresholds } from '../../scorecard/types.js';

export interface AccountProfile {
  /** Default scorecard sections when a request names none. */
  sections?: string[];
  /** Decline thresholds of this account (override config prequalify.decline rule by rule). */
  prequalify?: PrequalifyThresholds;
  /** Review thresholds of this account (override config prequalify.review rule by rule). */
  prequalifyReview?: PrequalifyThresholds;
}

export interface Account {
  id: number;
  username: string;
  passwordHash: string;
  product: Product;
  conversionsRemaining: number;
  features: string[];
  profile: AccountProfile;
  webhookSecret: string;
}

interface Row {
  id: number; username: string; password_hash: string; product: Product; conversions_remaining: number;
  features: string; profile: string; webhook_secret: string;
}

function fromRow(r: Row): Account {
  return {
    id: r.id, username: r.username, passwordHash: r.password_hash, product: r.product,
    conversionsRemaining: r.conversions_remaining, features: JSON.parse(r.features) as string[],
    profile: JSON.parse(r.profile) as AccountProfile, webhookSecret: r.webhook_secret,
  };
}

export function accountByName(db: Db, username: string): Account | null {
  const r = sql(db, 'SELECT * FROM accounts WHERE username = ?').get(username) as Row | undefined;
  return r ? fromRow(r) : null;
}

export function accountById(db: Db, id: number): Account | null {
  const r = sql(db, 'SELECT * FROM accounts WHERE id = ?').get(id) as Row | undefined;
  return r ? fromRow(r) : null;
}

export interface AccountUpsert {
  username: string;
  passwordHash: string;
  product: Product;
  conversions: number;
  features: string[];
  profile?: AccountProfile;
}

/** Creates the account, or updates password, product, conversions and features of an existing one. */
export function upsertAccount(db: Db, a: AccountUpsert): Account {
  const existing = accountByName(db, a.username);
  if (existing) {
    sql(db, `UPDATE accounts SET password_hash = ?, product = ?, conversions_remaining = ?, features = ?, profile = ? WHERE id = ?`)
      .run(a.passwordHash, a.product, a.conversions, JSON.stringify(a.features), JSON.stringify(a.profile ?? existing.profile), existing.id);
    // A changed password or licence ends every session of the account.
    if (a.passwordHash !== existing.passwordHash || a.product !== existing.product) sql(db, 'DELETE FROM tokens WHERE account_id = ?').run(existing.id);
  } else {
    sql(db, `INSERT INTO accounts (username, password_hash, product, conversions_remaining, features, profile, webhook_secret, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(a.username, a.passwordHash, a.product, a.conversions, JSON.stringify(a.features),
      JSON.stringify(a.profile ?? {}), crypto.randomBytes(32).toString('hex'), new Date().toISOString());
  }
  return accountByName(db, a.username)!;
}

export function setProfile(db: Db, accountId: number, profile: AccountProfile): void {
  sql(db, 'UPDATE accounts SET profile = ? WHERE id = ?').run(JSON.stringify(profile), accountId);
}

/** Takes up to `n` conversions off the account (never below 0); returns what is left. */
export function consumeConversions(db: Db, accountId: number, n: number): number {
  sql(db, 'UPDATE accounts SET conversions_remaining = MAX(0, conversions_remaining - ?) WHERE id = ?').run(n, accountId);
  return remainingConversions(db, accountId);
}

export function remainingConversions(db: Db, accountId: number): number {
  const r = sql(db, 'SELECT conversions_remaining AS n FROM accounts WHERE id = ?').get(accountId) as { n: number } | undefined;
  return r?.n ?? 0;
}

export function insertToken(db: Db, accountId: number, tokenHash: string, product: Product, ttlMs: number, now = Date.now()): void {
  sql(db, 'DELETE FROM tokens WHERE expires_at <= ?').run(now);
  sql(db, 'INSERT INTO tokens (token_hash, account_id, product, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
    .run(tokenHash, accountId, product, now, now + ttlMs);
}

export function tokenLookup(db: Db, tokenHash: string): { accountId: number; product: Product; expiresAt: number } | null {
  const r = sql(db, 'SELECT account_id, product, expires_at FROM tokens WHERE token_hash = ?').get(tokenHash) as
    { account_id: number; product: Product; expires_at: number } | undefined;
  return r ? { accountId: r.account_id, product: r.product, expiresAt: r.expires_at } : null;
}

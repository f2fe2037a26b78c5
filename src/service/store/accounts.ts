import crypto from 'node:crypto';
import type { Query } from './query.js';
import type { Product } from '../../contract/products.js';
import type { PrequalifyThresholds } from '../../scorecard/types.js';

export interface AccountProfile {
  /** Default scorecard sections when a request names none. */
  sections?: string[];
  /** Decline thresholds of this account (override config prequalify.decline rule by rule). */
  prequalify?: PrequalifyThresholds;
  /** Review thresholds of this account (override config prequalify.review rule by rule). */
  prequalifyReview?: PrequalifyThresholds;
  /** Where this account's Briefcase webhooks go (offers and updates it receives, answers to its offers). */
  briefcaseWebhook?: string;
  /**
   * Set on the stand-in of a Briefcase party of a remote service (`user@peer`): it owns the
   * copies of what that party shared, and can never sign in (briefcase-peer/parties.ts).
   */
  remoteParty?: { peer: string; username: string };
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

export async function accountByName(db: Query, username: string): Promise<Account | null> {
  const r = await db.get<Row>('SELECT * FROM accounts WHERE username = ?', username);
  return r ? fromRow(r) : null;
}

export async function accountById(db: Query, id: number): Promise<Account | null> {
  const r = await db.get<Row>('SELECT * FROM accounts WHERE id = ?', id);
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
export async function upsertAccount(db: Query, a: AccountUpsert): Promise<Account> {
  const existing = await accountByName(db, a.username);
  if (existing) {
    await db.run(`UPDATE accounts SET password_hash = ?, product = ?, conversions_remaining = ?, features = ?, profile = ? WHERE id = ?`, a.passwordHash, a.product, a.conversions, JSON.stringify(a.features), JSON.stringify(a.profile ?? existing.profile), existing.id);
    // A changed password or licence ends every session of the account.
    if (a.passwordHash !== existing.passwordHash || a.product !== existing.product) await db.run('DELETE FROM tokens WHERE account_id = ?', existing.id);
  } else {
    await db.run(`INSERT INTO accounts (username, password_hash, product, conversions_remaining, features, profile, webhook_secret, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, a.username, a.passwordHash, a.product, a.conversions, JSON.stringify(a.features),
      JSON.stringify(a.profile ?? {}), crypto.randomBytes(32).toString('hex'), new Date().toISOString());
  }
  return (await accountByName(db, a.username))!;
}

export async function setProfile(db: Query, accountId: number, profile: AccountProfile): Promise<void> {
  await db.run('UPDATE accounts SET profile = ? WHERE id = ?', JSON.stringify(profile), accountId);
}

/** Takes up to `n` conversions off the account (never below 0); returns what is left. */
export async function consumeConversions(db: Query, accountId: number, n: number): Promise<number> {
  await db.run('UPDATE accounts SET conversions_remaining = CASE WHEN conversions_remaining > ? THEN conversions_remaining - ? ELSE 0 END WHERE id = ?', n, n, accountId);
  return await remainingConversions(db, accountId);
}

export async function remainingConversions(db: Query, accountId: number): Promise<number> {
  const r = await db.get<{ n: number }>('SELECT conversions_remaining AS n FROM accounts WHERE id = ?', accountId);
  return r?.n ?? 0;
}

export async function insertToken(db: Query, accountId: number, tokenHash: string, product: Product, ttlMs: number, now = Date.now()): Promise<void> {
  await db.run('DELETE FROM tokens WHERE expires_at <= ?', now);
  await db.run('INSERT INTO tokens (token_hash, account_id, product, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', tokenHash, accountId, product, now, now + ttlMs);
}

export async function tokenLookup(db: Query, tokenHash: string): Promise<{ accountId: number; product: Product; expiresAt: number } | null> {
  const r = await db.get<{ account_id: number; product: Product; expires_at: number }>('SELECT account_id, product, expires_at FROM tokens WHERE token_hash = ?', tokenHash);
  return r ? { accountId: r.account_id, product: r.product, expiresAt: r.expires_at } : null;
}

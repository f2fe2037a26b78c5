import crypto from 'node:crypto';
import type { Query } from '../store/query.js';
import { accountByName, type Account } from '../store/accounts.js';

/**
 * A party of a remote service stands on this one as an account named `user@peer` that owns the
 * copies of the applications it shared (so the receiver reads them through the same read-only
 * path as a local share, and names the party the same way to share back). Its password hash is
 * no scrypt hash, so it can never sign in; it has no features and no conversions.
 */
export const REMOTE_PARTY_HASH = 'remote-party';

export function remotePartyOf(a: Account | null): { peer: string; username: string } | null {
  return a?.profile.remoteParty ?? null;
}

/** The stand-in of `username` on `peer`, created on its first share; null when a local account already holds that name. */
export async function ensureRemoteParty(db: Query, peer: string, username: string): Promise<Account | null> {
  const name = `${username}@${peer}`;
  const found = await accountByName(db, name);
  if (found) {
    const r = remotePartyOf(found);
    return r && r.peer === peer && r.username === username ? found : null;
  }
  await db.run(`INSERT INTO accounts (username, password_hash, product, conversions_remaining, features, profile, webhook_secret, created_at)
    VALUES (?, ?, 'pdfinsightstp', 0, '[]', ?, ?, ?) ON CONFLICT (username) DO NOTHING`, name, REMOTE_PARTY_HASH,
  JSON.stringify({ remoteParty: { peer, username } }), crypto.randomBytes(32).toString('hex'), new Date().toISOString());
  const made = await accountByName(db, name);
  return made && remotePartyOf(made)?.peer === peer ? made : null;
}

/** A copy application of the stand-in, under the sender's application number (suffixed by the share when the number is taken). */
export async function insertCopyApp(db: Query, ownerAccountId: number, appnumber: string, owner: string, shareid: string): Promise<number> {
  const taken = await db.get('SELECT 1 FROM applications WHERE account_id = ? AND appnumber = ?', ownerAccountId, appnumber);
  const number = taken ? `${appnumber} (${shareid})` : appnumber;
  return db.insert('INSERT INTO applications (account_id, appnumber, owner, created_at) VALUES (?, ?, ?, ?)', ownerAccountId, number, owner, new Date().toISOString());
}

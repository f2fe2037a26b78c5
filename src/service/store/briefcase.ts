import type { Query } from './query.js';

/** Briefcase shares (migration 160). Each function is one statement on the store. */
export type ShareStatus = 'offered' | 'accepted' | 'rejected';

export interface Share {
  id: number;
  shareId: string;
  shareKey: string;
  senderAccountId: number;
  appId: number;
  /** The receiving account when it is on this service; null for a remote party. */
  receiverAccountId: number | null;
  /** The receiver's connection ID as the sender named it. */
  receiverConnection: string;
  message: string;
  status: ShareStatus;
  reason: string;
  updates: number;
  offeredAt: string;
  respondedAt: string | null;
  updatedAt: string | null;
  /** The configured peer service of the other party (migration 163), or null when both are accounts here. */
  peer: string | null;
  /** The key both services name this share by (sender-issued; spent by the answer). */
  peerKey: string | null;
  /** Receiving side of a remote share: the files the sender offered, until they are fetched on accept. */
  peerFiles: OfferedFile[] | null;
}

export interface OfferedFile { fileName: string; sha256: string; size: number }

interface Row {
  id: number; share_id: string; share_key: string; sender_account_id: number; app_id: number; receiver_account_id: number | null;
  receiver_connection: string; message: string; status: ShareStatus; reason: string; updates: number; offered_at: string;
  responded_at: string | null; updated_at: string | null; peer?: string | null; peer_key?: string | null; peer_files?: string | null;
}

const fromRow = (r: Row): Share => ({
  id: r.id, shareId: r.share_id, shareKey: r.share_key, senderAccountId: r.sender_account_id, appId: r.app_id,
  receiverAccountId: r.receiver_account_id, receiverConnection: r.receiver_connection, message: r.message, status: r.status,
  reason: r.reason, updates: Number(r.updates), offeredAt: r.offered_at, respondedAt: r.responded_at, updatedAt: r.updated_at,
  peer: r.peer ?? null, peerKey: r.peer_key ?? null, peerFiles: r.peer_files ? (JSON.parse(r.peer_files) as OfferedFile[]) : null,
});

export interface NewShare {
  shareId: string;
  shareKey: string;
  senderAccountId: number;
  appId: number;
  receiverAccountId: number | null;
  receiverConnection: string;
  message: string;
  offeredAt: string;
  peer?: string | null;
  peerKey?: string | null;
  peerFiles?: OfferedFile[] | null;
}

export async function insertShare(db: Query, s: NewShare): Promise<Share> {
  const id = await db.insert(`INSERT INTO briefcase_shares (share_id, share_key, sender_account_id, app_id, receiver_account_id, receiver_connection, message, status, offered_at, peer, peer_key, peer_files)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'offered', ?, ?, ?, ?)`, s.shareId, s.shareKey, s.senderAccountId, s.appId, s.receiverAccountId, s.receiverConnection, s.message, s.offeredAt,
  s.peer ?? null, s.peerKey ?? null, s.peerFiles ? JSON.stringify(s.peerFiles) : null);
  return (await shareByRowId(db, id))!;
}

/** A share by its public ID (the ID both services of a remote share know it by). */
export async function shareByShareId(db: Query, shareId: string): Promise<Share | null> {
  const r = await db.get<Row>('SELECT * FROM briefcase_shares WHERE share_id = ?', shareId);
  return r ? fromRow(r) : null;
}

/** Removes an offer the remote receiver never took (the peer refused it or could not be reached). */
export async function deleteOpenShare(db: Query, id: number): Promise<void> {
  await db.run(`DELETE FROM briefcase_shares WHERE id = ? AND status = 'offered'`, id);
}

/** Receiving side of a remote share: the sender's latest file list. */
export async function setPeerFiles(db: Query, id: number, files: OfferedFile[]): Promise<void> {
  await db.run('UPDATE briefcase_shares SET peer_files = ? WHERE id = ?', JSON.stringify(files), id);
}

/**
 * Records a signed request's nonce; false when the peer already used it within the window (a
 * replay). Nonces older than `forgetBefore` (ms epoch) are dropped first, so the table stays the
 * size of one window.
 */
export async function rememberNonce(db: Query, peer: string, nonce: string, at: number, forgetBefore: number): Promise<boolean> {
  await db.run('DELETE FROM briefcase_peer_nonces WHERE at < ?', forgetBefore);
  return (await db.run('INSERT INTO briefcase_peer_nonces (peer, nonce, at) VALUES (?, ?, ?) ON CONFLICT (peer, nonce) DO NOTHING', peer, nonce, at)).changes === 1;
}

export async function shareByRowId(db: Query, id: number): Promise<Share | null> {
  const r = await db.get<Row>('SELECT * FROM briefcase_shares WHERE id = ?', id);
  return r ? fromRow(r) : null;
}

export async function shareByKey(db: Query, key: string): Promise<Share | null> {
  const r = await db.get<Row>('SELECT * FROM briefcase_shares WHERE share_key = ?', key);
  return r ? fromRow(r) : null;
}

/** A share the sender made (by its public ID). */
export async function sentShare(db: Query, senderAccountId: number, shareId: string): Promise<Share | null> {
  const r = await db.get<Row>('SELECT * FROM briefcase_shares WHERE sender_account_id = ? AND share_id = ?', senderAccountId, shareId);
  return r ? fromRow(r) : null;
}

/** Shares of one application still open or accepted (what /briefcase/update notifies). */
export async function liveSharesOfApp(db: Query, appId: number): Promise<Share[]> {
  return (await db.all<Row>(`SELECT * FROM briefcase_shares WHERE app_id = ? AND status IN ('offered','accepted') ORDER BY id`, appId)).map(fromRow);
}

/** Records the receiver's answer; false when the share was no longer open (answered meanwhile). */
export async function answerShare(db: Query, id: number, status: 'accepted' | 'rejected', reason: string, at: string): Promise<boolean> {
  return (await db.run(`UPDATE briefcase_shares SET status = ?, reason = ?, responded_at = ? WHERE id = ? AND status = 'offered'`, status, reason, at, id)).changes === 1;
}

export async function markShareUpdated(db: Query, id: number, at: string): Promise<void> {
  await db.run('UPDATE briefcase_shares SET updates = updates + 1, updated_at = ? WHERE id = ?', at, id);
}

/** The accepted share through which `accountId` may read application `appId`, if any. */
export async function acceptedShareOf(db: Query, receiverAccountId: number, appId: number): Promise<Share | null> {
  const r = await db.get<Row>(`SELECT * FROM briefcase_shares WHERE receiver_account_id = ? AND app_id = ? AND status = 'accepted' ORDER BY id DESC LIMIT 1`, receiverAccountId, appId);
  return r ? fromRow(r) : null;
}

/** Any share of `appId` offered to `accountId` (to say why it cannot be read or written). */
export async function shareOfferedTo(db: Query, receiverAccountId: number, appId: number): Promise<Share | null> {
  const r = await db.get<Row>(`SELECT * FROM briefcase_shares WHERE receiver_account_id = ? AND app_id = ? ORDER BY (status = 'accepted') DESC, id DESC LIMIT 1`, receiverAccountId, appId);
  return r ? fromRow(r) : null;
}

/** The latest accepted share of each application shared with the account, newest application first. */
export async function acceptedShares(db: Query, receiverAccountId: number, limit: number): Promise<Share[]> {
  return (await db.all<Row>(`SELECT * FROM briefcase_shares WHERE id IN (SELECT MAX(id) FROM briefcase_shares WHERE receiver_account_id = ? AND status = 'accepted' GROUP BY app_id) ORDER BY app_id DESC LIMIT ?`, receiverAccountId, limit)).map(fromRow);
}

/** Shares the account sent or received since `sinceIso`, newest first. */
export async function sharesSince(db: Query, accountId: number, sinceIso: string, limit: number): Promise<Share[]> {
  return (await db.all<Row>(`SELECT * FROM briefcase_shares WHERE (sender_account_id = ? OR receiver_account_id = ?) AND offered_at >= ? ORDER BY id DESC LIMIT ?`, accountId, accountId, sinceIso, limit)).map(fromRow);
}

/** Every share the account sent or received (for the connections summary), bounded. */
export async function sharesOf(db: Query, accountId: number, limit: number): Promise<Share[]> {
  return (await db.all<Row>('SELECT * FROM briefcase_shares WHERE sender_account_id = ? OR receiver_account_id = ? ORDER BY id DESC LIMIT ?', accountId, accountId, limit)).map(fromRow);
}

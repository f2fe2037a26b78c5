import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Query } from './query.js';
import { PRIVATE_FILE_MODE, privateDir } from './private.js';

export interface StoredFile { id: number; appId: number; fileName: string; sha256: string; size: number; path: string }

export function sha256(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** `files.path` of a document whose bytes are in the store's `documents` table (PostgreSQL). */
const IN_STORE = 'store:';

/**
 * Keeps the original bytes and records the upload. SQLite: under
 * `<dataDir>/files/<sha256[0..2]>/<sha256>` (content-addressed, written once through a temp file
 * + rename). PostgreSQL: in the `documents` table (bytea, once per SHA-256), so every instance
 * reaches them and none keeps them on its own disk. `hash`: the bytes' SHA-256 when the caller
 * has it already (the upload route hashes every file for its duplicate checks).
 */
export async function storeFile(db: Query, dataDir: string, appId: number, fileName: string, bytes: Uint8Array, hash = sha256(bytes)): Promise<StoredFile> {
  if (db.dialect === 'postgres') {
    await db.run('INSERT INTO documents (sha256, bytes, size, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING',
      hash, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), bytes.byteLength, new Date().toISOString());
    const where = IN_STORE + hash;
    const id = await db.insert('INSERT INTO files (app_id, file_name, sha256, size, path, created_at) VALUES (?, ?, ?, ?, ?, ?)', appId, fileName, hash, bytes.byteLength, where, new Date().toISOString());
    return { id, appId, fileName, sha256: hash, size: bytes.byteLength, path: where };
  }
  const dir = path.join(dataDir, 'files', hash.slice(0, 2));
  const target = path.join(dir, hash);
  if (!fs.existsSync(target)) {
    privateDir(path.join(dataDir, 'files'));
    privateDir(dir);
    const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, bytes, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    fs.renameSync(tmp, target);
  }
  const id = await db.insert('INSERT INTO files (app_id, file_name, sha256, size, path, created_at) VALUES (?, ?, ?, ?, ?, ?)', appId, fileName, hash, bytes.byteLength, target, new Date().toISOString());
  return { id, appId, fileName, sha256: hash, size: bytes.byteLength, path: target };
}

/**
 * A path on this machine holding the document's bytes: the stored file itself (SQLite), or a
 * private temporary copy read from the store (PostgreSQL) that `release()` deletes once the
 * caller (a conversion, an archive) is done with it.
 */
export async function localCopy(db: Query, file: StoredFile): Promise<{ path: string; release(): void }> {
  if (!file.path.startsWith(IN_STORE)) return { path: file.path, release: () => undefined };
  const r = await db.get<{ bytes: Buffer }>('SELECT bytes FROM documents WHERE sha256 = ?', file.sha256);
  if (!r) throw new Error(`${file.fileName}: the stored document ${file.sha256.slice(0, 12)}… is missing from the store`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-doc-'));
  const target = path.join(dir, file.sha256);
  fs.writeFileSync(target, r.bytes, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return { path: target, release: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export async function fileById(db: Query, id: number): Promise<StoredFile | null> {
  const r = await db.get('SELECT id, app_id, file_name, sha256, size, path FROM files WHERE id = ?', id) as
    { id: number; app_id: number; file_name: string; sha256: string; size: number; path: string } | undefined;
  return r ? { id: r.id, appId: r.app_id, fileName: r.file_name, sha256: r.sha256, size: r.size, path: r.path } : null;
}

export async function filesOfApp(db: Query, appId: number): Promise<StoredFile[]> {
  return (await db.all('SELECT id, app_id, file_name, sha256, size, path FROM files WHERE app_id = ? ORDER BY id', appId) as
    { id: number; app_id: number; file_name: string; sha256: string; size: number; path: string }[])
    .map((r) => ({ id: r.id, appId: r.app_id, fileName: r.file_name, sha256: r.sha256, size: r.size, path: r.path }));
}

/** Identical uploads (same SHA-256, same application) since `since` (ms epoch). */
export async function countUploads(db: Query, appId: number, hash: string, since: number): Promise<number> {
  return (await db.get('SELECT COUNT(*) AS n FROM uploads WHERE app_id = ? AND sha256 = ? AND at > ?', appId, hash, since) as { n: number }).n;
}

export async function recordUpload(db: Query, appId: number, hash: string, at = Date.now()): Promise<void> {
  await db.run('INSERT INTO uploads (app_id, sha256, at) VALUES (?, ?, ?)', appId, hash, at);
}

/** How many documents the application holds. */
export async function countFiles(db: Query, appId: number): Promise<number> {
  return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM files WHERE app_id = ?', appId))?.n ?? 0;
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Db } from './db.js';
import { PRIVATE_FILE_MODE, privateDir } from './private.js';

export interface StoredFile { id: number; appId: number; fileName: string; sha256: string; size: number; path: string }

export function sha256(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/**
 * Keeps the original bytes under `<dataDir>/files/<sha256[0..2]>/<sha256>` (content-addressed,
 * written once through a temp file + rename) and records the upload.
 */
export function storeFile(db: Db, dataDir: string, appId: number, fileName: string, bytes: Uint8Array): StoredFile {
  const hash = sha256(bytes);
  const dir = path.join(dataDir, 'files', hash.slice(0, 2));
  const target = path.join(dir, hash);
  if (!fs.existsSync(target)) {
    privateDir(path.join(dataDir, 'files'));
    privateDir(dir);
    const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, bytes, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    fs.renameSync(tmp, target);
  }
  const info = sql(db, 'INSERT INTO files (app_id, file_name, sha256, size, path, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(appId, fileName, hash, bytes.byteLength, target, new Date().toISOString());
  return { id: Number(info.lastInsertRowid), appId, fileName, sha256: hash, size: bytes.byteLength, path: target };
}

export function fileById(db: Db, id: number): StoredFile | null {
  const r = sql(db, 'SELECT id, app_id, file_name, sha256, size, path FROM files WHERE id = ?').get(id) as
    { id: number; app_id: number; file_name: string; sha256: string; size: number; path: string } | undefined;
  return r ? { id: r.id, appId: r.app_id, fileName: r.file_name, sha256: r.sha256, size: r.size, path: r.path } : null;
}

export function filesOfApp(db: Db, appId: number): StoredFile[] {
  return (sql(db, 'SELECT id, app_id, file_name, sha256, size, path FROM files WHERE app_id = ? ORDER BY id').all(appId) as
    { id: number; app_id: number; file_name: string; sha256: string; size: number; path: string }[])
    .map((r) => ({ id: r.id, appId: r.app_id, fileName: r.file_name, sha256: r.sha256, size: r.size, path: r.path }));
}

/** Identical uploads (same SHA-256, same application) since `since` (ms epoch). */
export function countUploads(db: Db, appId: number, hash: string, since: number): number {
  return (sql(db, 'SELECT COUNT(*) AS n FROM uploads WHERE app_id = ? AND sha256 = ? AND at > ?').get(appId, hash, since) as { n: number }).n;
}

export function recordUpload(db: Db, appId: number, hash: string, at = Date.now()): void {
  sql(db, 'INSERT INTO uploads (app_id, sha256, at) VALUES (?, ?, ?)').run(appId, hash, at);
}

/**
 * Copies incoming files into the data folder's inbox, content-addressed by SHA-256
 * (`inbox/ab/abcdef…`), hashing while copying. Once staged, moving or deleting the original
 * changes nothing. The same content is stored once.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StagedFile {
  sha256: string;
  size: number;
  blobPath: string;
}

export const DEFAULT_MAX_FILE_BYTES = 200 * 1024 * 1024;

export class StagingError extends Error {}

export function blobPathFor(inboxDir: string, sha256: string): string {
  return path.join(inboxDir, sha256.slice(0, 2), sha256);
}

async function exists(p: string): Promise<boolean> {
  try { await access(p); return true; } catch { return false; }
}

/** Streams `source` into the inbox; rejects (and leaves nothing behind) past `maxBytes`. */
export async function stageStream(source: Readable, inboxDir: string, maxBytes = DEFAULT_MAX_FILE_BYTES): Promise<StagedFile> {
  await mkdir(path.join(inboxDir, 'tmp'), { recursive: true });
  const tmp = path.join(inboxDir, 'tmp', `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > maxBytes) return cb(new StagingError(`file is larger than the limit of ${maxBytes} bytes`));
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(tmp));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const sha256 = hash.digest('hex');
  const blobPath = blobPathFor(inboxDir, sha256);
  if (await exists(blobPath)) {
    await rm(tmp, { force: true });
  } else {
    await mkdir(path.dirname(blobPath), { recursive: true });
    await rename(tmp, blobPath);
  }
  return { sha256, size, blobPath };
}

export async function stagePath(file: string, inboxDir: string, maxBytes = DEFAULT_MAX_FILE_BYTES): Promise<StagedFile> {
  const st = await stat(file).catch(() => null);
  if (!st) throw new StagingError(`no such file: ${file}`);
  if (!st.isFile()) throw new StagingError(`not a regular file: ${file}`);
  if (st.size > maxBytes) throw new StagingError(`${path.basename(file)} is ${st.size} bytes, over the limit of ${maxBytes}`);
  if (st.size === 0) throw new StagingError(`${path.basename(file)} is empty`);
  return stageStream(createReadStream(file), inboxDir, maxBytes);
}

export async function stageBytes(bytes: Buffer, inboxDir: string, maxBytes = DEFAULT_MAX_FILE_BYTES): Promise<StagedFile> {
  if (bytes.length === 0) throw new StagingError('file is empty');
  if (bytes.length > maxBytes) throw new StagingError(`file is ${bytes.length} bytes, over the limit of ${maxBytes}`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const blobPath = blobPathFor(inboxDir, sha256);
  if (!(await exists(blobPath))) {
    await mkdir(path.join(inboxDir, 'tmp'), { recursive: true });
    const tmp = path.join(inboxDir, 'tmp', `${randomUUID()}.part`);
    await writeFile(tmp, bytes);
    await mkdir(path.dirname(blobPath), { recursive: true });
    await rename(tmp, blobPath);
  }
  return { sha256, size: bytes.length, blobPath };
}

/** A file name safe to show and send: the base name, no control characters, at most 255 chars. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return cleaned || 'file';
}

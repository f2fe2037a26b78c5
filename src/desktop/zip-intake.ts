/**
 * Expands a dropped zip into the inbox, safely: entries with absolute paths or `..` segments
 * are refused, symlinks and directories skipped, and the sizes are capped by the bytes actually
 * inflated (not the sizes the archive claims), per entry and in total, plus an entry count cap.
 */
import yauzl from 'yauzl';
import path from 'node:path';
import { Transform } from 'node:stream';
import { stageStream, StagingError, type StagedFile } from './staging.js';

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 2_000, maxEntryBytes: 200 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 };

export interface ZipEntryStaged extends StagedFile {
  name: string;
}

export interface ZipSkip {
  name: string;
  reason: string;
}

/** Why an entry name is unsafe, or null when it is fine. */
export function unsafeEntryReason(name: string): string | null {
  if (name.includes('\0')) return 'name contains NUL';
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || /^[a-zA-Z]:/.test(n)) return 'absolute path';
  if (n.split('/').some((seg) => seg === '..')) return 'path traversal (..)';
  return null;
}

function isIgnorable(name: string): boolean {
  const n = name.replace(/\\/g, '/');
  return n.startsWith('__MACOSX/') || path.posix.basename(n).startsWith('.') || n.endsWith('/');
}

export async function expandZip(zipPath: string, inboxDir: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<{ staged: ZipEntryStaged[]; skipped: ZipSkip[] }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (err, z) => (err ? reject(new StagingError(`not a readable zip: ${err.message}`)) : resolve(z!))));
  const staged: ZipEntryStaged[] = [];
  const skipped: ZipSkip[] = [];
  let total = 0;
  let count = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          // Names are decoded here (not by yauzl) so one unsafe name skips that entry, not the whole zip.
          const raw = entry.fileName as unknown as Buffer;
          const name = Buffer.isBuffer(raw) ? raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1') : String(raw);
          if (isIgnorable(name)) return;
          const unsafe = unsafeEntryReason(name);
          if (unsafe) { skipped.push({ name, reason: unsafe }); return; }
          const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
          if (mode === 0o120000) { skipped.push({ name, reason: 'symbolic link' }); return; }
          if (++count > limits.maxEntries) throw new StagingError(`zip has more than ${limits.maxEntries} files`);
          if (entry.uncompressedSize > limits.maxEntryBytes) { skipped.push({ name, reason: `larger than ${limits.maxEntryBytes} bytes` }); return; }
          const stream = await new Promise<NodeJS.ReadableStream>((res, rej) => zip.openReadStream(entry, (e, s) => (e ? rej(e) : res(s!))));
          const cap = new Transform({
            transform(chunk: Buffer, _e, cb) {
              total += chunk.length;
              if (total > limits.maxTotalBytes) return cb(new StagingError(`zip expands to more than ${limits.maxTotalBytes} bytes`));
              cb(null, chunk);
            },
          });
          (stream as NodeJS.ReadableStream).pipe(cap);
          (stream as NodeJS.ReadableStream & { on(e: 'error', f: (e: Error) => void): void }).on('error', (e) => cap.destroy(e));
          try {
            const file = await stageStream(cap, inboxDir, limits.maxEntryBytes);
            if (file.size === 0) skipped.push({ name, reason: 'empty' });
            else staged.push({ ...file, name: path.posix.basename(name.replace(/\\/g, '/')) });
          } catch (err) {
            if (err instanceof StagingError && /larger than the limit/.test(err.message)) skipped.push({ name, reason: `larger than ${limits.maxEntryBytes} bytes` });
            else throw err;
          }
        })().then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return { staged, skipped };
}

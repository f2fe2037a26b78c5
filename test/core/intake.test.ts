/**
 * Staging into the content-addressed inbox, safe zip expansion (traversal, symlinks, size and
 * count caps measured on the inflated bytes) and watched-folder routing, on real files.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { createWriteStream } from 'node:fs';
import { stageBytes, stagePath, cleanFileName } from '../../src/desktop/staging.js';
import { expandZip, unsafeEntryReason } from '../../src/desktop/zip-intake.js';
import { appnumberForWatchedFile } from '../../src/desktop/watch-folders.js';
import { tempDir } from './tmp.js';

const tmp = tempDir('ld-intake-');
afterAll(() => tmp.cleanup());
const inbox = path.join(tmp.dir, 'inbox');
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** Writes a zip; `rename` patches entry names afterwards (same length) to make names yazl itself refuses to write. */
async function makeZip(file: string, entries: { name: string; data: Buffer | string; symlink?: boolean }[], rename: [string, string][] = []): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.from(e.data), e.name, e.symlink ? { mode: 0o120777 } : {});
  zip.end();
  await new Promise<void>((resolve, reject) => zip.outputStream.pipe(createWriteStream(file)).on('close', () => resolve()).on('error', reject));
  let bytes = readFileSync(file);
  for (const [from, to] of rename) {
    const a = Buffer.from(from);
    const b = Buffer.from(to);
    for (let i = bytes.indexOf(a); i >= 0; i = bytes.indexOf(a, i + 1)) b.copy(bytes, i);
  }
  writeFileSync(file, bytes);
  bytes = Buffer.alloc(0);
}

describe('staging', () => {
  it('copies into inbox/<sha[0:2]>/<sha>, hashing while copying; the original can move away', async () => {
    const src = path.join(tmp.dir, 'a.pdf');
    writeFileSync(src, '%PDF-1.7 hello');
    const staged = await stagePath(src, inbox);
    expect(staged.sha256).toBe(sha('%PDF-1.7 hello'));
    expect(staged.size).toBe(14);
    expect(staged.blobPath).toBe(path.join(inbox, staged.sha256.slice(0, 2), staged.sha256));
    rmSync(src);
    expect(readFileSync(staged.blobPath, 'utf8')).toBe('%PDF-1.7 hello');
    const again = await stageBytes(Buffer.from('%PDF-1.7 hello'), inbox);
    expect(again.blobPath).toBe(staged.blobPath);
  });

  it('refuses missing, empty, folder and oversized inputs with the reason', async () => {
    await expect(stagePath(path.join(tmp.dir, 'nope.pdf'), inbox)).rejects.toThrow(/no such file: .*nope\.pdf/);
    writeFileSync(path.join(tmp.dir, 'empty.pdf'), '');
    await expect(stagePath(path.join(tmp.dir, 'empty.pdf'), inbox)).rejects.toThrow('empty.pdf is empty');
    await expect(stagePath(tmp.dir, inbox)).rejects.toThrow(/not a regular file/);
    writeFileSync(path.join(tmp.dir, 'big.pdf'), Buffer.alloc(2048, 1));
    await expect(stagePath(path.join(tmp.dir, 'big.pdf'), inbox, 1024)).rejects.toThrow('big.pdf is 2048 bytes, over the limit of 1024');
  });

  it('file names are reduced to a clean base name', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\x\\stmt\u0007.pdf')).toBe('stmt.pdf');
    expect(cleanFileName('')).toBe('file');
  });
});

describe('zip intake', () => {
  it('stages the entries, skips traversal, absolute paths, symlinks and Mac metadata', async () => {
    const z = path.join(tmp.dir, 'batch.zip');
    await makeZip(z, [
      { name: 'jan.json', data: '{"a":1}' },
      { name: 'sub/feb.pdf', data: '%PDF feb' },
      { name: 'QQ/QQ/evil.pdf', data: 'evil' },
      { name: 'Qabs.pdf', data: 'abs' },
      { name: 'link.pdf', data: '/etc/passwd', symlink: true },
      { name: '__MACOSX/._jan.json', data: 'meta' },
    ], [['QQ/QQ/evil.pdf', '../../evil.pdf'], ['Qabs.pdf', '/abs.pdf']]);
    const { staged, skipped } = await expandZip(z, inbox);
    expect(staged.map((s) => s.name)).toEqual(['jan.json', 'feb.pdf']);
    expect(staged[1]!.sha256).toBe(sha('%PDF feb'));
    expect(skipped.map((s) => s.reason).sort()).toEqual(['absolute path', 'path traversal (..)', 'symbolic link'].sort());
    expect(existsSync(path.join(tmp.dir, 'evil.pdf'))).toBe(false);
    expect(unsafeEntryReason('a\\..\\..\\b')).toBe('path traversal (..)');
  });

  it('caps what the entries inflate to, and the entry count', async () => {
    const z = path.join(tmp.dir, 'bomb.zip');
    await makeZip(z, [{ name: 'a.pdf', data: Buffer.alloc(200_000, 0) }, { name: 'b.pdf', data: Buffer.alloc(200_000, 1) }]);
    await expect(expandZip(z, inbox, { maxEntries: 10, maxEntryBytes: 1_000_000, maxTotalBytes: 300_000 })).rejects.toThrow('zip expands to more than 300000 bytes');
    const r = await expandZip(z, inbox, { maxEntries: 10, maxEntryBytes: 100_000, maxTotalBytes: 10_000_000 });
    expect(r.staged).toHaveLength(0);
    expect(r.skipped.map((s) => s.reason)).toEqual(['larger than 100000 bytes', 'larger than 100000 bytes']);
    await expect(expandZip(z, inbox, { maxEntries: 1, maxEntryBytes: 1_000_000, maxTotalBytes: 10_000_000 })).rejects.toThrow('zip has more than 1 files');
    writeFileSync(path.join(tmp.dir, 'notzip.zip'), 'hello');
    await expect(expandZip(path.join(tmp.dir, 'notzip.zip'), inbox)).rejects.toThrow(/not a readable zip/);
  });
});

describe('watched folder routing', () => {
  const root = path.join(tmp.dir, 'watched');
  mkdirSync(root, { recursive: true });
  it('per-application: the subfolder name is the appnumber; loose files, dotfiles and partial downloads are ignored', () => {
    const f = { id: 'w', path: root, mode: 'per-application' as const, appnumber: null };
    expect(appnumberForWatchedFile(f, path.join(root, 'APP-77', 'jan.pdf'))).toBe('APP-77');
    expect(appnumberForWatchedFile(f, path.join(root, 'loose.pdf'))).toBeNull();
    expect(appnumberForWatchedFile(f, path.join(root, 'APP-77', '.DS_Store'))).toBeNull();
    expect(appnumberForWatchedFile(f, path.join(root, 'APP-77', 'feb.pdf.crdownload'))).toBeNull();
    expect(appnumberForWatchedFile(f, path.join(root, 'APP-77', 'deep', 'x.pdf'))).toBeNull();
    expect(appnumberForWatchedFile(f, path.join(tmp.dir, 'elsewhere.pdf'))).toBeNull();
  });
  it('application mode: every file goes to the chosen application', () => {
    const f = { id: 'w', path: root, mode: 'application' as const, appnumber: 'FIXED' };
    expect(appnumberForWatchedFile(f, path.join(root, 'x.pdf'))).toBe('FIXED');
  });
});

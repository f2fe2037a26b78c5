import fs from 'node:fs';

/**
 * The data folder holds statements, the database and the link-signing key: only the user the
 * service runs as may read it. Folders are made (and kept) 0700, files 0600. On Windows modes
 * mean little; the folder's ACL (the user's profile by default) protects it there.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder if needed and makes it 0700 (also when it already existed, more open). */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/** Makes an existing file 0600 (missing files are fine: SQLite's -wal/-shm come and go). */
export function privateFile(file: string): void {
  tighten(file, PRIVATE_FILE_MODE);
}

function tighten(p: string, mode: number): void {
  if (process.platform === 'win32') return;
  try {
    const st = fs.statSync(p);
    if ((st.mode & 0o777) !== mode) fs.chmodSync(p, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

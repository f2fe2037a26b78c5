/**
 * Vitest global setup: one temporary directory for the whole run, removed at its end.
 *
 * Tests make data dirs, config files, databases, renderer builds and exports under os.tmpdir();
 * many of them leave those behind when a test fails or a process is killed. Pointing TMPDIR at a
 * directory of this run (inherited by the forked test workers and every process they start)
 * keeps the machine's /tmp clean, whatever the tests do, and keeps two runs apart. The name is
 * short: PostgreSQL's socket path under it must stay within the 107 bytes a socket name allows.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function runTmpDir(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ld-test-'));
  // Traversable by other users (not listable): the PostgreSQL tests run initdb as the postgres
  // user in a directory of their own under it; every directory made under it is private itself.
  chmodSync(dir, 0o711);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}

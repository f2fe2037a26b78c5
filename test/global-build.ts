/**
 * Vitest global setup: compiles build/ from the current sources before any test runs, so the
 * tests that start the real `ledgerdrop` command (bin/ledgerdrop.mjs runs build/) exercise the
 * code under test, never a stale build.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function buildOnce(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const r = spawnSync(process.execPath, [path.join(root, 'bin/build.mjs')], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed before the tests (exit ${r.status}):\n${r.stderr}`);
}

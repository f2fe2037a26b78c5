// What the build reads from src/ and when it last changed; shared by bin/build.mjs and the
// freshness check of bin/ledgerdrop.mjs (kept free of esbuild so that check costs ~1 ms).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const src = path.join(root, 'src');
/** Top-level source folders that only Electron or the browser load (electron-vite builds them). */
export const NOT_FOR_NODE = new Set(['renderer', 'preload']);

function walk(dir, visit) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (dir === src && e.isDirectory() && NOT_FOR_NODE.has(e.name)) continue;
    const p = path.join(dir, e.name);
    visit(p);
    if (e.isDirectory()) walk(p, visit);
  }
}

/** Newest modification time (ms) under src/ that the build reads; folders count (a file removed). */
export function newestSource() {
  let newest = statSync(src).mtimeMs;
  walk(src, (p) => { newest = Math.max(newest, statSync(p).mtimeMs); });
  return newest;
}

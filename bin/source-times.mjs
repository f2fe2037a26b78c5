// What the build reads from src/ and when it last changed; shared by bin/build.mjs and the
// freshness check of bin/ledgerdrop.mjs, which runs at every start: kept free of esbuild, and
// the walk joins paths by hand (path.join's normalising of ~500 paths was most of its cost).
// Builtins through process.getBuiltinModule (Node >= 20.16), not `import`: an ES import of
// node:fs builds its ES facade by reading every export, and the lazy ones (fs.promises,
// ReadStream) load fs/promises and Node's whole stream library at every start of the command.
const { readdirSync, statSync } = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');
const { fileURLToPath } = process.getBuiltinModule('node:url');

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const src = path.join(root, 'src');
/** Top-level source folders that only Electron or the browser load (electron-vite builds them). */
export const NOT_FOR_NODE = new Set(['renderer', 'preload']);

/** Folders deeper than this are not walked (a symlink loop, not a source tree). */
const MAX_DEPTH = 32;

/**
 * Newest modification time (ms) under `dir` (src/ by default) that the build reads; folders
 * count (a file removed), the top-level folders of NOT_FOR_NODE do not.
 */
export function newestSource(dir = src) {
  let newest = statSync(dir).mtimeMs;
  const walk = (d, depth) => {
    if (depth > MAX_DEPTH) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (depth === 0 && e.isDirectory() && NOT_FOR_NODE.has(e.name)) continue;
      const p = `${d}${path.sep}${e.name}`;
      const t = statSync(p).mtimeMs;
      if (t > newest) newest = t;
      if (e.isDirectory()) walk(p, depth + 1);
    }
  };
  walk(dir, 0);
  return newest;
}

/**
 * Whether any of `files` (paths under src/, as the build recorded the ones it read) changed
 * after `since` (ms) or is gone: the freshness check of one command, whose bundle was made from
 * exactly those files (a file nothing imports cannot change a bundle; a new import changes its
 * importer). Half the stats of the whole walk for `ledgerdrop convert`.
 */
export function changedSince(files, since) {
  for (const f of files) {
    const st = statSync(`${src}${path.sep}${f}`, { throwIfNoEntry: false });
    if (!st || st.mtimeMs > since) return true;
  }
  return false;
}

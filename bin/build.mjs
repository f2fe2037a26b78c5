#!/usr/bin/env node
// `npm run build` (also run by `npm ci` through "prepare"): compiles the TypeScript that runs on
// plain Node into build/ — the CLI (cli.js), `npm run web` (web.js), the embedded engine's
// process (engine-entry.js) and the conversion pool's worker entry (convert-worker.js, with
// worker-loader.cjs beside it) — so no TypeScript compiler runs when the program starts; tsx
// remains for development (tests, bench, corpus). Our modules and zod (~100 small ES modules)
// are bundled, split into shared chunks so each command loads only what it uses; the other
// packages stay in node_modules. All files go flat into build/, so a chunk finds the worker
// entries beside itself (src/service/worker/pool.ts, src/desktop/engine-supervisor.ts).
// The convert path is built a second time as CommonJS bundles (CACHED_ENTRIES below), which
// `ledgerdrop convert` runs with a V8 code cache kept in build/.code-cache/.
// The desktop shell and the renderer are built by electron-vite (`npm start`), not here.
// Writes build/.stamp last: bin/ledgerdrop.mjs compares it with the sources' times.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestSource, root, src } from './source-times.mjs';

const out = path.join(root, 'build');
export const ENTRIES = {
  cli: 'cli/index.ts',
  web: 'cli/web.ts',
  'engine-entry': 'desktop/engine-entry.ts',
  'convert-worker': 'service/worker/convert-worker.ts',
};
/** Packages bundled in: many small ES modules, whose one-by-one loading cost start-up time. */
const BUNDLED_PACKAGES = new Set(['zod']);
/** Plain JavaScript the build needs beside its modules. */
const COPY = {
  'worker-loader.cjs': 'service/worker/worker-loader.cjs', 'code-cache.cjs': 'service/worker/code-cache.cjs',
  // The OCR engines' thread script (src/engine/ocr/tesseract.ts finds it beside its chunk).
  'engine-worker.cjs': 'engine/ocr/engine-worker.cjs',
};
/**
 * The convert path again, each entry as one CommonJS file: bin/ledgerdrop.mjs runs
 * `ledgerdrop convert` from convert-cli.cjs, and that command's conversion threads run
 * convert-only-worker.cjs, both through code-cache.cjs, which keeps V8's compiled code between
 * runs (Node 20 has no such cache for ES modules). The other commands, the service and the
 * desktop engine run the ES modules above. zod stays external here (its CommonJS build,
 * required only when an option value needs checking), so the file read at every start is smaller.
 */
export const CACHED_ENTRIES = {
  'convert-cli': 'cli/convert-entry.ts',
  'convert-only-worker': 'service/worker/convert-only-worker.ts',
};

export async function buildAll({ quiet = false } = {}) {
  const started = performance.now();
  const sourcesAt = newestSource();
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]
    .filter((d) => !BUNDLED_PACKAGES.has(d))
    .flatMap((d) => [d, `${d}/*`]);
  // Built beside, then swapped in, so a command starting meanwhile never sees half a build.
  const next = `${out}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(src, file)])),
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external,
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  const cjs = await build({
    entryPoints: Object.fromEntries(Object.entries(CACHED_ENTRIES).map(([name, file]) => [name, path.join(src, file)])),
    outdir: next,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.19',
    external: [...external, 'zod', 'zod/*'],
    // import() of a package becomes require(): code run through vm.Script from a code cache has
    // no dynamic-import callback on Node 20 ("A dynamic import callback was not specified"), and
    // vm's main-context loader is experimental (a warning on stderr). Every package the convert
    // path import()s is CommonJS, so require() gives the very module import() gives.
    supported: { 'dynamic-import': false },
    // CommonJS has no import.meta: the bundle's own file URL stands in (createRequire and the
    // worker files beside it resolve from build/ as in the ES modules).
    define: { 'import.meta.url': '__ledgerdrop_module_url' },
    banner: { js: 'var __ledgerdrop_module_url = require("node:url").pathToFileURL(__filename).href;' },
    metafile: true,
    logLevel: 'warning',
  });
  // Each bundle's SHA-256, made here once: code-cache.cjs keys its cache with it instead of
  // hashing ~1 MB at every start.
  const hashes = {};
  for (const f of Object.keys(cjs.metafile.outputs)) {
    const code = readFileSync(f);
    // See `supported` above: an import() left in a bundle would fail once its cache is used.
    if (/\bimport\(/.test(code.toString('utf8'))) throw new Error(`${f}: import() in a code-cached bundle (it fails when run from the cache on Node 20)`);
    hashes[path.basename(f)] = createHash('sha256').update(code).digest('hex');
  }
  writeFileSync(path.join(next, 'code-cache.json'), JSON.stringify(hashes));
  for (const [to, from] of Object.entries(COPY)) copyFileSync(path.join(src, from), path.join(next, to));
  // The source files each command's code was made from, for bin/built.mjs's freshness check.
  const fromSrc = (metafile) => Object.keys(metafile.inputs).map((f) => path.relative(src, path.resolve(f))).filter((f) => !f.startsWith('..'));
  const copied = Object.values(COPY);
  const convert = [...new Set([...fromSrc(cjs.metafile), 'service/worker/code-cache.cjs', 'engine/ocr/engine-worker.cjs'])].sort();
  const all = [...new Set([...fromSrc(result.metafile), ...fromSrc(cjs.metafile), ...copied])].sort();
  const modules = fromSrc(result.metafile).length;
  writeFileSync(path.join(next, '.stamp'), JSON.stringify({ sourcesAt, modules, inputs: { all, convert } }));
  const old = `${out}.old-${process.pid}`;
  if (existsSync(out)) renameSync(out, old);
  renameSync(next, out);
  rmSync(old, { recursive: true, force: true });
  if (!quiet) console.log(`build: ${modules} source modules → ${path.relative(process.cwd(), out) || out}/ in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildAll();
}

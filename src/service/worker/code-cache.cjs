'use strict';
/**
 * Loads a CommonJS bundle of the build (bin/build.mjs: build/convert-cli.cjs for
 * `ledgerdrop convert`, build/convert-only-worker.cjs for its conversion threads) through
 * `vm.Script` with a V8 code cache, so a run does not parse and compile the engine again.
 * Node 20 keeps no compiled code between runs for ES modules (`module.enableCompileCache` is
 * Node >= 22.1); a cold `ledgerdrop convert` spent most of its time above bare node compiling
 * and first running the engine (docs/performance.md, "Start-up: a code cache").
 *
 * The cache file (`NAME.v8` in `.code-cache/` beside the bundle; where build/ cannot be written,
 * in the user's cache folder, `$XDG_CACHE_HOME/ledgerdrop/code-cache` or
 * `~/.cache/ledgerdrop/code-cache`; LEDGERDROP_CODE_CACHE_DIR names another) starts with a header
 * line naming what it was made from: Node's and V8's versions, the architecture and the bundle's
 * SHA-256 (made by the build, code-cache.json beside the bundle; hashed here when absent). V8
 * itself checks only the source's length and its own flags, so the hash is what keeps a cache
 * made from other code out. A cache is written when none was usable (missing, unreadable, made
 * from something else, or rejected by V8), after the code has run (`save`), so the functions
 * compiled lazily during the run are in it; written to a temporary file and renamed, and any
 * failure to read or write it is ignored: the bundle then runs compiled as usual.
 * LEDGERDROP_CODE_CACHE=0 turns the cache off (the bundle still runs); LEDGERDROP_DEBUG_STARTUP=1
 * prints one line per bundle on stderr saying what happened (tests, benchmarks).
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const FORMAT = 'ledgerdrop-code-cache 1';
const enabled = process.env.LEDGERDROP_CODE_CACHE !== '0';
const debug = process.env.LEDGERDROP_DEBUG_STARTUP === '1';

/** The bundle's SHA-256 as the build wrote it in code-cache.json, else hashed now (~12 ms for 1 MB). */
function hashOf(file, source) {
  try {
    const made = JSON.parse(fs.readFileSync(path.join(path.dirname(file), 'code-cache.json'), 'utf8'))[path.basename(file)];
    if (typeof made === 'string' && /^[0-9a-f]{64}$/.test(made)) return made;
  } catch { /* no manifest: hash it here */ }
  // node:crypto only here: loading it costs a start that has the build's hash ~5 ms.
  return require('node:crypto').createHash('sha256').update(source).digest('hex');
}

/** The header line a cache for this bundle must carry. */
function headerFor(file, source) {
  const hash = hashOf(file, source);
  return `${FORMAT} node=${process.version} v8=${process.versions.v8} arch=${process.arch} sha256=${hash}\n`;
}

/** Where the bundle's cache is kept (see above). */
function cacheDir(file) {
  if (process.env.LEDGERDROP_CODE_CACHE_DIR) return process.env.LEDGERDROP_CODE_CACHE_DIR;
  const here = path.dirname(file);
  try {
    fs.accessSync(here, fs.constants.W_OK);
    return path.join(here, '.code-cache');
  } catch {
    const base = process.env.XDG_CACHE_HOME || path.join(require('node:os').homedir(), '.cache');
    return path.join(base, 'ledgerdrop', 'code-cache');
  }
}

/** The cached data in `file` when its header is `header`; 'missing' or 'foreign' (made from other code, or damaged) when not. */
function readCache(file, header) {
  let bytes;
  try { bytes = fs.readFileSync(file); } catch { return 'missing'; }
  const head = Buffer.from(header, 'latin1');
  if (bytes.length <= head.length || !bytes.subarray(0, head.length).equals(head)) return 'foreign';
  return bytes.subarray(head.length);
}

/** Writes the cache whole or not at all: a temporary file renamed over the old one. Never throws. */
function writeCache(file, header, data) {
  const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(tmp, Buffer.concat([Buffer.from(header, 'latin1'), data]));
    fs.renameSync(tmp, file);
    return true;
  } catch {
    try { fs.rmSync(tmp, { force: true }); } catch { /* nothing to clean */ }
    return false;
  }
}

/**
 * Runs the CommonJS bundle `file` and returns `{ exports, save }`: `save()` writes the code
 * cache when this run could not use one (call it once the code has done its work; it never
 * throws). `cachedDataRejected` says whether V8 refused the cache it was given.
 */
function load(file) {
  const started = debug ? process.hrtime.bigint() : 0n;
  const source = fs.readFileSync(file, 'utf8');
  const cacheFile = path.join(cacheDir(file), `${path.basename(file)}.v8`);
  const header = enabled ? headerFor(file, source) : '';
  const read = enabled ? readCache(cacheFile, header) : 'off';
  const cached = typeof read === 'string' ? null : read;
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    ...(cached ? { cachedData: cached } : {}),
    // No importModuleDynamically: the bundles hold no import() (bin/build.mjs turns it into
    // require()); a function compiled from the cache would have no callback for one on Node 20.
  });
  const usedCache = cached !== null && script.cachedDataRejected === false;
  const mod = { exports: {}, id: file, filename: file, loaded: false };
  const requireHere = Module.createRequire(file);
  script.runInThisContext()(mod.exports, requireHere, mod, file, path.dirname(file));
  mod.loaded = true;
  // off, missing, foreign (another bundle's or damaged: replaced), rejected (by V8: replaced), used.
  const state = typeof read === 'string' ? read : usedCache ? 'used' : 'rejected';
  if (debug) {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    process._rawDebug(`ledgerdrop startup: ${path.basename(file)} code cache ${state} (cachedDataRejected ${cached === null ? 'n/a' : script.cachedDataRejected}) loaded in ${ms.toFixed(1)} ms`);
  }
  let saved = false;
  const save = () => {
    if (!enabled || usedCache || saved) return;
    saved = true;
    let data;
    try { data = script.createCachedData(); } catch { return; }
    const wrote = writeCache(cacheFile, header, data);
    if (debug) process._rawDebug(`ledgerdrop startup: ${path.basename(file)} code cache ${wrote ? 'written' : 'not written'} (${data.length} bytes)`);
  };
  return { exports: mod.exports, save, state };
}

module.exports = { load };

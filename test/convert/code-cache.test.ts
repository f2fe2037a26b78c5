/**
 * `ledgerdrop convert` runs from CommonJS bundles of the convert path with a V8 code cache
 * (bin/build.mjs → build/convert-cli.cjs and convert-only-worker.cjs, run through
 * build/code-cache.cjs). The built command (made fresh by the test run's global setup) is run
 * with its cache in a folder of this test's own (LEDGERDROP_CODE_CACHE_DIR) and
 * LEDGERDROP_DEBUG_STARTUP=1, which has each bundle say on stderr what became of its cache.
 * The cache must be written on a first run and used on the next, and a damaged or foreign cache
 * must be replaced without changing anything the command prints.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApplicationForm } from '../fixtures/generator/forms/render.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const run = promisify(execFile);
const SAMPLES = path.join(ROOT, 'assets/samples');
const ONE = path.join(SAMPLES, 'wellsfargo-dec-jan-cycle.pdf');
const FOUR = ['wellsfargo-dec-jan-cycle.pdf', 'chase-business-checking.pdf', 'bofa-two-months.pdf', 'pnc-mca-daily-debits.pdf'].map((f) => path.join(SAMPLES, f));

let dir = '';
beforeAll(async () => { dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-code-cache-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

interface Ran { code: number; stdout: string; stderr: string }

async function convert(args: string[], cacheDir: string, extraEnv: Record<string, string> = {}): Promise<Ran> {
  const env = { ...process.env, LEDGERDROP_CODE_CACHE_DIR: cacheDir, LEDGERDROP_DEBUG_STARTUP: '1', ...extraEnv };
  return run(process.execPath, [path.join(ROOT, 'bin/ledgerdrop.mjs'), 'convert', ...args], { cwd: ROOT, env, maxBuffer: 32 << 20 })
    .then((r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }), (e: Ran) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }));
}

/** The same command through the ES modules of the build (build/cli.js), as it ran before the bundles. */
async function convertEsm(args: string[]): Promise<string> {
  const script = `const { main } = await import(${JSON.stringify(path.join(ROOT, 'build/cli.js'))}); process.exitCode = await main(${JSON.stringify(['convert', ...args])});`;
  const r = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, maxBuffer: 32 << 20 });
  return r.stdout;
}

/** What the bundle `name` said of its cache (one line per thread that loaded it). */
function states(stderr: string, name: string): string[] {
  const re = new RegExp(`^ledgerdrop startup: ${name.replace('.', '\\.')} code cache (\\w+)`, 'gm');
  return [...stderr.matchAll(re)].map((m) => m[1]!);
}

describe('the code cache of ledgerdrop convert', () => {
  it('is written on the first run and used on the second, with the same output as the ES modules', async () => {
    const cache = path.join(dir, 'first');
    const first = await convert([ONE], cache);
    expect(first.code, first.stderr).toBe(0);
    expect(states(first.stderr, 'convert-cli.cjs')).toEqual(['missing', 'written']);
    expect(existsSync(path.join(cache, 'convert-cli.cjs.v8'))).toBe(true);

    const second = await convert([ONE], cache);
    expect(second.code, second.stderr).toBe(0);
    expect(states(second.stderr, 'convert-cli.cjs')).toEqual(['used']);
    expect(second.stderr).toMatch(/convert-cli\.cjs code cache used \(cachedDataRejected false\)/);
    expect(second.stdout).toBe(first.stdout);
    expect(first.stdout).toBe(await convertEsm([ONE]));
  });

  it('replaces a damaged cache (not its header) and one V8 rejects (right header, wrong data); the output never changes', async () => {
    const cache = path.join(dir, 'damaged');
    const clean = await convert([ONE], cache);
    const file = path.join(cache, 'convert-cli.cjs.v8');

    writeFileSync(file, 'not a code cache\n');
    const foreign = await convert([ONE], cache);
    expect(foreign.code, foreign.stderr).toBe(0);
    expect(states(foreign.stderr, 'convert-cli.cjs')).toEqual(['foreign', 'written']);
    expect(foreign.stdout).toBe(clean.stdout);

    // The header is the first line; the data after it is V8's. Garbage there is V8's to refuse.
    const bytes = readFileSync(file);
    const header = bytes.subarray(0, bytes.indexOf(10) + 1);
    writeFileSync(file, Buffer.concat([header, Buffer.alloc(4096, 0x5a)]));
    const rejected = await convert([ONE], cache);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(states(rejected.stderr, 'convert-cli.cjs')).toEqual(['rejected', 'written']);
    expect(rejected.stderr).toMatch(/cachedDataRejected true/);
    expect(rejected.stdout).toBe(clean.stdout);

    const after = await convert([ONE], cache);
    expect(states(after.stderr, 'convert-cli.cjs')).toEqual(['used']);
    expect(after.stdout).toBe(clean.stdout);
  });

  it('a cache from another bundle is not used: its header names another SHA-256', async () => {
    const cache = path.join(dir, 'other-bundle');
    await convert([ONE], cache);
    const file = path.join(cache, 'convert-cli.cjs.v8');
    const bytes = readFileSync(file);
    const nl = bytes.indexOf(10);
    const header = bytes.subarray(0, nl).toString('latin1').replace(/sha256=[0-9a-f]{64}/, `sha256=${'0'.repeat(64)}`);
    writeFileSync(file, Buffer.concat([Buffer.from(`${header}\n`, 'latin1'), bytes.subarray(nl + 1)]));
    const r = await convert([ONE], cache);
    expect(r.code, r.stderr).toBe(0);
    expect(states(r.stderr, 'convert-cli.cjs')).toEqual(['foreign', 'written']);
  });

  it('a cache folder that cannot be written costs nothing but the cache', async () => {
    const blocked = path.join(dir, 'a-file-not-a-folder');
    writeFileSync(blocked, '');
    const r = await convert([ONE], path.join(blocked, 'cache'));
    expect(r.code, r.stderr).toBe(0);
    expect(states(r.stderr, 'convert-cli.cjs')).toEqual(['missing', 'not']);
    expect(r.stdout).toBe(await convertEsm([ONE]));
  });

  it('LEDGERDROP_CODE_CACHE=0 runs the bundle without reading or writing a cache', async () => {
    const cache = path.join(dir, 'off');
    const r = await convert([ONE], cache, { LEDGERDROP_CODE_CACHE: '0' });
    expect(r.code, r.stderr).toBe(0);
    expect(states(r.stderr, 'convert-cli.cjs')).toEqual(['off']);
    expect(existsSync(cache)).toBe(false);
  });

  it('a file whose reading loads a package on demand (pdf-lib for a fillable form) converts from the cache as without it', async () => {
    // Packages the engine loads as it needs them are import()ed in the sources; a function run
    // from V8's cache on Node 20 has no callback for import(), so the bundles require() them.
    const form = await renderApplicationForm(3, 'fillable');
    const file = path.join(dir, 'form.pdf');
    writeFileSync(file, form.bytes);
    const cache = path.join(dir, 'form');
    const args = ['--accounttype', 'autoDetect', file];
    const esm = await convertEsm(args).catch((e: { stdout: string }) => e.stdout);
    const first = await convert(args, cache);
    const second = await convert(args, cache);
    expect(states(second.stderr, 'convert-cli.cjs')).toEqual(['used']);
    expect(second.stderr).not.toMatch(/dynamic import|ExperimentalWarning/);
    expect(second.code).toBe(first.code);
    expect(second.stdout).toBe(esm);
    expect(first.stdout).toBe(esm);
  });

  it('the conversion threads write and then use a cache of their own; output as on one thread', async () => {
    const cache = path.join(dir, 'threads');
    const first = await convert(['--threads', '2', ...FOUR], cache);
    expect(first.code, first.stderr).toBe(0);
    expect(states(first.stderr, 'convert-only-worker.cjs')).toEqual(['missing', 'written']);
    const second = await convert(['--threads', '2', ...FOUR], cache);
    expect(states(second.stderr, 'convert-only-worker.cjs')).toEqual(['used']);
    expect(states(second.stderr, 'convert-cli.cjs')).toEqual(['used']);
    const one = await convert(['--threads', '1', ...FOUR], cache);
    expect(second.stdout).toBe(first.stdout);
    expect(one.stdout).toBe(first.stdout);
    expect(first.stdout).toBe(await convertEsm(['--threads', '2', ...FOUR]));
  });
});

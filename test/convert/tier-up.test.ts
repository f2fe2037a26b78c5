/**
 * `ledgerdrop convert` asks V8 to tier functions up to TurboFan later than its default
 * (bin/ledgerdrop.mjs: a short process whose cores the conversion threads already fill, where
 * TurboFan's background compiling was ~47 % of the CPU over many files). Seen through V8's own
 * `--trace-opt`: the same files, on one thread, mark far fewer functions for optimisation than
 * the ES modules of the build run with V8's defaults. Counts, not times.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const run = promisify(execFile);
const FILES = ['wellsfargo-dec-jan-cycle.pdf', 'chase-business-checking.pdf', 'bofa-two-months.pdf', 'pnc-mca-daily-debits.pdf'].map((f) => path.join(ROOT, 'assets/samples', f));
const ARGS = ['convert', '--threads', '1', ...FILES];

let dir = '';
beforeAll(async () => { dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-tier-up-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

/** Functions V8 marked for optimisation in one run (its trace goes to stdout, beside the JSON). */
const marked = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('[marking ')).length;

describe('V8 tier-up of ledgerdrop convert', () => {
  it('marks far fewer functions for TurboFan than V8\'s default does on the same files', async () => {
    // Its own cache folder: --trace-opt is a V8 flag, so the shared cache would not fit this run.
    const env = { ...process.env, LEDGERDROP_CODE_CACHE_DIR: path.join(dir, 'cache') };
    const late = await run(process.execPath, ['--trace-opt', path.join(ROOT, 'bin/ledgerdrop.mjs'), ...ARGS], { cwd: ROOT, env, maxBuffer: 64 << 20 });
    const script = `const { main } = await import(${JSON.stringify(path.join(ROOT, 'build/cli.js'))}); process.exitCode = await main(${JSON.stringify(ARGS)});`;
    const byDefault = await run(process.execPath, ['--trace-opt', '--input-type=module', '-e', script], { cwd: ROOT, maxBuffer: 64 << 20 });
    expect(marked(byDefault.stdout)).toBeGreaterThan(10);
    expect(marked(late.stdout) * 3).toBeLessThan(marked(byDefault.stdout));
  });
});

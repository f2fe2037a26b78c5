/**
 * bin/ledgerdrop.mjs refuses to run a build/ older than the sources it was made from (exit 5,
 * NOT_BUILT) — a check that runs at every start, so it is kept to one walk of stats. Played on
 * a copy of the launchers in a temporary tree: its own src/, build/.stamp and a stand-in cli.js.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const run = promisify(execFile);
let dir = '';
const T0 = new Date('2026-01-01T00:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);

async function start(): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [path.join(dir, 'bin', 'ledgerdrop.mjs'), 'convert', 'x.pdf'], { cwd: dir })
    .then((r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }), (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }));
}

/**
 * Every file and folder of the tree back to T0, the stamp at T0 + 10 s; with `inputs`, the
 * stamp lists the files each command's code was made from, as bin/build.mjs records them.
 */
function settle(inputs?: { all: string[]; convert: string[] }): void {
  for (const p of ['src/engine/pdf/deep.ts', 'src/engine/pdf', 'src/engine', 'src/renderer/view.tsx', 'src/renderer', 'src/top.ts', 'src/desktop/other.ts', 'src/desktop', 'src']) utimesSync(path.join(dir, p), T0, T0);
  writeFileSync(path.join(dir, 'build', '.stamp'), JSON.stringify({ sourcesAt: at(10).getTime(), modules: 3, ...(inputs ? { inputs } : {}) }));
}

async function startCommand(command: string): Promise<number> {
  return run(process.execPath, [path.join(dir, 'bin', 'ledgerdrop.mjs'), command], { cwd: dir }).then(() => 0, (e: { code: number }) => e.code);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-stale-'));
  mkdirSync(path.join(dir, 'bin'));
  for (const f of ['ledgerdrop.mjs', 'built.mjs', 'source-times.mjs']) copyFileSync(path.join(ROOT, 'bin', f), path.join(dir, 'bin', f));
  mkdirSync(path.join(dir, 'src', 'engine', 'pdf'), { recursive: true });
  mkdirSync(path.join(dir, 'src', 'renderer'));
  mkdirSync(path.join(dir, 'src', 'desktop'));
  writeFileSync(path.join(dir, 'src', 'desktop', 'other.ts'), '');
  mkdirSync(path.join(dir, 'build'));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(path.join(dir, 'src', 'top.ts'), '');
  writeFileSync(path.join(dir, 'src', 'engine', 'pdf', 'deep.ts'), '');
  writeFileSync(path.join(dir, 'src', 'renderer', 'view.tsx'), '');
  writeFileSync(path.join(dir, 'build', 'cli.js'), 'export async function main(args) { process.stdout.write("RAN " + args.join(" ")); return 0; }\n');
});
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

describe('the stale-build refusal', () => {
  it('runs a build made after the last change to src/', async () => {
    settle();
    const r = await start();
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('RAN convert x.pdf');
  });

  it('refuses when a file deep under src/ changed after the build', async () => {
    settle();
    utimesSync(path.join(dir, 'src/engine/pdf/deep.ts'), at(20), at(20));
    const r = await start();
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/src\/ changed since build\/ was made: run `npm run build`/);
  });

  it('refuses when a file was removed (its folder changed)', async () => {
    settle();
    utimesSync(path.join(dir, 'src/engine'), at(20), at(20));
    expect((await start()).code).toBe(5);
  });

  it('does not count the folders only Electron or the browser load (src/renderer)', async () => {
    settle();
    utimesSync(path.join(dir, 'src/renderer/view.tsx'), at(20), at(20));
    utimesSync(path.join(dir, 'src/renderer'), at(20), at(20));
    expect((await start()).code).toBe(0);
  });

  it('with the build\'s lists: convert is fresh by the files its bundle was made from, other commands by all', async () => {
    const inputs = { all: ['top.ts', 'engine/pdf/deep.ts', 'desktop/other.ts'], convert: ['top.ts', 'engine/pdf/deep.ts'] };
    settle(inputs);
    expect(await startCommand('convert')).toBe(0);
    // A file the convert bundle was not made from: convert runs, a command built from it does not.
    utimesSync(path.join(dir, 'src/desktop/other.ts'), at(20), at(20));
    expect(await startCommand('convert')).toBe(0);
    expect(await startCommand('serve')).toBe(5);
    // One of convert's files changed, or gone.
    settle(inputs);
    utimesSync(path.join(dir, 'src/engine/pdf/deep.ts'), at(20), at(20));
    expect(await startCommand('convert')).toBe(5);
    settle({ ...inputs, convert: [...inputs.convert, 'engine/removed.ts'] });
    expect(await startCommand('convert')).toBe(5);
  });

  it('refuses when there is no build at all', async () => {
    settle();
    rmSync(path.join(dir, 'build', '.stamp'));
    const r = await start();
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/the program is not built/);
  });
});

/**
 * `ledgerdrop serve` and `npm run web` (build/web.js, what bin/web.mjs runs) stop with every
 * process they started, on SIGTERM or SIGINT, and also when started through `sh -c` as npm and
 * npx do and that shell is the one signalled (it dies without passing the signal on).
 * Linux: children are found through /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'ledgerdrop-stop-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const started: number[] = [];
afterAll(() => { for (const pid of started) try { process.kill(pid, 'SIGKILL'); } catch { /* gone, as it should be */ } });

/** For a failure message: each pid with its state and command line. */
function describeAll(pids: number[]): string {
  return pids.map((p) => {
    try { return `${p} ${readFileSync(`/proc/${p}/stat`, 'utf8').split(' ')[2]} ${readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ')}`; } catch { return `${p} gone`; }
  }).join('; ');
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); } catch { return false; }
  // A zombie waiting for its parent counts as gone.
  try { return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); } catch { return false; }
}

/** Every descendant process of pid (not threads). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parentOf.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* exited meanwhile */ }
  }
  const out: number[] = [];
  const walk = (p: number) => { for (const [c, pp] of parentOf) if (pp === p) { out.push(c); walk(c); } };
  walk(pid);
  return out;
}

async function waitFor<T>(what: string, fn: () => T | undefined | false, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `sh -c 'node ARGS'` like npm does; resolves once the output shows `ready`. */
async function startThroughShell(args: string[], ready: RegExp, env: Record<string, string> = {}): Promise<{ sh: ChildProcess; output: () => string }> {
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const sh = spawn('sh', ['-c', `'${process.execPath}' ${quoted}`], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(sh.pid!);
  let out = '';
  sh.stdout!.on('data', (d) => { out += d; });
  sh.stderr!.on('data', (d) => { out += d; });
  await waitFor(`${args.join(' ')} to be ready (output so far: ${out})`, () => ready.test(out));
  return { sh, output: () => out };
}

describe('stopping the long-running commands', { timeout: 180_000 }, () => {
  it('ledgerdrop serve: SIGTERM to the shell npx runs it in stops the service', async () => {
    const { sh, output } = await startThroughShell([path.join(ROOT, 'bin/ledgerdrop.mjs'), 'serve', '--port', '0', '--data', path.join(tmp, 'serve')], /listening on http/);
    const tree = descendants(sh.pid!);
    expect(tree.length).toBeGreaterThan(0);
    started.push(...tree);
    sh.kill('SIGTERM');
    await waitFor('serve to exit', () => tree.every((p) => !alive(p)), 60_000).catch((err: Error) => {
      throw new Error(`${err.message}: ${describeAll(tree)}; output: ${output()}`);
    });
  });

  it('a command whose shell died before it asked to be told still stops (the shell killed right after "listening")', async () => {
    const { sh, output } = await startThroughShell([path.join(ROOT, 'bin/run-ts.mjs'), path.join(ROOT, 'test/fixtures/stop-after-orphaned.ts')], /ready/);
    const tree = descendants(sh.pid!);
    started.push(...tree);
    sh.kill('SIGTERM');
    await waitFor('the command to exit', () => tree.every((p) => !alive(p)), 30_000).catch((err: Error) => {
      throw new Error(`${err.message}: ${describeAll(tree)}; output: ${output()}`);
    });
    expect(output()).toContain('stopping (parent process gone)');
  });

  it('ledgerdrop serve: SIGINT to the service itself stops it', async () => {
    const { sh } = await startThroughShell([path.join(ROOT, 'bin/ledgerdrop.mjs'), 'serve', '--port', '0', '--data', path.join(tmp, 'serve2')], /listening on http/);
    const tree = descendants(sh.pid!);
    started.push(...tree);
    process.kill(tree[0]!, 'SIGINT');
    await waitFor('serve to exit', () => tree.every((p) => !alive(p)), 60_000);
  });

  for (const [signal, target] of [['SIGTERM', 'shell'], ['SIGINT', 'program']] as const) {
    it(`npm run web: ${signal} to the ${target} stops the server and the embedded engine's process`, async () => {
      // The process tree is under test, not the window: any page will do as the renderer.
      const renderer = path.join(tmp, `renderer-${signal}`);
      mkdirSync(renderer, { recursive: true });
      writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Ledgerdrop</title>');
      const { sh } = await startThroughShell([path.join(ROOT, 'build/web.js'), '--no-open', '--port', '0', '--data', path.join(tmp, `web-${signal}`)], /\?token=/, { LEDGERDROP_RENDERER_DIR: renderer });
      // The engine is a child process of the web process; wait until it runs.
      const tree = await waitFor('the engine process', () => { const t = descendants(sh.pid!); return t.length >= 2 ? t : undefined; });
      started.push(...tree);
      expect(existsSync(path.join(tmp, `web-${signal}`, 'core.sqlite'))).toBe(true);
      process.kill(target === 'shell' ? sh.pid! : tree[0]!, signal);
      await waitFor('web and engine to exit', () => tree.every((p) => !alive(p)), 60_000).catch((err: Error) => {
        throw new Error(`${err.message}: ${describeAll(tree)}`);
      });
    });
  }
});

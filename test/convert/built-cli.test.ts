/**
 * The `ledgerdrop` command runs compiled JavaScript: no TypeScript source and no tsx is loaded
 * when it starts or converts (bin/build.mjs made build/ from the current sources in the test
 * run's global setup).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const run = promisify(execFile);

// A loader hook that refuses any TypeScript file or tsx module, registered before the CLI starts.
const hook = 'export async function load(u, c, n) { if (/\\/tsx\\/|\\.tsx?$/.test(u)) throw new Error("loaded at run time: " + u); return n(u, c); }';
const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;

describe('the built ledgerdrop command', () => {
  it('converts a statement without loading TypeScript or tsx', async () => {
    const r = await run(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, path.join(ROOT, 'bin/ledgerdrop.mjs'), 'convert', path.join(ROOT, 'assets/samples/wellsfargo-dec-jan-cycle.pdf')], { cwd: ROOT, maxBuffer: 16 << 20 });
    const out = JSON.parse(r.stdout) as { file_status: { reconciled: boolean }[] };
    expect(out.file_status.length).toBeGreaterThan(0);
    expect(out.file_status.every((f) => f.reconciled)).toBe(true);
  });

  it('build/ imports only its own files, packages and node built-ins: nothing under src/, no .ts', () => {
    const dir = path.join(ROOT, 'build');
    const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['cli.js', 'web.js', 'engine-entry.js', 'convert-worker.js']));
    expect(readdirSync(dir)).toContain('worker-loader.cjs');
    // The OCR engines' thread script, beside the chunks that start the engines.
    expect(readdirSync(dir)).toContain('engine-worker.cjs');
    for (const f of files) {
      const code = readFileSync(path.join(dir, f), 'utf8');
      for (const m of code.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
        const spec = m[1]!;
        expect(spec, `${f} imports ${spec}`).not.toMatch(/(^|\/)src\/|\.tsx?$|^tsx(\/|$)/);
        if (spec.startsWith('.')) expect(files, `${f} imports ${spec}`).toContain(path.basename(spec));
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { conversionWorkerFile, conversionWorkerLoader } from '../../../src/service/worker/pool.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const here = (f: string) => path.join(ROOT, 'test/service/worker', f);

describe('how conversion worker threads start', () => {
  it('piscina is given a CommonJS file: require() returns the task function at once', () => {
    const loader = fileURLToPath(conversionWorkerLoader());
    expect(loader.endsWith('.cjs')).toBe(true);
    const handler = createRequire(import.meta.url)(loader) as unknown;
    expect(typeof handler).toBe('function');
    // Outside a pool thread there is no entry to load: the task says so instead of hanging.
    return expect((handler as (t: unknown) => Promise<unknown>)({})).rejects.toThrow(/workerData\.entry/);
  });

  it('the ES module entry (top-level await) is reached only through import(): no require(esm) of ours in any thread', () => {
    expect(conversionWorkerFile()).toMatch(/\/src\/service\/worker\/bootstrap\.mjs$/);
    const sample = path.join(ROOT, 'assets/samples/chase-business-checking.pdf');
    const r = spawnSync(process.execPath, ['--require', here('require-esm-guard.cjs'), path.join(ROOT, 'bin/run-ts.mjs'), here('pool-child.ts'), sample], {
      cwd: ROOT, encoding: 'utf8', timeout: 90_000,
    });
    expect(r.status, r.stderr).toBe(0);
    // The only ES modules loaded with require() are pdf.js's two files (no top-level await),
    // which the engine loads that way on purpose (src/engine/pdf/pdfjs.ts).
    const required = [...r.stderr.matchAll(/require\(esm\) in thread \d+: (.*)/g)].map((m) => m[1]!);
    expect(required.filter((f) => !/node_modules\/pdfjs-dist\/legacy\/build\/pdf(\.worker)?\.mjs$/.test(f))).toEqual([]);
    const results = JSON.parse(r.stdout.trim().split('\n').pop()!) as { ok: boolean; statements?: number; transactions?: number }[];
    expect(results).toHaveLength(2);
    for (const res of results) {
      expect(res.ok).toBe(true);
      expect(res.statements).toBeGreaterThan(0);
      expect(res.transactions).toBeGreaterThan(0);
    }
  });
});

/**
 * zod (~35 ms of CPU to load) is for validating what arrives over HTTP and from option values:
 * the engine and `ledgerdrop convert`'s own module graph, followed through static imports only
 * (type-only imports vanish at build; dynamic `import()` loads on the path that needs it), never
 * reach it. Read from the sources, as test/architecture/import-graph.test.ts reads rooms.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const STATIC = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec).replace(/\.js$/, '');
  for (const c of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (fs.existsSync(c)) return c;
  return null;
}

/** Every source file `entry` loads through static value imports, each with the chain that reached it. */
function staticGraph(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(STATIC)) {
      const spec = m[4] ?? m[5]!;
      if (m[2]) continue; // import type / export type
      const names = m[3] ?? '';
      // `import { type A, type B } from` brings no value either.
      if (/^\{[^}]*\}$/.test(names.trim()) && names.replace(/[{}]/g, '').split(',').every((n) => !n.trim() || /^type\s/.test(n.trim()))) continue;
      const chain = [...seen.get(file)!, spec];
      if (!spec.startsWith('.')) { if (!seen.has(spec)) seen.set(spec, chain); continue; }
      const to = resolve(file, spec);
      if (to && !seen.has(to)) { seen.set(to, [...seen.get(file)!, path.relative(ROOT, to)]); queue.push(to); }
    }
  }
  return seen;
}

describe('no zod where a conversion starts', () => {
  for (const entry of ['src/engine/index.ts', 'src/cli/convert.ts']) {
    it(`${entry} does not load zod through static imports`, () => {
      const graph = staticGraph(path.join(ROOT, entry));
      expect(graph.size).toBeGreaterThan(20);
      expect(graph.get('zod')?.join(' → ')).toBeUndefined();
    });
  }
});

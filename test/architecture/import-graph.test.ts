/**
 * The import graph of src/, read from the code: every file sits in a room, rooms import only the
 * rooms below them (docs/architecture.md), no file imports itself back through others, and the
 * pure rooms use no runtime of their own (the contract neither Node nor the DOM; the window and
 * its preload no Node). The per-room tsconfigs (tsconfig.rooms.json) make the same mistakes
 * compile errors; this test names them in one readable list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Room → the rooms it may import (besides itself). Lower rooms first. */
export const ROOMS: Record<string, readonly string[]> = {
  'src/contract': [],
  'src/engine': ['src/contract'],
  'src/scorecard': ['src/contract'],
  'src/service': ['src/contract', 'src/engine', 'src/scorecard'],
  // The desktop runs the service as its local engine and uses its export module; never the reverse.
  'src/desktop': ['src/contract', 'src/engine', 'src/scorecard', 'src/service'],
  'src/shell/electron': ['src/contract', 'src/desktop'],
  'src/shell/web': ['src/contract', 'src/desktop'],
  'src/preload': ['src/contract'],
  'src/renderer': ['src/contract'],
  // The command line is a front door like the shells: `ledgerdrop web` starts the web shell.
  'src/cli': ['src/contract', 'src/engine', 'src/scorecard', 'src/service', 'src/desktop', 'src/shell/web'],
};

/** Packages a room may not import: runtimes it must not depend on. */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = {
  'src/contract': /^(?!zod$)/,
  'src/renderer': /^(node:|electron$|better-sqlite3$|fastify)/,
  'src/preload': /^node:/,
};

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const roomOf = (rel: string): string | null =>
  Object.keys(ROOMS).filter((r) => rel.startsWith(`${r}/`)).sort((a, b) => b.length - a.length)[0] ?? null;

/** Resolves a relative specifier to a source file of the tree ('.js' names a '.ts'/'.tsx' source). */
function resolve(fromRel: string, spec: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec));
  const stem = base.replace(/\.(m?js)$/, '');
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}.ts`, `${base}/index.ts`]) {
    if (fs.existsSync(path.join(ROOT, c)) && fs.statSync(path.join(ROOT, c)).isFile()) return c;
  }
  return base;
}

interface Edge { from: string; to: string }
const IMPORT = /(?:^|[^\w.])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function readGraph(): { files: string[]; edges: Edge[]; packages: { from: string; spec: string }[] } {
  const files = walk(path.join(ROOT, 'src')).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
  const edges: Edge[] = [];
  const packages: { from: string; spec: string }[] = [];
  for (const from of files) {
    const text = fs.readFileSync(path.join(ROOT, from), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) edges.push({ from, to: resolve(from, spec) });
      else packages.push({ from, spec });
    }
  }
  return { files, edges, packages };
}

/** Strongly connected components of more than one file (Tarjan). */
function circles(files: string[], edges: Edge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  let index = 0;
  const idx = new Map<string, number>(), low = new Map<string, number>(), on = new Set<string>(), stack: string[] = [], out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!next.has(w)) continue;
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do { w = stack.pop()!; on.delete(w); comp.push(w); } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return out;
}

const graph = readGraph();

describe('import graph of src/', () => {
  it('reads the tree (the test would pass vacuously on an empty one)', () => {
    expect(graph.files.length).toBeGreaterThan(200);
    expect(graph.edges.length).toBeGreaterThan(500);
  });

  it('puts every source file in a room', () => {
    expect(graph.files.filter((f) => !roomOf(f))).toEqual([]);
  });

  it('imports only rooms below: no back-edge', () => {
    const wrong = graph.edges
      .map((e) => ({ ...e, a: roomOf(e.from), b: roomOf(e.to) }))
      .filter((e) => e.a && e.a !== e.b && !(e.b && ROOMS[e.a]!.includes(e.b)))
      .map((e) => `${e.from} -> ${e.to} (${e.a} may import ${ROOMS[e.a!]!.join(', ') || 'nothing'})`);
    expect(wrong).toEqual([]);
  });

  it('has no circle between files', () => {
    expect(circles(graph.files, graph.edges)).toEqual([]);
  });

  it('keeps the contract pure and the window off Node', () => {
    const wrong = graph.packages
      .map((p) => ({ ...p, room: roomOf(p.from) }))
      .filter((p) => p.room && FORBIDDEN_PACKAGES[p.room]?.test(p.spec))
      .map((p) => `${p.from} imports ${p.spec}`);
    expect(wrong).toEqual([]);
  });

  it('knows a back-edge when it sees one', () => {
    const fake: Edge[] = [{ from: 'src/engine/x.ts', to: 'src/service/y.ts' }];
    const a = roomOf(fake[0]!.from)!, b = roomOf(fake[0]!.to)!;
    expect(ROOMS[a]!.includes(b)).toBe(false);
    expect(circles(['a', 'b', 'c'], [{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }, { from: 'c', to: 'a' }])).toEqual([['a', 'b', 'c']]);
  });
});

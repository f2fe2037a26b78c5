/**
 * Two engines' steady-state CPU on the same documents, measured alternately in one process: the
 * only before/after that means anything on a machine other work loads (sequential runs of one
 * engine then the other differ by more than most changes). Each side is the engine bundled as the
 * program ships it (engine-bundle.ts) from a source tree: `base` (e.g. `git archive main` unpacked
 * beside a node_modules symlink) and `this` (default: this checkout).
 *   node bin/run-ts.mjs bench/paired-engines.ts BASE_ROOT [THIS_ROOT] [--passes N] [--generated]
 * After WARM passes of each engine over every document, PASSES rounds; a round is one pass of each
 * engine over every document, the order flipped every round (A B, B A, …) so drift in the
 * machine's load falls on both. Prints per round this/base CPU, and per document and per class
 * the median CPU of each side and their ratio, with pages per CPU second.
 * Real documents: the text PDFs bench -- real uses (real-files.ts corpusFiles); --generated adds
 * the generator's layouts.
 * `--first-use N`: instead, N rounds of whole processes (bench/first-use-child.mjs, plain node),
 * one per engine, the order flipped every round: each converts every document once and then 3
 * times more (bench -- real's first use: the median of those 3), and once (`once`: what a
 * short `ledgerdrop convert` of that file pays on top of the ones before it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusFiles, generatedFiles, type BenchFile } from './real-files.js';
import { engineBundle, engineBundleFile, type EngineModule } from './engine-bundle.js';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const WARM = 3;

interface Doc { f: BenchFile; bytes: Uint8Array; pages: number }

async function pass(engine: EngineModule, docs: Doc[], into: number[][]): Promise<number> {
  const options = engine.defaultConversionOptions();
  let total = 0;
  for (const [j, d] of docs.entries()) {
    const c = cpuMs();
    await engine.convertDocument({ fileName: path.basename(d.f.file), bytes: d.bytes, options });
    const ms = cpuMs() - c;
    into[j]!.push(ms);
    total += ms;
  }
  return total;
}

async function main(args: string[]): Promise<void> {
  const flag = (name: string) => { const i = args.indexOf(name); if (i < 0) return undefined; const v = args[i + 1]; args.splice(i, 2); return v; };
  const passes = Number(flag('--passes') ?? 9);
  const firstUse = flag('--first-use');
  const withGenerated = args.includes('--generated');
  const roots = args.filter((a) => !a.startsWith('--'));
  if (!roots[0]) throw new Error('usage: paired-engines.ts BASE_ROOT [THIS_ROOT] [--passes N] [--generated]');
  const baseRoot = path.resolve(roots[0]), thisRoot = path.resolve(roots[1] ?? here);
  const dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-paired-'));
  try {
    const files = [...(corpusFiles(here) ?? []), ...(withGenerated ? await generatedFiles(dir) : [])];
    if (firstUse) { await firstUseRounds(Number(firstUse), baseRoot, thisRoot, files); return; }
    const base = await engineBundle(baseRoot), mine = await engineBundle(thisRoot);
    const docs: Doc[] = [];
    for (const f of files) {
      const bytes = new Uint8Array(await readFile(f.file));
      try {
        const d = await mine.convertDocument({ fileName: path.basename(f.file), bytes, options: mine.defaultConversionOptions() });
        docs.push({ f, bytes, pages: d.pdf?.pagecount ?? 0 });
      } catch { /* not a document this bench times */ }
    }
    const pages = docs.reduce((n, d) => n + d.pages, 0);
    console.log(`paired engines: base ${baseRoot}, this ${thisRoot}; ${docs.length} documents, ${pages} pages; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const scratch = docs.map(() => [] as number[]);
    for (let i = 0; i < WARM; i++) { await pass(base, docs, scratch); await pass(mine, docs, scratch); }
    const a = docs.map(() => [] as number[]), b = docs.map(() => [] as number[]);
    const ratios: number[] = [];
    for (let i = 0; i < passes; i++) {
      let ta: number, tb: number;
      if (i % 2 === 0) { ta = await pass(base, docs, a); tb = await pass(mine, docs, b); }
      else { tb = await pass(mine, docs, b); ta = await pass(base, docs, a); }
      ratios.push(tb / ta);
      console.log(`  round ${i + 1}: base ${ta.toFixed(0)} ms, this ${tb.toFixed(0)} ms, this/base ${(tb / ta).toFixed(3)}`);
    }
    console.log(`  per round this/base: median ${median(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}); load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const classes = new Map<string, { pages: number; a: number; b: number; docs: number }>();
    const all = { pages: 0, a: 0, b: 0, docs: 0 };
    for (const [j, d] of docs.entries()) {
      const ma = median(a[j]!), mb = median(b[j]!);
      console.log(`    ${d.f.name}: ${d.pages} pages, base ${ma.toFixed(1)} ms, this ${mb.toFixed(1)} ms, ${(mb / ma).toFixed(3)}`);
      const k = classes.get(d.f.klass) ?? { pages: 0, a: 0, b: 0, docs: 0 };
      k.pages += d.pages; k.a += ma; k.b += mb; k.docs++;
      classes.set(d.f.klass, k);
      all.pages += d.pages; all.a += ma; all.b += mb; all.docs++;
    }
    const rate = (p: number, ms: number) => (p / (ms / 1000)).toFixed(0);
    console.log('  per class (sum of per-document medians; pages per CPU second base → this; this/base):');
    for (const [k, v] of [...classes, ['all', all] as const]) {
      console.log(`    ${k}: ${v.docs} files, ${v.pages} pages, base ${v.a.toFixed(0)} ms → ${rate(v.pages, v.a)}, this ${v.b.toFixed(0)} ms → ${rate(v.pages, v.b)}; ${(v.b / v.a).toFixed(3)}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** --first-use: whole processes, alternating, each timing every document's first uses (see above). */
async function firstUseRounds(rounds: number, baseRoot: string, thisRoot: string, files: BenchFile[]): Promise<void> {
  const bundles = [
    await engineBundleFile(baseRoot, path.join(baseRoot, 'build.bench', `first-use-base-${process.pid}.mjs`)),
    await engineBundleFile(thisRoot, path.join(thisRoot, 'build.bench', `first-use-this-${process.pid}.mjs`)),
  ];
  const child = path.join(here, 'bench', 'first-use-child.mjs');
  const per: { once: number; first: number; pages: number }[][][] = [[], []];
  try {
    console.log(`first use, whole processes alternating: base ${baseRoot}, this ${thisRoot}; ${files.length} documents; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (let r = 0; r < rounds; r++) {
      const sums: number[][] = [];
      for (const side of r % 2 === 0 ? [0, 1] : [1, 0]) {
        const res = spawnSync(process.execPath, [child, bundles[side]!, ...files.map((f) => f.file)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        if (res.status !== 0) throw new Error(`first-use child failed: ${res.stderr}`);
        const docs = JSON.parse(res.stdout.trim().split('\n').pop()!) as { once: number; first: number; pages: number }[];
        per[side]!.push(docs);
        sums[side] = [docs.reduce((n, d) => n + d.first, 0), docs.reduce((n, d) => n + d.once, 0)];
      }
      console.log(`  round ${r + 1}: first use base ${sums[0]![0]!.toFixed(0)} ms, this ${sums[1]![0]!.toFixed(0)} ms (${(sums[1]![0]! / sums[0]![0]!).toFixed(3)}); once base ${sums[0]![1]!.toFixed(0)} ms, this ${sums[1]![1]!.toFixed(0)} ms (${(sums[1]![1]! / sums[0]![1]!).toFixed(3)})`);
    }
    const pages = per[1]![0]!.reduce((n, d) => n + d.pages, 0);
    const med = (side: number, k: 'once' | 'first') => files.map((_, j) => median(per[side]!.map((round) => round[j]![k])));
    for (const k of ['first', 'once'] as const) {
      const a = med(0, k).reduce((x, y) => x + y, 0), b = med(1, k).reduce((x, y) => x + y, 0);
      const rate = (ms: number) => (pages / (ms / 1000)).toFixed(0);
      console.log(`  ${k === 'first' ? 'first use (median of 3 after one)' : 'the first conversion of each document'}: sum of per-document medians over ${pages} pages, base ${a.toFixed(0)} ms → ${rate(a)}, this ${b.toFixed(0)} ms → ${rate(b)} pages/s/core: ${(b / a).toFixed(3)}; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    }
  } finally {
    for (const b of bundles) await rm(b, { force: true });
  }
}

main(process.argv.slice(2)).catch((err: unknown) => { console.error(err); process.exitCode = 2; });

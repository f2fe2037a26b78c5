/**
 * Real documents: every text PDF of ../shared/corpus (wild, hsbc-uk, chase-template) when that
 * folder exists, plus one generated statement per layout. Prints
 * - in-process conversion per document and per class: CPU ms (process.cpuUsage, all threads of
 *   this process) and pages per CPU second, at first use and in the steady state (inProcess);
 * - which text reader read each document (the fast reader, or pdf.js and why);
 * - the hot functions of those conversions (V8's sampling profiler, the same data as
 *   `node --cpu-prof`), top self time;
 * - whole-process: one `ledgerdrop convert` (the compiled build, rebuilt first) over all the files against `pdftotext -layout` (and
 *   pdfminer's `pdf2txt` when installed) over the same files, user+sys CPU and wall from
 *   /usr/bin/time, median of runs, with ratios;
 * - the conversion pool with the fraud signals (what an upload uses), built as the service runs
 *   it, with 1 worker thread and with one per core, over the same files: a first round with the
 *   threads starting, a second on the warm threads.
 * Figures only: the machine is shared, so CPU figures are the ones to compare; wall follows load.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { defaultConversionOptions } from '../src/contract/api/conversion-options.js';
import { corpusFiles, generatedFiles, type BenchFile } from './real-files.js';
import { hotFunctions } from './cpu-profile.js';
import { threadCpu } from './thread-cpu.js';
import { engineBundle, poolBundle, type EngineModule } from './engine-bundle.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const RUNS = 3;

interface Timed { cpu: number; wall: number; rssMb: number; status: number | null }

/** One whole process under /usr/bin/time: user+sys seconds, wall seconds, peak RSS. */
function timeProcess(argv: string[]): Timed | null {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', ...argv], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, cwd: root });
  const line = (r.stderr ?? '').split('\n').reverse().find((l) => l.startsWith('TIME '));
  if (!line) return null;
  const [, e, u, s, m] = line.split(' ').map(Number);
  return { wall: e! * 1000, cpu: (u! + s!) * 1000, rssMb: m! / 1024, status: r.status };
}

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

const STEADY_WARM = 3, STEADY_RUNS = 5;

/**
 * In-process conversion CPU per document, two ways, printed per document and per class:
 * - first use: the document converted once (warm-up), then the median of RUNS conversions,
 *   documents one after another, so each document's figure still carries V8 compiling and
 *   re-optimising what that document's paths first exercise (what one short command pays);
 * - steady state: after STEADY_WARM passes over all documents, the median of STEADY_RUNS further
 *   passes, per document (what a long-running service converting many statements pays).
 * The engine is the bundle the program runs (engine-bundle.ts), not tsx's compilation of it.
 * CPU is process.cpuUsage (every thread of the process); the steady passes also show how much of
 * it was the main thread (the engine itself) against V8's helpers (compilers, GC), from
 * /proc/self/task (bench/thread-cpu.ts).
 */
export async function inProcess(engine: EngineModule, files: BenchFile[], options = defaultConversionOptions()) {
  const { convertDocument } = engine;
  const loaded: { f: BenchFile; bytes: Uint8Array; pages: number; txns: number; first: number; steady: number }[] = [];
  console.log(`  in-process conversion, first use (CPU ms, median of ${RUNS} after one warm-up, document by document):`);
  for (const f of files) {
    const bytes = new Uint8Array(await readFile(f.file));
    let doc;
    try { doc = await convertDocument({ fileName: path.basename(f.file), bytes, options }); } catch (err) {
      console.log(`    ${f.name}: not converted (${(err as Error).message})`);
      continue;
    }
    const cpus: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c0 = cpuMs();
      await convertDocument({ fileName: path.basename(f.file), bytes, options });
      cpus.push(cpuMs() - c0);
    }
    const pages = doc.pdf?.pagecount ?? 0;
    const txns = doc.statements.reduce((n, s) => n + s.transactions.length, 0);
    loaded.push({ f, bytes, pages, txns, first: median(cpus), steady: 0 });
  }
  const perDoc: number[][] = loaded.map(() => []);
  for (let i = 0; i < STEADY_WARM; i++) for (const x of loaded) await convertDocument({ fileName: path.basename(x.f.file), bytes: x.bytes, options });
  const t0 = threadCpu(), c0 = cpuMs();
  for (let i = 0; i < STEADY_RUNS; i++) {
    for (const [j, x] of loaded.entries()) {
      const c = cpuMs();
      await convertDocument({ fileName: path.basename(x.f.file), bytes: x.bytes, options });
      perDoc[j]!.push(cpuMs() - c);
    }
  }
  const t1 = threadCpu(), steadyAll = cpuMs() - c0;
  for (const [j, x] of loaded.entries()) x.steady = median(perDoc[j]!);
  const rate = (pages: number, ms: number) => (pages / (ms / 1000)).toFixed(0);
  for (const x of loaded) console.log(`    ${x.f.name}: ${x.pages} pages, ${x.txns} transactions, first use ${x.first.toFixed(0)} ms → ${rate(x.pages, x.first)}, steady ${x.steady.toFixed(1)} ms → ${rate(x.pages, x.steady)} pages/s/core`);
  if (t0 && t1) {
    const main = t1.main - t0.main, others = t1.others - t0.others;
    console.log(`  steady passes: ${steadyAll.toFixed(0)} ms CPU over ${STEADY_RUNS} passes, main thread ${main.toFixed(0)} ms (${(100 * main / (main + others)).toFixed(0)} %), other threads (V8 compilers, GC helpers) ${others.toFixed(0)} ms`);
  }
  const perClass = new Map<string, { pages: number; first: number; steady: number; docs: number }>();
  for (const x of loaded) {
    const k = perClass.get(x.f.klass) ?? { pages: 0, first: 0, steady: 0, docs: 0 };
    k.pages += x.pages; k.first += x.first; k.steady += x.steady; k.docs++;
    perClass.set(x.f.klass, k);
  }
  console.log('  per class (pages per CPU second; first use / steady state; target ≥ 150):');
  const sum = { pages: 0, first: 0, steady: 0 }, real = { pages: 0, first: 0, steady: 0 };
  const line = (name: string, v: { pages: number; first: number; steady: number }, docs = '') =>
    console.log(`    ${name}: ${docs}${v.pages} pages, first use ${v.first.toFixed(0)} ms → ${rate(v.pages, v.first)}, steady ${v.steady.toFixed(0)} ms → ${rate(v.pages, v.steady)} pages/s/core`);
  for (const [k, v] of [...perClass].sort()) {
    line(k, v, `${v.docs} files, `);
    for (const t of k === 'generated' ? [sum] : [sum, real]) { t.pages += v.pages; t.first += v.first; t.steady += v.steady; }
  }
  if (real.pages) {
    line('all real documents', real);
    console.log(`    target ≥ 150 pages/s/core on real documents: first use ${rate(real.pages, real.first)}, steady state ${rate(real.pages, real.steady)}`);
  }
  line('everything', sum);
  return { loaded, allPages: sum.pages };
}

export async function run(): Promise<void> {
  console.log(`  load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${availableParallelism()} cores`);
  const dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-real-'));
  try {
    const corpus = corpusFiles(root);
    if (!corpus) console.log('  ../shared/corpus is not here: generated statements only');
    const files: BenchFile[] = [...(corpus ?? []), ...(await generatedFiles(dir))];
    const options = defaultConversionOptions();

    // In-process, per document: two measures (see inProcess).
    const engine = await engineBundle(root);
    const { convertDocument, extractPdf } = engine;
    const { loaded, allPages } = await inProcess(engine, files, options);

    // Which text reader read each document: the fast reader (src/engine/pdf/fast/) or pdf.js, and why.
    const why = new Map<string, string[]>();
    let fastDocs = 0, fastPages = 0;
    for (const x of loaded) {
      const r = (await extractPdf(x.bytes, path.basename(x.f.file))).reader;
      if (r?.name === 'fast') { fastDocs++; fastPages += x.pages; continue; }
      const reason = r?.name === 'pdfjs' ? r.reason : 'unknown';
      why.set(reason, [...(why.get(reason) ?? []), x.f.name]);
    }
    console.log(`  fast text reader: ${fastDocs} of ${loaded.length} documents (${fastPages} of ${allPages} pages); pdf.js read the others:`);
    for (const [reason, names] of why) console.log(`    ${reason}: ${names.join(', ')}`);

    // Hot functions of one in-process pass over the real documents (all when there are none).
    const profiled = loaded.filter((x) => x.f.klass !== 'generated').length ? loaded.filter((x) => x.f.klass !== 'generated') : loaded;
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    for (let i = 0; i < 2; i++) for (const x of profiled) await convertDocument({ fileName: path.basename(x.f.file), bytes: x.bytes, options });
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const profFile = path.join(dir, 'real.cpuprofile');
    writeFileSync(profFile, JSON.stringify(profile));
    const hot = hotFunctions(profFile, 20);
    console.log(`  hot functions (steady state, main thread, self time, 2 passes over ${profiled.length} files, ${hot.total.toFixed(0)} ms sampled):`);
    for (const h of hot.list) console.log(`    ${(h.share * 100).toFixed(1).padStart(5)} %  ${h.selfMs.toFixed(0).padStart(5)} ms  ${h.name}  ${h.where}`);

    // Whole process over the same files, as a user runs it: the compiled build, made fresh first.
    const built = spawnSync(process.execPath, [path.join(root, 'bin', 'build.mjs')], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) console.log(`  npm run build failed (${(built.stderr || built.stdout).trim().split('\n').pop()}): the whole-process figures below are not meaningful`);
    const paths = loaded.map((x) => x.f.file);
    const pages = loaded.reduce((n, x) => n + x.pages, 0);
    const cli = [process.execPath, path.join(root, 'bin', 'ledgerdrop.mjs'), 'convert', ...paths];
    const loop = (cmd: string, after = '') => ['sh', '-c', `for f in "$@"; do ${cmd} "$f"${after} >/dev/null || true; done`, 'sh', ...paths];
    // pdftotext to stdout ('-'): given no output file it writes FILE.txt beside each PDF, into ../shared/corpus.
    const sides: [string, string[]][] = [['ledgerdrop convert', cli], ['pdftotext -layout', loop('pdftotext -layout -q', ' -')]];
    if (has('pdf2txt')) sides.push(['pdf2txt (pdfminer)', loop('pdf2txt')]);
    else console.log('  pdf2txt not installed (apt-get install python3-pdfminer): no pdfminer ratio');
    const got = new Map<string, Timed[]>(sides.map(([n]) => [n, []]));
    for (let i = 0; i < RUNS; i++) for (const [n, argv] of sides) { const t = timeProcess(argv); if (t) got.get(n)!.push(t); }
    console.log(`  whole process over ${paths.length} files, ${pages} pages (median of ${RUNS}; pdftotext/pdf2txt one process per file):`);
    const med = (n: string, k: keyof Timed) => median(got.get(n)!.map((t) => t[k] as number));
    for (const [n] of sides) {
      if (!got.get(n)!.length) { console.log(`    ${n}: could not be timed`); continue; }
      console.log(`    ${n}: CPU ${med(n, 'cpu').toFixed(0)} ms, wall ${med(n, 'wall').toFixed(0)} ms, peak RSS ${med(n, 'rssMb').toFixed(0)} MB`);
    }
    const ratio = (a: string, b: string) => got.get(a)!.length && got.get(b)!.length
      ? `CPU ${(med(a, 'cpu') / med(b, 'cpu')).toFixed(2)}×, wall ${(med(a, 'wall') / med(b, 'wall')).toFixed(2)}×` : 'n/a';
    console.log(`    ledgerdrop / pdftotext: ${ratio('ledgerdrop convert', 'pdftotext -layout')} (target ≤ 2× wall)`);
    if (got.has('pdf2txt (pdfminer)')) console.log(`    pdf2txt / ledgerdrop: ${ratio('pdf2txt (pdfminer)', 'ledgerdrop convert')} (target ≥ 5×)`);

    // The conversion pool with the fraud signals (what an upload uses), built as the service runs
    // it (poolBundle): 1 thread and one per core. Each pool converts every file twice: the first
    // round pays the threads' start (Node's worker bootstrap, the engine loaded and compiled
    // cold); the second runs on the same threads, warmed by the first.
    if (built.status === 0) {
      const { ConversionPool: BuiltPool } = await poolBundle(root);
      const n = availableParallelism();
      for (const threads of [...new Set([1, n])]) {
        const pool = new BuiltPool(threads, paths.length);
        const rounds: string[] = [];
        for (const round of ['first round (threads starting)', 'second round (warm threads)']) {
          const c0 = cpuMs(), t0 = performance.now();
          await Promise.all(loaded.map((x) => pool.run({ fileName: path.basename(x.f.file), path: x.f.file, options })));
          const cpu = cpuMs() - c0, wall = performance.now() - t0;
          rounds.push(`${round}: wall ${wall.toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms → ${(pages / (wall / 1000)).toFixed(0)} pages/s wall, ${(pages / (cpu / 1000)).toFixed(0)} pages/s of CPU`);
        }
        await pool.close();
        console.log(`  conversion pool (built; with the fraud signals), ${threads} thread${threads === 1 ? '' : 's'}, ${paths.length} files, ${pages} pages:`);
        for (const r of rounds) console.log(`    ${r}`);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

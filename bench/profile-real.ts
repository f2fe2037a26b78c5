/**
 * A steady-state CPU profile of the bundled engine over the real documents (bench -- real's
 * files): WARM passes, then PASSES passes under V8's sampling profiler. Writes the .cpuprofile
 * (open it in Chrome's DevTools) and prints the top functions by self time and by total time
 * (time in the function and what it calls; recursion counted once).
 *   node bin/run-ts.mjs bench/profile-real.ts [OUT.cpuprofile] [--passes N] [--root SRC_ROOT]
 * The engine bundle profiled is left in build.bench/ under the profile's name (its lines are the profile's).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Session } from 'node:inspector/promises';
import { corpusFiles } from './real-files.js';
import { engineBundleFile, type EngineModule } from './engine-bundle.js';
import { hotFunctions } from './cpu-profile.js';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }

/** Total (inclusive) time per function: a sample counts once for each distinct function on its stack. */
function totals(profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] }, top: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const sums = new Map<string, number>();
  let all = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    let id: number | undefined = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    all += dt;
    const seen = new Set<string>();
    for (; id !== undefined; id = parent.get(id)) {
      const k = key(byId.get(id)!);
      if (seen.has(k)) continue;
      seen.add(k);
      sums.set(k, (sums.get(k) ?? 0) + dt);
    }
  }
  return { all, list: [...sums].sort((a, b) => b[1] - a[1]).slice(0, top) };
}

async function main(args: string[]) {
  const opt = (name: string) => { const i = args.indexOf(name); if (i < 0) return undefined; const v = args[i + 1]; args.splice(i, 2); return v; };
  const passes = Number(opt('--passes') ?? 6);
  const srcRoot = path.resolve(opt('--root') ?? here);
  const out = args[0] ?? path.join(here, 'build.bench', 'real.cpuprofile');
  // The bundle stays beside the profile (build.bench/, ignored by git): its line numbers are the profile's.
  const bundle = await engineBundleFile(srcRoot, path.join(here, 'build.bench', `${path.basename(out, '.cpuprofile')}.mjs`));
  const engine = (await import(pathToFileURL(bundle).href)) as EngineModule;
  const options = engine.defaultConversionOptions();
  const docs = await Promise.all((corpusFiles(here) ?? []).map(async (f) => ({ f, bytes: new Uint8Array(await readFile(f.file)) })));
  const runAll = async () => { for (const d of docs) await engine.convertDocument({ fileName: path.basename(d.f.file), bytes: d.bytes, options }).catch(() => undefined); };
  for (let i = 0; i < 3; i++) await runAll();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let i = 0; i < passes; i++) await runAll();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  await writeFile(out, JSON.stringify(profile));
  const hot = hotFunctions(out, 40);
  console.log(`self time (${passes} passes over ${docs.length} files, ${hot.total.toFixed(0)} ms sampled) → ${out}`);
  for (const h of hot.list) console.log(`  ${(h.share * 100).toFixed(1).padStart(5)} %  ${h.selfMs.toFixed(0).padStart(5)} ms  ${h.name}  ${h.where}`);
  const t = totals(profile as never, 60);
  console.log('total time (function and its callees):');
  for (const [k, ms] of t.list) console.log(`  ${(100 * ms / t.all).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(5)} ms  ${k}`);
}

main(process.argv.slice(2)).catch((err: unknown) => { console.error(err); process.exitCode = 2; });

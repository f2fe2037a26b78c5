// One process's first-use measure (bench/paired-engines.ts --first-use): the engine bundle given
// (plain node, no tsx), each document converted once, then the median CPU of 3 more conversions,
// document after document, as bench -- real's first use. Prints one JSON line: ms per document.
//   node bench/first-use-child.mjs ENGINE.mjs FILE...
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [bundle, ...files] = process.argv.slice(2);
const engine = await import(pathToFileURL(bundle).href);
const options = engine.defaultConversionOptions();
const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const out = [];
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const fileName = path.basename(file);
  const c0 = cpuMs();
  const doc = await engine.convertDocument({ fileName, bytes, options }).catch(() => null);
  const once = cpuMs() - c0;
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const c = cpuMs();
    await engine.convertDocument({ fileName, bytes, options }).catch(() => undefined);
    runs.push(cpuMs() - c);
  }
  runs.sort((a, b) => a - b);
  out.push({ once, first: runs[1], pages: doc?.pdf?.pagecount ?? 0 });
}
process.stdout.write(JSON.stringify(out) + '\n');

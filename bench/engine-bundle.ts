import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { convertDocument as ConvertDocument } from '../src/engine/index.js';
import type { defaultConversionOptions as DefaultOptions } from '../src/contract/api/conversion-options.js';
import type { extractPdf as ExtractPdf } from '../src/engine/pdf/extract.js';
import type { ConversionPool as Pool } from '../src/service/worker/pool.js';

export interface EngineModule {
  convertDocument: typeof ConvertDocument;
  defaultConversionOptions: typeof DefaultOptions;
  extractPdf: typeof ExtractPdf;
}

/**
 * The engine as the program runs it: bundled by esbuild with bin/build.mjs's settings (packages
 * other than zod external) into build.bench/ (ignored by git, beside node_modules so the
 * packages resolve), then imported (and the file removed). The bench's own TypeScript runs through tsx, which compiles
 * with keepNames: every closure the engine makes then also pays a defineProperty of its name,
 * and each import() a round trip to tsx's loader thread — a few per cent the built program does
 * not pay, so in-process figures measured through tsx are not the program's.
 */
export async function engineBundle(root: string): Promise<EngineModule> {
  const outfile = await engineBundleFile(root, path.join(root, 'build.bench', `engine-${process.pid}.mjs`));
  // Loaded, the module needs its file no more.
  try { return (await import(pathToFileURL(outfile).href)) as EngineModule; } finally { rmSync(outfile, { force: true }); }
}

/** engineBundle's file, written to `outfile` (beside `root`'s node_modules, so its packages resolve) and left there. */
export async function engineBundleFile(root: string, outfile: string): Promise<string> {
  await build({
    stdin: {
      contents: [
        "export { convertDocument } from './src/engine/index.ts';",
        "export { defaultConversionOptions } from './src/contract/api/conversion-options.ts';",
        "export { extractPdf } from './src/engine/pdf/extract.ts';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    ...bundleOptions(root, outfile),
  });
  return outfile;
}

/** How both bundles are built: one ES module for this Node, every package but zod left to node_modules. */
function bundleOptions(root: string, outfile: string) {
  return { outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20.19', external: packagesOf(root), logLevel: 'warning' } as const;
}

/** The packages bin/build.mjs leaves external (all but zod), as esbuild patterns. */
function packagesOf(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: object; devDependencies?: object };
  return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]
    .filter((d) => d !== 'zod').flatMap((d) => [d, `${d}/*`]);
}

/**
 * The service's conversion pool as built: src/service/worker/pool.ts bundled into build/ (made by
 * `npm run build` first), beside the built worker entry, so its threads run build/convert-worker.js
 * (plain JavaScript, the fraud signals included) as the service's do. From the sources, each
 * thread would register tsx and compile the engine's TypeScript as it starts: a measure of tsx.
 */
export async function poolBundle(root: string): Promise<{ ConversionPool: typeof Pool }> {
  const outfile = path.join(root, 'build', `bench-pool-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(root, 'src', 'service', 'worker', 'pool.ts')],
    ...bundleOptions(root, outfile),
  });
  try { return (await import(pathToFileURL(outfile).href)) as { ConversionPool: typeof Pool }; } finally { rmSync(outfile, { force: true }); }
}

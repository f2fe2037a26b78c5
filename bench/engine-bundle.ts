import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { convertDocument as ConvertDocument } from '../src/engine/index.js';
import type { defaultConversionOptions as DefaultOptions } from '../src/contract/api/conversion-options.js';
import type { extractPdf as ExtractPdf } from '../src/engine/pdf/extract.js';

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
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: object; devDependencies?: object };
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]
    .filter((d) => d !== 'zod').flatMap((d) => [d, `${d}/*`]);
  const outfile = path.join(root, 'build.bench', `engine-${process.pid}.mjs`);
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
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external,
    logLevel: 'warning',
  });
  // Loaded, the module needs its file no more.
  try { return (await import(pathToFileURL(outfile).href)) as EngineModule; } finally { rmSync(outfile, { force: true }); }
}

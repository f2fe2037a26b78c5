#!/usr/bin/env node
// The `ledgerdrop` command: serve, accounts, convert, intake. Runs the JavaScript that
// `npm ci` compiled into build/ (bin/build.mjs); no TypeScript compiler at run time.
import { builtFile } from './built.mjs';

// Builtins without ES facades (an ES import of node:fs loads fs/promises and the stream library
// at every start): bin/source-times.mjs.
const { existsSync } = process.getBuiltinModule('node:fs');
const module = process.getBuiltinModule('node:module');
const { pathToFileURL } = process.getBuiltinModule('node:url');

// Node ≥ 22.1 keeps V8's compiled code of the modules between runs; Node 20 has no such cache
// for ES modules and compiles them at every start.
module.enableCompileCache?.();

const args = process.argv.slice(2);
// Fresh by the files the command's code was built from (a convert needs half of src/ stated).
const cli = builtFile('cli.js', 'ledgerdrop', args[0] === 'convert' ? 'convert' : 'all');
// `ledgerdrop convert` runs from the CommonJS bundle of the convert path with a V8 code cache
// (build/code-cache.cjs; docs/performance.md, "Start-up: a code cache"): the engine is not
// parsed and compiled again at every run. A build without it runs the ES modules.
const bundle = args[0] === 'convert' ? cli.replace(/cli\.js$/, 'convert-cli.cjs') : null;
if (bundle && existsSync(bundle)) {
  const { load } = module.createRequire(import.meta.url)(cli.replace(/cli\.js$/, 'code-cache.cjs'));
  const run = load(bundle);
  process.exitCode = await run.exports.main(args.slice(1));
  run.save();
} else {
  const { main } = await import(pathToFileURL(cli).href);
  process.exitCode = await main(args);
}

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
// A `convert` process lives a few seconds at most, and V8's default tier-up (a function goes to
// TurboFan once ~66 KB of its bytecode has run, --interrupt-budget=67584) is made for long-lived
// pages: over the 66 files of `bench -- real`, perf showed ~47 % of the command's CPU in TurboFan's
// background threads, compiling the reader's large functions again after each deoptimisation and
// once per conversion thread (each thread is an isolate of its own), on a machine whose cores the
// conversion threads already fill. A function now runs ~15× longer in Sparkplug's baseline code
// before TurboFan takes it (docs/performance.md, "Tenth session"). Set before the bundle loads:
// V8's flags are process-wide (the command's conversion threads get them too), and the code cache
// is keyed by them, so every convert run sets the same. Only what is optimised, and when, changes,
// never a result. The service and the desktop engine, long-lived, keep V8's default.
if (args[0] === 'convert') process.getBuiltinModule('node:v8').setFlagsFromString('--interrupt-budget=1000000');
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

#!/usr/bin/env node
// The `ledgerdrop` command: serve, accounts, convert, intake. Runs the JavaScript that
// `npm ci` compiled into build/ (bin/build.mjs); no TypeScript compiler at run time.
import module from 'node:module';
import { pathToFileURL } from 'node:url';
import { builtFile } from './built.mjs';

// Node ≥ 22.1 keeps V8's compiled code of the modules (pdf.js is most of the start-up) between
// runs; Node 20 has no such cache and compiles them at every start.
module.enableCompileCache?.();

const { main } = await import(pathToFileURL(builtFile('cli.js', 'ledgerdrop')).href);
process.exitCode = await main(process.argv.slice(2));

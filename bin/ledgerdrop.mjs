#!/usr/bin/env node
// The `ledgerdrop` command: serve, accounts, convert, intake. Runs the JavaScript that
// `npm ci` compiled into build/ (bin/build.mjs); no TypeScript compiler at run time.
import { pathToFileURL } from 'node:url';
import { builtFile } from './built.mjs';

const { main } = await import(pathToFileURL(builtFile('cli.js', 'ledgerdrop')).href);
process.exitCode = await main(process.argv.slice(2));

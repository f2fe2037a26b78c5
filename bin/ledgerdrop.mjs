#!/usr/bin/env node
// The `ledgerdrop` command: serve, accounts, convert, intake. Runs the TypeScript sources with tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/index.ts');
process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
// `npm run web [-- ARGS]`: builds the renderer (vite), then runs the built build/web.js in this
// same process, so a signal sent to `npm run web` reaches the program that owns the server
// and the engine (no shell in between to leave them running).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtFile } from './built.mjs';
import { root } from './source-times.mjs';

const web = builtFile('web.js', 'npm run web');
const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
const r = spawnSync(process.execPath, [vite, 'build', '--config', path.join(root, 'vite.renderer.config.ts'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) {
  process.stderr.write(`npm run web: building the renderer failed (vite exited ${r.status ?? r.signal}): see above\n`);
  process.exit(1);
}
await import(pathToFileURL(web).href);

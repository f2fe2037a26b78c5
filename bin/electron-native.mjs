#!/usr/bin/env node
// `npm start` step: builds better-sqlite3 for the installed Electron's ABI into
// out/native/better_sqlite3.node, from a copy of the module, so node_modules keeps its Node build
// (tests, CLI, `npm run web`). Skipped only when that file's own ABI (NODE_MODULE_VERSION, read
// from the file, see native-abi.mjs) is the one of the Electron about to launch.
// Needs Electron's headers (downloaded by @electron/rebuild) or a prebuilt binary: run it once
// online. See src/service/store/sqlite-binding.ts for how the app uses the result.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronAbi, nativeDecision } from './native-abi.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const sqliteVersion = JSON.parse(readFileSync(require.resolve('better-sqlite3/package.json'), 'utf8')).version;
const outDir = path.join(root, 'out', 'native');
const target = path.join(outDir, 'better_sqlite3.node');
const stamp = path.join(outDir, 'better_sqlite3.stamp');
const want = `electron ${electronVersion} better-sqlite3 ${sqliteVersion} ${process.platform}-${process.arch}`;

const abi = electronAbi(path.dirname(require.resolve('electron/package.json')));
const decision = nativeDecision(target, abi);
if (!decision.rebuild) {
  console.log(`native: better-sqlite3 for ${want} is ready (${decision.reason})`);
  process.exit(0);
}
console.log(`native: rebuilding better-sqlite3: ${decision.reason}`);

const work = path.join(root, 'out', 'native-build');
rmSync(work, { recursive: true, force: true });
const moduleDir = path.dirname(require.resolve('better-sqlite3/package.json'));
const copy = path.join(work, 'node_modules', 'better-sqlite3');
mkdirSync(path.dirname(copy), { recursive: true });
cpSync(moduleDir, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}build${path.sep}`) && !src.endsWith(`${path.sep}build`) });
for (const dep of ['bindings', 'file-uri-to-path', 'prebuild-install']) {
  const dir = path.join(root, 'node_modules', dep);
  if (existsSync(dir)) cpSync(dir, path.join(work, 'node_modules', dep), { recursive: true });
}
writeFileSync(path.join(work, 'package.json'), JSON.stringify({ name: 'ledgerdrop-native', private: true, dependencies: { 'better-sqlite3': sqliteVersion } }));

console.log(`native: building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} …`);
const { rebuild } = await import('@electron/rebuild');
try {
  await rebuild({ buildPath: work, electronVersion, onlyModules: ['better-sqlite3'], force: true });
} catch (err) {
  console.error(`native: could not build better-sqlite3 for Electron ${electronVersion}: ${err?.message ?? err}`);
  console.error('native: this needs Electron\'s headers or a prebuilt binary from the internet once; `npm run web` runs the app without it.');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
copyFileSync(path.join(copy, 'build', 'Release', 'better_sqlite3.node'), target);
const check = nativeDecision(target, abi);
if (check.rebuild) {
  console.error(`native: the rebuilt better-sqlite3 is still not for Electron (${check.reason}); remove out/native and run \`npm start\` again`);
  process.exit(1);
}
writeFileSync(stamp, want);
rmSync(work, { recursive: true, force: true });
console.log(`native: ${path.relative(root, target)} ready`);

import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';

/**
 * better-sqlite3 is a native module built for one ABI. Tests, the CLI and `npm run web` run on
 * Node and use the build in node_modules; the desktop app runs the same code inside Electron,
 * which needs a build for Electron's ABI. `npm start` builds that copy once into
 * out/native/better_sqlite3.node (bin/electron-native.mjs) without touching node_modules, and
 * the Electron shell points LEDGERDROP_SQLITE_BINDING at it (inherited by the engine process).
 * Packaged builds rebuild node_modules for Electron instead and leave the variable unset.
 */
export function sqliteOptions(): Database.Options {
  const binding = process.env.LEDGERDROP_SQLITE_BINDING;
  if (!binding) return {};
  if (!existsSync(binding)) {
    throw new Error(`LEDGERDROP_SQLITE_BINDING points at ${binding}, which does not exist (run \`node bin/electron-native.mjs\` or unset it)`);
  }
  return { nativeBinding: binding };
}

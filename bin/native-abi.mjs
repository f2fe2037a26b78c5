// Which ABI a native module was built for, and whether `npm start` must rebuild better-sqlite3
// for the Electron it launches (bin/electron-native.mjs). A module built against V8/NAN exports
// `node_register_module_v<NODE_MODULE_VERSION>`; loading one of another version fails at run
// time ("was compiled against a different Node.js version"), so the file itself is checked,
// never only a stamp written beside it.
import { existsSync, readFileSync } from 'node:fs';

/** NODE_MODULE_VERSION a .node file was built for; 'napi' for Node-API modules (any version); null if neither is found. */
export function moduleAbi(file) {
  const text = readFileSync(file).toString('latin1');
  const m = /node_register_module_v(\d+)/.exec(text);
  if (m) return Number(m[1]);
  if (/napi_register_module_v\d+/.test(text)) return 'napi';
  return null;
}

/** The installed Electron's NODE_MODULE_VERSION, from the abi_version file the electron package ships. */
export function electronAbi(electronDir) {
  const v = Number(readFileSync(`${electronDir}/abi_version`, 'utf8').trim());
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${electronDir}/abi_version does not hold an ABI number`);
  return v;
}

/**
 * Whether the module at `target` must be (re)built for an Electron whose ABI is `wantAbi`:
 * `{ rebuild, reason }`, the reason in words for the console.
 */
export function nativeDecision(target, wantAbi) {
  if (!existsSync(target)) return { rebuild: true, reason: `${target} does not exist` };
  const have = moduleAbi(target);
  if (have === 'napi') return { rebuild: false, reason: 'a Node-API module: it loads under any ABI' };
  if (have === null) return { rebuild: true, reason: `${target} shows no NODE_MODULE_VERSION` };
  if (have !== wantAbi) return { rebuild: true, reason: `built for ABI ${have}, Electron needs ${wantAbi}` };
  return { rebuild: false, reason: `built for ABI ${have}, as Electron needs` };
}

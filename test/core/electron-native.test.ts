/**
 * `npm start`'s native-module step decides from the module file itself whether better-sqlite3
 * must be rebuilt for the Electron it launches: a real Node build of the module (the one in
 * node_modules, NODE_MODULE_VERSION of this Node) against the installed Electron 45's ABI.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript launcher helper without type declarations
import { electronAbi, moduleAbi, nativeDecision } from '../../bin/native-abi.mjs';

const require = createRequire(import.meta.url);
const nodeBuild = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build/Release/better_sqlite3.node');
const electronDir = path.dirname(require.resolve('electron/package.json'));
const tmp = mkdtempSync(path.join(tmpdir(), 'ledgerdrop-native-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the native module ABI check of npm start', () => {
  it('reads the ABI a real module was built for, and Electron 45\'s', () => {
    expect(moduleAbi(nodeBuild)).toBe(Number(process.versions.modules));
    const abi = electronAbi(electronDir);
    expect(require('electron/package.json').version).toMatch(/^45\./);
    expect(abi).toBe(150);
    expect(abi).not.toBe(Number(process.versions.modules));
  });

  it('rebuilds when the module is Node\'s build, keeps it when the ABI matches, rebuilds when missing or unreadable', () => {
    const target = path.join(tmp, 'better_sqlite3.node');
    copyFileSync(nodeBuild, target);
    // A stamp saying "ready" would not help: the file's ABI decides.
    writeFileSync(path.join(tmp, 'better_sqlite3.stamp'), 'electron 45.4.1 better-sqlite3 12.6.2 linux-x64');
    const forElectron = nativeDecision(target, electronAbi(electronDir));
    expect(forElectron.rebuild).toBe(true);
    expect(forElectron.reason).toBe(`built for ABI ${process.versions.modules}, Electron needs 150`);
    expect(nativeDecision(target, Number(process.versions.modules))).toMatchObject({ rebuild: false });
    expect(nativeDecision(path.join(tmp, 'missing.node'), 150).rebuild).toBe(true);
    writeFileSync(path.join(tmp, 'garbage.node'), 'not a module');
    expect(nativeDecision(path.join(tmp, 'garbage.node'), 150)).toMatchObject({ rebuild: true, reason: expect.stringMatching(/no NODE_MODULE_VERSION/) });
  });
});

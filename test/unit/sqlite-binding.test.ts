import { copyFileSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../../src/service/store/db.js';
import { sqliteOptions } from '../../src/service/store/sqlite-binding.js';

const require = createRequire(import.meta.url);
const nodeBuild = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');

afterEach(() => { delete process.env.LEDGERDROP_SQLITE_BINDING; });

describe('the native binding the store loads', () => {
  it('uses node_modules\' build unless LEDGERDROP_SQLITE_BINDING names another', () => {
    expect(sqliteOptions()).toEqual({});
  });

  it('opens the database through the binding the variable names (the Electron copy in the app)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ld-binding-'));
    const copy = path.join(dir, 'elsewhere.node');
    copyFileSync(nodeBuild, copy);
    process.env.LEDGERDROP_SQLITE_BINDING = copy;
    expect(sqliteOptions()).toEqual({ nativeBinding: copy });
    const db = openDb(path.join(dir, 'data'));
    expect((db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v).toMatch(/^3\./);
    db.close();
  });

  it('refuses a binding path that does not exist, naming it', () => {
    process.env.LEDGERDROP_SQLITE_BINDING = '/nowhere/better_sqlite3.node';
    expect(() => openDb(mkdtempSync(path.join(os.tmpdir(), 'ld-binding-')))).toThrow(/LEDGERDROP_SQLITE_BINDING points at \/nowhere\/better_sqlite3\.node, which does not exist/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteStore, type SqliteStore } from '../../src/service/store/sqlite-store.js';

/**
 * The embedded store on a real SQLite file under concurrent callers: transactions that await
 * between statements never overlap, and a plain query issued while one is open waits for it
 * instead of landing inside it (and being rolled back with it).
 */
let dir = '';
let store: SqliteStore | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('SqliteStore under concurrent callers', () => {
  it('runs transactions started together one after another, each committing its own rows', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-sqlite-store-'));
    store = openSqliteStore(dir);
    await store.run('CREATE TABLE t (k TEXT NOT NULL, v INTEGER NOT NULL)');
    const s = store;
    const work = (k: string) => s.tx(async (q) => {
      await q.run('INSERT INTO t (k, v) VALUES (?, ?)', k, 1);
      await tick();
      await q.run('INSERT INTO t (k, v) VALUES (?, ?)', k, 2);
    });
    await Promise.all(['a', 'b', 'c', 'd'].map(work));
    const rows = await s.all<{ k: string; n: number }>('SELECT k, COUNT(*) AS n FROM t GROUP BY k ORDER BY k');
    expect(rows).toEqual([{ k: 'a', n: 2 }, { k: 'b', n: 2 }, { k: 'c', n: 2 }, { k: 'd', n: 2 }]);
  });

  it('a write issued while a transaction is open survives that transaction rolling back', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-sqlite-store-'));
    store = openSqliteStore(dir);
    await store.run('CREATE TABLE t (k TEXT NOT NULL)');
    const s = store;
    const failing = s.tx(async (q) => {
      await q.run("INSERT INTO t (k) VALUES ('inside')");
      await tick();
      await tick();
      throw new Error('roll back');
    });
    const plain = s.run("INSERT INTO t (k) VALUES ('outside')");
    await expect(failing).rejects.toThrow('roll back');
    await plain;
    expect(await s.all('SELECT k FROM t')).toEqual([{ k: 'outside' }]);
  });
});

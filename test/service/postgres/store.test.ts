import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, numberPlaceholders, openPostgresStore, postgresPool } from '../../../src/service/store/postgres-store.js';
import { migrations } from '../../../src/service/store/migrations/index.js';
import { claimConversions, insertConversion } from '../../../src/service/store/conversions.js';
import { getOrCreateApp } from '../../../src/service/store/applications.js';
import { storeFile, localCopy } from '../../../src/service/store/files.js';
import { upsertAccount } from '../../../src/service/store/accounts.js';
import fs from 'node:fs';
import { resolveConfig } from '../../../src/service/config.js';
import { redactedUrl, storeFlag } from '../../../src/cli/serve.js';
import { requirePostgres, startCluster, type TestCluster } from './cluster.js';

requirePostgres();

describe('choosing the store', () => {
  it('config store and --store take a postgres:// URL and refuse anything else by name', () => {
    expect(resolveConfig({ store: 'postgres://u@db/ledgerdrop' }).store).toBe('postgres://u@db/ledgerdrop');
    expect(() => resolveConfig({ store: 'mysql://u@db/x' })).toThrow(/config store must be a postgres:\/\//);
    expect(() => resolveConfig({ leaseMs: 10 })).toThrow(/config leaseMs must be at least 1000/);
    expect(storeFlag('postgresql://u@db/x')).toBe('postgresql://u@db/x');
    expect(() => storeFlag('/var/lib/db')).toThrow(/--store must be a postgres:\/\//);
    expect(redactedUrl('postgres://ledgerdrop:s3cret@db:5432/ld')).toBe('postgres://ledgerdrop:***@db:5432/ld');
  });
});

describe('numberPlaceholders', () => {
  it('numbers the ? marks in order and leaves quoted text alone', () => {
    expect(numberPlaceholders("SELECT * FROM t WHERE a = ? AND b = '?' AND c IN (?, ?) AS \"x?\"")).toBe("SELECT * FROM t WHERE a = $1 AND b = '?' AND c IN ($2, $3) AS \"x?\"");
  });
});

describe('the PostgreSQL store', () => {
  let cluster: TestCluster;
  beforeAll(async () => { cluster = await startCluster(); }, 120_000);
  afterAll(async () => { await cluster?.stop(); });

  it('instances starting together run each migration once (advisory lock); a later start runs none', async () => {
    const url = await cluster.createDatabase('migrate');
    const pools = [postgresPool(url, 2), postgresPool(url, 2), postgresPool(url, 2)];
    try {
      const ran = await Promise.all(pools.map((p) => migratePostgres(p)));
      expect(ran.reduce((a, b) => a + b, 0)).toBe(migrations.length);
      expect(await migratePostgres(pools[0]!)).toBe(0);
      const { rows } = await pools[0]!.query('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r: { version: number }) => r.version)).toEqual(migrations.map((m) => m.version));
      // The revision trigger (071) counts statement changes as on SQLite.
      await expect(migratePostgres(pools[1]!, [...migrations, { version: 9999, name: 'sqlite-only', up() {} }])).rejects.toThrow(/9999 \(sqlite-only\) has no PostgreSQL form/);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('keeps documents in the store and claims each unfinished conversion for one instance only', async () => {
    const store = await openPostgresStore(await cluster.createDatabase('claims'));
    try {
      const account = await upsertAccount(store, { username: 'u', passwordHash: 'h', product: 'pdfinsightstp', conversions: 5, features: [] });
      const app = await getOrCreateApp(store, account.id, 'A-1');
      const bytes = new TextEncoder().encode('%PDF-1.4 a document');
      const file = await storeFile(store, '/nonexistent-data-dir', app.id, 'a.pdf', bytes);
      expect(file.path).toBe(`store:${file.sha256}`);
      const copy = await localCopy(store, file);
      expect(new Uint8Array(fs.readFileSync(copy.path))).toEqual(bytes);
      copy.release();
      expect(fs.existsSync(copy.path)).toBe(false);
      for (let i = 0; i < 20; i++) {
        await insertConversion(store, { appId: app.id, fileId: file.id, resfile: `r-${i}`, endpoint: 'uploadpdfs', options: {}, trackingId: '', webhook: '' });
      }
      const now = Date.now();
      const [x, y] = await Promise.all([
        claimConversions(store, { owner: 'x', until: now + 10_000 }, now, 15),
        claimConversions(store, { owner: 'y', until: now + 10_000 }, now, 15),
      ]);
      const ids = [...x, ...y].map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(20);
      expect(x.every((c) => c.accountId === account.id)).toBe(true);
      // Held claims are not taken again until they run out.
      expect(await claimConversions(store, { owner: 'z', until: now + 20_000 }, now, 50)).toEqual([]);
      expect((await claimConversions(store, { owner: 'z', until: now + 30_000 }, now + 10_001, 50)).length).toBe(20);
    } finally {
      await store.close();
    }
  });
});

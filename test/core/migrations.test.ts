/**
 * Each numbered migration of the core database, applied to a database left by the one before
 * (with rows in it), on a real SQLite file.
 */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { migrate, openDb, schemaVersion } from '../../src/desktop/store/db.js';
import { MIGRATIONS } from '../../src/desktop/store/migrations/index.js';
import { tempDir } from './tmp.js';

const tmp = tempDir('ld-mig-');
afterAll(() => tmp.cleanup());
let n = 0;
const file = () => path.join(tmp.dir, `core-${++n}.sqlite`);
const columns = (db: ReturnType<typeof openDb>, table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

describe('core migrations', () => {
  it('are numbered 1..N without gaps and the latest is applied on open, in WAL mode', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    const db = openDb(file());
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('001 creates the jobs table with one job per file per application', () => {
    const db = openDb(file(), { upTo: 1 });
    expect(columns(db, 'jobs')).toEqual(expect.arrayContaining(['status', 'attempts', 'next_attempt_at', 'lease_owner', 'lease_expires_at', 'idempotency_key', 'resfile', 'statement_ids', 'last_error']));
    const ins = db.prepare(`INSERT INTO jobs (appnumber, file_name, sha256, size, blob_path, status, idempotency_key, created_at, updated_at) VALUES (?, 'a.pdf', ?, 1, '/x', 'queued', ?, 't', 't')`);
    ins.run('A', 'h1', 'k1');
    expect(() => ins.run('A', 'h1', 'k2')).toThrow(/UNIQUE/);
    expect(() => db.prepare(`INSERT INTO jobs (appnumber, file_name, sha256, size, blob_path, status, idempotency_key, created_at, updated_at) VALUES ('A','b','h2',1,'/x','bogus','k3','t','t')`).run()).toThrow(/CHECK/);
    db.close();
  });

  it('002 adds applications (backfilled from existing jobs) and stored results', () => {
    const f = file();
    const db1 = openDb(f, { upTo: 1 });
    db1.prepare(`INSERT INTO jobs (appnumber, file_name, sha256, size, blob_path, status, idempotency_key, created_at, updated_at) VALUES ('APP-9', 'a.pdf', 'h', 1, '/x', 'done', 'k', '2026-01-01T00:00:00Z', 't')`).run();
    db1.close();
    const db = openDb(f, { upTo: 2 });
    expect(schemaVersion(db)).toBe(2);
    expect(db.prepare('SELECT appnumber, connection_id, created_at FROM apps').all()).toEqual([{ appnumber: 'APP-9', connection_id: 'local', created_at: '2026-01-01T00:00:00Z' }]);
    expect(columns(db, 'app_results')).toEqual(expect.arrayContaining(['appinfo', 'statement_summaries', 'scorecard', 'transactions']));
    expect(columns(db, 'file_results')).toEqual(expect.arrayContaining(['job_id', 'appnumber', 'seq', 'item']));
    db.close();
  });

  it('003 gives each job a connection (existing jobs: the local engine) and a poll counter', () => {
    const f = file();
    const db2 = openDb(f, { upTo: 2 });
    db2.prepare(`INSERT INTO jobs (appnumber, file_name, sha256, size, blob_path, status, idempotency_key, created_at, updated_at) VALUES ('A', 'a.pdf', 'h', 1, '/x', 'queued', 'k', 't', 't')`).run();
    db2.close();
    const db = openDb(f);
    expect(db.prepare('SELECT connection_id, poll_count, idempotency_key FROM jobs').get()).toEqual({ connection_id: 'local', poll_count: 0, idempotency_key: 'k' });
    db.close();
  });

  it('004 gives each job a count of waits (existing jobs: none)', () => {
    const f = file();
    const db3 = openDb(f, { upTo: 3 });
    db3.prepare(`INSERT INTO jobs (appnumber, file_name, sha256, size, blob_path, status, idempotency_key, created_at, updated_at) VALUES ('A', 'a.pdf', 'h', 1, '/x', 'queued', 'k', 't', 't')`).run();
    expect(columns(db3, 'jobs')).not.toContain('waits');
    db3.close();
    const db = openDb(f, { upTo: 4 });
    expect(db.prepare('SELECT waits, idempotency_key FROM jobs').get()).toEqual({ waits: 0, idempotency_key: 'k' });
    db.close();
  });

  it('005 gives each application a deal status (existing ones: new) and assignee, and tables for notes, exclusions, edits and the audit that go with it', () => {
    const f = file();
    const db4 = openDb(f, { upTo: 4 });
    db4.prepare(`INSERT INTO apps (appnumber, connection_id, created_at) VALUES ('A', 'local', 't')`).run();
    db4.close();
    const db = openDb(f, { upTo: 5 });
    expect(db.prepare('SELECT deal_status, assignee, status_changed_at FROM apps').get()).toEqual({ deal_status: 'new', assignee: '', status_changed_at: null });
    expect(() => db.prepare(`UPDATE apps SET deal_status = 'maybe'`).run()).toThrow(/CHECK/);
    db.prepare(`INSERT INTO app_notes (appnumber, author, body, created_at) VALUES ('A', 'me', 'n', 't')`).run();
    db.prepare(`INSERT INTO statement_exclusions (appnumber, statementid) VALUES ('A', 7)`).run();
    db.prepare(`INSERT INTO transaction_edits (appnumber, transaction_id, trueval) VALUES ('A', 9, 1)`).run();
    db.prepare(`INSERT INTO audit_log (appnumber, at, who, action, target) VALUES ('A', 't', 'me', 'note', 'A')`).run();
    db.prepare(`DELETE FROM apps WHERE appnumber = 'A'`).run();
    for (const t of ['app_notes', 'statement_exclusions', 'transaction_edits', 'audit_log']) expect((db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n, t).toBe(0);
    db.close();
  });

  it('re-opening applies nothing twice; a database from a newer program is refused with a clear message', () => {
    const f = file();
    openDb(f).close();
    const db = openDb(f);
    expect((db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(MIGRATIONS.length);
    db.prepare(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 't')`).run();
    expect(() => migrate(db, MIGRATIONS)).toThrow(/schema version 999 is newer than this program knows/);
    db.close();
  });
});

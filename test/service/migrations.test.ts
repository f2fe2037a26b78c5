import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDb, schemaVersion } from '../../src/service/store/db.js';
import { migrations } from '../../src/service/store/migrations/index.js';
import { m001Initial } from '../../src/service/store/migrations/001-initial.js';
import { m002UploadIndexes } from '../../src/service/store/migrations/002-upload-indexes.js';
import { m050WebhookDeliveries } from '../../src/service/store/migrations/050-webhook-deliveries.js';
import { m060FraudScore } from '../../src/service/store/migrations/060-fraud-score.js';
import { m061FraudFingerprint } from '../../src/service/store/migrations/061-fraud-fingerprint.js';
import { m070StatementCurrency } from '../../src/service/store/migrations/070-statement-currency.js';
import { m071AppRevision } from '../../src/service/store/migrations/071-app-revision.js';
import { m140WebSearch } from '../../src/service/store/migrations/140-web-search.js';

const dirs: string[] = [];
function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-mig-'));
  dirs.push(d);
  return d;
}
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

const tables = (db: Database.Database) => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
const indexes = (db: Database.Database) => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name);

describe('store migrations', () => {
  it('are numbered uniquely, in order, core within 001–049', () => {
    const versions = migrations.map((m) => m.version);
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect(versions.filter((v) => v < 50)).toEqual([1, 2]);
  });

  it('001 creates the core tables with their constraints', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    expect(migrate(db, [m001Initial])).toBe(1);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(expect.arrayContaining(['accounts', 'tokens', 'applications', 'files', 'conversions', 'statements', 'transactions', 'idempotency_keys', 'uploads', 'settings']));
    expect(() => db.prepare("INSERT INTO accounts (username, password_hash, product, conversions_remaining, webhook_secret, created_at) VALUES ('a','h','gold',1,'s','t')").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO accounts (username, password_hash, product, conversions_remaining, webhook_secret, created_at) VALUES ('a','h','pdfinsights',-1,'s','t')").run()).toThrow(/CHECK/);
    db.prepare("INSERT INTO accounts (username, password_hash, product, conversions_remaining, webhook_secret, created_at) VALUES ('a','h','pdfinsights',1,'s','t')").run();
    db.prepare("INSERT INTO applications (account_id, appnumber, created_at) VALUES (1, 'X', 't')").run();
    expect(() => db.prepare("INSERT INTO applications (account_id, appnumber, created_at) VALUES (1, 'X', 't')").run()).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO applications (account_id, appnumber, created_at) VALUES (99, 'Y', 't')").run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('002 adds the upload and token indexes on top of 001 without touching data', () => {
    const db = new Database(':memory:');
    migrate(db, [m001Initial]);
    db.prepare("INSERT INTO accounts (username, password_hash, product, conversions_remaining, webhook_secret, created_at) VALUES ('keep','h','thumbprint',7,'s','t')").run();
    expect(indexes(db)).not.toContain('uploads_app_sha');
    expect(migrate(db, [m001Initial, m002UploadIndexes])).toBe(1);
    expect(schemaVersion(db)).toBe(2);
    expect(indexes(db)).toEqual(expect.arrayContaining(['uploads_app_sha', 'tokens_expiry']));
    expect(db.prepare("SELECT conversions_remaining AS n FROM accounts WHERE username = 'keep'").get()).toEqual({ n: 7 });
    db.close();
  });

  it('050 adds webhook deliveries and their attempts, removed with their account', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, [m001Initial, m002UploadIndexes]);
    db.prepare("INSERT INTO accounts (username, password_hash, product, conversions_remaining, webhook_secret, created_at) VALUES ('a','h','pdfinsights',1,'s','t')").run();
    expect(migrate(db, [m001Initial, m002UploadIndexes, m050WebhookDeliveries])).toBe(1);
    expect(schemaVersion(db)).toBe(50);
    expect(tables(db)).toEqual(expect.arrayContaining(['webhook_deliveries', 'webhook_attempts']));
    db.prepare("INSERT INTO webhook_deliveries (account_id, url, event, body, status, next_attempt_at, created_at) VALUES (1, 'http://x', 'done', '{}', 'pending', 0, 't')").run();
    db.prepare("INSERT INTO webhook_attempts (delivery_id, attempt, at, duration_ms) VALUES (1, 1, 't', 5)").run();
    expect(() => db.prepare("INSERT INTO webhook_deliveries (account_id, url, event, body, status, next_attempt_at, created_at) VALUES (1, 'http://x', 'done', '{}', 'lost', 0, 't')").run()).toThrow(/CHECK/);
    db.prepare('DELETE FROM accounts').run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM webhook_attempts').get()).toEqual({ n: 0 });
    db.close();
  });

  it('060 adds the fraud score and reasons to statements, empty for statements already stored', () => {
    const db = new Database(':memory:');
    migrate(db, [m001Initial, m002UploadIndexes, m050WebhookDeliveries]);
    const before = (db.prepare('PRAGMA table_info(statements)').all() as { name: string }[]).map((c) => c.name);
    expect(before).not.toContain('fraud_score');
    expect(migrate(db, [m001Initial, m002UploadIndexes, m050WebhookDeliveries, m060FraudScore])).toBe(1);
    const after = (db.prepare('PRAGMA table_info(statements)').all() as { name: string; dflt_value: unknown }[]);
    expect(after.map((c) => c.name)).toEqual(expect.arrayContaining(['fraud_score', 'fraud_reasons']));
    expect(after.find((c) => c.name === 'fraud_score')!.dflt_value).toBeNull();
    db.close();
  });

  it('061 adds the statement fingerprint, empty for statements already stored', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    const before = [m001Initial, m002UploadIndexes, m050WebhookDeliveries, m060FraudScore];
    migrate(db, before);
    db.prepare("INSERT INTO accounts (username, password_hash, product, conversions_remaining, webhook_secret, created_at) VALUES ('a','h','pdfinsights',1,'s','t')").run();
    db.prepare("INSERT INTO applications (account_id, appnumber, created_at) VALUES (1, 'X', 't')").run();
    const cols = () => (db.prepare('PRAGMA table_info(statements)').all() as { name: string }[]).map((c) => c.name);
    expect(cols()).not.toContain('fraud_fingerprint');
    expect(migrate(db, [...before, m061FraudFingerprint])).toBe(1);
    expect(schemaVersion(db)).toBe(61);
    expect(cols()).toContain('fraud_fingerprint');
    db.close();
  });

  it('070 adds the statement currency, empty (read as USD) for statements already stored', () => {
    const db = new Database(':memory:');
    const before = [m001Initial, m002UploadIndexes, m050WebhookDeliveries, m060FraudScore, m061FraudFingerprint];
    migrate(db, before);
    const cols = () => (db.prepare('PRAGMA table_info(statements)').all() as { name: string; dflt_value: unknown }[]);
    expect(cols().map((c) => c.name)).not.toContain('currency');
    expect(migrate(db, [...before, m070StatementCurrency])).toBe(1);
    expect(cols().find((c) => c.name === 'currency')).toMatchObject({ dflt_value: null });
    db.close();
  });

  it('071 gives every application a revision (0 without statements) and the triggers that raise it', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    const before = [m001Initial, m002UploadIndexes, m050WebhookDeliveries, m060FraudScore, m061FraudFingerprint, m070StatementCurrency];
    migrate(db, before);
    db.prepare("INSERT INTO accounts (username, password_hash, product, conversions_remaining, webhook_secret, created_at) VALUES ('a','h','pdfinsights',1,'s','t')").run();
    db.prepare("INSERT INTO applications (account_id, appnumber, created_at) VALUES (1, 'X', 't')").run();
    expect(migrate(db, [...before, m071AppRevision])).toBe(1);
    expect(schemaVersion(db)).toBe(71);
    expect(db.prepare("SELECT revision FROM applications WHERE appnumber = 'X'").get()).toEqual({ revision: 0 });
    const triggers = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(triggers).toEqual(['statements_revision_delete', 'statements_revision_insert', 'statements_revision_update']);
    db.close();
  });

  it('140 adds one industry classification per application, removed with it', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    const before = [m001Initial, m002UploadIndexes, m050WebhookDeliveries, m060FraudScore, m061FraudFingerprint, m070StatementCurrency, m071AppRevision];
    migrate(db, before);
    db.prepare("INSERT INTO accounts (username, password_hash, product, conversions_remaining, webhook_secret, created_at) VALUES ('a','h','pdfinsights',1,'s','t')").run();
    db.prepare("INSERT INTO applications (account_id, appnumber, created_at) VALUES (1, 'X', 't')").run();
    expect(migrate(db, [...before, m140WebSearch])).toBe(1);
    expect(schemaVersion(db)).toBe(140);
    db.prepare("INSERT INTO app_web_search (app_id, result, updated_at) VALUES (1, '{}', 't')").run();
    expect(() => db.prepare("INSERT INTO app_web_search (app_id, result, updated_at) VALUES (1, '{}', 't')").run()).toThrow(/UNIQUE|PRIMARY/);
    db.prepare('DELETE FROM applications').run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM app_web_search').get()).toEqual({ n: 0 });
    db.close();
  });

  it('160 adds the Briefcase shares table', () => {
    const db = new Database(':memory:');
    migrate(db, migrations.filter((m) => m.version < 160));
    expect(tables(db)).not.toContain('briefcase_shares');
    expect(migrate(db, migrations.filter((m) => m.version <= 160))).toBe(1);
    expect(schemaVersion(db)).toBe(160);
    expect(tables(db)).toContain('briefcase_shares');
    db.close();
  });

  it('150 adds the documents table (one row per SHA-256); 151 adds leases to conversions and webhook deliveries', () => {
    const db = new Database(':memory:');
    const before = migrations.filter((m) => m.version < 150);
    migrate(db, before);
    expect(tables(db)).not.toContain('documents');
    expect(migrate(db, migrations.filter((m) => m.version <= 151))).toBe(2);
    expect(schemaVersion(db)).toBe(151);
    db.prepare("INSERT INTO documents (sha256, bytes, size, created_at) VALUES ('abc', x'00', 1, 't')").run();
    expect(() => db.prepare("INSERT INTO documents (sha256, bytes, size, created_at) VALUES ('abc', x'00', 1, 't')").run()).toThrow(/UNIQUE|PRIMARY/);
    const cols = (t: string) => (db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name);
    expect(cols('conversions')).toEqual(expect.arrayContaining(['lease_owner', 'lease_until']));
    expect(cols('webhook_deliveries')).toEqual(expect.arrayContaining(['lease_owner', 'lease_until']));
    db.close();
  });

  it('161 stores webhook batches (conversions point at them); 162 records cancels asked on any instance', () => {
    const db = new Database(':memory:');
    migrate(db, migrations.filter((m) => m.version <= 160));
    expect(migrate(db, migrations.filter((m) => m.version <= 162))).toBe(2);
    expect(schemaVersion(db)).toBe(162);
    const cols = (t: string) => (db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name);
    expect(cols('webhook_batches')).toEqual(expect.arrayContaining(['url', 'settings', 'delivery_id']));
    expect(cols('conversions')).toEqual(expect.arrayContaining(['batch_id', 'cancel_requested']));
    db.close();
  });

  it('163 names the peer service of a remote Briefcase share and keeps signed requests\' nonces (a replay is refused)', () => {
    const db = new Database(':memory:');
    migrate(db, migrations.filter((m) => m.version <= 162));
    expect(migrate(db, migrations.filter((m) => m.version <= 163))).toBe(1);
    expect(schemaVersion(db)).toBe(163);
    const cols = (t: string) => (db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name);
    expect(cols('briefcase_shares')).toEqual(expect.arrayContaining(['peer', 'peer_key', 'peer_files']));
    db.prepare("INSERT INTO briefcase_peer_nonces (peer, nonce, at) VALUES ('partner', 'n1', 1)").run();
    expect(() => db.prepare("INSERT INTO briefcase_peer_nonces (peer, nonce, at) VALUES ('partner', 'n1', 2)").run()).toThrow(/UNIQUE|PRIMARY/);
    db.prepare("INSERT INTO briefcase_peer_nonces (peer, nonce, at) VALUES ('other', 'n1', 2)").run();
    db.close();
  });

  it('170 indexes the fraud score\'s lookups: the same file elsewhere and the same period elsewhere are searched, not scanned', () => {
    const db = new Database(':memory:');
    migrate(db, migrations.filter((m) => m.version <= 163));
    const plan = (q: string) => (db.prepare(`EXPLAIN QUERY PLAN ${q}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    const sameFile = "SELECT app_id FROM files WHERE sha256 = 'x'";
    const samePeriod = "SELECT id FROM statements WHERE start_date = '2024-01-01' AND end_date = '2024-01-31'";
    expect(plan(sameFile)).toMatch(/SCAN/);
    expect(plan(samePeriod)).toMatch(/SCAN/);
    expect(migrate(db, migrations.filter((m) => m.version <= 170))).toBe(1);
    expect(plan(sameFile)).toMatch(/USING (COVERING )?INDEX files_sha256/);
    expect(plan(samePeriod)).toMatch(/USING (COVERING )?INDEX statements_period/);
    db.close();
  });

  it('every migration has its PostgreSQL form (test/service/postgres runs them on a real server)', () => {
    expect(migrations.filter((m) => !m.postgres?.trim()).map((m) => m.version)).toEqual([]);
  });

  it('live in one folder, one numbered file each, so one test per migration stays easy to see', () => {
    const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '../../src/service/store/migrations');
    const files = fs.readdirSync(dir).filter((f) => /^\d{3}-.+\.ts$/.test(f)).map((f) => Number(f.slice(0, 3)));
    expect(files.sort((a, b) => a - b)).toEqual(migrations.map((m) => m.version));
    const index = fs.readFileSync(path.join(dir, 'index.ts'), 'utf8');
    expect([...index.matchAll(/from '([^']+)'/g)].map((m) => m[1]).filter((s) => !s!.startsWith('./'))).toEqual([]);
  });

  it('openDb migrates a file database fully, in WAL mode, and reopening runs nothing', () => {
    const dir = tmp();
    const db = openDb(dir);
    expect(schemaVersion(db)).toBe(Math.max(...migrations.map((m) => m.version)));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const again = openDb(dir);
    expect(migrate(again)).toBe(0);
    again.close();
  });

  it('a failing migration rolls back and leaves the version where it was', () => {
    const db = new Database(':memory:');
    migrate(db, [m001Initial]);
    const broken = { version: 3, name: 'broken', up: (d: Database.Database) => { d.exec('CREATE TABLE half (x INTEGER)'); d.exec('THIS IS NOT SQL'); } };
    expect(() => migrate(db, [m001Initial, broken])).toThrow();
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).not.toContain('half');
    expect(() => migrate(db, [m001Initial, { ...broken, version: 1 }])).toThrow(/two migrations numbered 1/);
    db.close();
  });
});

/**
 * The core's SQLite schema as numbered migrations. Append only: never edit a shipped one
 * (test/core/migrations.test.ts checks each step on a database left by the previous one).
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'jobs queue',
    sql: `
      CREATE TABLE jobs (
        id INTEGER PRIMARY KEY,
        appnumber TEXT NOT NULL,
        file_name TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        size INTEGER NOT NULL,
        blob_path TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('queued','uploading','converting','done','failed','cancelled')),
        detail TEXT NOT NULL DEFAULT '',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        lease_owner TEXT,
        lease_expires_at INTEGER,
        idempotency_key TEXT NOT NULL UNIQUE,
        resfile TEXT,
        appid INTEGER,
        statement_ids TEXT NOT NULL DEFAULT '[]',
        bytes_sent INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (appnumber, sha256)
      );
      CREATE INDEX jobs_ready ON jobs (status, next_attempt_at);
      CREATE INDEX jobs_app ON jobs (appnumber, id);
    `,
  },
  {
    version: 2,
    name: 'applications and stored results',
    sql: `
      CREATE TABLE apps (
        appnumber TEXT PRIMARY KEY,
        owner TEXT NOT NULL DEFAULT '',
        connection_id TEXT NOT NULL,
        appid INTEGER,
        created_at TEXT NOT NULL
      );
      INSERT INTO apps (appnumber, connection_id, created_at)
        SELECT DISTINCT appnumber, 'local', MIN(created_at) FROM jobs GROUP BY appnumber;
      CREATE TABLE app_results (
        appnumber TEXT PRIMARY KEY REFERENCES apps(appnumber) ON DELETE CASCADE,
        appinfo TEXT NOT NULL DEFAULT '{}',
        statement_summaries TEXT NOT NULL DEFAULT '[]',
        scorecard TEXT,
        transactions TEXT,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE file_results (
        id INTEGER PRIMARY KEY,
        job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        appnumber TEXT NOT NULL,
        seq INTEGER NOT NULL,
        item TEXT NOT NULL,
        UNIQUE (job_id, seq)
      );
      CREATE INDEX file_results_app ON file_results (appnumber, job_id);
    `,
  },
  {
    version: 3,
    name: 'job connection',
    sql: `
      ALTER TABLE jobs ADD COLUMN connection_id TEXT NOT NULL DEFAULT 'local';
      ALTER TABLE jobs ADD COLUMN poll_count INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 4,
    name: 'job waits',
    sql: `
      ALTER TABLE jobs ADD COLUMN waits INTEGER NOT NULL DEFAULT 0;
    `,
  },
];

import type { Migration } from './migration.js';

export const m001JobsQueue: Migration = {
  version: 1,
  name: 'jobs queue',
  up(db) {
    db.exec(`
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
    `);
  },
};

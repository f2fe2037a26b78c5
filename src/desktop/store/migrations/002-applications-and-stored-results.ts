import type { Migration } from './migration.js';

export const m002ApplicationsAndStoredResults: Migration = {
  version: 2,
  name: 'applications and stored results',
  up(db) {
    db.exec(`
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
    `);
  },
};

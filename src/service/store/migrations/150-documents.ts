import type { Migration } from './migration.js';

/**
 * 150: uploaded documents inside the store, once per SHA-256. The PostgreSQL store keeps every
 * original here (bytea), where each instance reaches it; the SQLite store keeps them in the data
 * folder (files/) and leaves this table empty.
 */
export const m150Documents: Migration = {
  version: 150,
  name: 'documents',
  up(db) {
    db.exec('CREATE TABLE documents (sha256 TEXT PRIMARY KEY, bytes BLOB NOT NULL, size INTEGER NOT NULL, created_at TEXT NOT NULL);');
  },
  postgres: 'CREATE TABLE documents (sha256 TEXT PRIMARY KEY, bytes BYTEA NOT NULL, size BIGINT NOT NULL, created_at TEXT NOT NULL);',
};

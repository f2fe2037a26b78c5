import type { Migration } from './migration.js';

/** Index for the 429 / numInLast3Days look-ups and for the token sweep. */
export const m002UploadIndexes: Migration = {
  version: 2,
  name: 'upload-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX uploads_app_sha ON uploads(app_id, sha256, at);
      CREATE INDEX tokens_expiry ON tokens(expires_at);
    `);
  },
  postgres: `    CREATE INDEX uploads_app_sha ON uploads(app_id, sha256, at);
    CREATE INDEX tokens_expiry ON tokens(expires_at);`,
};

import type { Migration } from './migration.js';

/**
 * A fingerprint per statement (account, period and transactions: store/fingerprint.ts), so a
 * statement identical to one already in the application is recognised whatever its file name
 * and counted once. NULL on statements stored before: they are never taken for duplicates.
 */
export const m141StatementFingerprint: Migration = {
  version: 141,
  name: 'statement-fingerprint',
  up(db) {
    db.exec(`
      ALTER TABLE statements ADD COLUMN fingerprint TEXT;
      CREATE INDEX statements_app_fingerprint ON statements (app_id, fingerprint);
    `);
  },
  postgres: `    ALTER TABLE statements ADD COLUMN fingerprint TEXT;
    CREATE INDEX statements_app_fingerprint ON statements (app_id, fingerprint);`,
};

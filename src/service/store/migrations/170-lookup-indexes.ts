import type { Migration } from './migration.js';

/**
 * 170: indexes for two lookups every stored statement makes (the fraud score's): the same file
 * in the account's other applications (files by SHA-256) and the same period there (statements
 * by start and end date). Without them each was a scan of every file, or of every statement of
 * the account, so storing one statement cost more the larger the store grew.
 */
export const m170LookupIndexes: Migration = {
  version: 170,
  name: 'lookup-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX files_sha256 ON files (sha256);
      CREATE INDEX statements_period ON statements (start_date, end_date);
    `);
  },
  postgres: `    CREATE INDEX files_sha256 ON files (sha256);
    CREATE INDEX statements_period ON statements (start_date, end_date);`,
};

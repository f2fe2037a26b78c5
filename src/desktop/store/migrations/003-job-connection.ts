import type { Migration } from './migration.js';

export const m003JobConnection: Migration = {
  version: 3,
  name: 'job connection',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN connection_id TEXT NOT NULL DEFAULT 'local';
      ALTER TABLE jobs ADD COLUMN poll_count INTEGER NOT NULL DEFAULT 0;
    `);
  },
};

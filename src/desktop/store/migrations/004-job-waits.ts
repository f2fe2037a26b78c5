import type { Migration } from './migration.js';

export const m004JobWaits: Migration = {
  version: 4,
  name: 'job waits',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN waits INTEGER NOT NULL DEFAULT 0;
    `);
  },
};

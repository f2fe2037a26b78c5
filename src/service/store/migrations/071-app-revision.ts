import type { Migration } from './migration.js';

/**
 * `applications.revision`: a counter raised by every change to the application's statements
 * (added, edited, deleted, scored), so a client can tell an older answer from a newer one
 * (appinfo `revision`, docs/api.md 6.4a). Triggers, so every path that writes statements counts.
 */
export const m071AppRevision: Migration = {
  version: 71,
  name: 'app-revision',
  up(db) {
    db.exec(`
      ALTER TABLE applications ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
      UPDATE applications SET revision = (SELECT COUNT(*) FROM statements WHERE statements.app_id = applications.id);
      CREATE TRIGGER statements_revision_insert AFTER INSERT ON statements
        BEGIN UPDATE applications SET revision = revision + 1 WHERE id = NEW.app_id; END;
      CREATE TRIGGER statements_revision_update AFTER UPDATE ON statements
        BEGIN UPDATE applications SET revision = revision + 1 WHERE id = NEW.app_id; END;
      CREATE TRIGGER statements_revision_delete AFTER DELETE ON statements
        BEGIN UPDATE applications SET revision = revision + 1 WHERE id = OLD.app_id; END;
    `);
  },
};

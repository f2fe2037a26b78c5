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
  postgres: `    ALTER TABLE applications ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
    UPDATE applications SET revision = (SELECT COUNT(*) FROM statements WHERE statements.app_id = applications.id);
    CREATE FUNCTION statements_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE applications SET revision = revision + 1 WHERE id = OLD.app_id;
      ELSE
        UPDATE applications SET revision = revision + 1 WHERE id = NEW.app_id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER statements_revision AFTER INSERT OR UPDATE OR DELETE ON statements
      FOR EACH ROW EXECUTE FUNCTION statements_revision();`,
};

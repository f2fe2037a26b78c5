import type { Migration } from './migration.js';

/**
 * An underwriter's work on an application, kept here only (the service's API has no place for
 * it): deal status and assignee, notes, statements left out of the scorecard, transaction
 * categories and true/untrue marks, and the audit trail of every such change.
 */
export const m005DealWorkflow: Migration = {
  version: 5,
  name: 'deal workflow',
  up(db) {
    db.exec(`
      ALTER TABLE apps ADD COLUMN deal_status TEXT NOT NULL DEFAULT 'new'
        CHECK (deal_status IN ('new','in_review','approved','declined','funded'));
      ALTER TABLE apps ADD COLUMN assignee TEXT NOT NULL DEFAULT '';
      ALTER TABLE apps ADD COLUMN status_changed_at TEXT;
      CREATE TABLE app_notes (
        id INTEGER PRIMARY KEY,
        appnumber TEXT NOT NULL REFERENCES apps(appnumber) ON DELETE CASCADE,
        author TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX app_notes_app ON app_notes (appnumber, id);
      CREATE TABLE statement_exclusions (
        appnumber TEXT NOT NULL REFERENCES apps(appnumber) ON DELETE CASCADE,
        statementid INTEGER NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (appnumber, statementid)
      );
      CREATE TABLE transaction_edits (
        appnumber TEXT NOT NULL REFERENCES apps(appnumber) ON DELETE CASCADE,
        transaction_id INTEGER NOT NULL,
        categories TEXT,
        trueval INTEGER,
        PRIMARY KEY (appnumber, transaction_id)
      );
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        appnumber TEXT NOT NULL REFERENCES apps(appnumber) ON DELETE CASCADE,
        at TEXT NOT NULL,
        who TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        before TEXT,
        after TEXT
      );
      CREATE INDEX audit_log_app ON audit_log (appnumber, id);
    `);
  },
};

import type { Migration } from './migration.js';

/**
 * 050: webhook deliveries and every attempt made. A delivery keeps the exact body it signs, so a
 * retry after a restart sends the same bytes with the same signature.
 */
export const m050WebhookDeliveries: Migration = {
  version: 50,
  name: 'webhook-deliveries',
  up(db) {
    db.exec(`
      CREATE TABLE webhook_deliveries (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        app_id INTEGER REFERENCES applications(id) ON DELETE SET NULL,
        url TEXT NOT NULL,
        event TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending','delivered','failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        finished_at TEXT
      );
      CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(status, next_attempt_at);
      CREATE INDEX webhook_deliveries_app ON webhook_deliveries(app_id);
      CREATE TABLE webhook_attempts (
        id INTEGER PRIMARY KEY,
        delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        attempt INTEGER NOT NULL,
        at TEXT NOT NULL,
        status_code INTEGER,
        error TEXT,
        duration_ms INTEGER NOT NULL
      );
      CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);
    `);
  },
};

import type { Migration } from './migration.js';

/**
 * 162: a cancel asked on any instance is recorded on the conversion (`cancel_requested` 1):
 * the instance running it sees the flag when it renews its leases and stops the worker; an
 * instance about to start or store it finds the flag and records the conversion as cancelled.
 */
export const m162CancelRequests: Migration = {
  version: 162,
  name: 'cancel-requests',
  up(db) {
    db.exec('ALTER TABLE conversions ADD COLUMN cancel_requested INTEGER NOT NULL DEFAULT 0;');
  },
  postgres: 'ALTER TABLE conversions ADD COLUMN cancel_requested INTEGER NOT NULL DEFAULT 0;',
};

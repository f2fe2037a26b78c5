import type { Migration } from './migration.js';

/**
 * 151: claims with a lease on conversions and webhook deliveries. Several instances on one
 * PostgreSQL store each work only on what they claimed (`lease_owner`, until `lease_until`, ms
 * epoch); a claim not renewed in time (the instance died) may be taken by another instance.
 */
export const m151Leases: Migration = {
  version: 151,
  name: 'leases',
  up(db) {
    db.exec(`
      ALTER TABLE conversions ADD COLUMN lease_owner TEXT;
      ALTER TABLE conversions ADD COLUMN lease_until INTEGER;
      CREATE INDEX conversions_unfinished ON conversions(status, lease_until);
      ALTER TABLE webhook_deliveries ADD COLUMN lease_owner TEXT;
      ALTER TABLE webhook_deliveries ADD COLUMN lease_until INTEGER;
    `);
  },
  postgres: `
    ALTER TABLE conversions ADD COLUMN lease_owner TEXT;
    ALTER TABLE conversions ADD COLUMN lease_until BIGINT;
    CREATE INDEX conversions_unfinished ON conversions(status, lease_until);
    ALTER TABLE webhook_deliveries ADD COLUMN lease_owner TEXT;
    ALTER TABLE webhook_deliveries ADD COLUMN lease_until BIGINT;
  `,
};

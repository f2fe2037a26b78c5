import type { Migration } from './migration.js';

/**
 * Each statement's fingerprint (src/service/fraud/fingerprint.ts) as JSON, so statements
 * converted later are compared with it: within the application (chain, holder, fonts) and
 * across the account's applications (the same statement sent twice).
 */
export const m061FraudFingerprint: Migration = {
  version: 61,
  name: 'fraud-fingerprint',
  up(db) {
    db.exec('ALTER TABLE statements ADD COLUMN fraud_fingerprint TEXT;');
  },
  postgres: `ALTER TABLE statements ADD COLUMN fraud_fingerprint TEXT;`,
};

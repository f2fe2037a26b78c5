import type { Migration } from './migration.js';

/**
 * Fraud score per statement (src/service/fraud), stored beside the statement so the scorecard's
 * `thumbprints` section and the summaries can read it: NULL = no score (image PDF, data formats).
 * fraud_reasons is JSON: [{ index, text }].
 */
export const m060FraudScore: Migration = {
  version: 60,
  name: 'fraud-score',
  up(db) {
    db.exec(`
      ALTER TABLE statements ADD COLUMN fraud_score INTEGER;
      ALTER TABLE statements ADD COLUMN fraud_reasons TEXT;
    `);
  },
  postgres: `    ALTER TABLE statements ADD COLUMN fraud_score BIGINT;
    ALTER TABLE statements ADD COLUMN fraud_reasons TEXT;`,
};

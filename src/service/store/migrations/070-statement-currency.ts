import type { Migration } from './migration.js';

/**
 * The currency of each statement (ISO 4217, as the converter read it; NULL = not stated, read
 * as USD), so the scorecard averages and sums money per currency and never mixes GBP with USD.
 */
export const m070StatementCurrency: Migration = {
  version: 70,
  name: 'statement-currency',
  up(db) {
    db.exec('ALTER TABLE statements ADD COLUMN currency TEXT;');
  },
  postgres: `ALTER TABLE statements ADD COLUMN currency TEXT;`,
};

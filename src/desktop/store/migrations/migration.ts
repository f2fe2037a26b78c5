import type Database from 'better-sqlite3';

/**
 * One numbered step of the core's SQLite schema, in its own file named `NNN-what-it-does.ts`,
 * the same shape as the service's (src/service/store/migrations). Never edit one that has
 * shipped: add the next number (test/core/migrations.test.ts checks each step on a database left
 * by the previous one).
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

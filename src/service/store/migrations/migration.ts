import type Database from 'better-sqlite3';

/**
 * One numbered step of a SQLite schema, in its own file named `NNN-what-it-does.ts`. The list
 * in ./index.ts applies them in order, each in one transaction. Never edit one that has
 * shipped: add the next number. The desktop core's database uses the same shape
 * (src/desktop/store/migrations).
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

import type { Migration } from './migration.js';

/** 140: the industry classification (`webSearch` of appinfo) of an application, when asked for. */
export const m140WebSearch: Migration = {
  version: 140,
  name: 'web-search',
  up(db) {
    db.exec(`
      CREATE TABLE app_web_search (
        app_id INTEGER PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
        result TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `);
  },
  postgres: `    CREATE TABLE app_web_search (
      app_id BIGINT PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
      result TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );`,
};

import type { Query } from './query.js';

/** The industry classification of an application (migration 140), as the JSON text naics/web-search.ts keeps. */
export async function saveWebSearch(db: Query, appId: number, json: string, at: string): Promise<void> {
  await db.run(`INSERT INTO app_web_search (app_id, result, updated_at) VALUES (?, ?, ?)
    ON CONFLICT(app_id) DO UPDATE SET result = excluded.result, updated_at = excluded.updated_at`, appId, json, at);
}

export async function webSearchJson(db: Query, appId: number): Promise<string | null> {
  return (await db.get<{ result: string }>('SELECT result FROM app_web_search WHERE app_id = ?', appId))?.result ?? null;
}

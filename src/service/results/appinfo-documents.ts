import type { Db } from '../store/db.js';
import type { Application } from '../store/applications.js';
import type { AppInfo } from './appinfo.js';
import { storedWebSearch } from '../naics/web-search.js';

/** appinfo fields that come from outside the statements: the industry classification (`webSearch`). */
export function withDocuments(db: Db, app: Application, info: AppInfo): AppInfo & { webSearch?: unknown } {
  const ws = storedWebSearch(db, app.id);
  return ws ? { ...info, webSearch: ws } : info;
}

/**
 * How the core shows an application: its summary for the list and its detail (statements, files
 * with their states, stored results), both read from the data folder so they work offline.
 */
import type { AppDetail, AppSummary } from '../contract/ipc.js';
import { fileStateCounts, fileStates } from './file-actions.js';
import type { Db } from './store/db.js';
import { doneJobItems, jobCountsByStatus, lastJobChange } from './store/app-queries.js';
import { toJobView, type JobQueue } from './store/job-queue.js';
import type { AppRow, ResultsStore } from './store/results.js';

export class AppViews {
  constructor(private db: Db, private results: ResultsStore, private queue: JobQueue) {}

  require(appnumber: string): AppRow {
    const app = this.results.getApp(appnumber);
    if (!app) throw new Error(`no application "${appnumber}"`);
    return app;
  }

  summary(app: AppRow): AppSummary {
    // The headline only: parsing the whole stored results (scorecard, every transaction) of each
    // application made the list cost as much as the applications' size.
    const stored = this.results.appHeadline(app.appnumber);
    const info = stored?.appinfo;
    return {
      appnumber: app.appnumber,
      appid: app.appid,
      owner: app.owner || (info?.owner ?? ''),
      connectionId: app.connection_id,
      totalstatements: info?.totalstatements ?? 0,
      totalstatements_reconciled: info?.totalstatements_reconciled ?? 0,
      jobCounts: jobCountsByStatus(this.db, app.appnumber),
      fileStates: fileStateCounts(this.db, app.appnumber),
      lastActivity: [lastJobChange(this.db, app.appnumber), stored?.updatedAt].filter(Boolean).sort().pop() ?? null,
      dealStatus: app.deal_status,
      assignee: app.assignee,
      statusChangedAt: app.status_changed_at,
      createdAt: app.created_at,
    };
  }

  detail(appnumber: string): AppDetail {
    const app = this.require(appnumber);
    const stored = this.results.appHeadline(appnumber);
    return {
      app: this.summary(app),
      statements: this.results.statementSummaries(appnumber),
      fileStatus: this.results.fileStatus(appnumber) as AppDetail['fileStatus'],
      fileStates: Object.fromEntries(fileStates(this.db, appnumber)),
      jobs: this.queue.list(appnumber).map((r) => toJobView(r)),
      resultsUpdatedAt: stored?.updatedAt ?? null,
    };
  }
}

/** Done jobs whose every stored file_status item carries an error: the service could not read the file. */
export function unreadableJobs(db: Db, appnumber?: string): Set<number> {
  const state = new Map<number, boolean>();
  for (const r of doneJobItems(db, appnumber)) {
    const item = JSON.parse(r.item) as { error?: unknown; numTransactions?: unknown };
    const failed = (typeof item.error === 'string' && item.error !== '') || (typeof item.numTransactions === 'number' && item.numTransactions < 0);
    state.set(r.id, (state.get(r.id) ?? true) && failed);
  }
  return new Set([...state].filter(([, f]) => f).map(([id]) => id));
}

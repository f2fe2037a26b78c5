/**
 * What the window does to one file of the queue: retry (a file the service could not read is
 * uploaded again under a new key), cancel (on the service too), retry all failed, remove (its
 * statements leave the application on the service), and open the original.
 */
import path from 'node:path';
import type { JobView } from '../contract/ipc.js';
import type { ApiClient } from './api-client.js';
import { unreadableJobs } from './app-views.js';
import { originalFile, removeJob, viewableCopy } from './file-actions.js';
import type { Scheduler } from './scheduler.js';
import type { Db } from './store/db.js';
import { toJobView, type JobQueue, type JobRow } from './store/job-queue.js';
import type { AppRow } from './store/results.js';

export interface JobActionsOptions {
  db: Db;
  dataDir: string;
  queue: JobQueue;
  scheduler: () => Scheduler;
  client: (connectionId: string) => ApiClient;
  requireApp: (appnumber: string) => AppRow;
  jobChanged: (row: JobRow) => void;
  checkIdle: () => void;
  /** After statements left an application: refresh its results (or say they changed). */
  statementsRemoved: (appnumber: string, count: number) => Promise<void>;
  openPath?: (file: string) => Promise<void>;
}

export function jobActions(o: JobActionsOptions) {
  const job = (id: number): JobRow => {
    const row = o.queue.get(id);
    if (!row) throw new Error(`no file with id ${id}`);
    return row;
  };
  return {
    listJobs: (appnumber?: string) => o.queue.list(appnumber).map((r) => toJobView(r)),
    retryJob: (id: number): JobView => {
      const row = unreadableJobs(o.db).has(id) ? o.queue.requeue(id) : o.queue.retry(id);
      o.jobChanged(row);
      o.scheduler().pump();
      return toJobView(row);
    },
    cancelJob: (id: number): JobView => {
      const row = o.queue.cancel(id);
      // Converting on the service: stop it there too (best effort; a finished one answers 409).
      if (row.resfile && row.appid != null) void o.client(row.connection_id).cancelConversion(row.appid, row.resfile).catch(() => undefined);
      o.scheduler().abort(id);
      o.jobChanged(row);
      o.checkIdle();
      return toJobView(row);
    },
    retryAllFailed: (appnumber?: string): number => {
      const ids = o.queue.list(appnumber).filter((r) => r.status === 'failed').map((r) => r.id);
      for (const id of ids) o.jobChanged(o.queue.retry(id));
      // Files the service answered but could not read count as failed too (the window shows them so).
      const unreadable = [...unreadableJobs(o.db, appnumber)];
      for (const id of unreadable) o.jobChanged(o.queue.requeue(id));
      ids.push(...unreadable);
      o.scheduler().pump();
      return ids.length;
    },
    removeJob: async (id: number) => {
      const row = job(id);
      const app = o.requireApp(row.appnumber);
      const out = await removeJob(o.db, row, () => o.client(app.connection_id), app.appid ?? row.appid);
      await o.statementsRemoved(row.appnumber, out.deletedStatements);
      return { removed: true as const, ...out };
    },
    openOriginal: async (id: number) => {
      if (!o.openPath) throw new Error('no system viewer here: the window opens the original itself');
      await o.openPath(await viewableCopy(job(id), path.join(o.dataDir, 'originals')));
    },
    originalFile: async (id: number) => originalFile(job(id)),
  };
}

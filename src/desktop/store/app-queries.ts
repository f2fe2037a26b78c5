/**
 * The desktop core's read-and-tidy SQL over jobs and stored file results that is not the queue's
 * own (./job-queue.ts) nor the results cache's (./results.ts): counts the views and the network
 * banner show, the rows per-file states are made from, and the deletion of one job's rows.
 */
import type { Db } from './db.js';

const PENDING = `('queued','uploading','converting')`;

/** Jobs of an application still to finish (queued, uploading or converting). */
export function pendingJobCount(db: Db, appnumber: string): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE appnumber = ? AND status IN ${PENDING}`).get(appnumber) as { n: number }).n;
}

/** Jobs queued or converting for any of these connections (the ones held while offline). */
export function jobsWaitingFor(db: Db, connectionIds: string[]): number {
  if (!connectionIds.length) return 0;
  return (db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE status IN ('queued','converting') AND connection_id IN (${connectionIds.map(() => '?').join(',')})`)
    .get(...connectionIds) as { n: number }).n;
}

/** Jobs of an application by status. */
export function jobCountsByStatus(db: Db, appnumber: string): Record<string, number> {
  const rows = db.prepare('SELECT status, COUNT(*) AS n FROM jobs WHERE appnumber = ? GROUP BY status').all(appnumber) as { status: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** The latest change to any job of an application (ISO), or null. */
export function lastJobChange(db: Db, appnumber: string): string | null {
  return (db.prepare('SELECT MAX(updated_at) AS t FROM jobs WHERE appnumber = ?').get(appnumber) as { t: string | null }).t;
}

/** Applications that send their files through a connection. */
export function appsUsingConnection(db: Db, connectionId: string): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM apps WHERE connection_id = ?').get(connectionId) as { n: number }).n;
}

/** Id and status of every job of an application. */
export function jobStatuses(db: Db, appnumber: string): { id: number; status: string }[] {
  return db.prepare('SELECT id, status FROM jobs WHERE appnumber = ?').all(appnumber) as { id: number; status: string }[];
}

/** Every stored file_status item (JSON text) of an application, with its job. */
export function fileResultItems(db: Db, appnumber: string): { job_id: number; item: string }[] {
  return db.prepare('SELECT job_id, item FROM file_results WHERE appnumber = ?').all(appnumber) as { job_id: number; item: string }[];
}

/** The stored file_status items (JSON text) of one job, in order. */
export function jobFileResultItems(db: Db, jobId: number): string[] {
  return (db.prepare('SELECT item FROM file_results WHERE job_id = ? ORDER BY seq').all(jobId) as { item: string }[]).map((r) => r.item);
}

/** file_status items (JSON text) of done jobs, of one application or of all. */
export function doneJobItems(db: Db, appnumber?: string): { id: number; item: string }[] {
  return db.prepare(`SELECT f.job_id AS id, f.item FROM file_results f JOIN jobs j ON j.id = f.job_id WHERE j.status = 'done'${appnumber ? ' AND j.appnumber = ?' : ''}`)
    .all(...(appnumber ? [appnumber] : [])) as { id: number; item: string }[];
}

/** Done jobs of an application with their staged bytes, in the order they were added. */
export function doneJobFiles(db: Db, appnumber: string): { id: number; file_name: string; blob_path: string }[] {
  return db.prepare(`SELECT id, file_name, blob_path FROM jobs WHERE appnumber = ? AND status = 'done' ORDER BY id`).all(appnumber) as { id: number; file_name: string; blob_path: string }[];
}

/** Deletes a job and its stored file results; returns how many jobs still share its staged bytes. */
export function deleteJobRows(db: Db, jobId: number, blobPath: string): number {
  db.transaction(() => {
    db.prepare('DELETE FROM file_results WHERE job_id = ?').run(jobId);
    db.prepare('DELETE FROM jobs WHERE id = ?').run(jobId);
  })();
  return (db.prepare('SELECT COUNT(*) AS n FROM jobs WHERE blob_path = ?').get(blobPath) as { n: number }).n;
}

import type { FileState, JobView, StoredFileStatus } from '../../contract/ipc.js';

export interface BatchProgress {
  total: number;
  finished: number;
  counts: Record<FileState, number>;
  /** Pages converted per second over the batch so far; null until there is a measurable span. */
  pagesPerSecond: number | null;
  pages: number;
}

/**
 * Overall progress of an application's files: how many finished (converted, unreconciled or
 * failed), and pages per second from the first file's arrival to the last finish.
 */
export function batchProgress(jobs: JobView[], states: Record<string, FileState>, fileStatus: StoredFileStatus[]): BatchProgress {
  const counts: Record<FileState, number> = { converted: 0, unreconciled: 0, failed: 0, in_progress: 0, cancelled: 0 };
  for (const j of jobs) {
    // A job the core has not reported on yet (just added) is in progress.
    const s = states[String(j.id)] ?? (j.status === 'failed' ? 'failed' : j.status === 'cancelled' ? 'cancelled' : j.status === 'done' ? 'converted' : 'in_progress');
    counts[s === 'converted' && j.status !== 'done' ? 'in_progress' : s]++;
  }
  const pagesByJob = new Map<number, number>();
  for (const f of fileStatus) if (typeof f.pagecount === 'number' && f.pagecount > 0) pagesByJob.set(f.jobId, Math.max(pagesByJob.get(f.jobId) ?? 0, f.pagecount));
  const pages = [...pagesByJob.values()].reduce((a, b) => a + b, 0);
  const done = jobs.filter((j) => j.status === 'done');
  let pps: number | null = null;
  if (done.length && pages) {
    const start = Math.min(...jobs.map((j) => Date.parse(j.createdAt)));
    const end = Math.max(...done.map((j) => Date.parse(j.updatedAt)));
    const secs = (end - start) / 1000;
    if (secs >= 1) pps = pages / secs;
  }
  return { total: jobs.length, finished: counts.converted + counts.unreconciled + counts.failed, counts, pagesPerSecond: pps, pages };
}

/**
 * When a batch is finished: the files of an application that were queued together have all
 * reached done, failed or cancelled (its queue drained). Then one `batch:finished` says how many
 * converted and failed, so the shell or the window can tell the user once, not per file.
 */
import { fileStates } from './file-actions.js';
import { pendingJobCount } from './store/app-queries.js';
import type { Db } from './store/db.js';
import { TERMINAL, type JobRow } from './store/job-queue.js';

export interface BatchFinished { appnumber: string; files: number; converted: number; failed: number; cancelled: number }

export class BatchWatch {
  /** Jobs of each application's running batch. */
  private open = new Map<string, Set<number>>();

  constructor(private db: Db, private finished: (b: BatchFinished) => void) {}

  jobChanged(row: JobRow): void {
    let batch = this.open.get(row.appnumber);
    if (!TERMINAL.has(row.status)) {
      if (!batch) this.open.set(row.appnumber, (batch = new Set()));
      batch.add(row.id);
      return;
    }
    if (!batch?.has(row.id) || pendingJobCount(this.db, row.appnumber) > 0) return;
    this.open.delete(row.appnumber);
    const states = fileStates(this.db, row.appnumber);
    const out: BatchFinished = { appnumber: row.appnumber, files: batch.size, converted: 0, failed: 0, cancelled: 0 };
    for (const id of batch) {
      const s = states.get(id);
      if (s === 'failed') out.failed++;
      else if (s === 'cancelled') out.cancelled++;
      else if (s === 'converted' || s === 'unreconciled') out.converted++;
    }
    // Files removed while the batch ran are not counted.
    out.files = out.converted + out.failed + out.cancelled;
    if (out.files) this.finished(out);
  }

  /** A job left (its application was deleted). */
  forget(id: number): void {
    for (const [app, batch] of this.open) if (batch.delete(id) && !batch.size) this.open.delete(app);
  }
}

/**
 * What an underwriter does to one file of an application besides retrying it: remove it (its
 * statements are deleted on the service too, so they leave the scorecard), open the original,
 * and see per-file states with counts. Kept apart from the queue so removal never races a
 * claim: a file being uploaded or converted must be cancelled first.
 */
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './store/db.js';
import { ApiClient } from './api-client.js';
import type { JobRow } from './store/job-queue.js';
import { deleteJobRows, fileResultItems, jobFileResultItems, jobStatuses } from './store/app-queries.js';
import { isFormItem } from '../contract/api/form-items.js';

/** A stored original larger than this is not sent through the bridge (base64 of ~70 MB). */
export const MAX_ORIGINAL_BYTES = 50 * 1024 * 1024;

export type FileState = 'converted' | 'unreconciled' | 'failed' | 'in_progress' | 'cancelled';

/** Per-file state of every job of an application: failed includes files the service answered but could not read. */
export function fileStates(db: Db, appnumber: string): Map<number, FileState> {
  const jobs = jobStatuses(db, appnumber);
  const items = fileResultItems(db, appnumber);
  const perJob = new Map<number, { ok: number; failed: number; unreconciled: number }>();
  for (const r of items) {
    const it = JSON.parse(r.item) as { error?: unknown; numTransactions?: unknown; reconciled?: unknown; statementid?: number | null; taxForm?: unknown; form?: unknown };
    let s = perJob.get(r.job_id);
    if (!s) perJob.set(r.job_id, (s = { ok: 0, failed: 0, unreconciled: 0 }));
    if ((typeof it.error === 'string' && it.error !== '') || (typeof it.numTransactions === 'number' && it.numTransactions < 0)) s.failed++;
    // A form has no balances: it is read, not "not reconciled".
    else { s.ok++; if (it.reconciled === false && !isFormItem(it)) s.unreconciled++; }
  }
  const out = new Map<number, FileState>();
  for (const j of jobs) {
    const s = perJob.get(j.id);
    if (j.status === 'failed') out.set(j.id, 'failed');
    else if (j.status === 'cancelled') out.set(j.id, 'cancelled');
    else if (j.status !== 'done') out.set(j.id, 'in_progress');
    else if (s && s.failed && !s.ok) out.set(j.id, 'failed');
    else if (s && s.unreconciled) out.set(j.id, 'unreconciled');
    else out.set(j.id, 'converted');
  }
  return out;
}

export function fileStateCounts(db: Db, appnumber: string): Record<FileState, number> {
  const counts: Record<FileState, number> = { converted: 0, unreconciled: 0, failed: 0, in_progress: 0, cancelled: 0 };
  for (const s of fileStates(db, appnumber).values()) counts[s]++;
  return counts;
}

function statementIds(job: JobRow, db: Db): number[] {
  const ids = new Set<number>();
  try { for (const id of JSON.parse(job.statement_ids) as unknown[]) if (typeof id === 'number') ids.add(id); } catch { /* none recorded */ }
  for (const item of jobFileResultItems(db, job.id)) {
    const id = (JSON.parse(item) as { statementid?: unknown }).statementid;
    if (typeof id === 'number' && Number.isInteger(id)) ids.add(id);
  }
  return [...ids];
}

/**
 * Removes a job: its statements on the service (`/deletestatement`; a 404 means already gone),
 * its stored results, the row, and its staged bytes when no other job shares them.
 * Refused while the file is being uploaded or converted, and while the service is unreachable
 * when there are statements to delete (they would stay in the scorecard).
 */
export async function removeJob(db: Db, job: JobRow, client: () => ApiClient, appid: number | null): Promise<{ deletedStatements: number }> {
  if (job.status === 'uploading' || job.status === 'converting') throw new Error(`"${job.file_name}" is being ${job.status === 'uploading' ? 'uploaded' : 'converted'}: cancel it first, or wait until it finishes`);
  const ids = job.status === 'done' ? statementIds(job, db) : [];
  const deleted = ids.length ? await deleteStatementsOnService(client, appid, ids, `"${job.file_name}"`) : 0;
  const others = deleteJobRows(db, job.id, job.blob_path);
  if (!others) await rm(job.blob_path, { force: true });
  return { deletedStatements: deleted };
}

/**
 * Deletes statements of an application on the service (`/deletestatement`; a 404 means already
 * gone); refused while the service is unreachable, since they would stay there. Returns how many it deleted.
 */
export async function deleteStatementsOnService(client: () => ApiClient, appid: number | null, ids: number[], what: string): Promise<number> {
  if (appid == null) throw new Error(`${what} has statements but the application has no service id yet; refresh results first`);
  const c = client();
  let deleted = 0;
  for (const id of ids) {
    let res;
    try {
      res = await c.call('POST', '/deletestatement', async () => {
        const enc = await ApiClient.encodeForm({ appid: String(appid), statementId: String(id) });
        // Plain text fields only: the whole form as one string.
        return { body: await new Response(enc.stream).text(), headers: { 'content-type': enc.contentType } };
      });
    } catch (err) {
      throw new Error(`cannot remove ${what} while the service is unreachable (${(err as Error).message}): its statements would stay in the scorecard. Try again when online.`);
    }
    if (res.status === 404) continue;
    ApiClient.expect(res, [200]);
    deleted++;
  }
  return deleted;
}

/** The staged original of a job, for "View original". */
export async function originalFile(job: JobRow): Promise<{ fileName: string; mime: string; base64: string }> {
  if (job.size > MAX_ORIGINAL_BYTES) throw new Error(`"${job.file_name}" is ${Math.round(job.size / 1048576)} MB; the window opens originals up to ${MAX_ORIGINAL_BYTES / 1048576} MB (find it in the data folder's inbox)`);
  let bytes: Buffer;
  try { bytes = await readFile(job.blob_path); } catch { throw new Error(`the original of "${job.file_name}" is no longer in the data folder`); }
  const lower = job.file_name.toLowerCase();
  const mime = lower.endsWith('.pdf') ? 'application/pdf' : lower.endsWith('.json') ? 'application/json' : lower.endsWith('.csv') ? 'text/csv' : lower.endsWith('.txt') ? 'text/plain; charset=utf-8' : lower.endsWith('.zip') ? 'application/zip' : 'application/octet-stream';
  return { fileName: job.file_name, mime, base64: bytes.toString('base64') };
}

/**
 * A copy of the original under its own name (staged bytes are named by hash, which no viewer
 * recognises), in `<folder>/<job id>/`, for the system viewer.
 */
export async function viewableCopy(job: JobRow, folder: string): Promise<string> {
  const dir = path.join(folder, String(job.id));
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, path.basename(job.file_name).replace(/[\\/:*?"<>|\0]/g, '_') || 'original');
  try { await copyFile(job.blob_path, target); } catch { throw new Error(`the original of "${job.file_name}" is no longer in the data folder`); }
  return target;
}

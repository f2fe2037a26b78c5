import { sql, type Db } from './db.js';
import type { FileStatus } from '../../contract/api/file-status.js';

export type ConversionStatus = 'queued' | 'running' | 'done' | 'failed';

export interface Conversion {
  id: number;
  appId: number;
  fileId: number;
  resfile: string;
  endpoint: string;
  status: ConversionStatus;
  options: Record<string, unknown>;
  trackingId: string;
  webhook: string;
  /** file_status items frozen when the conversion finished (what /getresults returns). */
  results: FileStatus[] | null;
  error: string | null;
}

interface Row {
  id: number; app_id: number; file_id: number; resfile: string; endpoint: string; status: ConversionStatus; options: string;
  tracking_id: string; webhook: string; results: string | null; error: string | null;
}
const fromRow = (r: Row): Conversion => ({
  id: r.id, appId: r.app_id, fileId: r.file_id, resfile: r.resfile, endpoint: r.endpoint, status: r.status,
  options: JSON.parse(r.options) as Record<string, unknown>, trackingId: r.tracking_id, webhook: r.webhook,
  results: r.results ? (JSON.parse(r.results) as FileStatus[]) : null, error: r.error,
});

export function insertConversion(db: Db, c: { appId: number; fileId: number; resfile: string; endpoint: string; options: unknown; trackingId: string; webhook: string }): Conversion {
  const info = sql(db, `INSERT INTO conversions (app_id, file_id, resfile, endpoint, status, options, tracking_id, webhook, created_at)
    VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?)`).run(c.appId, c.fileId, c.resfile, c.endpoint, JSON.stringify(c.options), c.trackingId, c.webhook, new Date().toISOString());
  return conversionById(db, Number(info.lastInsertRowid))!;
}

export function conversionById(db: Db, id: number): Conversion | null {
  const r = sql(db, 'SELECT * FROM conversions WHERE id = ?').get(id) as Row | undefined;
  return r ? fromRow(r) : null;
}

export function conversionByResfile(db: Db, appId: number, resfile: string): Conversion | null {
  const r = sql(db, 'SELECT * FROM conversions WHERE app_id = ? AND resfile = ?').get(appId, resfile) as Row | undefined;
  return r ? fromRow(r) : null;
}

export function conversionsOfApp(db: Db, appId: number): Conversion[] {
  return (sql(db, 'SELECT * FROM conversions WHERE app_id = ? ORDER BY id').all(appId) as Row[]).map(fromRow);
}

export function unfinishedConversions(db: Db): Conversion[] {
  return (sql(db, "SELECT * FROM conversions WHERE status IN ('queued','running') ORDER BY id").all() as Row[]).map(fromRow);
}

export function countInProgress(db: Db, appId: number): number {
  return (sql(db, "SELECT COUNT(*) AS n FROM conversions WHERE app_id = ? AND status IN ('queued','running')").get(appId) as { n: number }).n;
}

export function setConversionStatus(db: Db, id: number, status: ConversionStatus): void {
  sql(db, 'UPDATE conversions SET status = ? WHERE id = ?').run(status, id);
}

export function finishConversion(db: Db, id: number, status: 'done' | 'failed', results: FileStatus[], error: string | null): void {
  sql(db, 'UPDATE conversions SET status = ?, results = ?, error = ?, finished_at = ? WHERE id = ?')
    .run(status, JSON.stringify(results), error, new Date().toISOString(), id);
}

import type { Query } from './query.js';
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
  /** The webhook batch it belongs to (migration 161), or null. */
  batchId: number | null;
  /** A cancel was asked on some instance (migration 162). */
  cancelRequested: boolean;
}

interface Row {
  id: number; app_id: number; file_id: number; resfile: string; endpoint: string; status: ConversionStatus; options: string;
  tracking_id: string; webhook: string; results: string | null; error: string | null; batch_id: number | null; cancel_requested: number;
}
const fromRow = (r: Row): Conversion => ({
  id: r.id, appId: r.app_id, fileId: r.file_id, resfile: r.resfile, endpoint: r.endpoint, status: r.status,
  options: JSON.parse(r.options) as Record<string, unknown>, trackingId: r.tracking_id, webhook: r.webhook,
  results: r.results ? (JSON.parse(r.results) as FileStatus[]) : null, error: r.error,
  batchId: r.batch_id === null || r.batch_id === undefined ? null : Number(r.batch_id), cancelRequested: Number(r.cancel_requested) === 1,
});

/** Who works on a conversion and until when (ms epoch) unless renewed (migration 151). */
export interface Lease { owner: string; until: number }

/** Stores a queued conversion, claimed from the start by the instance that accepted it (`lease`). */
export async function insertConversion(db: Query, c: { appId: number; fileId: number; resfile: string; endpoint: string; options: unknown; trackingId: string; webhook: string; lease?: Lease; batchId?: number | null }): Promise<Conversion> {
  const id = await db.insert(`INSERT INTO conversions (app_id, file_id, resfile, endpoint, status, options, tracking_id, webhook, created_at, lease_owner, lease_until, batch_id)
    VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?)`, c.appId, c.fileId, c.resfile, c.endpoint, JSON.stringify(c.options), c.trackingId, c.webhook, new Date().toISOString(),
  c.lease?.owner ?? null, c.lease?.until ?? null, c.batchId ?? null);
  return (await conversionById(db, id))!;
}

export async function conversionById(db: Query, id: number): Promise<Conversion | null> {
  const r = await db.get('SELECT * FROM conversions WHERE id = ?', id) as Row | undefined;
  return r ? fromRow(r) : null;
}

export async function conversionByResfile(db: Query, appId: number, resfile: string): Promise<Conversion | null> {
  const r = await db.get('SELECT * FROM conversions WHERE app_id = ? AND resfile = ?', appId, resfile) as Row | undefined;
  return r ? fromRow(r) : null;
}

export async function conversionsOfApp(db: Query, appId: number): Promise<Conversion[]> {
  return (await db.all('SELECT * FROM conversions WHERE app_id = ? ORDER BY id', appId) as Row[]).map(fromRow);
}

/**
 * The stored results of the application's conversions that hold a form or a tax form, oldest
 * first. Only results whose JSON has a `form` or `taxForm` key are fetched and parsed (the text
 * `"form":` can appear in JSON only as a key: inside a string its quotes are escaped), so an
 * application of statements alone costs one index search, not a parse of every file's results.
 */
export async function formResultsOfApp(db: Query, appId: number): Promise<FileStatus[][]> {
  const rows = await db.all(`SELECT results FROM conversions WHERE app_id = ? AND results IS NOT NULL
    AND (results LIKE '%"form":%' OR results LIKE '%"taxForm":%') ORDER BY id`, appId) as { results: string }[];
  return rows.map((r) => JSON.parse(r.results) as FileStatus[]);
}

/** The conversion options of the application's conversions by id, oldest first (without their results). */
export async function optionsOfApp(db: Query, appId: number): Promise<{ id: number; options: Record<string, unknown> }[]> {
  const rows = await db.all('SELECT id, options FROM conversions WHERE app_id = ? ORDER BY id', appId) as { id: number; options: string }[];
  return rows.map((r) => ({ id: r.id, options: JSON.parse(r.options) as Record<string, unknown> }));
}

export async function countInProgress(db: Query, appId: number): Promise<number> {
  return (await db.get("SELECT COUNT(*) AS n FROM conversions WHERE app_id = ? AND status IN ('queued','running')", appId) as { n: number }).n;
}

export async function setConversionStatus(db: Query, id: number, status: ConversionStatus): Promise<void> {
  await db.run('UPDATE conversions SET status = ? WHERE id = ?', status, id);
}

/** Marks the conversion running; true when a cancel was asked for it meanwhile (it must not run). */
export async function startRunning(db: Query, id: number): Promise<boolean> {
  const r = await db.get<{ c: number }>("UPDATE conversions SET status = 'running' WHERE id = ? RETURNING cancel_requested AS c", id);
  return Number(r?.c) === 1;
}

/** Records a cancel asked on any instance; false when the conversion already finished. */
export async function requestCancel(db: Query, id: number): Promise<boolean> {
  return (await db.run("UPDATE conversions SET cancel_requested = 1 WHERE id = ? AND status IN ('queued','running')", id)).changes === 1;
}

/** Unfinished conversions `owner` holds that someone asked to cancel (at most `limit`). */
export async function cancelsFor(db: Query, owner: string, limit: number): Promise<number[]> {
  return (await db.all<{ id: number }>("SELECT id FROM conversions WHERE lease_owner = ? AND cancel_requested = 1 AND status IN ('queued','running') ORDER BY id LIMIT ?", owner, limit))
    .map((r) => Number(r.id));
}

export async function finishConversion(db: Query, id: number, status: 'done' | 'failed', results: FileStatus[], error: string | null): Promise<void> {
  await db.run('UPDATE conversions SET status = ?, results = ?, error = ?, finished_at = ? WHERE id = ?', status, JSON.stringify(results), error, new Date().toISOString(), id);
}

/**
 * Claims up to `limit` unfinished conversions nobody holds (never claimed, or a lease that ran
 * out: its instance died or stopped) for `lease.owner`; returns them with their account. On
 * PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so instances sweeping at the same
 * moment never claim the same conversion.
 */
export async function claimConversions(db: Query, lease: Lease, now: number, limit: number): Promise<Array<Conversion & { accountId: number }>> {
  if (limit <= 0) return [];
  const pick = `SELECT id FROM conversions WHERE status IN ('queued','running') AND (lease_until IS NULL OR lease_until < ?) ORDER BY id LIMIT ?${db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''}`;
  const rows = await db.all<Row & { account_id: number }>(`UPDATE conversions SET lease_owner = ?, lease_until = ? WHERE id IN (${pick})
    RETURNING *, (SELECT account_id FROM applications WHERE applications.id = conversions.app_id) AS account_id`, lease.owner, lease.until, now, limit);
  return rows.sort((a, b) => a.id - b.id).map((r) => ({ ...fromRow(r), accountId: r.account_id }));
}

/** Extends every unfinished claim of `owner` to `until`; returns how many it holds. */
export async function renewLeases(db: Query, lease: Lease): Promise<number> {
  return (await db.run("UPDATE conversions SET lease_until = ? WHERE lease_owner = ? AND status IN ('queued','running')", lease.until, lease.owner)).changes;
}

/** Gives up every unfinished claim of `owner` (a stopping instance), so another takes them at once. */
export async function releaseLeases(db: Query, owner: string): Promise<number> {
  return (await db.run("UPDATE conversions SET lease_until = 0 WHERE lease_owner = ? AND status IN ('queued','running')", owner)).changes;
}

/**
 * Inside the transaction that stores a conversion's results: null unless `owner` still holds it
 * and it is unfinished (on PostgreSQL the row stays locked until commit), so results are written
 * once even when a lease ran out and another instance converted the same file. Says whether a
 * cancel was asked meanwhile (on any instance): then it is stored as cancelled.
 */
export async function stillHeld(db: Query, id: number, owner: string, until: number): Promise<{ cancelRequested: boolean } | null> {
  const r = await db.get<{ c: number }>("UPDATE conversions SET lease_until = ? WHERE id = ? AND lease_owner = ? AND status IN ('queued','running') RETURNING cancel_requested AS c", until, id, owner);
  return r ? { cancelRequested: Number(r.c) === 1 } : null;
}

/** The conversions of a webhook batch (migration 161), in upload order. */
export async function conversionsOfBatch(db: Query, batchId: number): Promise<Conversion[]> {
  return (await db.all<Row>('SELECT * FROM conversions WHERE batch_id = ? ORDER BY id', batchId)).map(fromRow);
}

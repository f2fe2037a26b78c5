/**
 * Results kept on this machine per application (SQLite), so everything stays viewable offline:
 * each job's `file_status` items, and the application's appinfo, statement summaries,
 * scorecard and transactions as last received from the service.
 *
 * Application results only move forward: an answer carries the service's `appinfo.revision`
 * (raised by every change to the application's statements), and one older than what is stored
 * (a late answer, an Idempotent-Replayed first answer) never replaces it. From a service that
 * sends no revision, a replayed answer is the one known to be old and is kept out.
 */
import type { Db } from './db.js';
import type { AppInfo, MultiFileResults as ServiceResults, StatementSummary } from '../../contract/api/endpoints.js';
import type { Scorecard } from '../../contract/api/scorecard.js';
import type { AccountTransactions } from '../../contract/api/transactions.js';
import type { StoredFileStatus } from '../../contract/ipc.js';
import type { AppSort, DealStatus } from '../../contract/deal.js';

/**
 * What the core keeps of the service's results: any part may be missing (an upload answer has
 * no scorecard; a refresh has no file_status). The shapes are the contract's; the IPC edge
 * checks them again before the window sees them.
 */
export type MultiFileResults = Partial<Pick<ServiceResults, 'file_status' | 'statement_summaries' | 'appinfo' | 'scorecard' | 'transactions'>>;

export interface AppRow {
  appnumber: string;
  owner: string;
  connection_id: string;
  appid: number | null;
  created_at: string;
  deal_status: DealStatus;
  assignee: string;
  status_changed_at: string | null;
}

export interface AppListQuery {
  search?: string;
  sort?: AppSort;
  status?: DealStatus;
  assignee?: string;
}

/** ORDER BY of each sort: the latest activity (a job's change or stored results) first by default. */
const ORDER: Record<AppSort, string> = {
  activity: `MAX(a.created_at, COALESCE((SELECT MAX(updated_at) FROM jobs j WHERE j.appnumber = a.appnumber), ''), COALESCE((SELECT updated_at FROM app_results r WHERE r.appnumber = a.appnumber), '')) DESC, a.appnumber`,
  created: 'a.created_at DESC, a.appnumber',
  appnumber: 'a.appnumber',
  status: `CASE a.deal_status WHEN 'new' THEN 0 WHEN 'in_review' THEN 1 WHEN 'approved' THEN 2 WHEN 'declined' THEN 3 ELSE 4 END, a.appnumber`,
  assignee: `a.assignee = '', a.assignee COLLATE NOCASE, a.appnumber`,
};

export interface StoredAppResults {
  appinfo: AppInfo;
  statementSummaries: StatementSummary[];
  scorecard: Scorecard | null;
  transactions: AccountTransactions[] | null;
  updatedAt: string;
}

function asObject(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** Statement ids (`statementid`) named in a list of file_status items. */
export function statementIdsOf(fileStatus: unknown[] | undefined): number[] {
  const ids: number[] = [];
  for (const item of fileStatus ?? []) {
    const id = asObject(item)?.statementid;
    if (typeof id === 'number' && Number.isInteger(id)) ids.push(id);
  }
  return ids;
}

/** The service's `appinfo.revision`, or null when it sends none. */
export function revisionOf(appinfo: unknown): number | null {
  const r = asObject(appinfo)?.revision;
  return typeof r === 'number' && Number.isInteger(r) && r >= 0 ? r : null;
}

/** 'stored', or 'older' when the answer was older than the stored results and left them as they were. */
export type SaveOutcome = 'stored' | 'older';

export interface SaveOptions {
  /** The answer is the service's stored first answer for a repeated request (Idempotent-Replayed). */
  replayed?: boolean;
}

export function appidOf(results: unknown): number | null {
  const id = asObject(asObject(results)?.appinfo)?.appid;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

export class ResultsStore {
  constructor(private db: Db) {}

  ensureApp(appnumber: string, connectionId: string, owner = ''): AppRow {
    this.db.prepare(`INSERT INTO apps (appnumber, owner, connection_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (appnumber) DO NOTHING`)
      .run(appnumber, owner, connectionId, new Date().toISOString());
    if (owner) this.db.prepare(`UPDATE apps SET owner = ? WHERE appnumber = ? AND owner = ''`).run(owner, appnumber);
    return this.getApp(appnumber)!;
  }

  getApp(appnumber: string): AppRow | undefined {
    return this.db.prepare('SELECT * FROM apps WHERE appnumber = ?').get(appnumber) as AppRow | undefined;
  }

  /** Applications matching the search (number, owner or assignee), status and assignee, in the order asked. */
  listApps(q: AppListQuery = {}): AppRow[] {
    const where: string[] = [];
    const args: string[] = [];
    if (q.search) {
      const like = `%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      where.push(`(a.appnumber LIKE ? ESCAPE '\\' OR a.owner LIKE ? ESCAPE '\\' OR a.assignee LIKE ? ESCAPE '\\')`);
      args.push(like, like, like);
    }
    if (q.status) { where.push('a.deal_status = ?'); args.push(q.status); }
    if (q.assignee !== undefined) { where.push('a.assignee = ? COLLATE NOCASE'); args.push(q.assignee); }
    return this.db.prepare(`SELECT a.* FROM apps a${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${ORDER[q.sort ?? 'created']}`).all(...args) as AppRow[];
  }

  setConnection(appnumber: string, connectionId: string): void {
    this.db.prepare('UPDATE apps SET connection_id = ? WHERE appnumber = ?').run(connectionId, appnumber);
    this.db.prepare(`UPDATE jobs SET connection_id = ? WHERE appnumber = ? AND status = 'queued'`).run(connectionId, appnumber);
  }

  /**
   * Stores one job's file_status items (replacing earlier ones: they speak about this file only)
   * and the application-level results, unless those are older than what is stored.
   */
  saveJobResults(jobId: number, appnumber: string, results: MultiFileResults, fileStatus = results.file_status, opts: SaveOptions = {}): SaveOutcome {
    return this.db.transaction(() => {
      if (fileStatus) {
        this.db.prepare('DELETE FROM file_results WHERE job_id = ?').run(jobId);
        const ins = this.db.prepare('INSERT INTO file_results (job_id, appnumber, seq, item) VALUES (?, ?, ?, ?)');
        fileStatus.forEach((item, i) => ins.run(jobId, appnumber, i, JSON.stringify(item)));
      }
      return this.saveAppResults(appnumber, results, opts);
    })();
  }

  /** Whether an answer with this appinfo is older than the stored application results. */
  private isOlder(appnumber: string, appinfo: unknown, replayed: boolean): boolean {
    const row = this.db.prepare('SELECT appinfo FROM app_results WHERE appnumber = ?').get(appnumber) as { appinfo: string } | undefined;
    if (!row) return false;
    const stored = revisionOf(JSON.parse(row.appinfo));
    const incoming = revisionOf(appinfo);
    if (stored != null && incoming != null) return incoming < stored;
    // Without revisions to compare, only a replayed answer is known to be old.
    return replayed && Object.keys(JSON.parse(row.appinfo) as object).length > 0;
  }

  /**
   * Application-level results; fields absent from `results` keep their stored value. An answer
   * older than the stored one changes nothing (returns 'older').
   */
  saveAppResults(appnumber: string, results: MultiFileResults, opts: SaveOptions = {}): SaveOutcome {
    return this.db.transaction((): SaveOutcome => {
      if (this.isOlder(appnumber, results.appinfo, opts.replayed === true)) return 'older';
      this.writeAppResults(appnumber, results);
      return 'stored';
    })();
  }

  private writeAppResults(appnumber: string, results: MultiFileResults): void {
    const appid = appidOf(results);
    if (appid != null) this.db.prepare('UPDATE apps SET appid = ? WHERE appnumber = ?').run(appid, appnumber);
    const has = (k: keyof MultiFileResults) => results[k] !== undefined;
    this.db.prepare(`
      INSERT INTO app_results (appnumber, appinfo, statement_summaries, scorecard, transactions, updated_at)
      VALUES (@appnumber, COALESCE(@appinfo, '{}'), COALESCE(@ss, '[]'), @sc, @tx, @now)
      ON CONFLICT (appnumber) DO UPDATE SET
        appinfo = COALESCE(@appinfo, appinfo), statement_summaries = COALESCE(@ss, statement_summaries),
        scorecard = COALESCE(@sc, scorecard), transactions = COALESCE(@tx, transactions), updated_at = @now`).run({
      appnumber,
      appinfo: has('appinfo') ? JSON.stringify(results.appinfo) : null,
      ss: has('statement_summaries') ? JSON.stringify(results.statement_summaries) : null,
      sc: has('scorecard') ? JSON.stringify(results.scorecard) : null,
      tx: has('transactions') ? JSON.stringify(results.transactions) : null,
      now: new Date().toISOString(),
    });
  }

  appResults(appnumber: string): StoredAppResults | null {
    const r = this.db.prepare('SELECT * FROM app_results WHERE appnumber = ?').get(appnumber) as
      | { appinfo: string; statement_summaries: string; scorecard: string | null; transactions: string | null; updated_at: string }
      | undefined;
    if (!r) return null;
    return {
      appinfo: JSON.parse(r.appinfo),
      statementSummaries: JSON.parse(r.statement_summaries),
      scorecard: r.scorecard == null ? null : JSON.parse(r.scorecard),
      transactions: r.transactions == null ? null : JSON.parse(r.transactions),
      updatedAt: r.updated_at,
    };
  }

  /**
   * The stored appinfo and when the results were stored, without the summaries, scorecard and
   * transactions: what the application list shows of each application, so listing applications
   * does not parse every application's whole results.
   */
  appHeadline(appnumber: string): Pick<StoredAppResults, 'appinfo' | 'updatedAt'> | null {
    const r = this.db.prepare('SELECT appinfo, updated_at FROM app_results WHERE appnumber = ?').get(appnumber) as { appinfo: string; updated_at: string } | undefined;
    return r ? { appinfo: JSON.parse(r.appinfo), updatedAt: r.updated_at } : null;
  }

  /** The stored statement summaries (the application's detail), without the scorecard and transactions. */
  statementSummaries(appnumber: string): StatementSummary[] {
    const r = this.db.prepare('SELECT statement_summaries FROM app_results WHERE appnumber = ?').get(appnumber) as { statement_summaries: string } | undefined;
    return r ? JSON.parse(r.statement_summaries) : [];
  }

  /** Every stored file_status item of the application, each with the `jobId` it came from. */
  fileStatus(appnumber: string): StoredFileStatus[] {
    const rows = this.db.prepare('SELECT job_id, item FROM file_results WHERE appnumber = ? ORDER BY job_id, seq').all(appnumber) as { job_id: number; item: string }[];
    return rows.map((r) => ({ ...(JSON.parse(r.item) as Omit<StoredFileStatus, 'jobId'>), jobId: r.job_id }));
  }
}

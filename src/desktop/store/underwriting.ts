/**
 * SQL of an underwriter's work on an application (migration 005): deal status and assignee,
 * notes, statements left out of the scorecard, transaction edits, the audit trail, and the
 * deletion of an application with everything kept for it.
 */
import type { AuditAction, DealStatus } from '../../contract/deal.js';
import type { Db } from './db.js';

export interface AuditRow { id: number; appnumber: string; at: string; who: string; action: AuditAction; target: string; before: string | null; after: string | null }
export interface NoteRow { id: number; appnumber: string; author: string; body: string; created_at: string }
export interface TransactionEditRow { transaction_id: number; categories: string | null; trueval: number | null }
export interface DealRow { deal_status: DealStatus; assignee: string; status_changed_at: string | null }

export class UnderwritingStore {
  constructor(private db: Db) {}

  deal(appnumber: string): DealRow {
    return this.db.prepare('SELECT deal_status, assignee, status_changed_at FROM apps WHERE appnumber = ?').get(appnumber) as DealRow;
  }

  /** Runs `change` and its audit entry in one transaction. */
  private audited(appnumber: string, who: string, action: AuditAction, target: string, before: string | null, after: string | null, change: () => void): void {
    this.db.transaction(() => {
      change();
      this.db.prepare('INSERT INTO audit_log (appnumber, at, who, action, target, before, after) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(appnumber, new Date().toISOString(), who, action, target, before, after);
    })();
  }

  setStatus(appnumber: string, status: DealStatus, who: string): void {
    const before = this.deal(appnumber).deal_status;
    if (before === status) return;
    this.audited(appnumber, who, 'deal_status', appnumber, before, status, () =>
      this.db.prepare('UPDATE apps SET deal_status = ?, status_changed_at = ? WHERE appnumber = ?').run(status, new Date().toISOString(), appnumber));
  }

  setAssignee(appnumber: string, assignee: string, who: string): void {
    const before = this.deal(appnumber).assignee;
    if (before === assignee) return;
    this.audited(appnumber, who, 'assignee', appnumber, before, assignee, () =>
      this.db.prepare('UPDATE apps SET assignee = ? WHERE appnumber = ?').run(assignee, appnumber));
  }

  addNote(appnumber: string, body: string, who: string): NoteRow {
    let id = 0;
    this.audited(appnumber, who, 'note', appnumber, null, body, () => {
      id = Number(this.db.prepare('INSERT INTO app_notes (appnumber, author, body, created_at) VALUES (?, ?, ?, ?)').run(appnumber, who, body, new Date().toISOString()).lastInsertRowid);
    });
    return this.db.prepare('SELECT * FROM app_notes WHERE id = ?').get(id) as NoteRow;
  }

  notes(appnumber: string): NoteRow[] {
    return this.db.prepare('SELECT * FROM app_notes WHERE appnumber = ? ORDER BY id').all(appnumber) as NoteRow[];
  }

  excludedStatements(appnumber: string): Map<number, string> {
    const rows = this.db.prepare('SELECT statementid, reason FROM statement_exclusions WHERE appnumber = ?').all(appnumber) as { statementid: number; reason: string }[];
    return new Map(rows.map((r) => [r.statementid, r.reason]));
  }

  /** Leaves a statement out of (excluded) or puts it back into the scorecard; false when it already was so. */
  setExcluded(appnumber: string, statementid: number, excluded: boolean, reason: string, who: string, label: string): boolean {
    const was = this.excludedStatements(appnumber).has(statementid);
    if (was === excluded) return false;
    this.audited(appnumber, who, excluded ? 'statement_excluded' : 'statement_included', label, was ? 'excluded' : 'included', excluded ? `excluded${reason ? `: ${reason}` : ''}` : 'included', () => {
      if (excluded) this.db.prepare('INSERT INTO statement_exclusions (appnumber, statementid, reason) VALUES (?, ?, ?)').run(appnumber, statementid, reason);
      else this.db.prepare('DELETE FROM statement_exclusions WHERE appnumber = ? AND statementid = ?').run(appnumber, statementid);
    });
    return true;
  }

  transactionEdits(appnumber: string): Map<number, TransactionEditRow> {
    const rows = this.db.prepare('SELECT transaction_id, categories, trueval FROM transaction_edits WHERE appnumber = ?').all(appnumber) as TransactionEditRow[];
    return new Map(rows.map((r) => [r.transaction_id, r]));
  }

  /**
   * Sets one field of a transaction's edit (`categories` as JSON text, `trueval` 0/1; null puts
   * the service's value back), auditing the shown value before and after.
   */
  editTransaction(appnumber: string, transactionId: number, field: 'categories' | 'trueval', value: string | number | null,
    audit: { who: string; label: string; before: string; after: string }): void {
    const action: AuditAction = field === 'categories' ? 'transaction_category' : 'transaction_trueval';
    this.audited(appnumber, audit.who, action, audit.label, audit.before, audit.after, () => {
      this.db.prepare(`INSERT INTO transaction_edits (appnumber, transaction_id, ${field}) VALUES (?, ?, ?)
        ON CONFLICT (appnumber, transaction_id) DO UPDATE SET ${field} = excluded.${field}`).run(appnumber, transactionId, value);
      this.db.prepare('DELETE FROM transaction_edits WHERE appnumber = ? AND transaction_id = ? AND categories IS NULL AND trueval IS NULL').run(appnumber, transactionId);
    });
  }

  audit(appnumber: string): AuditRow[] {
    return this.db.prepare('SELECT * FROM audit_log WHERE appnumber = ? ORDER BY id').all(appnumber) as AuditRow[];
  }

  /** Staged files of an application's jobs that no other application's job shares (to delete from the inbox). */
  unsharedBlobs(appnumber: string): string[] {
    return (this.db.prepare(`SELECT DISTINCT blob_path FROM jobs j WHERE appnumber = ?
      AND NOT EXISTS (SELECT 1 FROM jobs o WHERE o.blob_path = j.blob_path AND o.appnumber <> j.appnumber)`).all(appnumber) as { blob_path: string }[]).map((r) => r.blob_path);
  }

  jobIds(appnumber: string): number[] {
    return (this.db.prepare('SELECT id FROM jobs WHERE appnumber = ?').all(appnumber) as { id: number }[]).map((r) => r.id);
  }

  /** Deletes the application and everything kept for it (jobs, file results, results, notes, edits, audit). */
  deleteApp(appnumber: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM file_results WHERE appnumber = ?').run(appnumber);
      this.db.prepare('DELETE FROM jobs WHERE appnumber = ?').run(appnumber);
      // app_results, notes, exclusions, edits and audit go with the row (ON DELETE CASCADE).
      this.db.prepare('DELETE FROM apps WHERE appnumber = ?').run(appnumber);
    })();
  }
}

/**
 * An underwriter's work on an application, kept in the data folder (store/underwriting.ts) with
 * an audit entry for every change: deal status and assignee, notes, statements left out of the
 * scorecard, transactions recategorised or marked true/untrue. The scorecard the window shows is
 * rebuilt here from the stored results whenever there are edits (./recompute.ts); the service's
 * copy is left as it is, so removing every edit gives its figures back.
 */
import { rm } from 'node:fs/promises';
import type { DealStatus } from '../../contract/deal.js';
import type { DealView } from '../../contract/ipc.js';
import type { Scorecard } from '../../contract/api/scorecard.js';
import type { AccountTransactions } from '../../contract/api/transactions.js';
import { RULES } from '../../scorecard/rules/index.js';
import type { ApiClient } from '../api-client.js';
import { deleteStatementsOnService } from '../file-actions.js';
import type { ResultsStore } from '../store/results.js';
import type { UnderwritingStore } from '../store/underwriting.js';
import { pendingJobCount } from '../store/app-queries.js';
import type { Db } from '../store/db.js';
import { editedAccounts, recomputedScorecard, type Edits } from './recompute.js';

/** Every category the rulebook gives, once, in rulebook order. */
export const CATEGORIES: readonly string[] = [...new Set([...RULES.map((r) => r.category), 'nondescript'])];

export interface UnderwritingOptions {
  db: Db;
  store: UnderwritingStore;
  results: ResultsStore;
  /** Who makes the changes (the audit's `who`). */
  who: () => string;
  client: (connectionId: string) => ApiClient;
  /** The stored results or edits changed: the window reloads. */
  changed: (appnumber: string) => void;
}

const money = (n: number) => n.toFixed(2);
const shown = (v: boolean | null) => (v === null ? 'not revenue (debit)' : v ? 'true revenue' : 'untrue');

export class Underwriting {
  /** Rebuilt scorecards by application, dropped when results or edits change. */
  private cache = new Map<string, { updatedAt: string; scorecard: Scorecard | null }>();

  constructor(private o: UnderwritingOptions) {}

  private require(appnumber: string) {
    const app = this.o.results.getApp(appnumber);
    if (!app) throw new Error(`no application "${appnumber}"`);
    return app;
  }

  private edits(appnumber: string): Edits {
    return { excluded: this.o.store.excludedStatements(appnumber), transactions: this.o.store.transactionEdits(appnumber) };
  }

  private touched(appnumber: string): DealView {
    this.cache.delete(appnumber);
    this.o.changed(appnumber);
    return this.view(appnumber);
  }

  view(appnumber: string): DealView {
    this.require(appnumber);
    const deal = this.o.store.deal(appnumber);
    const edits = this.edits(appnumber);
    return {
      appnumber,
      status: deal.deal_status,
      assignee: deal.assignee,
      statusChangedAt: deal.status_changed_at,
      notes: this.o.store.notes(appnumber).map((n) => ({ id: n.id, author: n.author, body: n.body, createdAt: n.created_at })),
      excluded: [...edits.excluded].map(([statementid, reason]) => ({ statementid, reason })),
      transactionEdits: [...edits.transactions.values()].map((e) => ({
        id: e.transaction_id, categories: e.categories === null ? null : (JSON.parse(e.categories) as string[]), trueval: e.trueval === null ? null : e.trueval === 1,
      })),
      audit: this.o.store.audit(appnumber).map((a) => ({ id: a.id, at: a.at, who: a.who, action: a.action, target: a.target, before: a.before, after: a.after })),
      categories: [...CATEGORIES],
    };
  }

  setDeal(appnumber: string, patch: { status?: DealStatus; assignee?: string }): DealView {
    this.require(appnumber);
    if (patch.status !== undefined) this.o.store.setStatus(appnumber, patch.status, this.o.who());
    if (patch.assignee !== undefined) this.o.store.setAssignee(appnumber, patch.assignee, this.o.who());
    return this.touched(appnumber);
  }

  addNote(appnumber: string, body: string): DealView {
    this.require(appnumber);
    this.o.store.addNote(appnumber, body, this.o.who());
    return this.touched(appnumber);
  }

  setExcluded(appnumber: string, statementid: number, excluded: boolean, reason = ''): DealView {
    this.require(appnumber);
    const s = this.o.results.appResults(appnumber)?.statementSummaries.find((x) => x.statementid === statementid);
    if (!s) throw new Error(`statement ${statementid} is not in application "${appnumber}"`);
    this.o.store.setExcluded(appnumber, statementid, excluded, reason, this.o.who(), `${s.file_name} ··${s.account.slice(-4)} ${s.start_date}–${s.end_date}`);
    return this.touched(appnumber);
  }

  /** `category`: the one category the transaction is given (its funder tag kept), null for the service's. */
  editTransaction(appnumber: string, id: number, change: { category?: string | null; trueval?: boolean | null }): DealView {
    this.require(appnumber);
    const t = this.o.results.appResults(appnumber)?.transactions?.flatMap((a) => a.Statements.flatMap((s) => s.transactions)).find((x) => x.id === id);
    if (!t) throw new Error(`transaction ${id} is not in application "${appnumber}"`);
    if (change.category != null && !CATEGORIES.includes(change.category)) throw new Error(`category "${change.category}" is not one of the rulebook's (${CATEGORIES.length} categories)`);
    if (change.trueval != null && !(t.amount > 0)) throw new Error('only a credit can be marked true or untrue revenue');
    const edit = this.edits(appnumber).transactions.get(id);
    const original = t.tags.map((x) => x.tagName);
    const current = edit?.categories != null ? (JSON.parse(edit.categories) as string[]) : original;
    const label = `${t.date} ${t.description} ${money(t.amount)}`;
    const who = this.o.who();
    if (change.category !== undefined) {
      const next = change.category === null ? null : [change.category, ...original.filter((c) => c.startsWith('lender:'))];
      const after = next ?? original;
      if (after.join(', ') !== current.join(', ')) {
        this.o.store.editTransaction(appnumber, id, 'categories', next === null ? null : JSON.stringify(next),
          { who, label, before: current.join(', ') || 'uncategorised', after: after.join(', ') || 'uncategorised' });
      }
    }
    if (change.trueval !== undefined) {
      const before = edit?.trueval != null ? edit.trueval === 1 : t.trueval;
      const after = change.trueval ?? t.trueval;
      if (before !== after) {
        this.o.store.editTransaction(appnumber, id, 'trueval', change.trueval === null ? null : change.trueval ? 1 : 0, { who, label, before: shown(before), after: shown(after) });
      }
    }
    return this.touched(appnumber);
  }

  /** The scorecard the window shows: the service's, or rebuilt with the edits when there are any. */
  scorecard(appnumber: string): Scorecard | null {
    const app = this.require(appnumber);
    const stored = this.o.results.appResults(appnumber);
    if (!stored) return null;
    const edits = this.edits(appnumber);
    if (!edits.excluded.size && !edits.transactions.size) return stored.scorecard;
    const hit = this.cache.get(appnumber);
    if (hit && hit.updatedAt === stored.updatedAt) return hit.scorecard;
    const scorecard = recomputedScorecard(appnumber, app.appid, stored, this.o.results.fileStatus(appnumber), edits) ?? stored.scorecard;
    this.cache.set(appnumber, { updatedAt: stored.updatedAt, scorecard });
    return scorecard;
  }

  transactions(appnumber: string): AccountTransactions[] | null {
    this.require(appnumber);
    const tx = this.o.results.appResults(appnumber)?.transactions ?? null;
    return tx && editedAccounts(tx, this.edits(appnumber));
  }

  /**
   * Deletes the application: its statements on the service first (so no statement data stays
   * there; the application record itself stays, empty, since the API cannot delete it), then
   * everything kept here, and staged files no other application shares.
   */
  async deleteApp(appnumber: string): Promise<{ deletedStatements: number; deletedFiles: number; jobIds: number[] }> {
    const app = this.require(appnumber);
    if (pendingJobCount(this.o.db, appnumber)) throw new Error(`"${appnumber}" has files queued or converting: cancel them first, or wait until they finish`);
    const ids = (this.o.results.appResults(appnumber)?.statementSummaries ?? []).map((s) => s.statementid);
    const deletedStatements = ids.length ? await deleteStatementsOnService(() => this.o.client(app.connection_id), app.appid, ids, `application "${appnumber}"`) : 0;
    const blobs = this.o.store.unsharedBlobs(appnumber);
    const jobIds = this.o.store.jobIds(appnumber);
    this.o.store.deleteApp(appnumber);
    for (const b of blobs) await rm(b, { force: true });
    this.cache.delete(appnumber);
    return { deletedStatements, deletedFiles: blobs.length, jobIds };
  }
}

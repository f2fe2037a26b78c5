import { sql, type Db } from './db.js';
import type { AccountTypeStr, ParsedStatement, PostalAddress, StoredStatement, StoredTransaction } from '../../contract/model.js';
import type { Classification } from '../../scorecard/types.js';
import type { Cents } from '../../contract/money.js';
import { pairOwnTransfers } from '../../scorecard/categorize/own-transfers.js';
import { statementFingerprint } from './fingerprint.js';

export interface StatementFigures {
  startBalance: Cents;
  endBalance: Cents;
  totCredits: Cents;
  totDebits: Cents;
  reconciled: boolean;
}

/** The statement an identical later one duplicates (same account, period and transactions). */
export interface DuplicateOf { statementid: number; tid: string; file_name: string }

/**
 * Inserts one converted statement and its classified transactions; returns its id and tid, and
 * `duplicateOf` when the application already holds an identical statement (store/fingerprint.ts).
 */
export function insertStatement(
  db: Db, appId: number, conversionId: number, fileName: string, s: ParsedStatement, figures: StatementFigures,
  classes: Classification[], dates: { startDate: string; endDate: string },
): { id: number; tid: string; duplicateOf: DuplicateOf | null } {
  const fingerprint = statementFingerprint(s, dates);
  const first = sql(db, 'SELECT id, tid, file_name FROM statements WHERE app_id = ? AND fingerprint = ? ORDER BY id LIMIT 1')
    .get(appId, fingerprint) as { id: number; tid: string; file_name: string } | undefined;
  const info = sql(db, `INSERT INTO statements (app_id, conversion_id, tid, file_name, account_number, account_type_str, account_title,
      bank_name, owner_name, address, start_date, end_date, start_balance, end_balance, tot_credits, tot_debits, reconciled, currency)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    appId, conversionId, `pending-${conversionId}-${Math.random()}`, fileName, s.accountNumber, s.accountTypeStr, s.accountTitle ?? '',
    s.bankName || 'Unknown', s.ownerName ?? s.company ?? '', JSON.stringify(s.address ?? {}), dates.startDate, dates.endDate,
    figures.startBalance, figures.endBalance, figures.totCredits, figures.totDebits, figures.reconciled ? 1 : 0, s.currencyCode ?? null);
  const id = Number(info.lastInsertRowid);
  const tid = `${appId}-${id}`;
  sql(db, 'UPDATE statements SET tid = ?, fingerprint = ? WHERE id = ?').run(tid, fingerprint, id);
  const ins = sql(db, `INSERT INTO transactions (statement_id, seq, date, description, memo, amount, balance, check_number, type, customer_id, categories, trueval)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  s.transactions.forEach((t, i) => {
    const c = classes[i] ?? { categories: [], trueval: t.amount > 0 ? true : null };
    ins.run(id, i, t.date, t.description, t.memo ?? null, t.amount, t.balance ?? null, t.checkNumber ?? null, t.type ?? null,
      t.customerId ?? null, JSON.stringify(c.categories), c.trueval === null ? null : c.trueval ? 1 : 0);
  });
  return { id, tid, duplicateOf: first ? { statementid: first.id, tid: first.tid, file_name: first.file_name } : null };
}

interface StmtRow {
  id: number; app_id: number; conversion_id: number; tid: string; file_name: string; account_number: string; account_type_str: AccountTypeStr;
  account_title: string; bank_name: string; owner_name: string; address: string; start_date: string; end_date: string;
  start_balance: number; end_balance: number; tot_credits: number; tot_debits: number; reconciled: number; excluded_transactions: number;
  edit_start_balance: number | null; edit_end_balance: number | null; edit_credits: number | null; edit_debits: number | null;
  /** Migration 060 (src/service/fraud): absent on databases before it. */
  fraud_score?: number | null; fraud_reasons?: string | null;
  /** Migration 070: absent on databases before it. */
  currency?: string | null;
  /** Migration 141: NULL on statements stored before it. */
  fingerprint?: string | null;
}
interface TxnRow {
  id: number; statement_id: number; seq: number; date: string; description: string; memo: string | null; amount: number; balance: number | null;
  check_number: string | null; type: string | null; customer_id: string | null; categories: string; trueval: number | null;
}

/** A stored statement with where it came from and both its original and edited figures. */
export interface StatementRecord extends StoredStatement {
  conversionId: number;
  accountTitle: string;
  address: PostalAddress;
  original: StatementFigures;
  edited: boolean;
  /** Set when an earlier statement of the application is identical: this one is counted nowhere. */
  duplicateOf?: DuplicateOf | null;
}

/**
 * Statements of an application in upload order, with transactions. Statements identical to an
 * earlier one (`duplicateOf`) are left out unless `duplicates: true` (statement summaries show
 * them, marked; the scorecard, appinfo and transactions never count them). `edits: true` applies
 * /updatesummary edits to the summary figures (what the scorecard reads); false gives the
 * figures as converted (what /getresults returns). Account index = order of first appearance.
 * `transactions: false` skips the transactions (appinfo needs only the statement rows).
 * Returned categories/trueval include own-account transfer pairing (scorecard/categorize/own-transfers.ts),
 * computed on load so deleting a statement un-pairs its partner; the stored columns keep the
 * per-transaction classification.
 */
export function loadStatements(db: Db, appId: number, opts: { edits: boolean; transactions?: boolean; duplicates?: boolean }): StatementRecord[] {
  const all = sql(db, 'SELECT * FROM statements WHERE app_id = ? ORDER BY id').all(appId) as StmtRow[];
  // The first statement with a fingerprint is the original; deleting it makes the next one count.
  const firstOf = new Map<string, StmtRow>();
  const duplicateOf = new Map<number, DuplicateOf>();
  for (const r of all) {
    if (!r.fingerprint) continue;
    const first = firstOf.get(r.fingerprint);
    if (first) duplicateOf.set(r.id, { statementid: first.id, tid: first.tid, file_name: first.file_name });
    else firstOf.set(r.fingerprint, r);
  }
  const rows = opts.duplicates ? all : all.filter((r) => !duplicateOf.has(r.id));
  const txns = opts.transactions === false ? [] : sql(db, `SELECT t.* FROM transactions t JOIN statements s ON s.id = t.statement_id WHERE s.app_id = ? ORDER BY t.statement_id, t.seq`).all(appId) as TxnRow[];
  const byStmt = new Map<number, TxnRow[]>();
  for (const t of txns) {
    const list = byStmt.get(t.statement_id) ?? [];
    list.push(t);
    byStmt.set(t.statement_id, list);
  }
  const accounts: string[] = [];
  const records = rows.map((r): StatementRecord => {
    if (!accounts.includes(r.account_number)) accounts.push(r.account_number);
    const accountIdx = accounts.indexOf(r.account_number);
    const original: StatementFigures = {
      startBalance: r.start_balance, endBalance: r.end_balance, totCredits: r.tot_credits, totDebits: r.tot_debits, reconciled: r.reconciled === 1,
    };
    const edited = r.edit_start_balance !== null || r.edit_end_balance !== null || r.edit_credits !== null || r.edit_debits !== null;
    const f = { ...original };
    if (opts.edits && edited) {
      f.startBalance = r.edit_start_balance ?? f.startBalance;
      f.endBalance = r.edit_end_balance ?? f.endBalance;
      f.totCredits = r.edit_credits ?? f.totCredits;
      f.totDebits = r.edit_debits ?? f.totDebits;
      f.reconciled = f.startBalance + f.totCredits - f.totDebits === f.endBalance;
    }
    const transactions: StoredTransaction[] = (byStmt.get(r.id) ?? []).map((t) => ({
      id: t.id, statementId: r.id, accountIdx, date: t.date, description: t.description,
      ...(t.memo !== null ? { memo: t.memo } : {}), amount: t.amount, balance: t.balance,
      ...(t.check_number !== null ? { checkNumber: t.check_number } : {}), ...(t.type !== null ? { type: t.type } : {}),
      ...(t.customer_id !== null ? { customerId: t.customer_id } : {}),
      categories: JSON.parse(t.categories) as string[], trueval: t.trueval === null ? null : t.trueval === 1,
    }));
    return {
      id: r.id, tid: r.tid, fileName: r.file_name, accountIdx, accountNumber: r.account_number, accountTypeStr: r.account_type_str,
      bankName: r.bank_name, ownerName: r.owner_name, startDate: r.start_date, endDate: r.end_date,
      startBalance: f.startBalance, endBalance: f.endBalance, totCredits: f.totCredits, totDebits: f.totDebits, reconciled: f.reconciled,
      excludedTransactions: r.excluded_transactions === 1, transactions,
      fraudScore: r.fraud_score ?? null, fraudReasons: parseFraudReasons(r.fraud_reasons), currency: r.currency ?? null,
      conversionId: r.conversion_id, accountTitle: r.account_title, address: JSON.parse(r.address) as PostalAddress, original, edited: opts.edits && edited,
      duplicateOf: duplicateOf.get(r.id) ?? null,
    };
  });
  // Unlabelled transfers between the application's own accounts are paired over the whole
  // application (a credit here, the same amount out of another account within 3 business days):
  // every reader (/transactions, statement summaries, the scorecard) sees the same trueval.
  if (opts.transactions === false) return records;
  // Duplicates take no part in transfer pairing (they are counted nowhere).
  const counted = pairOwnTransfers(records.filter((r) => !r.duplicateOf));
  if (counted.length === records.length) return counted;
  const byId = new Map(counted.map((r) => [r.id, r]));
  return records.map((r) => byId.get(r.id) ?? r);
}

function parseFraudReasons(json: string | null | undefined): { index: number; text: string }[] {
  if (!json) return [];
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x) => x && typeof x.index === 'number').map((x) => ({ index: x.index as number, text: String(x.text ?? '') })) : [];
  } catch {
    return [];
  }
}

export function statementIdByTid(db: Db, appId: number, tid: string): number | null {
  const r = sql(db, 'SELECT id FROM statements WHERE app_id = ? AND tid = ?').get(appId, tid) as { id: number } | undefined;
  return r?.id ?? null;
}

export function statementExists(db: Db, appId: number, id: number): boolean {
  return !!sql(db, 'SELECT 1 FROM statements WHERE app_id = ? AND id = ?').get(appId, id);
}

export function existingStatementIds(db: Db, appId: number): Set<number> {
  return new Set((sql(db, 'SELECT id FROM statements WHERE app_id = ?').all(appId) as { id: number }[]).map((r) => r.id));
}

export function deleteStatement(db: Db, appId: number, id: number): boolean {
  return sql(db, 'DELETE FROM statements WHERE app_id = ? AND id = ?').run(appId, id).changes === 1;
}

export interface SummaryEdit { startbalance?: Cents; endbalance?: Cents; credits?: Cents; debits?: Cents }

/** Keeps /updatesummary figures beside the originals (never overwrites what was converted). */
export function editSummary(db: Db, appId: number, id: number, e: SummaryEdit): boolean {
  return sql(db, `UPDATE statements SET
      edit_start_balance = COALESCE(?, edit_start_balance), edit_end_balance = COALESCE(?, edit_end_balance),
      edit_credits = COALESCE(?, edit_credits), edit_debits = COALESCE(?, edit_debits), edited_at = ?
    WHERE app_id = ? AND id = ?`).run(e.startbalance ?? null, e.endbalance ?? null, e.credits ?? null, e.debits ?? null,
    new Date().toISOString(), appId, id).changes === 1;
}

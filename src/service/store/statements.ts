import type { Query } from './query.js';
import type { AccountTypeStr, ParsedStatement, PostalAddress, StoredStatement, StoredTransaction } from '../../contract/model.js';
import type { Classification } from '../../scorecard/types.js';
import type { Cents } from '../../contract/money.js';
import { pairOwnTransfers } from '../../scorecard/categorize/own-transfers.js';
import { statementFingerprint } from './fingerprint.js';

const TXN_ROWS_PER_INSERT = 100;

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
export async function insertStatement(
  db: Query, appId: number, conversionId: number, fileName: string, s: ParsedStatement, figures: StatementFigures,
  classes: Classification[], dates: { startDate: string; endDate: string },
): Promise<{ id: number; tid: string; duplicateOf: DuplicateOf | null }> {
  const fingerprint = statementFingerprint(s, dates);
  const first = await db.get('SELECT id, tid, file_name FROM statements WHERE app_id = ? AND fingerprint = ? ORDER BY id LIMIT 1', appId, fingerprint) as { id: number; tid: string; file_name: string } | undefined;
  const id = await db.insert(`INSERT INTO statements (app_id, conversion_id, tid, file_name, account_number, account_type_str, account_title,
      bank_name, owner_name, address, start_date, end_date, start_balance, end_balance, tot_credits, tot_debits, reconciled, currency)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, 
    appId, conversionId, `pending-${conversionId}-${Math.random()}`, fileName, s.accountNumber, s.accountTypeStr, s.accountTitle ?? '',
    s.bankName || 'Unknown', s.ownerName ?? s.company ?? '', JSON.stringify(s.address ?? {}), dates.startDate, dates.endDate,
    figures.startBalance, figures.endBalance, figures.totCredits, figures.totDebits, figures.reconciled ? 1 : 0, s.currencyCode ?? null);
  const tid = `${appId}-${id}`;
  await db.run('UPDATE statements SET tid = ?, fingerprint = ? WHERE id = ?', tid, fingerprint, id);
  // Many rows per INSERT: one round trip per hundred transactions, not per transaction.
  for (let from = 0; from < s.transactions.length; from += TXN_ROWS_PER_INSERT) {
    const chunk = s.transactions.slice(from, from + TXN_ROWS_PER_INSERT);
    const params = chunk.flatMap((t, k) => {
      const i = from + k;
      const c = classes[i] ?? { categories: [], trueval: t.amount > 0 ? true : null };
      return [id, i, t.date, t.description, t.memo ?? null, t.amount, t.balance ?? null, t.checkNumber ?? null, t.type ?? null,
        t.customerId ?? null, JSON.stringify(c.categories), c.trueval === null ? null : c.trueval ? 1 : 0];
    });
    await db.run(`INSERT INTO transactions (statement_id, seq, date, description, memo, amount, balance, check_number, type, customer_id, categories, trueval)
      VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`, ...params);
  }
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
export async function loadStatements(db: Query, appId: number, opts: { edits: boolean; transactions?: boolean; duplicates?: boolean }): Promise<StatementRecord[]> {
  const all = await db.all('SELECT * FROM statements WHERE app_id = ? ORDER BY id', appId) as StmtRow[];
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
  const txns = opts.transactions === false ? [] : await db.all(`SELECT t.* FROM transactions t JOIN statements s ON s.id = t.statement_id WHERE s.app_id = ? ORDER BY t.statement_id, t.seq`, appId) as TxnRow[];
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

export async function statementIdByTid(db: Query, appId: number, tid: string): Promise<number | null> {
  const r = await db.get('SELECT id FROM statements WHERE app_id = ? AND tid = ?', appId, tid) as { id: number } | undefined;
  return r?.id ?? null;
}

export async function statementExists(db: Query, appId: number, id: number): Promise<boolean> {
  return !!await db.get('SELECT 1 FROM statements WHERE app_id = ? AND id = ?', appId, id);
}

export async function existingStatementIds(db: Query, appId: number): Promise<Set<number>> {
  return new Set((await db.all('SELECT id FROM statements WHERE app_id = ?', appId) as { id: number }[]).map((r) => r.id));
}

export async function deleteStatement(db: Query, appId: number, id: number): Promise<boolean> {
  return (await db.run('DELETE FROM statements WHERE app_id = ? AND id = ?', appId, id)).changes === 1;
}

export interface SummaryEdit { startbalance?: Cents; endbalance?: Cents; credits?: Cents; debits?: Cents }

/** Keeps /updatesummary figures beside the originals (never overwrites what was converted). */
export async function editSummary(db: Query, appId: number, id: number, e: SummaryEdit): Promise<boolean> {
  return (await db.run(`UPDATE statements SET
      edit_start_balance = COALESCE(?, edit_start_balance), edit_end_balance = COALESCE(?, edit_end_balance),
      edit_credits = COALESCE(?, edit_credits), edit_debits = COALESCE(?, edit_debits), edited_at = ?
    WHERE app_id = ? AND id = ?`, e.startbalance ?? null, e.endbalance ?? null, e.credits ?? null, e.debits ?? null,
    new Date().toISOString(), appId, id)).changes === 1;
}

/** The different account numbers of the application's statements. */
export async function accountNumbersOf(db: Query, appId: number): Promise<string[]> {
  return (await db.all<{ a: string }>('SELECT DISTINCT account_number AS a FROM statements WHERE app_id = ?', appId)).map((r) => r.a);
}

/** Transactions the application holds over all its statements. */
export async function transactionCountOf(db: Query, appId: number): Promise<number> {
  return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM transactions t JOIN statements s ON s.id = t.statement_id WHERE s.app_id = ?', appId))?.n ?? 0;
}

/** Account and period of each statement with the stored file it came from, in upload order. */
export async function statementPeriodsByFile(db: Query, appId: number): Promise<{ fileId: number; accountNumber: string; startDate: string; endDate: string }[]> {
  return db.all(`SELECT c.file_id AS "fileId", s.account_number AS "accountNumber", s.start_date AS "startDate", s.end_date AS "endDate"
    FROM statements s JOIN conversions c ON c.id = s.conversion_id WHERE s.app_id = ? ORDER BY s.id`, appId);
}

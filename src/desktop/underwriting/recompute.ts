/**
 * The scorecard an underwriter's edits make: the application's statements rebuilt from what the
 * core stored of the service's results (statement summaries, file_status items, transactions),
 * with excluded statements left out and edited transactions' categories and true/untrue marks
 * applied, then scored by the same module the service uses (src/scorecard). Without edits the
 * service's own scorecard is shown; a test checks the rebuild gives the service's figures.
 */
import { amountToCents } from '../../contract/money.js';
import type { AccountTypeStr, StoredStatement, StoredTransaction } from '../../contract/model.js';
import type { Scorecard } from '../../contract/api/scorecard.js';
import type { AccountTransactions } from '../../contract/api/transactions.js';
import type { StoredFileStatus } from '../../contract/ipc.js';
import { buildScorecard } from '../../scorecard/index.js';
import type { StoredAppResults } from '../store/results.js';
import type { TransactionEditRow } from '../store/underwriting.js';

export interface Edits {
  excluded: Map<number, string>;
  transactions: Map<number, TransactionEditRow>;
}

/** [section, key] the service adds from documents other than statements. */
const SERVICE_ONLY: [string, string][] = [['taxscorelist', 'forms']];

const cents = (dollars: number): number => amountToCents(dollars) ?? Math.round(dollars * 100);

/** A transaction with the underwriter's edit applied (categories replaced, trueval set). */
export function editedTransaction<T extends { categories: string[]; trueval: boolean | null }>(t: T, edit: TransactionEditRow | undefined): T {
  if (!edit) return t;
  return {
    ...t,
    ...(edit.categories !== null ? { categories: JSON.parse(edit.categories) as string[] } : {}),
    ...(edit.trueval !== null ? { trueval: edit.trueval === 1 } : {}),
  };
}

/** The stored transactions as the window shows them: edits applied to tags and trueval. */
export function editedAccounts(accounts: AccountTransactions[], edits: Edits): AccountTransactions[] {
  if (!edits.transactions.size) return accounts;
  return accounts.map((a) => ({
    ...a,
    Statements: a.Statements.map((s) => ({
      ...s,
      transactions: s.transactions.map((t) => {
        const e = editedTransaction({ categories: t.tags.map((x) => x.tagName), trueval: t.trueval }, edits.transactions.get(t.id));
        return { ...t, trueval: e.trueval, tags: e.categories.map((c) => ({ tagName: c, metadata: {} })) };
      }),
    })),
  }));
}

/** The application's statements as the scorecard takes them, rebuilt from stored results; null when there are none to rebuild from. */
export function storedStatements(stored: StoredAppResults, fileStatus: StoredFileStatus[], edits: Edits): StoredStatement[] | null {
  if (!stored.transactions) return null;
  const items = new Map(fileStatus.filter((f) => f.statementid != null).map((f) => [f.statementid!, f]));
  const txns = new Map(stored.transactions.flatMap((a) => a.Statements).map((s) => [s.statementid, s]));
  const out: StoredStatement[] = [];
  for (const s of stored.statementSummaries) {
    // Duplicates are listed and counted nowhere, as on the service.
    if (s.duplicate || edits.excluded.has(s.statementid)) continue;
    const item = items.get(s.statementid);
    const st = txns.get(s.statementid);
    const transactions: StoredTransaction[] = (st?.transactions ?? []).map((t) => editedTransaction({
      id: t.id, statementId: s.statementid, accountIdx: s.accountidx, date: t.date, description: t.description,
      ...(t.memo ? { memo: t.memo } : {}), amount: cents(t.amount), balance: t.balance === undefined ? null : cents(t.balance),
      ...(t.checknumber ? { checkNumber: t.checknumber } : {}), ...(t.type ? { type: t.type } : {}),
      categories: t.tags.map((x) => x.tagName), trueval: t.trueval,
    }, edits.transactions.get(t.id)));
    const reasons = item?.tpreasons ?? [];
    out.push({
      id: s.statementid, tid: s.tid, fileName: s.file_name, accountIdx: s.accountidx, accountNumber: s.account,
      accountTypeStr: (item?.accounttypestr || 'Checking') as AccountTypeStr, bankName: s.bank_name,
      ownerName: item?.name || item?.company || '', startDate: s.start_date, endDate: s.end_date,
      startBalance: cents(s.start_balance), endBalance: cents(s.end_balance), totCredits: cents(s.total_credits), totDebits: cents(s.total_debits),
      reconciled: s.reconciled, excludedTransactions: false, transactions,
      fraudScore: s.fraud_score ?? item?.fraudscore ?? null,
      fraudReasons: reasons.map((text, i) => ({ index: item?.tpreasonsIndexes?.[i] ?? i, text })),
      currency: item?.currencycode || null,
    });
  }
  return out;
}

/** The scorecard of the stored results with the edits applied, or null when it cannot be rebuilt. */
export function recomputedScorecard(appnumber: string, appid: number | null, stored: StoredAppResults, fileStatus: StoredFileStatus[], edits: Edits): Scorecard | null {
  const statements = storedStatements(stored, fileStatus, edits);
  if (!statements) return null;
  const card = buildScorecard({ appid: appid ?? 0, appnumber, statements, numFileConversionsInProgress: stored.scorecard?._metadata.numFileConversionsInProgress ?? 0 }, { format: 'jsonobject' }) as unknown as Record<string, unknown>;
  // Parts only the service can make (tax forms read from the application's other documents) are kept as it sent them.
  for (const [section, key] of SERVICE_ONLY) {
    const theirs = (stored.scorecard as Record<string, unknown> | null)?.[section];
    const mine = card[section];
    if (isObject(theirs) && isObject(mine) && key in theirs) mine[key] = theirs[key];
  }
  return card as unknown as Scorecard;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

import { centsToAmount, type Cents } from '../../contract/money.js';
import { addDays, parseIso } from '../../contract/dates.js';
import type { StatementRecord } from '../store/statements.js';
import type { StatementSummary } from '../../contract/api/endpoints.js';
import { NON_TRUE_DEBIT_CATEGORIES, NSF_PATTERN } from './summary-rules.js';
import { isDepositAccount } from '../../scorecard/sections/context.js';

/** One `statement_summaries` row (one per statement), as the contract describes it. */
export type { StatementSummary };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * End-of-day balances over every calendar day of the statement period, carrying the last
 * balance forward (weekends included). Starts from the start balance.
 */
export function dailyBalances(s: Pick<StatementRecord, 'startDate' | 'endDate' | 'startBalance' | 'transactions'>): Cents[] {
  if (!s.startDate || !s.endDate || s.startDate > s.endDate) return [];
  const byDay = new Map<string, Cents>();
  for (const t of s.transactions) byDay.set(t.date, (byDay.get(t.date) ?? 0) + t.amount);
  const out: Cents[] = [];
  let bal = s.startBalance;
  // Transactions dated before the period still move the opening balance.
  for (const [d, amt] of byDay) if (d < s.startDate) bal += amt;
  for (let d = s.startDate, n = 0; d <= s.endDate && n < 400; d = addDays(d, 1), n++) {
    bal += byDay.get(d) ?? 0;
    out.push(bal);
  }
  return out;
}

export function summarizeStatement(s: StatementRecord): StatementSummary {
  let trueCredits = 0, nTrue = 0, nonTrueCredits = 0, nNonTrue = 0, numCredits = 0, numDebits = 0, nonTrueDebits = 0, nsf = 0;
  // On a card or credit line a credit is a payment or a refund: never true revenue (as in the scorecard).
  const deposit = isDepositAccount(s.accountTypeStr);
  for (const t of s.transactions) {
    if (t.amount >= 0) {
      numCredits++;
      if (t.trueval === false || !deposit) { nonTrueCredits += t.amount; nNonTrue++; } else { trueCredits += t.amount; nTrue++; }
    } else {
      numDebits++;
      if (t.categories.some((c) => NON_TRUE_DEBIT_CATEGORIES.includes(c))) nonTrueDebits -= t.amount;
      if (NSF_PATTERN.test(`${t.description} ${t.memo ?? ''}`)) nsf++;
    }
  }
  // Edited totals (by /updatesummary) replace the transaction sums; true/non-true split keeps its share.
  const totalCredits = s.totCredits;
  const totalDebits = s.totDebits;
  const trueShare = totalCredits - nonTrueCredits;
  const days = dailyBalances(s);
  const avg = days.length ? Math.round(days.reduce((a, b) => a + b, 0) / days.length) : s.startBalance;
  const min = days.length ? Math.min(...days) : Math.min(s.startBalance, s.endBalance);
  const end = s.endDate ? parseIso(s.endDate) : { year: 0, month: 1 };
  return {
    tid: s.tid, statementid: s.id, accountidx: s.accountIdx, account: s.accountNumber, bank_name: s.bankName, file_name: s.fileName,
    start_date: s.startDate, end_date: s.endDate, statement_year: end.year, statement_month: MONTHS[end.month - 1] ?? '',
    month_number: end.month, reconciled: s.reconciled,
    start_balance: centsToAmount(s.startBalance), end_balance: centsToAmount(s.endBalance),
    total_credits: centsToAmount(totalCredits), num_credits: numCredits,
    true_credits: centsToAmount(trueShare), num_true_credits: nTrue,
    non_true_credits: centsToAmount(nonTrueCredits), num_non_true_credits: nNonTrue,
    total_debits: centsToAmount(totalDebits), num_debits: numDebits,
    true_debits: centsToAmount(totalDebits - nonTrueDebits), non_true_debits: centsToAmount(nonTrueDebits),
    net_cash_flow: centsToAmount(totalCredits - totalDebits),
    average_balance: centsToAmount(avg), minimum_balance: centsToAmount(min),
    // A card's or credit line's balance is an amount owed (negative every day): not negative days.
    nsf_count: nsf, negative_days: deposit ? days.filter((b) => b < 0).length : 0, edited: s.edited,
    duplicate: !!s.duplicateOf, ...(s.duplicateOf ? { duplicate_of: s.duplicateOf } : {}),
    ...(typeof s.fraudScore === 'number' ? { fraud_score: s.fraudScore } : {}),
  };
}

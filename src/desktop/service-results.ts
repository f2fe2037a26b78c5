/**
 * The service's answers, checked against the contract where they enter the core: a body that
 * does not match is refused with the first mismatch named, rather than stored and shown wrong.
 */
import type { z } from 'zod';
import { MultiFileResultsSchema } from '../contract/api/endpoints.js';
import { ScorecardSchema } from '../contract/api/scorecard.js';
import { TransactionsByStatementSchema, TransactionsSchema, type AccountTransactions } from '../contract/api/transactions.js';
import type { MultiFileResults } from './store/results.js';

function check<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new Error(`the service's ${what} does not match the contract at ${issue.path.join('.') || '(body)'}: ${issue.message}`);
}

/** /getresults (application results), optionally with /scorecard and /transactions fetched beside it. */
export function appResultsFrom(getresults: unknown, scorecard?: unknown, transactions?: unknown): MultiFileResults {
  const body = check(MultiFileResultsSchema, getresults, '/getresults answer');
  return {
    appinfo: body.appinfo,
    statement_summaries: body.statement_summaries,
    scorecard: scorecard === undefined ? body.scorecard : check(ScorecardSchema, scorecard, '/scorecard answer'),
    transactions: transactions === undefined ? body.transactions : accountsOf(transactions),
  };
}

/**
 * /transactions (structured) answers keyed by statement tid; the core keeps one list of accounts
 * (as /getresults gives them), each statement its own entry in the service's order.
 */
function accountsOf(transactions: unknown): AccountTransactions[] {
  if (Array.isArray(transactions)) return check(TransactionsSchema, transactions, '/transactions answer');
  return Object.values(check(TransactionsByStatementSchema, transactions, '/transactions answer'));
}

import { z } from 'zod';

/** Transactions grouped by account (reference 2.5), the JSON of /transactions with structured=true. */
export const TransactionOutSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  description: z.string(),
  memo: z.string(),
  checknumber: z.string(),
  /** Dollars; signed unless showtranstype, then positive with the direction in `type`. */
  amount: z.number(),
  type: z.string(),
  /** True credit (counts as revenue); null for debits. */
  trueval: z.boolean().nullable(),
  tags: z.array(z.object({ tagName: z.string(), metadata: z.record(z.string(), z.unknown()) })),
  /** Running balance after the row (includebalance only). */
  balance: z.number().optional(),
});
export type TransactionOut = z.infer<typeof TransactionOutSchema>;

export const StatementTransactionsSchema = z.object({
  tid: z.string(), statementid: z.number().int(), start_date: z.string(), end_date: z.string(),
  start_balance: z.number(), end_balance: z.number(), transactions: z.array(TransactionOutSchema),
});
export type StatementTransactions = z.infer<typeof StatementTransactionsSchema>;

export const AccountTransactionsSchema = z.object({
  'Account Name': z.string(),
  'Account Number': z.string(),
  Statements: z.array(StatementTransactionsSchema),
});
export type AccountTransactions = z.infer<typeof AccountTransactionsSchema>;

export const TransactionsSchema = z.array(AccountTransactionsSchema);

/** /transactions structured=true: statement tid → that statement's transactions object. */
export const TransactionsByStatementSchema = z.record(z.string(), AccountTransactionsSchema);

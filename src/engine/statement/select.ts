import type { ParsedDocument, ParsedStatement } from '../../contract/model.js';
import type { ConversionOptions } from '../../contract/api/conversion-options.js';

export interface SequencedStatement {
  statement: ParsedStatement;
  accountSequence: number; // 0-based order of the account's first appearance
  monthSequence: number;   // 0-based order within the account
  numAccounts: number;
  numMonths: number;       // statements of this account in the document
}

/**
 * Numbers the statements of a document by account and month, then applies `accountseqno`,
 * `monthseqno` (1-based, -1 = all) and `readempty` (statements without transactions are
 * dropped unless asked for).
 */
export function sequenceStatements(doc: ParsedDocument, options: Pick<ConversionOptions, 'accountseqno' | 'monthseqno' | 'readempty'>): SequencedStatement[] {
  const accounts: string[] = [];
  const perAccount = new Map<string, number>();
  const sequenced: SequencedStatement[] = [];
  for (const statement of doc.statements) {
    const key = statement.accountNumber || '(unknown)';
    if (!accounts.includes(key)) accounts.push(key);
    const monthSequence = perAccount.get(key) ?? 0;
    perAccount.set(key, monthSequence + 1);
    sequenced.push({ statement, accountSequence: accounts.indexOf(key), monthSequence, numAccounts: 0, numMonths: 0 });
  }
  for (const s of sequenced) {
    s.numAccounts = accounts.length;
    s.numMonths = perAccount.get(s.statement.accountNumber || '(unknown)') ?? 1;
  }
  return sequenced.filter((s) =>
    (options.accountseqno === -1 || s.accountSequence === options.accountseqno - 1)
    && (options.monthseqno === -1 || s.monthSequence === options.monthseqno - 1)
    && (options.readempty || s.statement.transactions.length > 0));
}

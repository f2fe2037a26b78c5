import crypto from 'node:crypto';
import type { ParsedStatement } from '../../contract/model.js';

/**
 * What makes two statements the same statement: the account, the period and every transaction
 * (date, amount, description with spacing folded), in order. File names, producers and upload
 * times play no part, so the same statement exported twice or renamed is still recognised.
 */
export function statementFingerprint(s: Pick<ParsedStatement, 'accountNumber' | 'transactions'>, period: { startDate: string; endDate: string }): string {
  const h = crypto.createHash('sha256');
  h.update(JSON.stringify([s.accountNumber.replace(/\s+/g, ''), period.startDate, period.endDate, s.transactions.length]));
  for (const t of s.transactions) h.update(`\n${t.date}\t${t.amount}\t${t.description.replace(/\s+/g, ' ').trim()}`);
  return h.digest('hex');
}

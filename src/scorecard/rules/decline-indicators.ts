/**
 * The declinelist section: signals that commonly lead a funder to decline. Data: each
 * indicator lists the transaction categories that raise it, or a computed measure.
 */
export interface DeclineIndicator {
  key: string;
  label: string;
  categories?: string[];
  /** A computed measure instead of categories. */
  measure?: 'negativeDays' | 'stackedPositions';
}

export const DECLINE_INDICATORS: DeclineIndicator[] = [
  { key: 'nsf', label: 'NSF / overdraft fees', categories: ['nsf', 'overdraft'] },
  { key: 'returned', label: 'Returned items', categories: ['returned'] },
  { key: 'negative_days', label: 'Days with a negative ending balance', measure: 'negativeDays' },
  { key: 'stacking', label: 'More than one MCA position in a month', measure: 'stackedPositions' },
  { key: 'casino', label: 'Gambling / casino activity', categories: ['casino'] },
  { key: 'debt_collector', label: 'Payments to debt collectors', categories: ['debtcollector'] },
  { key: 'recovery', label: 'Payments to recovery companies', categories: ['recovery'] },
  { key: 'nefarious', label: 'Crypto, pawn, bail bonds, payday, cash transmitters', categories: ['nefarious'] },
  { key: 'chinese', label: 'Chinese counterparties', categories: ['chinese'] },
];

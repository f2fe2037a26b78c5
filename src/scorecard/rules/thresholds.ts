/**
 * Numeric thresholds the section builders use. Data: tune here, not in the builders.
 */
export const LARGE_TRANSACTION = {
  /** A transaction is large when |amount| ≥ max(minCents, share × average monthly true revenue). */
  minCents: 500_000,
  shareOfMonthlyTrueRevenue: 0.25,
};

/** Recurring transactions (reptrans): vendor profile defaults. */
export const RECURRING = {
  minAmountCents: 5_000,
  minOccurrences: 5,
  /** Members must be within this fraction of the group's median amount. */
  amountTolerance: 0.1,
};

/**
 * MCA withdrawal frequency from the median interval (in business days, Mon–Fri) between
 * successive debits to the same funder. Half-open ranges [min, max).
 */
export const WITHDRAWAL_FREQUENCIES: { label: 'Daily' | 'Every Other Day' | 'Weekly' | 'Monthly'; min: number; max: number }[] = [
  { label: 'Daily', min: 0.5, max: 1.5 },
  { label: 'Every Other Day', min: 1.5, max: 3 },
  { label: 'Weekly', min: 3.5, max: 7 },
  { label: 'Monthly', min: 17, max: 25 },
];

/**
 * Which transaction categories (keys of the scorecard rulebook) make a debit "non-true" in the
 * statement summaries: money moved between the applicant's own accounts is not an expense.
 * Data, reviewed like code; tested by example in test/service/results.test.ts.
 */
export const NON_TRUE_DEBIT_CATEGORIES: readonly string[] = ['transfer', 'xfer', 'xferotrans', 'internal_transfer', 'xferout'];

/** Description patterns counted as NSF / overdraft / returned-item fees (nsf_count). */
export const NSF_PATTERN = /\b(NSF|non[- ]?sufficient|insufficient funds|overdraft (fee|charge|item)|od fee|returned item fee)\b/i;

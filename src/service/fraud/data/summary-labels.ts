/**
 * Labels of the printed totals in a statement's summary: the sum of the credits and the sum of
 * the debits. Matched on a line's text (case-insensitive); the first amount after the label is
 * the total. Labels of a part of the credits or debits ("Total checks paid") are absent on
 * purpose: they are not comparable with all rows. Data, tested by example in test/fraud/arithmetic.test.ts.
 */
export const CREDIT_TOTAL_LABELS = /\b(?:total (?:deposits|credits|additions|money in|paid in)|deposits and (?:other )?(?:additions|credits)|payments in|paid in|money in)\b/i;
export const DEBIT_TOTAL_LABELS = /\b(?:total (?:withdrawals|debits|subtractions|money out|paid out)|withdrawals and (?:other )?(?:subtractions|debits)|payments out|paid out|money out)\b/i;

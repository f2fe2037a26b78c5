/**
 * Words that say a transaction is money out (debit) or money in (credit), as type columns of
 * CSV exports and `type` fields of statement JSON write them. Data: add a spelling with a test.
 */
export const DEBIT_WORDS = /^(dr|d|debit|debito|debit card|withdrawal|out|soll|s|cargo|af|-)$/i;
export const CREDIT_WORDS = /^(cr|c|credit|credito|deposit|in|haben|h|abono|bij|\+)$/i;

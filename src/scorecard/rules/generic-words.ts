/**
 * Non-descript revenue: a credit with no category whose description names no payer, only
 * banking words and numbers ("DEPOSIT", "MOBILE DEPOSIT REF 4471", "COUNTER CREDIT"). A credit
 * is non-descript when every word of its normalised description is in this list or contains
 * a digit. Data: add a word here when a bank prints a new generic label.
 */
export const GENERIC_WORDS: readonly string[] = [
  'DEPOSIT', 'DEPOSITS', 'DEP', 'DEPOSITED', 'CREDIT', 'CREDITS', 'CR', 'CRED', 'MISC', 'MISCELLANEOUS', 'COUNTER', 'BRANCH',
  'CASH', 'MOBILE', 'REMOTE', 'ATM', 'CHECK', 'CHECKS', 'CHK', 'CK', 'TELLER', 'NIGHT', 'EDEPOSIT', 'E', 'ELECTRONIC',
  'ACH', 'REF', 'REFERENCE', 'NO', 'NUMBER', 'NUM', 'ID', 'TRN', 'TRACE', 'CONF', 'CONFIRMATION', 'ON', 'AT', 'IN', 'A',
  'THE', 'MADE', 'OF', 'BY', 'VIA', 'POSTED', 'POSTING', 'ITEM', 'ITEMS', 'ADJ', 'ADJUSTMENT', 'RDC', 'IMAGE', 'SHARED',
  'BRANCH', 'OFFICE', 'STORE', 'VAULT', 'BAG', 'LOCKBOX', 'DAILY', 'BUSINESS', 'ONLINE', 'APP', 'SCAN', 'SCANNED',
];

/** Examples the rulebook test runs: must / must not be non-descript (as credits without a category). */
export const GENERIC_EXAMPLES = {
  match: ['DEPOSIT', 'MOBILE DEPOSIT REF 4471', 'COUNTER CREDIT', 'Deposit Made In A Branch/Store', 'REMOTE DEPOSIT 0312'],
  noMatch: ['ACH CREDIT ACME CORP', 'DEPOSIT JOHNSON PLUMBING', 'ORIG CO NAME CITY OF AUSTIN'],
};

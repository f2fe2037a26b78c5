/**
 * Transfers between the application's own accounts that no rule names (docs/scorecard.md
 * "Own-account transfers"). A credit in one account and a debit of exactly the same amount in
 * another account of the same application, within `maxBusinessDays` business days of each other
 * (either order), are one movement of the owner's money: the credit becomes `xferin` (untrue),
 * the debit `xferout`. Only transactions the rulebook left without a meaning are paired: a
 * payroll debit, an MCA debit or a card-processor deposit keeps its category whatever its amount.
 * Data: widen or narrow what may pair here, with an example in test/scorecard/own-transfers.test.ts.
 */
export const OWN_TRANSFER_PAIRING = {
  /** 0–3 business days between the two sides (Mon–Fri less bank holidays). */
  maxBusinessDays: 3,
  /** Primary categories a credit may have and still be paired ('' = none). */
  creditCategories: ['', 'nondescript'] as readonly string[],
  /** Primary categories a debit may have and still be paired. */
  debitCategories: [''] as readonly string[],
  /** Category the credit side takes (untrue whatever `finduntrue` says: rules/true-revenue.ts). */
  creditCategory: 'xferin',
  debitCategory: 'xferout',
  /** Tag added to both sides so a reader can tell a paired transfer from a labelled one. */
  tag: 'ownxferpair',
};

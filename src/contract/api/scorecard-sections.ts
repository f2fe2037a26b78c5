/**
 * Scorecard section names of reference 2.4 (exact spelling, the reference's order). The
 * scorecard builds them in this order, the API validates `sections` against them, the xlsx and
 * the page name their sheets and parts after them.
 */
export const SECTION_NAMES = [
  'debtsummary', 'operatingexpenses', 'accountslist', 'combinedsummary', 'truerev6mo', 'truerev12mo', 'taxscorelist', 'thumbprints',
  'monthlymca', 'mcacompanies', 'recoverycompanies', 'dailybalance', 'declinelist', 'utilities', 'dailycashflow', 'monthlycashflow',
  'monthlynegativedays', 'monthlyrecovery', 'debittrans', 'creditcardaccountpayment', 'lifeinsurance', 'investmentdebits', 'mcarefund',
  'mcanorefunds', 'creditcardprocessortrans', 'installmentpayment', 'ecommercetrans', 'autofinancepayments', 'studentloanpayments',
  'mortgagepayments', 'personalloanpayments', 'combotrans', 'mcapayments', 'otherdebits', 'mobilepaymentsdebits', 'nefariouswithdrawals',
  'debtcollectortransactions', 'constructiondebits', 'nonmcaloans', 'atmwithdrawals', 'insurance', 'reptrans', 'mcatrans', 'mcafees',
  'nsftrans', 'overtrans', 'credittrans', 'truecredittrans', 'untruecredittrans', 'xferitrans', 'xferotrans', 'largetrans',
  'largecredittrans', 'returnedtrans', 'largeelectronictrans', 'xfertrans', 'truetrans', 'untruetrans', 'recoverytrans', 'casinotrans',
  'investments', 'mobilepayments', 'paymentprocessortrans', 'healthcareclaims', 'factoring', 'nefarioustransactions', 'alltransactions',
  'otherfinancingtransactions', 'nontransactionitems', 'payroll', 'tolls', 'nondescriptrevenue', 'chineseexposure',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** What a caller may name in `sections`: every section, and `metrics` (always built). */
export const SCORECARD_SECTIONS = ['metrics', ...SECTION_NAMES] as const;

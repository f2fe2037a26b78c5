import type { SectionName } from './scorecard-sections.js';

/**
 * What each scorecard section is called for people: a title, one line saying what it holds,
 * and the group an underwriter looks for it under. One vocabulary for the window, the docs and
 * the spreadsheet, so a section is never shown by its API key. Typed over SECTION_NAMES: a new
 * section does not compile until it has its words here.
 */
export const SECTION_GROUPS = ['revenue', 'debt', 'risk', 'cashflow', 'other'] as const;
export type SectionGroup = (typeof SECTION_GROUPS)[number];

export const SECTION_GROUP_TITLES: Record<SectionGroup, string> = {
  revenue: 'Revenue', debt: 'Debt and MCA', risk: 'Risk', cashflow: 'Cash flow and balances', other: 'Other transactions',
};

export interface SectionWords { title: string; description: string; group: SectionGroup }

export const SECTION_VOCABULARY: Record<SectionName, SectionWords> = {
  debtsummary: { title: 'Debt service by month', description: 'Loan and MCA withdrawals per month by type, with a total.', group: 'debt' },
  operatingexpenses: { title: 'Operating expenses by month', description: 'Payroll, insurance, tolls, construction, e-commerce, MCA fees and utilities per month.', group: 'cashflow' },
  accountslist: { title: 'Accounts', description: 'Every account in the application with its bank, number, type and statements.', group: 'other' },
  combinedsummary: { title: 'All accounts by month', description: 'Credits, debits, true credits, balances, NSF and negative days per month, all accounts together.', group: 'cashflow' },
  truerev6mo: { title: 'True revenue, last 6 months', description: 'Credits that count as revenue per month over the latest six statement months.', group: 'revenue' },
  truerev12mo: { title: 'True revenue, last 12 months', description: 'Credits that count as revenue per month over the latest twelve statement months.', group: 'revenue' },
  taxscorelist: { title: 'Tax payments and refunds', description: 'IRS, state revenue and sales-tax payments and refunds.', group: 'other' },
  thumbprints: { title: 'Document thumbprints', description: 'What identifies each statement file (producer, pages, fingerprint) for fraud checks.', group: 'risk' },
  monthlymca: { title: 'MCA positions by month', description: 'Funders debiting each month and what they took.', group: 'debt' },
  mcacompanies: { title: 'MCA funders', description: 'Each funder seen, with its payments, frequency and months.', group: 'debt' },
  recoverycompanies: { title: 'Recovery companies', description: 'Recovery firms seen in the statements, with their transactions.', group: 'risk' },
  dailybalance: { title: 'Daily balances', description: 'End-of-day balance of each account and the total, over the days statements cover.', group: 'cashflow' },
  declinelist: { title: 'Decline indicators', description: 'Reasons a lender commonly declines, found in these statements.', group: 'risk' },
  utilities: { title: 'Utility payments', description: 'Electric, gas, water, waste and telecom payments.', group: 'other' },
  dailycashflow: { title: 'Daily cash flow', description: 'Credits, debits and net flow per day.', group: 'cashflow' },
  monthlycashflow: { title: 'Monthly cash flow', description: 'Credits, debits and net flow per month.', group: 'cashflow' },
  monthlynegativedays: { title: 'Negative days by month', description: 'Days each statement ended below zero.', group: 'risk' },
  monthlyrecovery: { title: 'Recovery payments by month', description: 'Payments to recovery companies per month.', group: 'risk' },
  debittrans: { title: 'All debits', description: 'Every withdrawal.', group: 'other' },
  creditcardaccountpayment: { title: 'Credit card payments', description: 'Payments to credit-card issuers.', group: 'debt' },
  lifeinsurance: { title: 'Life insurance', description: 'Life-insurance premiums.', group: 'other' },
  investmentdebits: { title: 'Investment debits', description: 'Money sent to brokerages and investment firms.', group: 'other' },
  mcarefund: { title: 'MCA refunds', description: 'Refunds received from MCA funders.', group: 'debt' },
  mcanorefunds: { title: 'MCA transactions, no refunds', description: 'Funder payments, fees and fundings, refunds left out.', group: 'debt' },
  creditcardprocessortrans: { title: 'Card processor settlements', description: 'Card-processor deposits and fees (Clover, Amex settlement, bankcard deposits).', group: 'revenue' },
  installmentpayment: { title: 'Instalment loan payments', description: 'Non-MCA loan, auto, student, mortgage and personal-loan payments.', group: 'debt' },
  ecommercetrans: { title: 'E-commerce', description: 'Marketplace and store-platform transactions, both directions.', group: 'revenue' },
  autofinancepayments: { title: 'Auto finance payments', description: 'Payments to auto lenders.', group: 'debt' },
  studentloanpayments: { title: 'Student loan payments', description: 'Payments to student-loan servicers.', group: 'debt' },
  mortgagepayments: { title: 'Mortgage payments', description: 'Payments to mortgage servicers.', group: 'debt' },
  personalloanpayments: { title: 'Personal loan payments', description: 'Personal-loan and buy-now-pay-later payments.', group: 'debt' },
  combotrans: { title: 'All debt service', description: 'Every debt-service debit: MCA and other loans together.', group: 'debt' },
  mcapayments: { title: 'MCA payments', description: 'Debits to MCA funders.', group: 'debt' },
  otherdebits: { title: 'Uncategorised debits', description: 'Debits no rule names (checks, purchases).', group: 'other' },
  mobilepaymentsdebits: { title: 'Mobile payments out', description: 'Zelle, Venmo, Cash App and similar debits.', group: 'other' },
  nefariouswithdrawals: { title: 'Suspicious withdrawals', description: 'Crypto, pawn, bail bonds, check cashing, payday lenders and similar debits.', group: 'risk' },
  debtcollectortransactions: { title: 'Debt collectors', description: 'Payments to debt-collection agencies.', group: 'risk' },
  constructiondebits: { title: 'Construction spending', description: 'Building supply and equipment rental.', group: 'other' },
  nonmcaloans: { title: 'Non-MCA loan payments', description: 'Business loans and lines of credit other than MCA (SBA, term loans).', group: 'debt' },
  atmwithdrawals: { title: 'ATM withdrawals', description: 'ATM and cash withdrawals.', group: 'other' },
  insurance: { title: 'Insurance', description: 'Insurance premiums other than life.', group: 'other' },
  reptrans: { title: 'Recurring transactions', description: 'Payments and deposits that repeat with a similar amount.', group: 'other' },
  mcatrans: { title: 'All MCA transactions', description: 'Every transaction naming an MCA funder.', group: 'debt' },
  mcafees: { title: 'MCA fees', description: 'Fees charged by funders.', group: 'debt' },
  nsftrans: { title: 'NSF fees', description: 'Non-sufficient-funds and returned-item fees.', group: 'risk' },
  overtrans: { title: 'Overdraft fees', description: 'Overdraft fees.', group: 'risk' },
  credittrans: { title: 'All credits', description: 'Every deposit.', group: 'revenue' },
  truecredittrans: { title: 'True revenue credits', description: 'Deposits that count as revenue.', group: 'revenue' },
  untruecredittrans: { title: 'Credits not counted as revenue', description: 'Transfers, loan and MCA proceeds, refunds and reversals.', group: 'revenue' },
  xferitrans: { title: 'Transfers in', description: 'Transfers from the owner’s own accounts.', group: 'cashflow' },
  xferotrans: { title: 'Transfers out', description: 'Transfers to the owner’s own accounts.', group: 'cashflow' },
  largetrans: { title: 'Large transactions', description: 'Transactions at or above the large-amount threshold.', group: 'risk' },
  largecredittrans: { title: 'Large deposits', description: 'Deposits at or above the large-amount threshold.', group: 'risk' },
  returnedtrans: { title: 'Returned items', description: 'Deposited items and ACH payments returned.', group: 'risk' },
  largeelectronictrans: { title: 'Large electronic transactions', description: 'Large ACH, wire, EFT and online transactions.', group: 'risk' },
  xfertrans: { title: 'All transfers', description: 'Transfers in and out between the owner’s accounts.', group: 'cashflow' },
  truetrans: { title: 'True transactions', description: 'True credits and debits (own-account transfers left out).', group: 'revenue' },
  untruetrans: { title: 'Untrue transactions', description: 'Credits and debits that are not revenue or spending (own-account transfers).', group: 'revenue' },
  recoverytrans: { title: 'Recovery company transactions', description: 'Transactions with recovery companies.', group: 'risk' },
  casinotrans: { title: 'Gambling', description: 'Casinos, sportsbooks and lotteries.', group: 'risk' },
  investments: { title: 'Investments', description: 'Brokerage and investment transactions, both directions.', group: 'other' },
  mobilepayments: { title: 'Mobile payments in', description: 'Zelle, Venmo, Cash App and similar deposits.', group: 'revenue' },
  paymentprocessortrans: { title: 'Payment processors', description: 'PayPal, Stripe, Square and similar.', group: 'revenue' },
  healthcareclaims: { title: 'Healthcare claims', description: 'Insurer and Medicare claim payments received.', group: 'revenue' },
  factoring: { title: 'Factoring', description: 'Factoring companies, both directions.', group: 'debt' },
  nefarioustransactions: { title: 'Suspicious transactions', description: 'Every transaction flagged as suspicious (crypto, pawn, payday lenders…).', group: 'risk' },
  alltransactions: { title: 'All transactions', description: 'Every transaction in the application.', group: 'other' },
  otherfinancingtransactions: { title: 'Other financing received', description: 'Loan proceeds, SBA/PPP/EIDL and credit-line advances other than MCA.', group: 'debt' },
  nontransactionitems: { title: 'Non-transaction rows', description: 'Rows that are not money movements (balance lines, zero amounts).', group: 'other' },
  payroll: { title: 'Payroll', description: 'Payroll providers and wages.', group: 'cashflow' },
  tolls: { title: 'Tolls', description: 'Toll agencies.', group: 'other' },
  nondescriptrevenue: { title: 'Deposits without a payer', description: 'Deposits whose description names no payer (e.g. "DEPOSIT").', group: 'risk' },
  chineseexposure: { title: 'Chinese exposure', description: 'Transactions with Chinese marketplaces, payment apps or banks.', group: 'risk' },
};

/** The words for a section name; a name outside the vocabulary (a newer service) keeps its key as title. */
export function sectionWords(name: string): SectionWords {
  return (SECTION_VOCABULARY as Record<string, SectionWords>)[name] ?? { title: name, description: '', group: 'other' };
}

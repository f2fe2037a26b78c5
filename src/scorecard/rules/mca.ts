import type { CategoryRule } from './types.js';
import { MCA_FUNDERS } from './mca-funders.js';

/** Generic near misses every funder rule must not match. */
const FUNDER_NO_MATCH = ['POS PURCHASE WALGREENS', 'ACH CREDIT CUSTOMER PAYMENT'];

/**
 * One rule per funder (category 'mca', any sign; a credit from a funder becomes 'mcafunding'
 * or 'mcarefund' through the modifier rules below, which outrank it).
 */
export const MCA_FUNDER_RULES: CategoryRule[] = MCA_FUNDERS.map(([lender, aliases, example, noMatch]) => ({
  id: `mca.${lender.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  category: 'mca',
  phrases: aliases,
  sign: 'any',
  priority: 80,
  lender,
  examples: { match: [example], noMatch: [...(noMatch ?? []), ...FUNDER_NO_MATCH], sign: 'debit' },
}));

/** Rules that only apply when a funder was named in the same description. */
export const MCA_MODIFIER_RULES: CategoryRule[] = [
  {
    id: 'mca.fee', category: 'mcafee', requires: 'mca', sign: 'debit', priority: 90,
    phrases: ['FEE', 'FEES', 'ORIGINATION', 'ORIG FEE', 'UNDERWRITING', 'DEFAULT FEE', 'LATE FEE', 'NSF FEE', 'ADMIN FEE', 'PROCESSING FEE', 'RETURN FEE'],
    examples: { match: ['KAPITUS ORIGINATION FEE', 'ONDECK LATE FEE', 'FORA FINANCIAL ADMIN FEE'], noMatch: ['WIRE FEE', 'KAPITUS ACH DEBIT', 'MONTHLY SERVICE FEE'], sign: 'debit' },
  },
  {
    id: 'mca.refund', category: 'mcarefund', requires: 'mca', sign: 'credit', priority: 92,
    phrases: ['REFUND', 'RFND', 'REBATE', 'OVERPAYMENT', 'OVER PAYMENT', 'RETURN OF PAYMENT', 'REIMBURSEMENT', 'CREDIT BACK'],
    examples: { match: ['KAPITUS REFUND', 'LIBERTAS FUNDING OVERPAYMENT REFUND', 'CREDIBLY RFND'], noMatch: ['AMAZON REFUND', 'KAPITUS FUNDING WIRE'], sign: 'credit' },
  },
  {
    id: 'mca.funding', category: 'mcafunding', requires: 'mca', sign: 'credit', priority: 88, phrases: [],
    examples: { match: ['KAPITUS FUNDING WIRE', 'WIRE IN ONDECK CAPITAL', 'FORWARD FINANCING ACH CREDIT'], noMatch: ['CUSTOMER WIRE IN', 'LOAN PROCEEDS'], sign: 'credit' },
  },
];

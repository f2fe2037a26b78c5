import type { Ctx, Txn } from './context.js';
import { inCategory } from './context.js';
import { LARGE_TRANSACTION } from '../rules/thresholds.js';

/**
 * Transaction-list sections: which transactions each lists (rows use TXN_COLUMNS, in date
 * order). Written as a table of selectors so what a section means is readable in one place.
 */
const debitsIn = (ctx: Ctx, ...c: string[]) => inCategory(ctx, ...c).filter((x) => x.t.amount < 0);
const creditsIn = (ctx: Ctx, ...c: string[]) => inCategory(ctx, ...c).filter((x) => x.t.amount > 0);
const isUntrueDebit = (x: Txn) => x.primary === 'xferout';

export const DEBT_CATEGORIES = ['mca', 'nonmcaloan', 'autofinance', 'studentloan', 'mortgage', 'personalloan'] as const;
export const INSTALLMENT_CATEGORIES = ['nonmcaloan', 'autofinance', 'studentloan', 'mortgage', 'personalloan'] as const;

/** The large-transaction threshold in cents for this application (rules/thresholds.ts). */
export function largeThreshold(ctx: Ctx): number {
  let trueRev = 0;
  for (const x of ctx.credits) if (x.t.trueval) trueRev += x.t.amount;
  const monthly = ctx.months.length ? trueRev / ctx.months.length : 0;
  return Math.max(LARGE_TRANSACTION.minCents, Math.round(monthly * LARGE_TRANSACTION.shareOfMonthlyTrueRevenue));
}

export const LIST_SECTIONS: Record<string, (ctx: Ctx) => Txn[]> = {
  debittrans: (ctx) => ctx.debits,
  creditcardaccountpayment: (ctx) => inCategory(ctx, 'creditcardpayment'),
  lifeinsurance: (ctx) => inCategory(ctx, 'lifeinsurance'),
  investmentdebits: (ctx) => debitsIn(ctx, 'investment'),
  mcarefund: (ctx) => inCategory(ctx, 'mcarefund'),
  mcanorefunds: (ctx) => ctx.txns.filter((x) => x.lender !== null && x.primary !== 'mcarefund'),
  creditcardprocessortrans: (ctx) => inCategory(ctx, 'cardprocessor'),
  installmentpayment: (ctx) => inCategory(ctx, ...INSTALLMENT_CATEGORIES),
  ecommercetrans: (ctx) => inCategory(ctx, 'ecommerce'),
  autofinancepayments: (ctx) => inCategory(ctx, 'autofinance'),
  studentloanpayments: (ctx) => inCategory(ctx, 'studentloan'),
  mortgagepayments: (ctx) => inCategory(ctx, 'mortgage'),
  personalloanpayments: (ctx) => inCategory(ctx, 'personalloan'),
  combotrans: (ctx) => debitsIn(ctx, ...DEBT_CATEGORIES),
  mcapayments: (ctx) => debitsIn(ctx, 'mca'),
  otherdebits: (ctx) => ctx.debits.filter((x) => x.primary === '' && x.lender === null),
  mobilepaymentsdebits: (ctx) => debitsIn(ctx, 'mobilepayment'),
  nefariouswithdrawals: (ctx) => debitsIn(ctx, 'nefarious'),
  debtcollectortransactions: (ctx) => inCategory(ctx, 'debtcollector'),
  constructiondebits: (ctx) => debitsIn(ctx, 'construction'),
  nonmcaloans: (ctx) => inCategory(ctx, 'nonmcaloan'),
  atmwithdrawals: (ctx) => inCategory(ctx, 'atm'),
  insurance: (ctx) => inCategory(ctx, 'insurance'),
  mcatrans: (ctx) => ctx.txns.filter((x) => x.lender !== null),
  mcafees: (ctx) => inCategory(ctx, 'mcafee'),
  nsftrans: (ctx) => inCategory(ctx, 'nsf'),
  overtrans: (ctx) => inCategory(ctx, 'overdraft'),
  credittrans: (ctx) => ctx.credits,
  truecredittrans: (ctx) => ctx.credits.filter((x) => x.t.trueval === true),
  untruecredittrans: (ctx) => ctx.credits.filter((x) => x.t.trueval === false),
  xferitrans: (ctx) => inCategory(ctx, 'xferin'),
  xferotrans: (ctx) => inCategory(ctx, 'xferout'),
  largetrans: (ctx) => { const min = largeThreshold(ctx); return ctx.txns.filter((x) => Math.abs(x.t.amount) >= min); },
  largecredittrans: (ctx) => { const min = largeThreshold(ctx); return ctx.credits.filter((x) => x.t.amount >= min); },
  returnedtrans: (ctx) => inCategory(ctx, 'returned'),
  largeelectronictrans: (ctx) => { const min = largeThreshold(ctx); return inCategory(ctx, 'electronic').filter((x) => Math.abs(x.t.amount) >= min); },
  xfertrans: (ctx) => inCategory(ctx, 'xferin', 'xferout'),
  truetrans: (ctx) => ctx.txns.filter((x) => (x.t.amount > 0 && x.t.trueval === true) || (x.t.amount < 0 && !isUntrueDebit(x))),
  untruetrans: (ctx) => ctx.txns.filter((x) => (x.t.amount > 0 && x.t.trueval === false) || (x.t.amount < 0 && isUntrueDebit(x))),
  recoverytrans: (ctx) => inCategory(ctx, 'recovery'),
  casinotrans: (ctx) => inCategory(ctx, 'casino'),
  investments: (ctx) => inCategory(ctx, 'investment'),
  mobilepayments: (ctx) => creditsIn(ctx, 'mobilepayment'),
  paymentprocessortrans: (ctx) => inCategory(ctx, 'paymentprocessor'),
  healthcareclaims: (ctx) => inCategory(ctx, 'healthcareclaim'),
  factoring: (ctx) => inCategory(ctx, 'factoring'),
  nefarioustransactions: (ctx) => inCategory(ctx, 'nefarious'),
  alltransactions: (ctx) => ctx.txns,
  otherfinancingtransactions: (ctx) => inCategory(ctx, 'loanproceeds').concat(creditsIn(ctx, 'factoring')).sort((a, b) => a.day - b.day || a.t.id - b.t.id),
  nontransactionitems: (ctx) => ctx.txns.filter((x) => x.primary === 'nontransaction' || x.t.amount === 0),
  payroll: (ctx) => inCategory(ctx, 'payroll'),
  tolls: (ctx) => inCategory(ctx, 'toll'),
  nondescriptrevenue: (ctx) => creditsIn(ctx, 'nondescript'),
  chineseexposure: (ctx) => inCategory(ctx, 'chinese'),
  taxscorelist: (ctx) => inCategory(ctx, 'tax'),
};

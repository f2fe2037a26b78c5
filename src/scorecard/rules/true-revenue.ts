/**
 * Which credits are not revenue ("untrue"). Data, not code: the categories listed here make a
 * credit untrue. See docs/scorecard.md "True revenue".
 *
 * ALWAYS: untrue whatever `finduntrue` says — the description itself says the money is not
 * income: a transfer from one of the owner's accounts, a reversal, a returned item, a
 * chargeback.
 * WITH_FINDUNTRUE: also untrue when the conversion ran with `finduntrue=true` (the service's
 * automatic search for untrue credits): loan and advance proceeds (MCA fundings, other loan
 * proceeds, factoring advances), refunds (including MCA refunds), cash back and rewards,
 * investment withdrawals, tax refunds.
 */
export const UNTRUE_ALWAYS: readonly string[] = ['xferin', 'reversal', 'returned', 'chargeback', 'nontransaction'];

export const UNTRUE_WITH_FINDUNTRUE: readonly string[] = [
  'mcafunding', 'mcarefund', 'loanproceeds', 'factoring', 'refund', 'cashback', 'investment', 'tax',
];

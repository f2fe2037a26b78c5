/**
 * An account number as reported, whatever the document's mask: a number printed masked at its
 * start ("XXXX XXXX XXXX 1234", "****1234", "XXXX-XXXX-1234", "...1234") is its visible digits,
 * as a Plaid report's `mask` gives them. The store and the scorecard key an account by its
 * number, so one card's statements, PDFs of one month and an OFX or CSV export of another,
 * group as one account. Anything else (a full number, an IBAN, an account's name) is as given.
 */
const MASKED_AT_START = /^(?:[Xx*•#]{2,}|\.{2,}|…)(?:[\s-]*(?:[Xx*•#]{2,}|\.{2,}|…))*[\s-]*(\d[\d\s-]*\d)$/;

export function reportedAccountNumber(printed: string): string {
  const s = printed.trim();
  const m = MASKED_AT_START.exec(s);
  return m ? m[1]!.replace(/[\s-]+/g, '') : s;
}

/**
 * The shape of a categorization rule. Rules are data: a change in what counts as, say, a
 * payroll provider is an edit to a rules/*.ts data module, reviewed like code and checked by
 * the examples each rule carries (test/scorecard/rulebook.test.ts runs every example).
 */
export type AmountSign = 'credit' | 'debit' | 'any';

export interface RuleExamples {
  /** Descriptions (as printed on a statement) this rule must match. */
  match: string[];
  /** Descriptions this rule must not match (near misses). */
  noMatch: string[];
  /** Sign of the amount used when running the examples (default: the rule's sign, or debit). */
  sign?: 'credit' | 'debit';
}

export interface CategoryRule {
  /** Unique id, used in tests and warnings. */
  id: string;
  /** Category key written into StoredTransaction.categories, e.g. 'payroll'. */
  category: string;
  /**
   * Word sequences matched on whole-word boundaries against the normalised description
   * (upper case, every run of non-alphanumerics a single space), e.g. 'ON DECK'.
   * Empty only when `requires` is set (then the rule applies whenever that category matched).
   */
  phrases: string[];
  /** Amount constraint: credits are positive amounts, debits negative. Default 'any'. */
  sign?: AmountSign;
  /**
   * Exclusive rules compete: of all exclusive rules that match, only the highest priority
   * wins (tie: the longest matched phrase, then the first listed). Non-exclusive rules are
   * tags added beside the winner (e.g. 'electronic', 'chinese'). Default true.
   */
  exclusive?: boolean;
  priority: number;
  /** The rule only applies when this category also matched (e.g. an MCA fee needs an MCA funder). */
  requires?: string;
  /** MCA funders: the lender's display name (tag `lender:<name>` is added). */
  lender?: string;
  examples: RuleExamples;
}

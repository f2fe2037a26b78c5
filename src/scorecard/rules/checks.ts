/**
 * Thresholds of the consistency checks (../checks.ts), as data. See docs/scorecard.md "Checks".
 */
export const CHECK_RULES = {
  /**
   * Days between one statement's end and the next one's start that are not yet a gap: some
   * banks close a cycle on a Friday and open the next on Monday.
   */
  gapToleranceDays: 3,
  /**
   * A statement ending this many days before the latest statement ends is old for an
   * underwriter (decisions read the last 3–12 months), yet it is in the averages: say so.
   */
  staleAfterDays: 365,
  /**
   * Fraud score bands (0–100, higher = more authentic), first match from the top. A band
   * without severity makes no check line.
   */
  fraudBands: [
    { min: 90, label: 'authentic', severity: null },
    { min: 70, label: 'minor signs of editing', severity: 'info' },
    { min: 50, label: 'moderate risk of editing', severity: 'warning' },
    { min: 0, label: 'high risk: the document was probably altered', severity: 'alert' },
  ] as const satisfies readonly { min: number; label: string; severity: 'alert' | 'warning' | 'info' | null }[],
};

import type { ParsedStatement } from '../../contract/model.js';

/**
 * A statement's opening or closing balance worked out from its rows, not read from print (no
 * opening printed: the first row's balance less its amount; no closing: the last row's balance).
 * Kept beside the statement, never stored. The hint that says so is written from these flags
 * alone (`derivedHint`), so a later step that stops trusting a worked-out balance (the OCR
 * balance oracle) changes the flags and the hint follows: no module matches another's wording.
 */
export interface DerivedBalances { opening: boolean; closing: boolean }

const DERIVED = new WeakMap<ParsedStatement, DerivedBalances>();

const WHY = {
  closing: 'closing balance taken from the last row\'s printed balance',
  opening: 'opening balance taken from the first row\'s printed balance less its amount',
} as const;

/** The hint naming the balances worked out from the rows, null when none was. */
export function derivedHint(d: DerivedBalances): string | null {
  const said = (['closing', 'opening'] as const).filter((k) => d[k]).map((k) => WHY[k]);
  return said.length ? `Not printed as such: ${said.join('; ')}.` : null;
}

/** Records which balances of `s` were worked out from its rows (its hint is the caller's, from `derivedHint`). */
export function setDerived(s: ParsedStatement, d: DerivedBalances): void {
  if (d.opening || d.closing) DERIVED.set(s, { ...d });
}

/** Whether the statement's opening balance was worked out from its first row. */
export function openingFromRows(s: ParsedStatement): boolean {
  return DERIVED.get(s)?.opening === true;
}

/** Whether the statement's closing balance was taken from its last row's printed balance. */
export function closingFromRows(s: ParsedStatement): boolean {
  return DERIVED.get(s)?.closing === true;
}

/**
 * The opening balance worked out from the rows is no longer taken (the caller has set it to
 * null): the flag is cleared and the statement's hint rewritten from the flags left, in place.
 */
export function dropDerivedOpening(s: ParsedStatement): void {
  dropDerived(s, 'opening');
}

/** As `dropDerivedOpening`, for a closing balance taken from the last row. */
export function dropDerivedClosing(s: ParsedStatement): void {
  dropDerived(s, 'closing');
}

function dropDerived(s: ParsedStatement, which: keyof DerivedBalances): void {
  const d = DERIVED.get(s);
  if (!d?.[which]) return;
  const before = derivedHint(d);
  const now = { ...d, [which]: false };
  const after = derivedHint(now);
  if (now.opening || now.closing) DERIVED.set(s, now); else DERIVED.delete(s);
  const hints = s.hints ?? [];
  const at = before === null ? -1 : hints.indexOf(before);
  if (at < 0) return;
  s.hints = after === null ? hints.filter((_, i) => i !== at) : hints.map((h, i) => (i === at ? after : h));
}

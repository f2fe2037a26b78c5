/**
 * A foreign purchase's detail line ("USD 45.20 @ 1.2674", "92,47 CHF TAUX 1,3770", "Foreign amount
 * EUR 0.25 Rate 0.8850", "EUR 42.50 X 1.082353 (EXCHG RATE)"): the amount spent abroad and the
 * rate, printed under the row's description. Its code is not the account's currency
 * (./currency.ts), and it is a detail of the row above, never the start of a row (./rows.ts).
 */
import { CURRENCY_CODES, FX_RATE_WORDS } from '../data/currencies.js';

/** A rate: after "@" or a rate word (data/currencies.ts FX_RATE_WORDS), or "X 1.082353". */
const RATE = new RegExp(`\\b(?:exchange|exchg|conversion)\\s+rate\\b|@\\s?\\d|\\bX\\s?\\d+\\.\\d{3,}|(?<![\\p{L}])(?:${FX_RATE_WORDS.join('|')})\\s*:?\\s*\\d+[.,]\\d`, 'iu');
const CODE = new RegExp(`\\b(?:${CURRENCY_CODES.join('|')})\\b`);

/**
 * What every rate RATE finds holds: "@", "X" before a digit, or one of its words ("rate" ends
 * each of its phrases), found without RATE's Unicode look-behind. Tested first because RATE, case-
 * and Unicode-aware with a look-behind, is slow to fail, and most lines a table asks about hold
 * no rate (it was ~2 % of a long statement's reading, with a digit alone as the test).
 */
const MAY_PRINT_RATE = new RegExp(`@|x\\s?\\d|${FX_RATE_WORDS.join('|')}`, 'i');

/** The line prints a rate (the codes on it are a foreign purchase's). */
export function printsRate(text: string): boolean {
  return MAY_PRINT_RATE.test(text) && RATE.test(text);
}

/** The line is a foreign purchase's detail: a rate and a currency code (three capitals). */
export function isFxDetail(text: string): boolean {
  return /[A-Z]{3}/.test(text) && printsRate(text) && CODE.test(text);
}

/**
 * Debit/credit letters OCR misread by one glyph ("I)" or "1)" for "D", "§" for "S", "AL" for
 * "Af", "Rij" for "Bij", "OR" for "DR": 150-dpi faxes, composed 620 and 649, whose type columns
 * print them beside unsigned amounts). Read as no letter, the row's sign was left unsettled and
 * read as a debit. Such a word is read as the letter only in a type column that prints its
 * letters cleanly on other rows (at least `MIN_CLEAN`), as exactly one of the letters it prints
 * so (./ocr-misreads.ts), and not against the row's running balance where that tells its side.
 * The row is flagged (low confidence): its sign is read, not printed so.
 */
import type { Cents } from '../../contract/money.js';
import { misreadOf, foldWord } from './ocr-misreads.js';
import type { Money } from './tokens.js';

/**
 * Transactions whose sign came from a letter read so: their low confidence is said as a letter
 * misread, not a date unread (ocr/confidence.ts). Kept beside the rows, out of the contract.
 */
export const SIGN_LETTER_MISREAD = new WeakSet<object>();

/** Rows on which a type column prints a letter cleanly, at least, before a misread one is read as it. */
const MIN_CLEAN = 2;

/** What mendMisreadFlags reads of a row (./rows.ts RawRow). */
export interface FlaggedRow {
  type?: string;
  amount?: Money;
  balance?: Money;
  /** Its type word read as a sign letter from a one-glyph misreading. */
  flagMisread?: boolean;
}

/**
 * Rows (oldest first) whose type word gives no side (`sideOf` 0) and is a one-glyph misreading
 * of exactly one of the words the column gives a side cleanly: that word, and `flagMisread`
 * set. `opening` is the balance before the first row (null when unread). Returns how many.
 */
export function mendMisreadFlags(rows: FlaggedRow[], sideOf: (word: string | undefined) => 1 | -1 | 0, opening: Cents | null): number {
  const clean = new Map<string, { word: string; side: 1 | -1; n: number }>();
  for (const r of rows) {
    const side = r.type && r.amount && !r.amount.explicit ? sideOf(r.type) : 0;
    if (!side) continue;
    const k = foldWord(r.type!);
    const c = clean.get(k);
    if (c) c.n++; else clean.set(k, { word: r.type!.trim(), side, n: 1 });
  }
  const names = [...clean].filter(([, c]) => c.n >= MIN_CLEAN).map(([k, c]) => [k, c] as const);
  if (!names.length) return 0;
  let mended = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (!r.type || !r.amount || r.amount.explicit || sideOf(r.type)) continue;
    const hit = misreadOf(r.type.trim(), names);
    if (!hit) continue;
    // Its running balance, where the one before it is read too, tells its side: the letter must agree.
    const before = i > 0 ? rows[i - 1]!.balance?.cents ?? null : opening;
    if (r.balance && before !== null) {
      const move = r.balance.cents - before, abs = Math.abs(r.amount.cents);
      if (Math.abs(move) === abs && Math.sign(move) !== hit.side) continue;
    }
    r.type = hit.word;
    r.flagMisread = true;
    mended++;
  }
  return mended;
}

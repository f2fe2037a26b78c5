import { COLUMN_WORDS, MONTHS, TYPE_SIGN_WORDS } from '../data/labels.js';

const CREDIT_WORDS = new Set(TYPE_SIGN_WORDS.credit), DEBIT_WORDS = new Set(TYPE_SIGN_WORDS.debit);
/** What a scan reads a slash between two short words as: the stroke it looks like. */
const SLASH_LOOKALIKE = /[/|Il1!\\]/;
/** Strokes a small head's slash is read as only when little else is: a lower-case "i" ("bic" for "D/C"). */
const LOOSE_SLASH = /[/|Il1!\\i]/;
/** One-word heads of the columns a debit/credit column stands beside ("Amount", "Date"). */
const HEAD_WORDS = new Set((['date', 'description', 'debit', 'credit', 'amount', 'balance'] as const)
  .flatMap((k) => COLUMN_WORDS[k]).filter((w) => !w.includes(' ')));
/** Month abbreviations ("Dic", Spanish and Italian December): a date's word, never a loosely read head. */
const MONTH_WORDS = new Set(Object.values(MONTHS).flat(2));

/** A side of the head as a debit or credit word, a "D" read "b" mended ("bic" for "D/C"); null when it is none. */
function signWord(side: string, loose: boolean): { word: string; kind: 'credit' | 'debit' } | null {
  if (!/^[A-Za-z]{1,3}$/.test(side)) return null;
  const low = side.toLowerCase();
  for (const t of loose ? [low, low.replace(/^b/, 'd')] : [low]) {
    const kind = CREDIT_WORDS.has(t) ? 'credit' : DEBIT_WORDS.has(t) ? 'debit' : null;
    // A mended side is written as the head prints it (capitals), so the reader's head words match.
    if (kind) return { word: t === low ? side : t.length === 1 ? t.toUpperCase() : t[0]!.toUpperCase() + t.slice(1), kind };
  }
  return null;
}

/** The head split at `i` (the slash's glyph dropped when `skip`), when it is a debit and a credit word. */
function headAt(text: string, i: number, skip: number, loose: boolean): string | null {
  const a = signWord(text.slice(0, i), loose), b = signWord(text.slice(i + skip), loose);
  if (!a || !b || a.kind === b.kind) return null;
  // Two letters are printed capitals ("D/C"), whatever case the misreading gave them ("bic").
  return loose && a.word.length === 1 && b.word.length === 1 ? `${a.word}/${b.word}`.toUpperCase() : `${a.word}/${b.word}`;
}

/**
 * A debit/credit column's head read whole, as the debit and credit words it joins with its
 * slash ("D/C" → "D/C"; "DIC", "D|C", "SIH": the slash read as the stroke it looks like, "CrIDr"
 * → "Cr/Dr"), or null when the word is no such head. A head read so was no column for the reader
 * (the letters under it then lay "beside the table" and were left out, composed scan 322: every
 * sign unsettled) and no head for the marks under it (./column-cells.ts).
 *
 * Small bold type misreads it further: "bic" for "D/C" (keystone scan 587: the D read "b", the
 * slash "i"), "DC" (the slash lost). Such a reading is a word of its own elsewhere (a "bic" in a
 * description, "DC" in an address), so it is taken for the head only when `lineWords`, the other
 * words on its printed line, hold a column's head ("Amount", "Balance") and no digit (a row's
 * line), and never when it is a month's name ("Dic", keystone scan 590's dates "04 Dic" beside
 * "DEBIT CARD PURCHASE" were taken for heads).
 */
export function flagHeadOf(text: string, lineWords: readonly string[] = []): string | null {
  if (text.length > 7) return null;
  for (let i = 1; i + 1 < text.length; i++) {
    if (!SLASH_LOOKALIKE.test(text[i]!)) continue;
    const h = headAt(text, i, 1, false);
    if (h) return h;
  }
  // A heads' line: a column's head on it and no figure or date (a row's "DEBIT CARD" beside "04 Dic" is none).
  if (MONTH_WORDS.has(text.toLowerCase()) || lineWords.some((w) => /\d/.test(w))) return null;
  if (!lineWords.some((w) => HEAD_WORDS.has(w.toLowerCase().replace(/[^a-z]/g, '')))) return null;
  // A speck read at its front ("_AfIBi)", low-150 scan 544) is no letter; a "j" at its end read as the ")" its hook looks like.
  const t = text.replace(/^[_.,:;'"`~\u2018\u2019\u201c\u201d]+/, '').replace(/\)$/, 'j');
  for (let i = 1; i < t.length; i++) {
    const h = (i + 1 < t.length && LOOSE_SLASH.test(t[i]!) ? headAt(t, i, 1, true) : null) ?? headAt(t, i, 0, true);
    if (h) return h;
  }
  return null;
}

/** A debit/credit column's head read whole ("D/C", "Cr/Dr", "S/H", "Af/Bij"; "DIC" its slash misread; "bic" beside "Amount"). */
export function isFlagHead(text: string, lineWords: readonly string[] = []): boolean {
  return flagHeadOf(text, lineWords) !== null;
}

/** The texts of the other words on `w`'s printed line (baselines within half its ascent): the context a loose head reading needs. */
export function lineWordsOf<W extends { text: string; baseline: number; ascent: number }>(w: W, words: readonly W[]): string[] {
  return words.filter((u) => u !== w && Math.abs(u.baseline - w.baseline) < w.ascent * 0.5).map((u) => u.text);
}

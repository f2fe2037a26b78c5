/**
 * Letters a text layer's font maps wrong. A font whose stated encoding is not the one its codes
 * were written in gives the right ASCII letters and the wrong accented ones: Ghostscript's
 * re-written fonts read "Saídas" as "Sa‚das" and "Créditos" as "Crƒditos" (the WinAnsi glyphs of
 * the font's own codes), and a producer that wrote UTF-8 bytes into a one-byte font reads
 * "Débito" as "DÃ©bito". Such a word names nothing, so a head printed that way lost its column
 * (a Ghostscript-rewritten statement's debit and credit heads: every sign lost).
 *
 * `misencodedKey` gives a word's compacted letters with each such letter as `?`; a head phrase
 * matches it only letter for letter, the `?`s standing for one letter each. Asked only of a
 * phrase that names no head as printed, so a readable head is never read otherwise.
 */
import { compact } from './lines.js';

/** At most this many letters of a phrase may be unreadable: past that it is not a head misread here and there. */
const MAX_UNREAD = 2;

/**
 * One misread letter: a UTF-8 pair read as two Latin-1 or WinAnsi characters after a letter
 * ("DÃ©bito", "LibellÃ©"), or between two letters one character that is no letter, digit or word punctuation
 * ("‚", "•", "€", "\uFFFD"), or one of WinAnsi's letters that none of the head languages writes
 * ("ƒ", "Œ", "œ", "Š", "š", "Ž", "ž", "Ÿ"), or an accented capital inside a lower-case word
 * ("SaÇdas", "HistÅrico": the same codes read in another one-byte encoding).
 */
const MISREAD_LETTER = /(?<=\p{L})[ÃÂ][^\sA-Za-z0-9](?=\p{L}|\s|$)|(?<=\p{L})(?:[ƒŒœŠšŽžŸ]|[^\p{L}\p{N}\s.,;:'’"()\-/&#*%+])(?=\p{L})|(?<=\p{Ll})[^\x00-\x7f\p{Ll}](?=\p{Ll})/gu;

/** The phrase's compacted letters with each misread letter as `?`, or null where none is misread (or too many). */
export function misencodedKey(text: string): string | null {
  MISREAD_LETTER.lastIndex = 0;
  const parts = text.split(MISREAD_LETTER);
  if (parts.length < 2 || parts.length - 1 > MAX_UNREAD) return null;
  return parts.map(compact).join('?');
}

/** Whether `key` (a head phrase, compacted) is `pattern` with each `?` one letter. */
export function matchesMisencoded(pattern: string, key: string): boolean {
  if (pattern.length !== key.length) return false;
  for (let i = 0; i < key.length; i++) if (pattern[i] !== '?' && pattern[i] !== key[i]) return false;
  return true;
}

/**
 * A line of prose: a notice, a disclosure, an advertisement ("Overdraft protection: linked
 * Business Line of Credit ending in 8083.", "Zelle® payments from Wells Fargo and other banks now
 * arrive in minutes."). Names in it are mentions, not the statement's letterhead or the account's
 * title: those are names and numbers, capitalised, without a sentence's small words.
 */

/** A lower-case word of two letters or more, standing alone ("ions" of "Zions" is none; "www.x.com" none). */
const SMALL_WORD = /(?<![\p{L}\p{N}.@/])\p{Ll}{2,}(?![\p{L}\p{N}.@/])/gu;

/** So many lower-case words make any line a sentence. */
const SENTENCE_WORDS = 6;
/** So many make one that ends as a sentence does ("… ending in 8083."). */
const ENDED_SENTENCE_WORDS = 4;

export function isSentence(text: string): boolean {
  const n = (text.match(SMALL_WORD) ?? []).length;
  return n >= SENTENCE_WORDS || (n >= ENDED_SENTENCE_WORDS && /[\p{Ll}\p{N}][.!](?:\s|$)/u.test(text));
}

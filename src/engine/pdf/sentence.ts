import type { Line } from './lines.js';
import { isRowLine } from './row-line.js';

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

const smallWords = (text: string) => (text.match(SMALL_WORD) ?? []).length;

export function isSentence(text: string): boolean {
  const n = smallWords(text);
  return n >= SENTENCE_WORDS || (n >= ENDED_SENTENCE_WORDS && /[\p{Ll}\p{N}][.!](?:\s|$)/u.test(text));
}

/** Small words a title or a name never ends with: a line ending with one goes on below ("… Business Line of" over "Credit ending in 8083."). */
const OPEN_END = /(?:^|\s)(?:of|to|and|or|the|a|an|in|with|by|for|from|at|on|your|our|are|is)\s*$/;

/** `line` is printed under `prev` at its left edge, at a line's spacing, no row, and `prev` does not end as a sentence does. */
const under = (prev: Line, line: Line | undefined): line is Line => !!line && prev.page === line.page && !isRowLine(line) && Math.abs(line.x0 - prev.x0) <= 2
  && line.y > prev.y && line.y - prev.y <= 1.8 * Math.max(prev.size, line.size)
  && !/[.!?:]\s*$/.test(prev.text);
const lowerStart = (line: Line) => /^\p{Ll}/u.test(line.text);

/**
 * The line does not end where it is printed: it ends in a small word a name never ends with, or
 * the line under it goes on in small letters ("Your credit card payment and loan" over "payments
 * can be scheduled …"). A heading over a sentence ("Calcul des intérêts" over "Le taux annuel …")
 * ends where it is printed.
 */
export function goesOnBelow(line: Line, next: Line | undefined): boolean {
  return under(line, next) && (OPEN_END.test(line.text) || lowerStart(next));
}

/**
 * Lines of a sentence wrapped over several lines ("Zelle® payments from Wells Fargo and other" over
 * "banks now arrive in minutes."): a line goes on to the next of its page when the next starts at
 * its left edge, at a line's spacing, and starts with a small letter, or follows a line ending in a
 * small word, or ends as a sentence does after a line of two small words or more ("Overdraft
 * protection: linked Business" over "Line of Credit ending in 2218."; a title has fewer), or is
 * itself gone on from in small letters ("Overdraft protection: linked" over "Business Line of
 * Credit" over "ending in 2755."), and the line does not end as a sentence does; each run of
 * such lines that reads as a sentence (isSentence) is one. Rows are none. Bounded by the lines: each looked at once.
 */
export function wrappedSentenceLines(lines: readonly Line[]): Set<Line> {
  const out = new Set<Line>();
  let run: Line[] = [];
  const close = () => {
    if (run.length >= 2 && isSentence(run.map((l) => l.text).join(' '))) for (const l of run) out.add(l);
    run = [];
  };
  for (const [i, line] of lines.entries()) {
    const prev = run[run.length - 1];
    // A line the next goes on from in small letters is mid-sentence, not a title ending one
    // ("Overdraft protection: linked" over "Business Line of Credit" over "ending in 2755.").
    const next = lines[i + 1];
    const goesOn = !!prev && under(prev, line)
      && (lowerStart(line) || OPEN_END.test(prev.text) || (smallWords(prev.text) >= 2 && /[\p{Ll}\p{N}][.!](?:\s|$)/u.test(line.text)) || (under(line, next) && lowerStart(next)));
    if (!goesOn) { close(); if (!isRowLine(line)) run = [line]; continue; }
    run.push(line);
  }
  close();
  return out;
}

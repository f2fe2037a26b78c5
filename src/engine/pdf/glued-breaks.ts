/**
 * Words a layout engine broke without a space. Browsers break a line at a space, and after a
 * hyphen inside a word ("STRIPE TRANSFER ST-" over "91256807"): such a line and the next are one
 * word. Some (WeasyPrint's Pango) break after a slash, a colon or an ellipsis too ("AMZN.COM/"
 * over "BILL WA", "ORIG ID:" over "9424300002", "SAV ..." over "3765"), where a space after the
 * mark is as common ("W/ CASH BACK", "BNF: PACIFIC STEEL CO" broken at their space): the break
 * erased which it was. The statement's other lines tell, when they print the same word, mark and
 * all, followed by a word on one line ("ORIG ID:9424300002", "CHK ...8021") and never by a
 * space. Two marks tell by themselves, as every row of one merchant wraps at the same place and
 * no line may print the word whole: a web address's host and its slash ("AMZN.COM/") are
 * followed by its path, never by a space; an ellipsis before digits masks an account's number
 * ("CHK ..." over "1884"), printed glued to its last digits unless the statement prints it
 * spaced from them elsewhere. A colon or another slash tells nothing by itself ("BNF:" and
 * "TRANSACTION#:" are printed spaced where "NAME:SQUARE" is glued, in one statement), but one
 * description is written one way: where its other words ending in the same mark are all glued
 * to the next ("ORIG CO NAME:SQUARE INC ORIG ID:" over "9424300002 DESC DATE:241224"), so is
 * the broken one. Without such evidence the lines are joined by a space, as they always were.
 * A word broken by a typesetter's hyphenation (TeX, word processors: "TRANS-" over "FER") is
 * one word without its hyphen where the statement prints that word whole on a line elsewhere
 * ("ONLINE TRANSFER") and never hyphenated so ("E-" over "COMMERCE" stays "E-COMMERCE").
 */

/** A word broken after its hyphen: a letter or digit before it. */
const IN_WORD = /[\p{L}\p{N}]-$/u;
/** A word of letters, or two joined by a hyphen, standing alone between spaces or punctuation. */
const LETTER_WORD = /(?<![\p{L}\p{N}-])\p{L}+(?:-\p{L}+)?(?![\p{L}\p{N}-])/gu;
/** The letters of a word broken after its hyphen, and of the word starting the next line. */
const HYPHEN_HEAD = /(?<![\p{L}\p{N}-])(\p{L}+)-$/u;
const HYPHEN_TAIL = /^(\p{L}+)(?![\p{L}\p{N}-])/u;
/** A line's last word ending in a slash, a colon or an ellipsis (the mark alone, after a space: "SAV ..."). */
const MARK_END = /(?:^|\s)(\S*?(?:\/|:|\.\.\.|…))$/u;
/** Such a word inside a line, followed by a word (glued) or by a space. */
const MARK_GLUED = /(?:^|\s)(\S*?(?:\/|:|\.\.\.|…))(?=[\p{L}\p{N}])/gu;
const MARK_SPACED = /(?:^|\s)(\S*?(?:\/|:|\.\.\.|…))(?=\s)/gu;
/** A web address's host and its slash ("AMZN.COM/", "HELP.UBER.COM/"). */
const HOST_SLASH = /^(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}\/$/u;
/** An ellipsis ending a word, and one printed spaced from the digits after it. */
const ELLIPSIS_END = /(?:\.\.\.|…)$/u;
const ELLIPSIS_SPACED = /(?:\.\.\.|…)\s+\p{N}/u;
/** Lines of descriptions looked at, at most (a bound on the work for a long statement). */
const MAX_LINES = 20_000;

export interface GluedBreaks {
  glued: Set<string>;
  spaced: Set<string>;
  /** Some line prints an ellipsis spaced from the digits after it ("ACCT ... 1884"). */
  ellipsisSpaced: boolean;
  /** Words of letters the lines print whole, and those they print with a hyphen inside ("E-COMMERCE"), in capitals. */
  words: Set<string>;
  hyphenated: Set<string>;
}

/** What a statement's description lines print after each word ending in such a mark on one line. */
export function gluedBreaks(descriptions: readonly (readonly string[])[]): GluedBreaks {
  const out: GluedBreaks = { glued: new Set(), spaced: new Set(), ellipsisSpaced: false, words: new Set(), hyphenated: new Set() };
  let seen = 0;
  for (const parts of descriptions) {
    for (const p of parts) {
      if (++seen > MAX_LINES) return out;
      for (const m of p.matchAll(MARK_GLUED)) out.glued.add(m[1]!);
      for (const m of p.matchAll(MARK_SPACED)) out.spaced.add(m[1]!);
      if (ELLIPSIS_SPACED.test(p)) out.ellipsisSpaced = true;
      for (const m of p.matchAll(LETTER_WORD)) (m[0].includes('-') ? out.hyphenated : out.words).add(m[0].toUpperCase());
    }
  }
  return out;
}

/** The mark a word ends in ("/", ":", "..."). */
const markOf = (word: string) => (ELLIPSIS_END.test(word) ? '...' : word.slice(-1));

/** A word before its mark, or the mark alone: a date's "12/09" is no word glued after its slash. */
const WORDLIKE = /^(?:\S*\p{L}\S*|\.\.\.|…)$/u;

/** Whether every other word of one description ending in this mark is glued to the next (one at least), none spaced. */
function gluedInRow(mark: string, row: readonly string[]): boolean {
  let glued = 0;
  const same = (word: string) => markOf(word) === mark && WORDLIKE.test(word);
  for (const p of row) {
    for (const m of p.matchAll(MARK_SPACED)) if (same(m[1]!)) return false;
    for (const m of p.matchAll(MARK_GLUED)) if (same(m[1]!)) glued++;
  }
  return glued > 0;
}

/**
 * Whether a line ending `line` and the next line starting `next` are one word broken after a
 * mark; `row`: the description's lines (its other words' marks).
 */
export function brokenInWord(line: string, next: string, breaks: GluedBreaks | undefined, row: readonly string[] = []): boolean {
  if (!/^[\p{L}\p{N}]/u.test(next)) return false;
  if (IN_WORD.test(line)) return true;
  const word = breaks && MARK_END.exec(line)?.[1];
  if (!word || breaks.spaced.has(word)) return false;
  if (breaks.glued.has(word) || HOST_SLASH.test(word)) return true;
  if (ELLIPSIS_END.test(word) && /^\p{N}/u.test(next) && !breaks.ellipsisSpaced) return true;
  return gluedInRow(markOf(word), row);
}

/**
 * Description lines joined by a space, but where a line ends in a word broken after its hyphen
 * ("STRIPE TRANSFER ST-" over "91256807"), or after a slash, colon or ellipsis the statement
 * or the description itself prints glued to the next word elsewhere (./glued-breaks.ts).
 */
export function joinLines(lines: string[], breaks?: GluedBreaks): string {
  let out = lines[0] ?? '';
  for (let i = 1; i < lines.length; i++) {
    const next = lines[i]!;
    if (!brokenInWord(out, next, breaks, lines)) { out += ` ${next}`; continue; }
    out = (hyphenationBreak(out, next, breaks) ? out.slice(0, -1) : out) + next;
  }
  return out;
}

/** Whether a line ending in a hyphen over `next` is one word a typesetter hyphenated: printed whole elsewhere, never with that hyphen. */
function hyphenationBreak(line: string, next: string, breaks: GluedBreaks | undefined): boolean {
  const head = breaks && HYPHEN_HEAD.exec(line)?.[1], tail = head && HYPHEN_TAIL.exec(next)?.[1];
  if (!head || !tail) return false;
  const word = `${head}${tail}`.toUpperCase();
  return breaks.words.has(word) && !breaks.hyphenated.has(`${head}-${tail}`.toUpperCase());
}


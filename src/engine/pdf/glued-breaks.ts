/**
 * Words a layout engine broke without a space. Browsers break a line at a space, and after a
 * hyphen inside a word ("STRIPE TRANSFER ST-" over "91256807"): such a line and the next are one
 * word. Some (WeasyPrint's Pango) break after a slash, a colon or an ellipsis too ("AMZN.COM/"
 * over "BILL WA", "ORIG ID:" over "9424300002", "SAV ..." over "3765"), where a space after the
 * mark is as common ("W/ CASH BACK", "BNF: PACIFIC STEEL CO" broken at their space): the break
 * erased which it was. The statement's other lines tell, when they print the same word, mark and
 * all, followed by a word on one line ("ORIG ID:9424300002", "CHK ...8021") and never by a
 * space. Without that evidence the lines are joined by a space, as they always were.
 */

/** A word broken after its hyphen: a letter or digit before it. */
const IN_WORD = /[\p{L}\p{N}]-$/u;
/** A line's last word ending in a slash, a colon or an ellipsis (the mark alone, after a space: "SAV ..."). */
const MARK_END = /(?:^|\s)(\S*?(?:\/|:|\.\.\.|…))$/u;
/** Such a word inside a line, followed by a word (glued) or by a space. */
const MARK_GLUED = /(?:^|\s)(\S*?(?:\/|:|\.\.\.|…))(?=[\p{L}\p{N}])/gu;
const MARK_SPACED = /(?:^|\s)(\S*?(?:\/|:|\.\.\.|…))(?=\s)/gu;
/** Lines of descriptions looked at, at most (a bound on the work for a long statement). */
const MAX_LINES = 20_000;

export interface GluedBreaks { glued: Set<string>; spaced: Set<string> }

/** What a statement's description lines print after each word ending in such a mark on one line. */
export function gluedBreaks(descriptions: readonly (readonly string[])[]): GluedBreaks {
  const glued = new Set<string>(), spaced = new Set<string>();
  let seen = 0;
  for (const parts of descriptions) {
    for (const p of parts) {
      if (++seen > MAX_LINES) return { glued, spaced };
      for (const m of p.matchAll(MARK_GLUED)) glued.add(m[1]!);
      for (const m of p.matchAll(MARK_SPACED)) spaced.add(m[1]!);
    }
  }
  return { glued, spaced };
}

/** Whether a line ending `line` and the next line starting `next` are one word broken after a mark. */
export function brokenInWord(line: string, next: string, breaks: GluedBreaks | undefined): boolean {
  if (!/^[\p{L}\p{N}]/u.test(next)) return false;
  if (IN_WORD.test(line)) return true;
  const word = breaks && MARK_END.exec(line)?.[1];
  return !!word && breaks.glued.has(word) && !breaks.spaced.has(word);
}

/**
 * Whether a word OCR read is a known word misread by one glyph (data/ocr-confusables.ts
 * `OCR_GLYPH_MISREADS`: "Noy" for "nov", "OR" for "dr", "I)" for "d"). The matcher alone: its
 * callers (./misread-dates.ts, ./misread-flags.ts) say where a word may be read so, and check
 * what they read against what is around it.
 */
import { OCR_GLYPH_MISREADS } from '../data/ocr-confusables.js';
import { withoutAccents } from '../text-fold.js';

/** Per printed glyph, what OCR reads for it: a one-glyph pair either way round, a glyph read as two only so. */
const READ_FOR = new Map<string, string[]>();
for (const [printed, read] of OCR_GLYPH_MISREADS) {
  READ_FOR.set(printed, [...(READ_FOR.get(printed) ?? []), read]);
  if (read.length === 1) READ_FOR.set(read, [...(READ_FOR.get(read) ?? []), printed]);
}

/** A word folded for matching: accents dropped, lower case, a closing point dropped. */
export function foldWord(word: string): string {
  return withoutAccents(word).toLowerCase().replace(/\.$/, '');
}

/** `word` (folded) is `name` with exactly one glyph misread. */
export function oneMisreadFrom(word: string, name: string): boolean {
  const d = word.length - name.length;
  if (d < 0 || d > 1) return false;
  for (let k = 0; k < name.length; k++) {
    for (const r of READ_FOR.get(name[k]!) ?? []) {
      if (r.length !== d + 1) continue;
      if (word.startsWith(name.slice(0, k)) && word.startsWith(r, k) && word.slice(k + r.length) === name.slice(k + 1)) return true;
    }
  }
  return false;
}

/**
 * Of `names` (folded, each with what it stands for), what the one-glyph misreading `word`
 * stands for: null when it is none of them misread, or names of two different things.
 */
export function misreadOf<T>(word: string, names: readonly (readonly [string, T])[]): T | null {
  const w = foldWord(word);
  let hit: T | null = null;
  for (const [name, value] of names) {
    if (!oneMisreadFrom(w, name)) continue;
    if (hit !== null && hit !== value) return null;
    hit = value;
  }
  return hit;
}

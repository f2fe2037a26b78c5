import { ACCENTED_WORDS } from '../data/accented-words.js';

/**
 * Letters the recognition model can write: Tesseract's English model has `é` and no other
 * accented letter (its unicharset), so an `è`, `ç` or `ü` on the page comes out as another
 * letter. Any letter outside this set in a vocabulary word is one the reading cannot hold.
 */
const WRITABLE = /[a-zé]/;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

interface Entry { word: string; unwritable: boolean[] }

/** The vocabulary by its length in letters (only words with a letter the model cannot write). */
const BY_LENGTH = new Map<string, Entry[]>();
for (const word of ACCENTED_WORDS) {
  const letters = [...word];
  const unwritable = letters.map((ch) => !WRITABLE.test(ch));
  if (!unwritable.some(Boolean)) continue;
  const key = `${letters.length}`;
  BY_LENGTH.set(key, [...(BY_LENGTH.get(key) ?? []), { word, unwritable }]);
}

/**
 * A reading that stands for the vocabulary word: every letter the same as the word's once both
 * are folded, except at the word's unwritable letters, where the reading must show that some
 * other letter was there — an accented letter it can write (`é` for `è`) or, in a long word,
 * another letter ("Prélavement"). A plain base letter there ("PRELEVEMENT") is no such sign:
 * many statements print capitals without accents, and that print is kept as it is.
 */
function standsFor(read: string[], e: Entry): boolean {
  const want = [...e.word];
  let sign = false;
  for (let i = 0; i < want.length; i++) {
    const r = read[i]!, w = want[i]!;
    if (!e.unwritable[i]) { if (fold(r) !== fold(w)) return false; continue; }
    if (r === fold(w)) continue;
    if (r !== fold(r) || r === w) { sign = true; continue; }
    // Another plain letter: only in a long word, where one letter cannot make another word.
    if (want.length >= 8 && /\p{L}/u.test(r)) { sign = true; continue; }
    return false;
  }
  return sign;
}

/** The word in the reading's case: all capitals, a capital first, or lower case. */
function inCase(word: string, read: string): string {
  if (read === read.toUpperCase() && read !== read.toLowerCase()) return word.toUpperCase();
  if (read[0] === read[0]!.toUpperCase() && read[0] !== read[0]!.toLowerCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

/**
 * An OCR word given back the letters the model could not write, when its letters are those of
 * a word of ../data/accented-words.ts and the reading shows an accent was there ("espéces" →
 * "espèces", "Prélavement" → "Prélèvement", "CHÉQUE" → "CHÈQUE"). Marks around the word are
 * kept; anything else is returned as read.
 */
export function withUnwritableLetters(text: string): string {
  const m = /^([^\p{L}]*)(\p{L}+)([^\p{L}]*)$/u.exec(text);
  if (!m) return text;
  const letters = [...m[2]!.toLowerCase()];
  const found = (BY_LENGTH.get(`${letters.length}`) ?? []).find((e) => standsFor(letters, e));
  return found ? `${m[1]}${inCase(found.word, m[2]!)}${m[3]}` : text;
}

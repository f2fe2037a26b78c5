/**
 * Accent folding shared by every reader that matches printed words against the data files'
 * words: "SOCIÉTÉ", "Débito", "Überweisung", "março" are matched as "SOCIETE", "Debito",
 * "Uberweisung", "marco". Only the combining diacritics (U+0300–U+036F) are dropped, so letters
 * of other scripts stay as they are.
 */

const ASCII = /^[\x00-\x7f]*$/;
const DIACRITICS = /[\u0300-\u036f]/g;

/** The text with its accents dropped (case kept). Plain ASCII, most lines, is returned as is. */
export function withoutAccents(text: string): string {
  return ASCII.test(text) ? text : text.normalize('NFD').replace(DIACRITICS, '');
}

/** Lower-case words and numbers, accents folded, one space apart and one space at each end: "Form W-2" → " form w 2 ". */
export function spacedWords(text: string): string {
  return ` ${withoutAccents(text).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `;
}

/**
 * Text a ToUnicode map gives with its UTF-16 bytes the wrong way round. Ghostscript's pdfwrite
 * writes a ligature's text as little-endian ("fi" as <66006900>), and both readers decode the
 * map's values big-endian, as the standard says: "Saldo final" read "Saldo 昀椀nal", so the
 * closing balance's label named nothing and its line was read as a row. A run of two code points
 * or more of the form U+XX00 with XX a printable ASCII byte is that: read back as ASCII. (One such
 * code point alone may be a real ideograph, "一" U+4E00; two or more in a row, each a multiple of
 * 256, are not a text anyone writes.)
 */

/** U+2000, U+2100, … U+7E00: a printable ASCII byte followed by a zero byte. */
const SWAPPED = new RegExp(`[${Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => `\\u${(0x20 + i).toString(16).padStart(2, '0')}00`).join('')}]{2,}`, 'g');
/** Any code point the runs are made of: most strings have none and are returned untouched. */
const ANY = /[\u2000-\u7e00]/;

export function unswappedText(str: string): string {
  if (!ANY.test(str)) return str;
  return str.replace(SWAPPED, (run) => Array.from(run, (c) => String.fromCharCode(c.charCodeAt(0) >> 8)).join(''));
}

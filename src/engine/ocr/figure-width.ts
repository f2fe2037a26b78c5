/**
 * A figure whose box is wider than what it was read as: a glyph of its print was lost in the
 * reading. The fast model reads a currency mark glued to a figure's first digit as the mark alone
 * ("€21.923,48" read "€1.923,48", "€27.783,15" read "€7.783,15" at confidence 80–84: Times at 7
 * pt, composed scans with centred rows): a wrong figure read surely, that only a running balance
 * could catch. The word's box still spans the print it came from, and figures are set in
 * tabular digits, so the page's other figures and dates of the same make-up (as many digits and
 * as many marks) tell how wide it should be: a figure read surely whose box is wider than that by
 * about one glyph is read again by the checking engine
 * on its strip — and, when that reads the same and the figure starts with a currency mark, on
 * the strip after the mark's glyph (cut at the first gap, or where the ink is least a digit's
 * width in when the mark touches the digit): the fast and the checking model alike read the
 * glued pair as the mark; read apart, "21.923,48". A reading is kept only when it is one figure
 * with the same cents, more digits, and a width that fits the box; otherwise the word stays as
 * read. Either way it is flagged (confidence under the suspect mark): it was read twice
 * differently, or it cannot be trusted.
 */
import type { Gray } from './clean.js';
import type { OcrWord } from './tesseract.js';
import { LOW_CONFIDENCE } from './limits.js';
import { figureOf, type RegionReader } from './column-cells.js';

/** At most this many strips a page (a page of noise must not cost a strip per word). */
export const MAX_WIDTH_REREADS = 20;
/** Band heights (pixels) under this are enlarged for the checking engine (as ./column-cells.ts). */
const MIN_BAND_PX = 40;
/**
 * A figure between these many digits wider than its make-up is printed at lost one glyph (a
 * digit or a mark: one digit, give or take a quarter — boxes of one make-up vary by a fifth of
 * a digit; a Courier figure at 200 dpi by 0.63). Wider, its box took in other print beside it
 * (a unit glued on, "131'370.59CHF"; a bracket and a mark: 1.7–4.4 on composed scans 8, 371,
 * 381, digits right), which says nothing of its digits.
 */
const LOST_GLYPH = 0.75, ONE_GLYPH = 1.4;
/** A reading again fits its box within this much of a digit. */
const FITS = 0.4;
/** Words of a size within this share of a figure's measure its digits (a summary's larger type is set apart). */
const SAME_SIZE = 0.2;
/** At least this many words of the figure's size measure a digit. */
const MIN_REFERENCES = 4;
/** References read at least this surely. */
const SURE = 85;

/** A date of digits and separators only ("2024.11.20", "05/01/2025"): tabular digits, as figures. */
const NUMERIC_DATE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}$/;

/**
 * A word's make-up: how many digits and currency marks (set a digit wide) and how many narrow
 * marks (group and decimal marks, a space between groups, signs, brackets), "8+2" for
 * "€21.923,48". Words of the same make-up in the same type are the same width whatever the
 * type (a narrow mark is half a digit in Times, a whole cell in Courier). Null for words with letters.
 */
export function makeUp(text: string): string | null {
  if (/[A-Za-z]/.test(text)) return null;
  let wide = 0, narrow = 0;
  for (const c of text) {
    if (/[\d€$£¥]/.test(c)) wide++;
    else if (/[.,' \-()+−/]/.test(c)) narrow++;
  }
  return `${wide}+${narrow}`;
}

function median(v: number[]): number {
  const s = v.slice().sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : 0;
}

/** The page's words that measure others: figures and numeric dates read surely. */
function references(words: OcrWord[]): OcrWord[] {
  return words.filter((w) => w.conf >= SURE && (figureOf(w.text) !== null || NUMERIC_DATE.test(w.text)) && w.x1 > w.x0 && makeUp(w.text) !== null);
}

/**
 * The width words of this make-up and about this ascent are printed at on the page: the median
 * over references of the same make-up, each scaled by its ascent to the word's (a summary's
 * figures are set larger than the rows'), or null with too few.
 */
function widthOf(refs: OcrWord[], text: string, ascent: number): number | null {
  const m = makeUp(text);
  const same = refs.filter((w) => makeUp(w.text) === m && Math.abs(w.ascent - ascent) <= ascent * SAME_SIZE);
  if (!m || same.length < MIN_REFERENCES) return null;
  return median(same.map((w) => (w.x1 - w.x0) * (ascent / w.ascent)));
}

/** A digit's width, from the width of a word of this make-up (a narrow mark taken as 3/4 of a digit: between Times and Courier). */
function digitOf(text: string, width: number): number {
  const [wide, narrow] = makeUp(text)!.split('+').map(Number);
  return width / (wide! + narrow! * 0.75);
}

/** Ink darker than this counts as print (the cleaned page's paper is white). */
const INK = 128;

/**
 * Where the first glyph of the print from x0 ends, on the band top..bottom (a glyph about a digit
 * wide): the first column without ink after the first column with ink, within 1.6 digits; when
 * the print runs on (the mark touching the digit after it), the column of least ink between 0.8
 * and 1.2 digits from where the print starts. Null when there is no print.
 */
function firstGlyphEnd(img: Gray, x0: number, x1: number, top: number, bottom: number, digit: number): number | null {
  const t = Math.max(0, Math.round(top)), b = Math.min(img.height, Math.round(bottom));
  const left = Math.max(0, Math.round(x0)), right = Math.min(img.width, Math.round(x1));
  const inkAt = (x: number) => { let n = 0; for (let y = t; y < b; y++) if (img.data[y * img.width + x]! < INK) n++; return n; };
  let start = -1;
  for (let x = left; x < right; x++) {
    const n = inkAt(x);
    if (start < 0) { if (n) start = x; continue; }
    if (!n) return x - start <= digit * 1.6 ? x : null;
    if (x - start > digit * 1.6) break;
  }
  if (start < 0) return null;
  let best = -1, least = Infinity;
  for (let x = Math.round(start + digit * 0.8); x <= Math.min(right - 1, Math.round(start + digit * 1.2)); x++) {
    const n = inkAt(x);
    if (n < least) { least = n; best = x; }
  }
  return best >= 0 ? best : null;
}

/** The cents of a figure's text: its last two digits. */
const cents = (t: string) => t.replace(/\D/g, '').slice(-2);

/**
 * The page's words with every figure read surely but wider than its text (see the file's
 * comment) read again, or flagged. `read` reads a rectangle of the page image the words were read from.
 */
export async function checkFigureWidths(words: OcrWord[], img: Gray, read: RegionReader): Promise<{ words: OcrWord[]; reread: number; mended: number; flagged: number }> {
  const refs = references(words);
  if (refs.length < MIN_REFERENCES) return { words, reread: 0, mended: 0, flagged: 0 };
  let reread = 0, mended = 0, flagged = 0;
  for (const w of words) {
    if (w.conf < LOW_CONFIDENCE || figureOf(w.text) === null || makeUp(w.text) === null) continue;
    const usual = widthOf(refs, w.text, w.ascent);
    if (usual === null) continue;
    const digit = digitOf(w.text, usual);
    const over = (w.x1 - w.x0 - usual) / digit;
    if (over < LOST_GLYPH || over > ONE_GLYPH) continue;
    if (reread < MAX_WIDTH_REREADS) {
      reread++;
      const a = w.ascent;
      const again = await read(w.x0 - a * 0.3, w.baseline - a * 1.6, w.x1 + a * 0.3, w.baseline + a * 0.7, MIN_BAND_PX);
      let text = again.map((x) => x.text).join('');
      // The same reading again: the strip after the currency mark, read alone (a mark glued to
      // the first digit is read as the mark alone; without it, the digits read as they are).
      const mark = /^[-(]?[€$£¥]/.exec(w.text)?.[0];
      const glyph = mark && text === w.text ? firstGlyphEnd(img, w.x0, w.x1, w.baseline - a * 1.05, w.baseline + 1, digit) : null;
      if (glyph !== null) {
        reread++;
        const rest = await read(glyph, w.baseline - a * 1.6, w.x1 + a * 0.3, w.baseline + a * 0.7, MIN_BAND_PX);
        if (rest.length === 1 && /^\d/.test(rest[0]!.text)) { text = `${mark}${rest[0]!.text}`; again.splice(0, again.length, rest[0]!); }
      }
      // Kept when one figure with the same cents and more digits, as wide as the page prints its make-up (or, with none of it, filling the box's shortfall).
      const fit = figureOf(text) && makeUp(text) !== null ? widthOf(refs, text, w.ascent) : null;
      const shortBy = fit !== null ? Math.abs(w.x1 - w.x0 - fit) / digit : Math.abs((w.x1 - w.x0 - usual) / digit - (text.replace(/\D/g, '').length - w.text.replace(/\D/g, '').length));
      if (again.length === 1 && figureOf(text) && cents(text) === cents(w.text)
        && text.replace(/\D/g, '').length > w.text.replace(/\D/g, '').length && shortBy <= FITS) {
        w.text = text;
        mended++;
      } else {
        flagged++;
      }
    } else {
      flagged++;
    }
    // Read twice differently, or a glyph lost: the user is told.
    w.conf = Math.min(w.conf, LOW_CONFIDENCE - 1);
  }
  return { words, reread, mended, flagged };
}

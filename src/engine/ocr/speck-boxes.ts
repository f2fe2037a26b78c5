/**
 * Word boxes that took in a speck above their print. The engine's word (and line) box takes in
 * a speck up to a line's height above the letters: "Montant" read with its box and its line's
 * ascent twice its neighbours' (a column head, a font size twice the table's: the reader took
 * it for a title), or misread altogether with the speck as part of its letters ("Att" for
 * "Montant"). Such a word's own print is found on the page image (the ink rows from its
 * baseline up, to the first blank rows), its box and ascent cut to it; one read with low
 * confidence is read again on a strip of its print alone and the reading kept when surer.
 */
import type { Gray } from './clean.js';
import type { OcrWord } from './tesseract.js';
import type { RegionReader } from './column-cells.js';
import { LOW_CONFIDENCE } from './limits.js';

/** A word whose ascent passes the page's usual one by this much is measured on the image. */
const TALLER_THAN_USUAL = 1.4;
/** The print found must be this share of the usual ascent or more (else the measure is not trusted). */
const MIN_PRINT = 0.5;
/** Ink darker than this counts as print (the cleaned page's paper is white). */
const INK = 128;
/** At most this many words a page are read again (a page of noise must not cost a strip a word). */
const MAX_REREADS = 30;
/** Band heights (pixels) under this are enlarged for the checking engine. */
const MIN_BAND_PX = 40;

function median(v: number[]): number {
  const s = v.slice().sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : 0;
}

/**
 * The top row of the print that sits on the baseline inside the word's box: from the middle of
 * the usual letter height upwards, to the first run of blank rows (a gap a tenth of the letters'
 * height or more) with ink above it in the box. Null when the box holds no such gap.
 */
function printTop(img: Gray, w: OcrWord, usual: number): number | null {
  const x0 = Math.max(0, Math.round(w.x0)), x1 = Math.min(img.width, Math.round(w.x1));
  const bottom = Math.min(img.height - 1, Math.round(w.baseline - usual * 0.5)), top = Math.max(0, Math.round(w.y0));
  if (x1 <= x0 || bottom <= top) return null;
  const inked = (y: number) => { for (let x = x0; x < x1; x++) if (img.data[y * img.width + x]! < INK) return true; return false; };
  const gap = Math.max(2, Math.round(usual * 0.1));
  let blank = 0;
  for (let y = bottom; y >= top; y--) {
    if (inked(y)) { blank = 0; continue; }
    if (++blank < gap) continue;
    const printTopRow = y + blank;
    // Ink above the gap: the speck the box took in.
    for (let yy = y - 1; yy >= top; yy--) if (inked(yy)) return printTopRow;
    return null;
  }
  return null;
}

/** The page's words with boxes cut to their print where a speck above had stretched them (see the file's comment). */
export async function withSpecksCut(words: OcrWord[], img: Gray, read: RegionReader): Promise<{ words: OcrWord[]; cut: number; reread: number }> {
  const usual = median(words.filter((w) => (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2).map((w) => w.ascent));
  if (!usual) return { words, cut: 0, reread: 0 };
  let cut = 0, reread = 0;
  const out: OcrWord[] = [];
  for (const w of words) {
    const tall = w.baseline - w.y0 > usual * TALLER_THAN_USUAL || w.ascent > usual * TALLER_THAN_USUAL;
    const top = tall ? printTop(img, w, usual) : null;
    if (top === null || w.baseline - top < usual * MIN_PRINT || w.baseline - top > usual * TALLER_THAN_USUAL) { out.push(w); continue; }
    let word: OcrWord = { ...w, y0: top, ascent: Math.min(w.ascent, w.baseline - top) };
    cut++;
    if (w.conf < LOW_CONFIDENCE && reread < MAX_REREADS) {
      reread++;
      const a = word.ascent;
      const again = await read(w.x0 - a * 0.3, top - a * 0.15, w.x1 + a * 0.3, w.baseline + a * 0.4, MIN_BAND_PX);
      const text = again.map((x) => x.text).join(' ').trim();
      const conf = again.length ? Math.min(...again.map((x) => x.conf)) : 0;
      // One word, read surer than the stretched box was: its print without the speck.
      if (again.length === 1 && text && conf > w.conf) word = { ...word, text, conf };
    }
    out.push(word);
  }
  if (!cut) return { words, cut, reread };
  // The line's ascent (the engine's, from its line box) was stretched with the word: each line
  // with a word cut takes the tallest print of its words of two letters or digits.
  const lineCut = new Set(out.filter((w, i) => w !== words[i]).map((w) => w.line));
  const tallest = new Map<number, number>();
  for (const w of out) {
    if (!lineCut.has(w.line) || (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < 2) continue;
    tallest.set(w.line, Math.max(tallest.get(w.line) ?? 0, w.baseline - w.y0));
  }
  return { words: out.map((w) => (tallest.has(w.line) && tallest.get(w.line)! < w.ascent ? { ...w, ascent: tallest.get(w.line)! } : w)), cut, reread };
}

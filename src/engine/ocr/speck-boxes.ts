/**
 * Words misread with a speck above their print. The engine's word (and line) box takes in a
 * speck up to a line's height above the letters, and reads the word with it: "importa" for
 * "Importo", "operazione_", "COrtente" for "corrente" (composed scan 298, Italian heads, Helvetica
 * 7 pt; "Att" for "Montant"). A word read under the suspect mark whose box or line reaches that
 * far above the page's usual letters is measured on the page image (its ink from the baseline
 * up to the first blank rows, with ink above them), read again on a strip of its print alone,
 * and the reading kept, its box cut to the print, when it is one word read surer. A word read
 * surely keeps its box and size as read: cutting every stretched box (a page's heads shrank from
 * 14.7 to 7.3 pt) lost a row of the same scan in the table reader.
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
    // Only a word read unsurely: a word read surely with a stretched box keeps it (its line's
    // size is what the reader has always been given; shrinking only heads a table's rows then
    // read as wrapped lines, composed 298).
    const tall = w.conf < LOW_CONFIDENCE && (w.baseline - w.y0 > usual * TALLER_THAN_USUAL || w.ascent > usual * TALLER_THAN_USUAL);
    const top = tall && reread < MAX_REREADS ? printTop(img, w, usual) : null;
    if (top === null || w.baseline - top < usual * MIN_PRINT || w.baseline - top > usual * TALLER_THAN_USUAL) { out.push(w); continue; }
    reread++;
    // Never under the page's usual ascent: a word of small letters ("operazione") is no smaller type.
    const a = Math.max(usual, w.baseline - top);
    const again = await read(w.x0 - a * 0.3, top - a * 0.15, w.x1 + a * 0.3, w.baseline + a * 0.4, MIN_BAND_PX);
    const text = again.map((x) => x.text).join(' ').trim();
    const conf = again.length ? Math.min(...again.map((x) => x.conf)) : 0;
    // One word, read surer than the stretched box was: its print without the speck.
    if (again.length !== 1 || !text || conf <= w.conf) { out.push(w); continue; }
    out.push({ ...w, text, conf, y0: top, ascent: Math.min(w.ascent, a) });
    cut++;
  }
  return { words: cut ? out : words, cut, reread };
}

import { cleanGray, type Gray } from './clean.js';
import { deblurred, type Blur } from './deblur.js';
import type { OcrWord } from './tesseract.js';

/**
 * A smear's direction chosen by reading. The page's own measures place a shaken hand's
 * direction only roughly: print is mostly upright strokes and level lines, so every measure
 * taken from it (the steepest steps along each direction, the self-correlation of its
 * derivative, its spectrum) leans towards the level and the upright. Composed scan 433 shaken
 * 7 px at 19.5° (200 dpi) was measured at 5°; undone along 5° every letter kept a ghost of its
 * strokes a smear's end apart ("02-jun" read "Q2jun", 138 words of the page read sure), along
 * 20° it read 262. How surely a band of the page reads once undone along a direction is sharp
 * in that direction (the same band: 14 words sure at 0°, 28 at 5°, 43 at 15°, 50 at 20°, 41 at
 * 25°), so the direction is the one whose band reads best: the measured one and 8° either side,
 * on along the side that reads better while it does (up to 24° off), then the top of the
 * parabola through the best and its two neighbours. A page that reads no better anywhere keeps
 * about the measured direction. Costs 3–6 readings of the band (0.7 in of the page) and its
 * restoration: 1.5–3 CPU s on a shaken page.
 */

/** Degrees between the directions tried first, and how far from the measured one the search may go. */
const STEP = 8, REACH = 24;
/**
 * Pixels the smear's far end must move over the search's reach for the direction to matter: a
 * short smear (a scan's 4 px) turned 24° moves its end 1.6 px, less than the restoration's own
 * error, and the band's readings cost a third of the page's CPU again for the same words.
 */
const MIN_END_SHIFT = 2;
/** The band read: this many of the page's widths tall (0.7 in of a letter page: 4–5 lines of small print). */
const BAND = 1 / 12;

/** Characters of the words read sure (confidence ≥ 80): what a better restoration reads more of. */
export function sureChars(words: OcrWord[]): number {
  return words.reduce((s, w) => s + (w.conf >= 80 ? w.text.length : 0), 0);
}

/**
 * The band of the page (BAND of its width tall) with the most print edges: steps of at least a
 * sixth of the contrast between neighbouring pixels across a line, counted on every second row,
 * so lines of small print win over a bar or a picture that is dark but has few edges.
 */
export function printBand(img: Gray): Gray {
  const { width: w, height: h, data } = img;
  const band = Math.min(h, Math.max(64, Math.round(w * BAND)));
  const edges = new Float64Array(h);
  for (let y = 0; y < h; y += 2) {
    let n = 0;
    for (let x = 1, row = y * w; x < w; x++) { const d = data[row + x]! - data[row + x - 1]!; if (d > 14 || d < -14) n++; }
    edges[y] = n;
  }
  let best = -1, top = 0, run = 0;
  for (let y = 0; y < h; y++) { run += edges[y]!; if (y >= band) run -= edges[y - band]!; if (y >= band - 1 && run > best) { best = run; top = y - band + 1; } }
  return { width: w, height: band, data: data.slice(top * w, (top + band) * w) };
}

/**
 * The smear with the direction whose band reads best (see above); `read` is the plain page
 * reading (no checks). Returns the blur as measured when it is not a smear, or one too short for
 * its direction to matter.
 */
export async function smearByReading(img: Gray, blur: Blur, read: (img: Gray) => Promise<OcrWord[]>): Promise<Blur> {
  if (blur.kind !== 'smear' || blur.length * Math.sin((REACH * Math.PI) / 180) < MIN_END_SHIFT) return blur;
  const band = printBand(img);
  const scores = new Map<number, number>();
  const score = async (off: number): Promise<number> => {
    const known = scores.get(off);
    if (known !== undefined) return known;
    const restored = deblurred(band, { ...blur, angle: blur.angle + off }).image;
    const s = sureChars(await read(cleanGray(restored).image));
    scores.set(off, s);
    return s;
  };
  let best = 0, bestScore = await score(0);
  for (const side of [-1, 1]) {
    for (let off = side * STEP; Math.abs(off) <= REACH; off += side * STEP) {
      const s = await score(off);
      if (s <= bestScore) break;
      best = off; bestScore = s;
    }
    if (best !== 0) break; // the better side found: the other reads worse than the measured direction
  }
  // Between the best and its neighbours (the curve of how surely the band reads is round near its
  // top): the vertex of the parabola through the three, within half a step of the best.
  const lo = scores.get(best - STEP) ?? await score(best - STEP), hi = scores.get(best + STEP) ?? await score(best + STEP);
  const bend = lo - 2 * bestScore + hi;
  const shift = bend < 0 ? Math.max(-0.5, Math.min(0.5, (lo - hi) / (2 * bend))) * STEP : 0;
  return { ...blur, angle: blur.angle + best + shift };
}

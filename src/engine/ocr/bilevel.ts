import type { Gray } from './clean.js';
import { boxMean } from './dither.js';

/**
 * A fax in text mode, a 1-bit scan thresholded (not dithered, ./dither.ts): every pixel is black
 * or white, and a page scanned at 150 dpi reaches the engine enlarged by pdf.js without
 * interpolation (each dot a 2 × 2 block at 300 dpi), its strokes staircases through which 7–9 pt
 * type was read as letters ("12 yun 25", "VLOVER", "g49.51"). Such a page is told by its ink:
 * nearly all of it solid black, where a grey scan's and a rendered page's letters have soft
 * edges. Its staircases are smoothed by a 3 × 3 box mean, once, and the engine's own threshold
 * then finds smooth strokes (twice, a 2 × 2 mean, or enlarged 1.5× after read worse: composed
 * 531–540 F1 0.53, 0.54, 0.47 against 0.69 once). Any other page is handed on untouched.
 *
 * The mean under the engine's threshold is a 3 × 3 majority: a pixel stays ink with 5 of its 9
 * inked. Type one dot wide does not survive it: a point or an apostrophe of one dot (a 2 × 2
 * block: 4 of 9) fades to paper, and a diagonal one dot wide (a "7"'s leg, a "2"'s neck, a date's
 * slash), whose blocks touch only at their corners, breaks. Composed 611 (Helvetica 8) read
 * "18'207.52" as "18207" "52" and lost the row. Near ink one dot wide the mean is darkened
 * (squared), so a pixel with 3 of 9 inked is ink: such points stay and such diagonals join.
 * Only on a page of 2 × 2 blocks: at the render's own resolution a dot is a pixel, type's points
 * are several across and survive the mean.
 * Bold type (strokes two dots and more) is left at the mean: darkened everywhere, its letters
 * closed up and a column's head was lost ("Cargos" on composed 532, whose signs then all
 * went wrong).
 */

/** Share of the page's non-white pixels that are grey above which a page is not bilevel. */
const GREY_SHARE = 0.02;

/** The power the mean is raised to near ink one dot wide (paper 1, ink 0): 3 inked pixels of 9 (a mean of 170) become 113, under the engine's threshold. */
const THIN_DARKEN = 2;

/** The share of a page's non-white pixels (under 224) that are grey (32–223), sampled; 1 for a page without ink. */
export function greyShareOfInk(img: Gray): number {
  const { data } = img;
  const step = Math.max(1, Math.floor(data.length / 2_000_000));
  let dark = 0, grey = 0;
  for (let p = 0; p < data.length; p += step) {
    const v = data[p]!;
    if (v < 32) dark++;
    else if (v < 224) grey++;
  }
  return dark + grey ? grey / (dark + grey) : 1;
}

/** Whether the page is bilevel: under GREY_SHARE of its non-white pixels grey. */
export function isBilevel(img: Gray): boolean {
  return greyShareOfInk(img) < GREY_SHARE;
}

/**
 * The page smoothed when it is bilevel; `coarse` when its dots are 2 × 2 blocks (a fax under the
 * render's resolution, whose points and one-dot strokes the smoothing leaves grey: such a page
 * may be read again thresholded locally, ./fax-reread.ts).
 */
export function bilevelSmoothed(img: Gray): { image: Gray; bilevel: boolean; coarse: boolean } {
  if (!isBilevel(img)) return { image: img, bilevel: false, coarse: false };
  const mean = boxMean(img, 1, 1);
  // A page scanned at the render's resolution (a dot one pixel) keeps the plain mean: its points
  // are 3–4 dots across and survive it, and a run of one pixel is an edge's step, not type
  // (darkened there too, bw-300 481 lost a row: F1 1.000 → 0.989).
  const coarse = doubledBlocks(img);
  if (coarse) darkenNearThinInk(img, mean, 2);
  return { image: mean, bilevel: true, coarse };
}

/**
 * Whether the image is 2 × 2 blocks (a half-resolution picture drawn without interpolation):
 * of the 2 × 2 cells holding ink, under 1 % differ within.
 */
function doubledBlocks(img: Gray): boolean {
  const { width: w, height: h, data } = img;
  let inked = 0, mixed = 0;
  for (let y = 0; y + 1 < h; y += 2) {
    for (let x = 0; x + 1 < w; x += 2) {
      const p = y * w + x, v = data[p]!;
      if (v === 255 && data[p + 1] === 255 && data[p + w] === 255 && data[p + w + 1] === 255) continue;
      inked++;
      if (data[p + 1] !== v || data[p + w] !== v || data[p + w + 1] !== v) mixed++;
    }
  }
  return inked > 0 && mixed / inked < 0.01;
}

/**
 * `mean` squared (as a share of paper) where any of the 3 × 3 pixels around holds ink of `raw`
 * one dot (`dot` pixels) wide: its run of ink across or down is at most one dot.
 */
function darkenNearThinInk(raw: Gray, mean: Gray, dot: number): void {
  const { width: w, height: h, data } = raw;
  const across = new Uint16Array(w * h), down = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w;) {
      if (data[y * w + x]! >= 128) { x++; continue; }
      const from = x;
      while (x < w && data[y * w + x]! < 128) x++;
      across.fill(Math.min(x - from, 65535), y * w + from, y * w + x);
    }
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h;) {
      if (data[y * w + x]! >= 128) { y++; continue; }
      const from = y;
      while (y < h && data[y * w + x]! < 128) y++;
      for (let i = from; i < y; i++) down[i * w + x] = Math.min(y - from, 65535);
    }
  }
  const thin = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) if (across[p] && Math.min(across[p]!, down[p]!) <= dot) thin[p] = 1;
  const darker = new Uint8Array(256);
  for (let v = 0; v < 256; v++) darker[v] = Math.round(255 * Math.pow(v / 255, THIN_DARKEN));
  const out = mean.data;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      if (out[p] === 255) continue;
      if (thin[p] || thin[p - 1] || thin[p + 1] || thin[p - w] || thin[p + w] || thin[p - w - 1] || thin[p - w + 1] || thin[p + w - 1] || thin[p + w + 1]) out[p] = darker[out[p]!]!;
    }
  }
}

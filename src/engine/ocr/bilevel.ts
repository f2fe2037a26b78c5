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
 */

/** Share of the page's non-white pixels that are grey above which a page is not bilevel. */
const GREY_SHARE = 0.02;

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

export function bilevelSmoothed(img: Gray): { image: Gray; bilevel: boolean } {
  if (greyShareOfInk(img) >= GREY_SHARE) return { image: img, bilevel: false };
  return { image: boxMean(img, 1, 1), bilevel: true };
}


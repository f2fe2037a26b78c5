import type { Gray } from './clean.js';

/**
 * A fax in photo mode, a 1-bit scan: grey paper and grey print are dithered into fields of
 * black dots, which the engine's one global threshold keeps as dots (a dithered statement read
 * as no statement at all). Such a page is told by its paper: nearly every small block of bright
 * paper holds a black dot, where clean paper holds a speck in a few. It is then smoothed (a box
 * mean, twice) so the dots become the grey they stand for, before cleaning. Any other page is
 * handed on untouched.
 */

const BLOCK = 8;
/** Share of bright blocks holding a black pixel above which the paper is a dither field. */
const DITHERED_SHARE = 0.35;
const RADIUS = 2;

/** The share of paper blocks (mean ≥ 180) that hold a pixel under 128: ~0 for clean paper, most for a dither. */
export function ditherShare(img: Gray): number {
  const { width: w, height: h, data } = img;
  let paper = 0, dotted = 0;
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / (BLOCK * BLOCK) / 20_000)));
  for (let by = 0; by + BLOCK <= h; by += BLOCK * step) {
    for (let bx = 0; bx + BLOCK <= w; bx += BLOCK * step) {
      let sum = 0, min = 255;
      for (let y = by; y < by + BLOCK; y++) {
        const row = y * w;
        for (let x = bx; x < bx + BLOCK; x++) { const v = data[row + x]!; sum += v; if (v < min) min = v; }
      }
      if (sum / (BLOCK * BLOCK) < 180) continue;
      paper++;
      if (min < 128) dotted++;
    }
  }
  return paper ? dotted / paper : 0;
}

export function undithered(img: Gray): { image: Gray; dithered: boolean } {
  if (ditherShare(img) < DITHERED_SHARE) return { image: img, dithered: false };
  return { image: boxMean(img, RADIUS, 2), dithered: true };
}

/** The image's box mean over (2 × `radius` + 1)² pixels, `passes` times (the edges repeated outward). */
export function boxMean(img: Gray, radius: number, passes: number): Gray {
  const { width: w, height: h, data } = img;
  let a = Float32Array.from(data);
  const b = new Float32Array(w * h);
  for (let pass = 0; pass < passes; pass++) {
    for (let y = 0; y < h; y++) {
      const row = y * w;
      let s = 0;
      for (let x = -radius; x <= radius; x++) s += a[row + Math.min(w - 1, Math.max(0, x))]!;
      for (let x = 0; x < w; x++) {
        b[row + x] = s / (2 * radius + 1);
        s += a[row + Math.min(w - 1, x + radius + 1)]! - a[row + Math.max(0, x - radius)]!;
      }
    }
    // Columns: row by row with a running window of rows (cache-friendly).
    const out = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      const row = y * w;
      for (let dy = -radius; dy <= radius; dy++) {
        const src = Math.min(h - 1, Math.max(0, y + dy)) * w;
        for (let x = 0; x < w; x++) out[row + x]! += b[src + x]!;
      }
      for (let x = 0; x < w; x++) out[row + x]! /= 2 * radius + 1;
    }
    a = out;
  }
  const res = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) res[p] = a[p]!;
  return { width: w, height: h, data: res };
}

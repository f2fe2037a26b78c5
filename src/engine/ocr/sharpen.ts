import type { Gray } from './clean.js';

/**
 * A photo out of focus or shaken: the letters' edges spread over several pixels, and the
 * engine's one global threshold then joins the letters of small print into blots (a defocused
 * 8-pt row reads as nothing). Such a page is sharpened (unsharp mask: the page plus a multiple of
 * its difference from a blurred copy) before cleaning. Blur is measured, not guessed: the
 * steepest steps from paper to ink (the 99.5th percentile of the gray change over two pixels)
 * against the page's contrast (paper minus ink). A printed page scanned or rendered at ~300 dpi
 * steps from paper to ink within two pixels; a blurred one needs five or more. A sharp page is
 * handed on untouched, byte for byte.
 */

/** Steepest two-pixel step over contrast under which a page counts as blurred (sharp pages measure ~0.6–1). */
const BLURRED_BELOW = 0.42;
/**
 * Blur radius of the mask (pixels at ~300 dpi) and its weight: on a defocused generated photo
 * (σ 2.2 px) radius 1 × 4 read 12 of 13 rows, 3 × 1.6 read 4 (and 8 wrong), 2 × 3 read 11, 4 × 3 read 8.
 */
const MASK_RADIUS = 1;
const AMOUNT = 4;

/** The steepest two-pixel step over the contrast: ~0.6–1 for a sharp page, lower as it blurs. */
export function edgeSharpness(img: Gray): number {
  const { width: w, height: h, data } = img;
  const hist = new Uint32Array(256), steps = new Uint32Array(256);
  const stepY = Math.max(1, Math.floor(h / 600));
  let n = 0;
  for (let y = 0; y < h; y += stepY) {
    const row = y * w;
    for (let x = 0; x + 2 < w; x++) {
      const a = data[row + x]!, b = data[row + x + 2]!;
      hist[a]!++;
      steps[a > b ? a - b : b - a]!++;
      n++;
    }
  }
  const at = (hs: Uint32Array, q: number) => { let acc = 0; for (let v = 0; v < 256; v++) { acc += hs[v]!; if (acc >= n * q) return v; } return 255; };
  const contrast = at(hist, 0.9) - at(hist, 0.005);
  if (contrast < 40) return 1; // no print to judge
  return at(steps, 0.995) / contrast;
}

export function sharpened(img: Gray): { image: Gray; sharpness: number; sharpened: boolean } {
  const sharpness = edgeSharpness(img);
  if (sharpness >= BLURRED_BELOW) return { image: img, sharpness, sharpened: false };
  const { width: w, height: h, data } = img;
  // Box blur twice each way (close to a Gaussian), as running sums.
  let a = Float32Array.from(data), b = new Float32Array(w * h);
  for (let pass = 0; pass < 2; pass++) {
    boxRows(a, b, w, h, MASK_RADIUS);
    boxCols(b, a, w, h, MASK_RADIUS);
  }
  const out = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const v = data[p]! + AMOUNT * (data[p]! - a[p]!);
    out[p] = v <= 0 ? 0 : v >= 255 ? 255 : v;
  }
  return { image: { width: w, height: h, data: out }, sharpness, sharpened: true };
}

function boxRows(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let s = 0;
    for (let x = -r; x <= r; x++) s += src[row + Math.min(w - 1, Math.max(0, x))]!;
    for (let x = 0; x < w; x++) {
      dst[row + x] = s / (2 * r + 1);
      s += src[row + Math.min(w - 1, x + r + 1)]! - src[row + Math.max(0, x - r)]!;
    }
  }
}

function boxCols(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  for (let x = 0; x < w; x++) {
    let s = 0;
    for (let y = -r; y <= r; y++) s += src[Math.min(h - 1, Math.max(0, y)) * w + x]!;
    for (let y = 0; y < h; y++) {
      dst[y * w + x] = s / (2 * r + 1);
      s += src[Math.min(h - 1, y + r + 1) * w + x]! - src[Math.max(0, y - r) * w + x]!;
    }
  }
}

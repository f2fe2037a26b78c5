import type { Gray } from './clean.js';
import { fft2d, fftPlan } from './fft.js';

/**
 * A blur undone in one step by a regularised inverse filter (constrained least squares): in the
 * frequency domain the page is multiplied by H / (H² + λ·|P|²), H the blur's transfer function,
 * P the Laplacian's. Where the blur keeps a frequency (H² ≫ λ|P|²) it is restored as an inverse
 * filter would; near the zeros of a smear's sinc, where an inverse filter or plain Wiener blows
 * up the noise, the Laplacian's weight (small at low frequencies, large at high ones) holds it
 * down, so a restored stroke is smooth rather than ringing with specks.
 *
 * Measured on the most printed band of composed scans shaken 7 px (bench/restore-compare.ts,
 * docs/ocr.md "photo12"): along the spectrum's direction (./smear-spectrum.ts), a box of its
 * length so filtered (λ 0.03) read 1846 characters of the pages' own words surely, against
 * 1743 for main's path (the direction chosen by 3–6 readings of the band, then Richardson–Lucy)
 * and 1693 for Richardson–Lucy along the same spectral direction; plain Wiener 1473.
 *
 * The page is cut into tiles of TILE px whose middle CORE px are kept (the filter's response
 * reaches ~MARGIN px: overlap-save), each tile's ink over paper transformed (two tiles at once,
 * one as the real part and one as the imaginary: the filter is real and even, so the two come
 * back apart); outside the page is paper. Tiles with no ink are left as they are.
 */

const TILE = 512, MARGIN = 64, CORE = TILE - 2 * MARGIN;

/** A blur's transfer function at frequency (u, v), cycles per pixel: real and even (a centred box, a Gaussian). */
export type Transfer = (u: number, v: number) => number;

/** A shaken hand: a box of `length` px along `angleDeg` (y down, as the page's rows). */
export function boxTransfer(angleDeg: number, length: number): Transfer {
  const a = (angleDeg * Math.PI) / 180, c = Math.cos(a) * Math.PI * length, s = Math.sin(a) * Math.PI * length;
  return (u, v) => { const t = u * c + v * s; return t === 0 ? 1 : Math.sin(t) / t; };
}

/** A lens out of focus: a Gaussian of `sigma` px. */
export function gaussTransfer(sigma: number): Transfer {
  const k = -2 * Math.PI * Math.PI * sigma * sigma;
  return (u, v) => Math.exp(k * (u * u + v * v));
}

/** The filter H / (H² + λ|P|²) on the tile's frequency grid. */
function filterGrid(h: Transfer, lambda: number): Float64Array {
  const out = new Float64Array(TILE * TILE);
  for (let y = 0; y < TILE; y++) {
    const v = (y < TILE / 2 ? y : y - TILE) / TILE, cv = 2 - 2 * Math.cos(2 * Math.PI * v);
    for (let x = 0; x < TILE; x++) {
      const u = (x < TILE / 2 ? x : x - TILE) / TILE, lap = 2 - 2 * Math.cos(2 * Math.PI * u) + cv;
      const t = h(u, v), den = t * t + lambda * lap * lap;
      out[y * TILE + x] = den > 0 ? t / den : 1;
    }
  }
  return out;
}

/** The page with its blur `h` undone (λ the Laplacian's weight). Paper stays paper; ink may come out darker than the capture's. */
export function filteredGray(img: Gray, h: Transfer, lambda: number): Gray {
  const { width: w, height: ht, data } = img;
  const n = w * ht;
  const hist = new Uint32Array(256);
  for (let p = 0; p < n; p += 7) hist[data[p]!]!++;
  const m = Math.ceil(n / 7);
  const at = (q: number) => { let acc = 0; for (let v = 0; v < 256; v++) { acc += hist[v]!; if (acc >= m * q) return v; } return 255; };
  const paper = at(0.9), ink = at(0.005);
  const inkAbove = Math.max(12, (paper - ink) * 0.15);
  const filter = filterGrid(h, lambda);
  const plan = fftPlan(TILE);
  const re = new Float64Array(TILE * TILE), im = new Float64Array(TILE * TILE);
  const out = Uint8Array.from(data);
  // Tiles (core's top-left corners) whose whole tile holds ink.
  const tiles: Array<[number, number]> = [];
  for (let cy = 0; cy < ht; cy += CORE) {
    for (let cx = 0; cx < w; cx += CORE) {
      let inked = false;
      const y0 = Math.max(0, cy - MARGIN), y1 = Math.min(ht, cy + CORE + MARGIN), x0 = Math.max(0, cx - MARGIN), x1 = Math.min(w, cx + CORE + MARGIN);
      for (let y = y0; y < y1 && !inked; y += 2) for (let x = x0, row = y * w; x < x1; x++) if (paper - data[row + x]! > inkAbove) { inked = true; break; }
      if (inked) tiles.push([cx, cy]);
    }
  }
  const load = (dst: Float64Array, t: [number, number] | undefined) => {
    dst.fill(0);
    if (!t) return;
    const [cx, cy] = t;
    for (let ty = 0; ty < TILE; ty++) {
      const y = cy - MARGIN + ty;
      if (y < 0 || y >= ht) continue;
      const row = y * w, off = ty * TILE - (cx - MARGIN);
      for (let x = Math.max(0, cx - MARGIN), end = Math.min(w, cx - MARGIN + TILE); x < end; x++) { const v = paper - data[row + x]!; dst[off + x] = v > 0 ? v : 0; }
    }
  };
  const store = (src: Float64Array, t: [number, number] | undefined) => {
    if (!t) return;
    const [cx, cy] = t;
    for (let y = cy, yEnd = Math.min(ht, cy + CORE); y < yEnd; y++) {
      const row = y * w, off = (y - cy + MARGIN) * TILE - (cx - MARGIN);
      for (let x = cx, xEnd = Math.min(w, cx + CORE); x < xEnd; x++) { const v = paper - src[off + x]!; out[row + x] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v); }
    }
  };
  for (let i = 0; i < tiles.length; i += 2) {
    load(re, tiles[i]); load(im, tiles[i + 1]);
    fft2d(plan, re, im);
    for (let k = 0; k < re.length; k++) { const f = filter[k]!; re[k]! *= f; im[k]! *= f; }
    fft2d(plan, re, im, true);
    store(re, tiles[i]); store(im, tiles[i + 1]);
  }
  return { width: w, height: ht, data: out };
}

/**
 * The FFT under the blur filter and the smear's spectrum (src/engine/ocr/fft.ts) transforms its
 * columns in blocks gathered row by row and runs each stage twiddle by twiddle (a shaken page's
 * upright step 2.04 → 1.65 main-thread CPU s, 20 blurred composed pages, pixels identical). It
 * must stay the textbook transform bit for bit: a butterfly summed in another order would move the
 * restored pixels of every filtered page. The reference below is the line-at-a-time transform it
 * was.
 */
import { describe, expect, it } from 'vitest';
import { fft2d, fftPlan, type FftPlan } from '../../src/engine/ocr/fft.js';

function lineRef(p: FftPlan, re: Float64Array, im: Float64Array, o: number, s: number, inverse: boolean): void {
  const { n, rev, cos, sin } = p;
  const tr = new Float64Array(n), ti = new Float64Array(n);
  for (let i = 0; i < n; i++) { const j = o + rev[i]! * s; tr[i] = re[j]!; ti[i] = im[j]!; }
  const sign = inverse ? -1 : 1;
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1, step = n / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const a = i + k, b = a + half, wr = cos[k * step]!, wi = sign * sin[k * step]!;
        const xr = tr[b]! * wr - ti[b]! * wi, xi = tr[b]! * wi + ti[b]! * wr;
        tr[b] = tr[a]! - xr; ti[b] = ti[a]! - xi; tr[a] = tr[a]! + xr; ti[a] = ti[a]! + xi;
      }
    }
  }
  for (let i = 0; i < n; i++) { const j = o + i * s; re[j] = tr[i]!; im[j] = ti[i]!; }
}

function fft2dRef(p: FftPlan, re: Float64Array, im: Float64Array, inverse = false): void {
  const n = p.n;
  for (let y = 0; y < n; y++) lineRef(p, re, im, y * n, 1, inverse);
  for (let x = 0; x < n; x++) lineRef(p, re, im, x, n, inverse);
  if (inverse) { const k = 1 / (n * n); for (let i = 0; i < n * n; i++) { re[i]! *= k; im[i]! *= k; } }
}

/** A reproducible pseudo-random sequence (no Math.random in tests). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

describe('the 2-D FFT: the line-at-a-time transform, bit for bit', () => {
  for (const n of [2, 8, 16, 64, 256, 512]) {
    it(`${n} × ${n}, forward then inverse`, () => {
      const rand = lcg(n);
      const re = Float64Array.from({ length: n * n }, () => rand() * 255 - 60);
      const im = Float64Array.from({ length: n * n }, () => (rand() < 0.5 ? 0 : rand() * 100));
      const a = [re.slice(), im.slice()] as const, b = [re.slice(), im.slice()] as const;
      for (const inverse of [false, true]) {
        fft2d(fftPlan(n), a[0], a[1], inverse);
        fft2dRef(fftPlan(n), b[0], b[1], inverse);
        expect(Buffer.from(a[0].buffer).equals(Buffer.from(b[0].buffer))).toBe(true);
        expect(Buffer.from(a[1].buffer).equals(Buffer.from(b[1].buffer))).toBe(true);
      }
      // Forward then inverse gives the input back (the comparison is of a real transform).
      for (let i = 0; i < n * n; i += 97) expect(a[0][i]).toBeCloseTo(re[i]!, 6);
    });
  }
});

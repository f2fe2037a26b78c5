/**
 * A radix-2 complex FFT of a square of N × N values (N a power of two), in place on separate
 * real and imaginary arrays: rows, then columns. Twiddles and the bit-reversed order are
 * computed once per size (`fftPlan`). Used by ./smear-spectrum.ts (a shaken page's smear
 * measured from the zeros of its spectrum) and ./blur-filter.ts (the blur undone by a
 * regularised inverse filter).
 */
export interface FftPlan { n: number; rev: Uint32Array; cos: Float64Array; sin: Float64Array; tr: Float64Array; ti: Float64Array }

export function fftPlan(n: number): FftPlan {
  if (n < 2 || (n & (n - 1)) !== 0) throw new Error(`FFT size ${n} is not a power of two`);
  const rev = new Uint32Array(n);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    rev[i] = j;
  }
  const cos = new Float64Array(n / 2), sin = new Float64Array(n / 2);
  for (let k = 0; k < n / 2; k++) { cos[k] = Math.cos((2 * Math.PI * k) / n); sin[k] = -Math.sin((2 * Math.PI * k) / n); }
  return { n, rev, cos, sin, tr: new Float64Array(n), ti: new Float64Array(n) };
}

/** One line of `p.n` values from `o` at stride `s`; `inverse` conjugates the twiddles (unscaled). */
function line(p: FftPlan, re: Float64Array, im: Float64Array, o: number, s: number, inverse: boolean): void {
  const { n, rev, cos, sin, tr, ti } = p;
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

/** The 2-D transform of an N × N square (rows of N); the inverse is scaled by 1 / N². */
export function fft2d(p: FftPlan, re: Float64Array, im: Float64Array, inverse = false): void {
  const n = p.n;
  for (let y = 0; y < n; y++) line(p, re, im, y * n, 1, inverse);
  for (let x = 0; x < n; x++) line(p, re, im, x, n, inverse);
  if (inverse) { const k = 1 / (n * n); for (let i = 0; i < n * n; i++) { re[i]! *= k; im[i]! *= k; } }
}

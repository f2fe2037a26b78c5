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

/**
 * The butterflies of one line held contiguously in `tr`/`ti` from `base`, its values already in
 * bit-reversed order; `inverse` conjugates the twiddles (unscaled).
 */
function butterflies(p: FftPlan, tr: Float64Array, ti: Float64Array, base: number, inverse: boolean): void {
  const { n, cos, sin } = p;
  const sign = inverse ? -1 : 1;
  const end = base + n;
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1, step = n / len;
    // One twiddle at a time over every group of the stage (a stage's butterflies touch disjoint
    // values, so their order does not change a bit): short stages no longer loop a few times per group.
    for (let k = 0; k < half; k++) {
      const wr = cos[k * step]!, wi = sign * sin[k * step]!;
      for (let a = base + k; a < end; a += len) {
        const b = a + half;
        const xr = tr[b]! * wr - ti[b]! * wi, xi = tr[b]! * wi + ti[b]! * wr;
        tr[b] = tr[a]! - xr; ti[b] = ti[a]! - xi; tr[a] = tr[a]! + xr; ti[a] = ti[a]! + xi;
      }
    }
  }
}

/**
 * Columns transformed this many at a time: gathered row by row into contiguous lines (a column
 * read alone strides N values per step; for N = 512 every value was a cache line of its own, and
 * the column pass cost several times the row pass), transformed, and put back. Each column's
 * arithmetic is the same as alone, in the same order.
 */
const COLUMN_BLOCK = 16;
const blocks = new Map<number, { tr: Float64Array; ti: Float64Array }>();

/** The 2-D transform of an N × N square (rows of N); the inverse is scaled by 1 / N². */
export function fft2d(p: FftPlan, re: Float64Array, im: Float64Array, inverse = false): void {
  const { n, rev, tr, ti } = p;
  for (let y = 0; y < n; y++) {
    const o = y * n;
    for (let i = 0; i < n; i++) { const j = o + rev[i]!; tr[i] = re[j]!; ti[i] = im[j]!; }
    butterflies(p, tr, ti, 0, inverse);
    for (let i = 0; i < n; i++) { re[o + i] = tr[i]!; im[o + i] = ti[i]!; }
  }
  const nb = Math.min(COLUMN_BLOCK, n);
  let buf = blocks.get(n);
  if (!buf) { buf = { tr: new Float64Array(nb * n), ti: new Float64Array(nb * n) }; blocks.set(n, buf); }
  const { tr: br, ti: bi } = buf;
  for (let x0 = 0; x0 < n; x0 += nb) {
    // Column x0 + c's i-th value (bit-reversed order) at c·n + i.
    for (let i = 0; i < n; i++) {
      const row = rev[i]! * n + x0;
      for (let c = 0; c < nb; c++) { br[c * n + i] = re[row + c]!; bi[c * n + i] = im[row + c]!; }
    }
    for (let c = 0; c < nb; c++) butterflies(p, br, bi, c * n, inverse);
    for (let i = 0; i < n; i++) {
      const row = i * n + x0;
      for (let c = 0; c < nb; c++) { re[row + c] = br[c * n + i]!; im[row + c] = bi[c * n + i]!; }
    }
  }
  if (inverse) { const k = 1 / (n * n); for (let i = 0; i < n * n; i++) { re[i]! *= k; im[i]! *= k; } }
}

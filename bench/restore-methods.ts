import type { Gray } from '../src/engine/ocr/clean.js';

/**
 * Restorations of a blurred band compared by ./restore-compare.ts (measuring only; not in the
 * engine's path unless docs/ocr.md says so). Every method works on ink over paper (paper − gray,
 * so paper is the zero of the signal and zero padding is paper), with the blur given as its
 * transfer function: a box of length L along a direction (a shaken hand), the generator's 7
 * copies, or a Gaussian (defocus).
 */

/** In-place radix-2 FFT of `n` complex values at `o`, stride `s`; `inv` for the inverse (unscaled). */
function fft1(re: Float64Array, im: Float64Array, o: number, s: number, n: number, tr: Float64Array, ti: Float64Array, inv: boolean): void {
  for (let i = 0; i < n; i++) { tr[i] = re[o + i * s]!; ti[i] = im[o + i * s]!; }
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) { let t = tr[i]!; tr[i] = tr[j]!; tr[j] = t; t = ti[i]!; ti[i] = ti[j]!; ti[j] = t; }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = ((inv ? 2 : -2) * Math.PI) / len, wr = Math.cos(ang), wi = Math.sin(ang), half = len / 2;
    for (let i = 0; i < n; i += len) {
      let cr = 1, ci = 0;
      for (let k = 0; k < half; k++) {
        const a = i + k, b = a + half;
        const xr = tr[b]! * cr - ti[b]! * ci, xi = tr[b]! * ci + ti[b]! * cr;
        tr[b] = tr[a]! - xr; ti[b] = ti[a]! - xi; tr[a] = tr[a]! + xr; ti[a] = ti[a]! + xi;
        const ncr = cr * wr - ci * wi; ci = cr * wi + ci * wr; cr = ncr;
      }
    }
  }
  for (let i = 0; i < n; i++) { re[o + i * s] = tr[i]!; im[o + i * s] = ti[i]!; }
}

export function fft2(re: Float64Array, im: Float64Array, W: number, H: number, inv: boolean): void {
  const tr = new Float64Array(Math.max(W, H)), ti = new Float64Array(Math.max(W, H));
  for (let y = 0; y < H; y++) fft1(re, im, y * W, 1, W, tr, ti, inv);
  for (let x = 0; x < W; x++) fft1(re, im, x, W, H, tr, ti, inv);
  if (inv) { const k = 1 / (W * H); for (let i = 0; i < W * H; i++) { re[i]! *= k; im[i]! *= k; } }
}

const pow2 = (n: number) => { let p = 1; while (p < n) p <<= 1; return p; };

/** A blur as its (real, centred) transfer function at frequency (u, v) in cycles per pixel. */
export type Transfer = (u: number, v: number) => number;

export const boxTransfer = (deg: number, L: number): Transfer => {
  const a = (deg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
  return (u, v) => { const t = Math.PI * L * (u * c + v * s); return t === 0 ? 1 : Math.sin(t) / t; };
};
/** n copies spread evenly over `span` px (the generator's hand: 7 copies over 6/7 of its smear). */
export const copiesTransfer = (deg: number, span: number, n: number): Transfer => {
  const a = (deg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a), d = span / (n - 1);
  return (u, v) => { const t = Math.PI * d * (u * c + v * s); const den = n * Math.sin(t); return Math.abs(den) < 1e-9 ? 1 : Math.sin(n * t) / den; };
};
export const gaussTransfer = (sigma: number): Transfer => (u, v) => Math.exp(-2 * Math.PI * Math.PI * sigma * sigma * (u * u + v * v));
export const times = (a: Transfer, b: Transfer): Transfer => (u, v) => a(u, v) * b(u, v);

interface Padded { re: Float64Array; W: number; H: number; M: number; paper: number; img: Gray }

function paperOf(img: Gray): number {
  const hist = new Uint32Array(256);
  for (let p = 0; p < img.data.length; p += 3) hist[img.data[p]!]!++;
  let acc = 0; const m = Math.ceil(img.data.length / 3) * 0.9;
  for (let v = 0; v < 256; v++) { acc += hist[v]!; if (acc >= m) return v; }
  return 255;
}

function padded(img: Gray, margin: number): Padded {
  const W = pow2(img.width + 2 * margin), H = pow2(img.height + 2 * margin), M = margin;
  const paper = paperOf(img);
  const re = new Float64Array(W * H);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) { const v = paper - img.data[y * img.width + x]!; re[(y + M) * W + x + M] = v > 0 ? v : 0; }
  return { re, W, H, M, paper, img };
}

function unpadded(p: Padded, f: Float64Array): Gray {
  const { img, W, M, paper } = p;
  const out = new Uint8Array(img.width * img.height);
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) { const v = paper - f[(y + M) * W + x + M]!; out[y * img.width + x] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v); }
  return { width: img.width, height: img.height, data: out };
}

function transferGrid(T: Transfer, W: number, H: number): Float64Array {
  const out = new Float64Array(W * H);
  for (let y = 0; y < H; y++) { const v = (y < H / 2 ? y : y - H) / H; for (let x = 0; x < W; x++) out[y * W + x] = T((x < W / 2 ? x : x - W) / W, v); }
  return out;
}

/**
 * Wiener (or, with `lap` > 0, constrained least squares: the Laplacian's power as the noise's):
 * F = G·H / (H² + nsr + lap·|P|²).
 */
export function wiener(img: Gray, T: Transfer, nsr: number, lap = 0): Gray {
  const p = padded(img, 48);
  const { W, H } = p;
  const im = new Float64Array(W * H);
  fft2(p.re, im, W, H, false);
  const Hs = transferGrid(T, W, H);
  for (let y = 0; y < H; y++) {
    const v = (y < H / 2 ? y : y - H) / H;
    for (let x = 0; x < W; x++) {
      const u = (x < W / 2 ? x : x - W) / W, i = y * W + x, h = Hs[i]!;
      const pl = lap ? 4 - 2 * Math.cos(2 * Math.PI * u) - 2 * Math.cos(2 * Math.PI * v) : 0;
      const k = h / (h * h + nsr + lap * pl * pl);
      p.re[i]! *= k; im[i]! *= k;
    }
  }
  fft2(p.re, im, W, H, true);
  return unpadded(p, p.re);
}

/** Richardson–Lucy by FFT convolution (the blur symmetric, so its mirror is itself), `tv` > 0 for total-variation regularised RL (Dey et al.). */
export function lucy(img: Gray, T: Transfer, iterations: number, tv = 0): Gray {
  const p = padded(img, 48);
  const { W, H } = p;
  const Hs = transferGrid(T, W, H);
  const g = Float64Array.from(p.re, (v) => v + 1);
  let f = Float64Array.from(g);
  const re = new Float64Array(W * H), im = new Float64Array(W * H);
  const conv = (src: Float64Array, dst: Float64Array) => {
    re.set(src); im.fill(0);
    fft2(re, im, W, H, false);
    for (let i = 0; i < W * H; i++) { re[i]! *= Hs[i]!; im[i]! *= Hs[i]!; }
    fft2(re, im, W, H, true);
    dst.set(re);
  };
  const est = new Float64Array(W * H), ratio = new Float64Array(W * H);
  for (let it = 0; it < iterations; it++) {
    conv(f, est);
    for (let i = 0; i < W * H; i++) ratio[i] = g[i]! / Math.max(1e-3, est[i]!);
    conv(ratio, est);
    const next = new Float64Array(W * H);
    for (let y = 1; y < H - 1; y++) for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      let div = 0;
      if (tv) {
        // div(∇f/|∇f|) by forward/backward differences.
        const nx = (j: number) => { const gx = f[j + 1]! - f[j]!, gy = f[j + W]! - f[j]!; return [gx, gy, Math.hypot(gx, gy) + 1e-2] as const; };
        const [ax, ay, an] = nx(i), [bx, , bn] = nx(i - 1), [, cy, cn] = nx(i - W);
        div = ax / an - bx / bn + ay / an - cy / cn;
      }
      next[i] = Math.max(1e-3, (f[i]! * est[i]!) / Math.max(0.2, 1 - tv * div));
    }
    f = next;
  }
  return unpadded(p, Float64Array.from(f, (v) => v - 1));
}

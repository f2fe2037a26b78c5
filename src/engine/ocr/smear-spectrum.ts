import type { Gray } from './clean.js';
import { fft2d, fftPlan } from './fft.js';

/**
 * A shaken hand's smear measured from the page's spectrum (photo11's measure, bench/smear-measure.ts
 * compares it with the generator's hand; in the path since photo12, see ./upright.ts). A smear is a box of
 * L px along a direction d: the page's spectrum is the sharp page's times sinc(π L u·d), which
 * falls to zero on parallel lines 1/L apart across d. Averaged over tiles of print, the log of
 * the page's power spectrum is the print's own (smooth, taken out as its mean over a window of
 * 41 × 41 bins) plus log|sinc|: the direction and length are those whose log|sinc| correlates
 * best with it. The zeros sit where the smear puts them, so this is not drawn towards the level
 * and the upright as every measure of the print's steps is; what print puts on the spectrum's
 * two axes is left out, and so is every frequency above where the page's signal ends (a page
 * drawn at 200 dpi and enlarged to 300 holds only its JPEG's noise there: the page's plain
 * cepstrum took its 8-px blocks, 12 px once enlarged, for a level 12-px smear).
 * On composed scans shaken 7 px (the generator's own direction known): at 300 dpi within 1° and
 * 0.1 px of the hand, at 200 dpi within 0.5–2.5° and 0.2 px, where the steps measure 0° or 5°
 * (and 9 px for 12.25 on two pages) for hands at 4–22°. 0.3–0.4 CPU s a page.
 */

/** Tile side (px, a power of two) and how many of the page's most printed tiles are averaged. */
const N = 256, TILES = 16;
/** Log units (natural) above the spectrum's high-frequency floor where the page's signal ends. */
const SIGNAL_ABOVE = 1.5;
/** Half-width (bins) of the window whose mean is the print's own smooth spectrum. */
const LOCAL = 20;
/** Frequencies this many bins from either axis or from the origin are left out (print's own lines and strokes). */
const AXIS = 1, INNER = 3;
/** log|sinc| clipped here: a zero of the model is a dip, not minus infinity. */
const SINC_FLOOR = 0.05;
/** Lengths tried (px). */
const MIN_LENGTH = 3, MAX_LENGTH = 24;

/** The tiles (top-left corners, not overlapping) with the most print edges: steps of 15 gray levels between neighbours. */
function printedTiles(img: Gray): Array<[number, number]> {
  const { width: w, height: h, data } = img;
  const scored: Array<[number, number, number]> = [];
  for (let y0 = 0; y0 + N <= h; y0 += N / 2) {
    for (let x0 = 0; x0 + N <= w; x0 += N / 2) {
      let n = 0;
      for (let y = y0; y < y0 + N; y += 4) for (let x = x0 + 1, row = y * w; x < x0 + N; x++) { const d = data[row + x]! - data[row + x - 1]!; if (d > 14 || d < -14) n++; }
      scored.push([n, x0, y0]);
    }
  }
  scored.sort((a, b) => b[0] - a[0]);
  const taken: Array<[number, number]> = [];
  for (const [n, x0, y0] of scored) {
    if (taken.length >= TILES || n === 0) break;
    if (taken.some(([x, y]) => Math.abs(x - x0) < N && Math.abs(y - y0) < N)) continue;
    taken.push([x0, y0]);
  }
  return taken;
}

/** The log power spectrum (N × N, origin at 0) averaged over the page's most printed tiles, each windowed (Hann) so its edges add no cross; null without print. */
export function logSpectrum(img: Gray): Float64Array | null {
  const tiles = printedTiles(img);
  if (!tiles.length) return null;
  const hann = new Float64Array(N);
  for (let i = 0; i < N; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / N);
  const power = new Float64Array(N * N), re = new Float64Array(N * N), im = new Float64Array(N * N);
  const plan = fftPlan(N);
  for (const [x0, y0] of tiles) {
    let mean = 0;
    for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) mean += img.data[(y0 + y) * img.width + x0 + x]!;
    mean /= N * N;
    for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) { re[y * N + x] = (img.data[(y0 + y) * img.width + x0 + x]! - mean) * hann[x]! * hann[y]!; im[y * N + x] = 0; }
    fft2d(plan, re, im);
    for (let i = 0; i < N * N; i++) power[i]! += re[i]! * re[i]! + im[i]! * im[i]!;
  }
  let top = 0;
  for (let i = 0; i < N * N; i++) if (power[i]! > top) top = power[i]!;
  const floor = top * 1e-9 + 1e-12;
  for (let i = 0; i < N * N; i++) power[i] = Math.log(power[i]! + floor);
  return power;
}

/** The mean of `a` (N × N, wrapping round) over a (2r + 1)² window about each bin: along rows, then columns. */
function boxMean(a: Float64Array, r: number): Float64Array {
  const rows = new Float64Array(N * N), out = new Float64Array(N * N), span = 2 * r + 1;
  for (let y = 0; y < N; y++) {
    let sum = 0;
    for (let d = -r; d <= r; d++) sum += a[y * N + ((d + N) % N)]!;
    for (let x = 0; x < N; x++) { rows[y * N + x] = sum; sum += a[y * N + ((x + r + 1) % N)]! - a[y * N + ((x - r + N) % N)]!; }
  }
  for (let x = 0; x < N; x++) {
    let sum = 0;
    for (let d = -r; d <= r; d++) sum += rows[((d + N) % N) * N + x]!;
    for (let y = 0; y < N; y++) { out[y * N + x] = sum / (span * span); sum += rows[((y + r + 1) % N) * N + x]! - rows[((y - r + N) % N) * N + x]!; }
  }
  return out;
}

export interface SpectralSmear { angle: number; length: number; fit: number }

/**
 * The smear (direction in degrees, y down as the page's rows, within −90..90; length in px)
 * whose log|sinc| correlates best with the page's log spectrum, and that correlation (`fit`,
 * −1..1). Null when the page has no tile of print.
 */
export function smearFromSpectrum(img: Gray): SpectralSmear | null {
  const ls = logSpectrum(img);
  if (!ls) return null;
  const radius = (x: number, y: number) => Math.hypot(x < N / 2 ? x : x - N, y < N / 2 ? y : y - N);
  // The print's own smooth shape (its fall with frequency, faster across its lines than along
  // them, and a 200-dpi page's enlargement, which dims the diagonals more than the axes) taken
  // out: the mean over a window of (2 LOCAL + 1)² bins around each frequency, wider than the
  // ripple of a smear of 7 px or more (its zeros 36 bins apart or less), so the zeros stay.
  // Taken out as the mean at each radius only, the shape left drew 200-dpi pages' directions 2–5°
  // towards the level.
  const local = boxMean(ls, LOCAL);
  // Where the page's signal ends: the radius where the spectrum's mean comes within
  // SIGNAL_ABOVE of the floor (its mean over the highest radii along the axes).
  const R = Math.ceil(N / Math.SQRT2) + 1, prof = new Float64Array(R), cnt = new Float64Array(R);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) { const r = Math.round(radius(x, y)); prof[r]! += ls[y * N + x]!; cnt[r]!++; }
  for (let r = 0; r < R; r++) prof[r] = cnt[r]! ? prof[r]! / cnt[r]! : 0;
  let floorMean = 0, k = 0;
  for (let r = Math.round(N * 0.45); r <= N / 2; r++) { floorMean += prof[r]!; k++; }
  floorMean /= k;
  let edge = N / 2;
  while (edge > N / 8 && prof[edge]! < floorMean + SIGNAL_ABOVE) edge--;
  // The half plane of frequencies kept (the spectrum of a real image is symmetric through its origin).
  const us: number[] = [], vs: number[] = [], ws: number[] = [];
  for (let y = -edge; y <= edge; y++) {
    for (let x = AXIS + 1; x <= edge; x++) {
      const r = Math.hypot(x, y);
      if (r < INNER || r > edge || Math.abs(y) <= AXIS) continue;
      const xx = x, yy = (y + N) % N;
      us.push(x / N); vs.push(y / N); ws.push(ls[yy * N + xx]! - local[yy * N + xx]!);
    }
  }
  const u = Float64Array.from(us), v = Float64Array.from(vs), wv = Float64Array.from(ws);
  let wMean = 0;
  for (let i = 0; i < wv.length; i++) wMean += wv[i]!;
  wMean /= wv.length;
  for (let i = 0; i < wv.length; i++) wv[i]! -= wMean;
  // Pearson correlation of log|sinc(π L u·d)| with the (centred) spectrum, on every `every`-th frequency.
  const logFloor = Math.log(SINC_FLOOR);
  const score = (deg: number, L: number, every: number) => {
    const a = (deg * Math.PI) / 180, c = Math.cos(a) * Math.PI * L, s = Math.sin(a) * Math.PI * L;
    let sm = 0, smw = 0, smm = 0, sww = 0, n = 0;
    for (let i = 0; i < u.length; i += every) {
      const t = u[i]! * c + v[i]! * s;
      const sinc = t === 0 ? 1 : Math.abs(Math.sin(t) / t);
      const m = sinc > SINC_FLOOR ? Math.log(sinc) : logFloor;
      sm += m; smw += m * wv[i]!; smm += m * m; sww += wv[i]! * wv[i]!; n++;
    }
    const mm = sm / n;
    return (smw / n) / Math.sqrt(Math.max(1e-12, (smm / n - mm * mm) * (sww / n)));
  };
  // Coarse on a quarter of the frequencies (3° and 0.5 px), then finer around the best on all.
  let best = { deg: 0, L: MIN_LENGTH, v: -Infinity };
  for (let deg = -90; deg < 90; deg += 3) for (let L = MIN_LENGTH; L <= MAX_LENGTH; L += 0.5) { const s = score(deg, L, 4); if (s > best.v) best = { deg, L, v: s }; }
  best.v = score(best.deg, best.L, 1);
  for (const [dStep, lStep] of [[1.5, 0.25], [0.75, 0.12], [0.375, 0.06]] as const) {
    const b = best;
    for (let dd = -2; dd <= 2; dd++) for (let dl = -2; dl <= 2; dl++) {
      if (!dd && !dl) continue;
      const L = b.L + dl * lStep;
      if (L < MIN_LENGTH || L > MAX_LENGTH) continue;
      const s = score(b.deg + dd * dStep, L, 1);
      if (s > best.v) best = { deg: b.deg + dd * dStep, L, v: s };
    }
  }
  const angle = best.deg >= 90 ? best.deg - 180 : best.deg < -90 ? best.deg + 180 : best.deg;
  return { angle, length: best.L, fit: best.v };
}

import type { Gray } from './clean.js';

/**
 * A photo out of focus or shaken, undone rather than sharpened. The blur is measured per
 * direction: the steepest two-pixel gray steps (99.5th percentile) along 12 directions against
 * the page's contrast. A sharp page steps from paper to ink within about two pixels every way
 * (~0.8). Defocus spreads every edge alike (a Gaussian of σ px steps at most 2 / (σ √2π) of the
 * contrast over two pixels: σ ≈ 0.8 / steepness); a shaken hand smears along one direction only
 * (a box of L px: 2 / L over two pixels along it, sharp across it; its direction so measured is
 * only rough, and ./smear-direction.ts chooses it by reading). The page is then deconvolved
 * by that blur (Richardson–Lucy: the estimate is multiplied by how much the blurred estimate
 * falls short of the capture, blurred back; it stays positive and does not ring like an inverse
 * filter). An unsharp mask, as before, fits a small defocus but doubles the edges of a smear
 * (every letter outlined twice a smear apart, which the engine reads as nothing: a 7-px shake
 * read 0 of 14 rows).
 */

/** Steepness (step over contrast) under which a page counts as blurred; sharp pages ~0.6–1. */
export const BLURRED_BELOW = 0.42;
/** Steepness along the smear over across it under which the blur is a smear, not a defocus. */
const SMEAR_RATIO = 0.6;
const DIRECTIONS = 12;
/**
 * Richardson–Lucy iterations: RL restores a wide blur slowly (each step sharpens by about the
 * kernel's own width), so a longer smear or a wider defocus gets more, one per pixel of the
 * blur's extent (a smear's length, a Gaussian's 4σ) between 6 and 12, each step pushed on along
 * the last (Biggs–Andrews acceleration, see `deblurred`). Plain RL needed two per pixel (10–25):
 * at 10 for every blur a 200-dpi page shaken 7 px (12 px once drawn at 300 dpi) or defocused
 * σ 2.2 (3.2) stayed too soft for its dates and bold heads to be read, and 25 plain steps cost
 * 12 CPU s on such a page. Accelerated, 12 steps read a strip of composed 407 as surely as 25
 * plain ones (defocus: 75 words of 99 read sure against 73; shaken: 49 of 108 against 40) in
 * half the time. A smoothed fax gets plain RL's fewest (`fewest`): its "blur" is the smoothing
 * of its dither dots, which more restoring brings back (the generated dithered fax of
 * test/convert/ocr-captures.test.ts: F1 0.88 at the extent's count, ≥ 0.9 at 10).
 */
const MIN_ITERATIONS = 6, MAX_ITERATIONS = 12, FEWEST_PLAIN = 10;
export function iterationsFor(blur: Blur): number {
  const extent = blur.kind === 'smear' ? blur.length : 4 * blur.sigma;
  return Math.min(MAX_ITERATIONS, Math.max(MIN_ITERATIONS, Math.round(extent)));
}
/** Longest smear and widest defocus undone (px): past that a page is not read anyway, and the kernel's cost grows. */
const MAX_SMEAR = 24;
const MAX_SIGMA = 5;

export type Blur =
  | { kind: 'smear'; angle: number; length: number; steepness: number[] }
  | { kind: 'defocus'; sigma: number; steepness: number[] };

/** The steepest two-pixel step along angle `deg` over the contrast (paper minus darkest ink), on every third row. */
export function steepness(img: Gray, deg: number): number {
  return steepnesses(img, [deg])[0]!;
}

/**
 * `steepness` along each of `degs`, in one pass over the sampled rows: the page's histogram (the
 * contrast) is the same for every direction and is counted once, and each sample's neighbours
 * are read while its row is at hand (four passes, one per direction, cost ~0.08 CPU s a sharp
 * 300-dpi page, mostly the histograms' updates). Each step is computed as `steepness` always
 * computed it (the same bilinear sum, its weights from the same coordinates), so the figures are
 * bit for bit the same; a direction whose offsets fall on whole pixels (0° and 90°: every weight 0
 * or 1) takes the pixel itself, which is the sum's exact value there.
 */
export function steepnesses(img: Gray, degs: number[]): number[] {
  const { width: w, height: h, data } = img;
  const hist = new Uint32Array(256);
  const stepY = Math.max(4, Math.floor(h / 600));
  const dirs = degs.map((deg) => {
    const a = (deg * Math.PI) / 180, ux = Math.cos(a) * 2, uy = Math.sin(a) * 2;
    // Where along the row each sample's neighbour lies: it depends on x alone (and its row on y alone).
    const x0 = new Int32Array(w), tx = new Float64Array(w);
    let whole = true;
    for (let x = 4; x < w - 4; x++) { const fx = x + ux; x0[x] = Math.floor(fx); tx[x] = fx - x0[x]!; if (tx[x] !== 0) whole = false; }
    return { ux, uy, x0, tx, whole, steps: new Uint32Array(256) };
  });
  let n = 0;
  for (let y = 4; y < h - 4; y += stepY) {
    const row = y * w;
    for (let x = 4; x < w - 4; x++) hist[data[row + x]!]!++;
    n += Math.max(0, w - 8);
    for (const dir of dirs) {
      const fy = y + dir.uy, y0 = Math.floor(fy), ty = fy - y0;
      // Every weight 0 or 1: the bilinear sum is the neighbour's own value, exactly.
      if (dir.whole && ty === 0) wholeSteps(data, w, row, y0 * w, dir.x0, dir.steps);
      else bilinearSteps(data, w, row, y0 * w, dir.x0, dir.tx, ty, dir.steps);
    }
  }
  const at = (hs: Uint32Array, q: number) => { let acc = 0; for (let v = 0; v < 256; v++) { acc += hs[v]!; if (acc >= n * q) return v; } return 255; };
  // The darkest 0.5 % taken for ink and the steepest 0.5 % of steps for its edges, unless the page
  // inks less than that (a statement's short last page: a few lines, 0.4 % of its pixels), whose
  // 0.5 % mark then lies nearer the paper than the ink: measured so, paper's grain was weighed
  // against paper (composed scan 18's page 2, sharp at 300 dpi: ink 15, the mark 188, paper 234;
  // steepness 0.56 one way and 1.2–1.4 the others, taken for a 3-px smear and deconvolved for
  // ~1 CPU s). Such a page is measured on its darkest and steepest 0.1 %.
  const paper = at(hist, 0.9), darkest = at(hist, 0.001);
  const q = at(hist, 0.005) > (paper + darkest) / 2 ? 0.001 : 0.005;
  const contrast = paper - at(hist, q);
  if (contrast < 40) return degs.map(() => 1); // no print to judge
  return dirs.map((dir) => at(dir.steps, 1 - q) / contrast);
}

/*
 * One sampled row's steps along one direction, in functions of their own: steepnesses runs once
 * a page, and its loop inline was optimised only part way through each page's call (on-stack
 * replacement), the rest run unoptimised, every bilinear sum a new heap number (14 MB of garbage a
 * page on the bench's first pages); called per row, these are optimised after a few rows and kept.
 */

/** Steps to the neighbour at whole-pixel offsets (`x0`, row `nrow`): the neighbour's own value. */
function wholeSteps(data: Uint8Array, w: number, row: number, nrow: number, x0: Int32Array, steps: Uint32Array): void {
  for (let x = 4; x < w - 4; x++) {
    const v = data[row + x]!, b = data[nrow + x0[x]!]!;
    steps[v > b ? v - b : b - v]!++;
  }
}

/** Steps to the neighbour at fractional offsets (`x0` + `tx`, row `base` + `ty`): the bilinear sum. */
function bilinearSteps(data: Uint8Array, w: number, row: number, base: number, x0: Int32Array, tx: Float64Array, ty: number, steps: Uint32Array): void {
  for (let x = 4; x < w - 4; x++) {
    const t = tx[x]!, p = base + x0[x]!;
    const b = (data[p]! * (1 - t) + data[p + 1]! * t) * (1 - ty) + (data[p + w]! * (1 - t) + data[p + w + 1]! * t) * ty;
    const v = data[row + x]!;
    const d = v > b ? v - b : b - v;
    steps[d > 255 ? 255 : d | 0]!++;
  }
}

/** The page's blur, or null when it is sharp enough to be read as it is. */
export function measureBlur(img: Gray): Blur | null {
  // Four directions first: a sharp page (every scan) pays for these only.
  const four = steepnesses(img, [0, 45, 90, 135]);
  if (Math.min(...four) >= Math.max(BLURRED_BELOW, SMEAR_RATIO * Math.max(...four))) return null;
  const angles = Array.from({ length: DIRECTIONS }, (_, i) => (i * 180) / DIRECTIONS);
  const s = steepnesses(img, angles);
  let lo = 0, hi = 0;
  for (let i = 1; i < s.length; i++) { if (s[i]! < s[lo]!) lo = i; if (s[i]! > s[hi]!) hi = i; }
  // Blurred every way, or much less sharp along one direction than across it (a smear on an
  // otherwise crisp capture steps ~0.45 along it, 1.1 across).
  if (s[lo]! >= Math.max(BLURRED_BELOW, SMEAR_RATIO * s[hi]!)) return null;
  if (s[lo]! < SMEAR_RATIO * s[hi]!) {
    // The smear's length from the page itself (the steepness underrates it: small print's
    // strokes are narrower than the smear and never reach full ink). Along the smear the
    // derivative of the page is the sharp page's shifted by −L/2 less it shifted by +L/2, so it
    // correlates most negatively with itself at a lag of L; the direction is refined the same way.
    let best = { angle: angles[lo]!, length: 0, depth: 0 };
    for (const da of [-10, -5, 0, 5, 10]) {
      const m = smearLag(img, angles[lo]! + da);
      if (m.depth > best.depth) best = { angle: angles[lo]! + da, length: m.lag, depth: m.depth };
    }
    if (best.length >= 2) return { kind: 'smear', angle: best.angle, length: best.length, steepness: s };
  }
  if (s[lo]! >= BLURRED_BELOW) return null;
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { kind: 'defocus', sigma: Math.min(MAX_SIGMA, 0.8 / mean), steepness: s };
}

/**
 * The lag (px) at which the page's derivative along `deg` is most negatively correlated with
 * itself, and how deep that minimum is (over the zero lag's correlation): profiles sampled along
 * parallel lines 6 px apart.
 */
export function smearLag(img: Gray, deg: number): { lag: number; depth: number } {
  const { width: w, height: h, data } = img;
  const a = (deg * Math.PI) / 180, c = Math.cos(a), sn = Math.sin(a);
  const R = new Float64Array(MAX_SMEAR + 2);
  const prof = new Float32Array(Math.ceil(Math.hypot(w, h)) + 2), d = new Float32Array(prof.length);
  const reach = Math.hypot(w, h) / 2, cx = w / 2, cy = h / 2;
  // Lines along (c, sn), offset across by (−sn, c) every 6 px.
  for (let off = -reach; off <= reach; off += 6) {
    let len = 0;
    for (let t = -reach; t <= reach; t++) {
      const fx = cx + t * c - off * sn, fy = cy + t * sn + off * c;
      if (fx < 0 || fy < 0 || fx >= w - 1 || fy >= h - 1) { if (len) break; continue; }
      const x0 = fx | 0, y0 = fy | 0, tx = fx - x0, ty = fy - y0, p = y0 * w + x0;
      prof[len++] = (data[p]! * (1 - tx) + data[p + 1]! * tx) * (1 - ty) + (data[p + w]! * (1 - tx) + data[p + w + 1]! * tx) * ty;
    }
    for (let i = 0; i + 1 < len; i++) d[i] = prof[i + 1]! - prof[i]!;
    for (let i = 0; i + 1 < len; i++) {
      const di = d[i]!;
      if (di === 0) continue;
      const top = Math.min(MAX_SMEAR + 1, len - 2 - i);
      for (let l = 0; l <= top; l++) R[l]! += di * d[i + l]!;
    }
  }
  let lag = 0, min = 0;
  for (let l = 2; l <= MAX_SMEAR + 1; l++) if (R[l]! < min) { min = R[l]!; lag = l; }
  return { lag, depth: R[0]! > 0 ? -min / R[0]! : 0 };
}

/** A blur as taps (dx, dy, weight) summing to 1. */
interface Kernel { dx: Int32Array; dy: Int32Array; w: Float32Array }

function smearKernel(angleDeg: number, length: number): Kernel {
  // The smear sampled each pixel along its line and split between the two nearest pixels across it.
  const a = (angleDeg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
  const taps = new Map<string, number>();
  // `length` pixels of the line, one pixel apart (the lag measured is the smear's width in pixels).
  const n = Math.max(2, Math.round(length));
  for (let i = 0; i < n; i++) {
    const t = i - (n - 1) / 2;
    const fx = t * c, fy = t * s, x0 = Math.floor(fx), y0 = Math.floor(fy), tx = fx - x0, ty = fy - y0;
    for (const [dx, dy, wt] of [[x0, y0, (1 - tx) * (1 - ty)], [x0 + 1, y0, tx * (1 - ty)], [x0, y0 + 1, (1 - tx) * ty], [x0 + 1, y0 + 1, tx * ty]] as const) {
      if (wt < 1e-3) continue;
      const k = `${dx},${dy}`;
      taps.set(k, (taps.get(k) ?? 0) + wt / n);
    }
  }
  const list = [...taps].map(([k, wt]) => [...k.split(',').map(Number), wt] as [number, number, number]);
  const sum = list.reduce((acc, t) => acc + t[2], 0);
  return { dx: Int32Array.from(list.map((t) => t[0])), dy: Int32Array.from(list.map((t) => t[1])), w: Float32Array.from(list.map((t) => t[2] / sum)) };
}

function gaussianTaps(sigma: number): Float32Array {
  const r = Math.ceil(sigma * 2);
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) { k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma)); sum += k[i + r]!; }
  for (let i = 0; i < k.length; i++) k[i]! /= sum;
  return k;
}

/**
 * Where the page has ink, as runs of columns per band of TILE rows (in the padded image's
 * pixels): tiles holding ink, and their neighbours, so every pixel a kernel reaches from ink is
 * computed. Bare paper (most of a page) stays as it is and costs nothing.
 */
const TILE = 32;
interface Area { W: number; H: number; M: number; spans: Int32Array[] }

function inkArea(g: Float32Array, w: number, h: number, M: number, inkAbove: number): Area {
  const tw = Math.ceil(w / TILE), th = Math.ceil(h / TILE);
  const inked = new Uint8Array(tw * th);
  for (let y = 0; y < h; y++) {
    const row = y * w, ty = ((y / TILE) | 0) * tw;
    for (let x = 0; x < w; x++) if (g[row + x]! > inkAbove) inked[ty + ((x / TILE) | 0)] = 1;
  }
  const W = w + 2 * M, H = h + 2 * M;
  const spans: Int32Array[] = [];
  for (let ty = 0; ty < th; ty++) {
    const runs: number[] = [];
    let open = -1;
    for (let tx = 0; tx <= tw; tx++) {
      let on = false;
      if (tx < tw) for (let dy = -1; dy <= 1 && !on; dy++) for (let dx = -1; dx <= 1 && !on; dx++) {
        const yy = ty + dy, xx = tx + dx;
        if (yy >= 0 && yy < th && xx >= 0 && xx < tw && inked[yy * tw + xx]) on = true;
      }
      if (on && open < 0) open = tx;
      if (!on && open >= 0) { runs.push(M + open * TILE, M + Math.min(w, tx * TILE)); open = -1; }
    }
    spans.push(Int32Array.from(runs));
  }
  return { W, H, M, spans };
}

/** Calls `fn(rowStart, x0, x1)` for every run of the area, row by row (padded pixels). */
function eachRun(a: Area, h: number, fn: (row: number, x0: number, x1: number) => void): void {
  for (let y = 0; y < h; y++) {
    const runs = a.spans[(y / TILE) | 0]!;
    if (!runs.length) continue;
    const row = (y + a.M) * a.W;
    for (let i = 0; i < runs.length; i += 2) fn(row, runs[i]!, runs[i + 1]!);
  }
}

/** `dst[x]` = the taps' weighted sum of `src` around x, for x in [from, to). */
type Pass = (src: Float32Array, dst: Float32Array, from: number, to: number) => void;

/**
 * A blur's pass with its taps' offsets and weights written into the code as constants: the
 * deconvolution spends nearly all its time here (a page defocused σ 2.2 at 200 dpi: 25
 * iterations of 4 × 15 taps over its inked area, 7–13 CPU s), and the loop over taps with its
 * weights read from an array ran 3× slower. The same floating-point operations in the same
 * order as the loop below (a sum in double from 0, tap by tap; a smear's sum rounded to single
 * precision after each tap, as accumulating in its Float32Array did), so the same pixels: the
 * loop is what runs where code cannot be generated from strings.
 */
export function weightedSum(offsets: number[], weights: ArrayLike<number>, roundEachTap: boolean): Pass {
  const w = Array.from({ length: offsets.length }, (_, t) => weights[t]!);
  const term = (t: number) => `${w[t]} * src[x + ${offsets[t]}]`;
  const body = roundEachTap ? `let s = 0; ${offsets.map((_, t) => `s = f(s + ${term(t)});`).join(' ')} dst[x] = s;` : `dst[x] = 0 + ${offsets.map((_, t) => term(t)).join(' + ')};`;
  try {
    return new Function('f', `return function (src, dst, from, to) { for (let x = from; x < to; x++) { ${body} } };`)(Math.fround) as Pass;
  } catch {
    return weightedSumLoop(offsets, w, roundEachTap);
  }
}

/** `weightedSum` as a loop over the taps (the same arithmetic). */
export function weightedSumLoop(offsets: number[], w: number[], roundEachTap: boolean): Pass {
  return (src, dst, from, to) => {
    for (let x = from; x < to; x++) {
      let s = 0;
      for (let t = 0; t < offsets.length; t++) s = roundEachTap ? Math.fround(s + w[t]! * src[x + offsets[t]!]!) : s + w[t]! * src[x + offsets[t]!]!;
      dst[x] = s;
    }
  };
}

/**
 * The page deconvolved by its blur (Richardson–Lucy, on ink darkness + 1 so paper, the zero of
 * the signal, stays flat and nothing divides by zero), or as it is when sharp. `iterations`
 * and `plain` (no acceleration) override the choice, for measuring.
 */
export function deblurred(img: Gray, blur: Blur | null = measureBlur(img), opts: { fewest?: boolean; iterations?: number; plain?: boolean } = {}): { image: Gray; blur: Blur | null } {
  if (!blur) return { image: img, blur };
  const { width: w, height: h, data } = img;
  const n = w * h;
  // Ink as a positive signal on a zero paper: RL's multiplicative steps keep paper paper.
  const hist = new Uint32Array(256);
  for (let p = 0; p < n; p += 7) hist[data[p]!]!++;
  const at = (q: number) => { let acc = 0; const m = Math.ceil(n / 7); for (let v = 0; v < 256; v++) { acc += hist[v]!; if (acc >= m * q) return v; } return 255; };
  const paper = at(0.9), ink = at(0.005);
  const flat = new Float32Array(n);
  for (let p = 0; p < n; p++) { const v = paper - data[p]!; flat[p] = v > 0 ? v : 0; }
  const kernel = blur.kind === 'smear' ? smearKernel(blur.angle, blur.length) : null;
  const gauss = blur.kind === 'defocus' ? gaussianTaps(blur.sigma) : null;
  const reach = kernel ? Math.max(...Array.from(kernel.dx, Math.abs), ...Array.from(kernel.dy, Math.abs)) : (gauss!.length - 1) / 2;
  const M = reach + 1;
  const area = inkArea(flat, w, h, M, Math.max(12, (paper - ink) * 0.15));
  const { W, H } = area;
  // Every buffer padded by the kernel's reach and 1 (paper) outside the ink area.
  const g = new Float32Array(W * H).fill(1);
  for (let y = 0; y < h; y++) { const src = y * w, dst = (y + M) * W + M; for (let x = 0; x < w; x++) g[dst + x] = flat[src + x]! + 1; }
  const f = Float32Array.from(g), est = new Float32Array(W * H).fill(1), ratio = new Float32Array(W * H).fill(1), back = new Float32Array(W * H).fill(1);
  const accelerated = !opts.fewest && !opts.plain;
  const prev = accelerated ? Float32Array.from(f) : null, step = accelerated ? new Float32Array(W * H) : null;
  const tmp = gauss ? new Float32Array(W * H).fill(1) : null;
  // The blur as passes over runs of pixels: a smear's taps in one pass, a Gaussian (its own
  // mirror) along rows into tmp, then along columns.
  const taps = (flip: boolean) => kernel ? weightedSum(Array.from(kernel.w, (_, t) => (flip ? -1 : 1) * (kernel.dy[t]! * W + kernel.dx[t]!)), kernel.w, true) : null;
  const smear = taps(false), smearBack = taps(true);
  const r = gauss ? (gauss.length - 1) / 2 : 0;
  const along = gauss ? weightedSum(Array.from(gauss, (_, i) => i - r), gauss, false) : null;
  const down = gauss ? weightedSum(Array.from(gauss, (_, i) => (i - r) * W), gauss, false) : null;
  const conv = (src: Float32Array, dst: Float32Array, flip: boolean) => {
    if (kernel) {
      const pass = flip ? smearBack! : smear!;
      eachRun(area, h, (row, x0, x1) => pass(src, dst, row + x0, row + x1));
      return;
    }
    eachRun(area, h, (row, x0, x1) => along!(src, tmp!, row + x0, row + x1));
    eachRun(area, h, (row, x0, x1) => down!(tmp!, dst, row + x0, row + x1));
  };
  const iterations = opts.iterations ?? (opts.fewest ? FEWEST_PLAIN : iterationsFor(blur));
  let alpha = 0;
  for (let it = 0; it < iterations; it++) {
    if (prev) {
      // Biggs–Andrews: the estimate pushed on along its last step before the RL step, by how
      // much the last two steps agree (0 when they turn apart, under 0.95 so it cannot run
      // away), kept positive as RL's own estimates are.
      const a = alpha;
      eachRun(area, h, (row, x0, x1) => { for (let x = row + x0; x < row + x1; x++) { const p = f[x]!, y = p + a * (p - prev[x]!); prev[x] = p; f[x] = y > 1e-3 ? y : 1e-3; } });
    }
    conv(f, est, false);
    eachRun(area, h, (row, x0, x1) => { for (let x = row + x0; x < row + x1; x++) ratio[x] = g[x]! / (est[x]! > 1e-3 ? est[x]! : 1e-3); });
    conv(ratio, back, true);
    if (step) {
      let num = 0, den = 0;
      eachRun(area, h, (row, x0, x1) => { for (let x = row + x0; x < row + x1; x++) { const y = f[x]!, d = y * back[x]! - y; num += d * step[x]!; den += step[x]! * step[x]!; step[x] = d; } });
      alpha = den > 0 ? Math.max(0, Math.min(0.95, num / den)) : 0;
    }
    eachRun(area, h, (row, x0, x1) => { for (let x = row + x0; x < row + x1; x++) f[x]! *= back[x]!; });
  }
  const out = Uint8Array.from(data);
  eachRun(area, h, (row, x0, x1) => {
    const y = row / W - M, dst = y * w - M;
    for (let x = x0; x < x1; x++) { const v = paper - (f[row + x]! - 1); out[dst + x] = v <= 0 ? 0 : v >= 255 ? 255 : v; }
  });
  return { image: { width: w, height: h, data: out }, blur };
}

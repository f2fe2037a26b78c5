import type { Gray } from './clean.js';
import type { OcrWord } from './tesseract.js';

/**
 * A page photographed sideways or upside down. Sideways is found from the page's geometry:
 * printed lines run along one axis, and the ink projected across them steps up and down at every
 * line and gap, where projected along them it changes smoothly; a turned page shows that on the other
 * axis. Upside down is not seen in the geometry: it is found by the reading itself (words read
 * upside down are few and doubtful; turned, they read), so only a poorly read page pays for a
 * second reading.
 */

const SAMPLE_LONG_SIDE = 900;
/** Degrees tried either way for each axis: a photo is rarely square to the frame. */
const ANGLES = [-4, -2, 0, 2, 4];
/** The other axis must be this much sharper before a page is turned: a page with no clear lines stays as it is. */
const TURN_MARGIN = 1.4;
/** An outer third of the page is judged instead of the middle one when it holds this many times the middle's ink. */
const MIDDLE_INK_MARGIN = 2;
/** Across the lines, only a middle third with under a twentieth of an outer third's ink is passed over. */
const EMPTY_MIDDLE_MARGIN = 20;

/** Whether the page's printed lines run up and down (a sideways photo): compares the sharpness of both projections. */
export function linesRunVertically(img: Gray): boolean {
  const f = Math.max(1, Math.ceil(Math.max(img.width, img.height) / SAMPLE_LONG_SIDE));
  const w = Math.floor(img.width / f), h = Math.floor(img.height / f);
  if (w < 60 || h < 60) return false;
  // Reduced by block means, then a 3×3 mean: a fax's dither dots average out, line and gap stay.
  const red = new Float32Array(w * h);
  for (let y = 0; y < h; y++) blockMeanRow(img, f, y, w, red);
  const lum = new Uint8Array(w * h), hist = new Uint32Array(256);
  let sum = 0;
  for (let y = 0; y < h; y++) sum += mean3Row(red, w, h, y, lum, hist);
  // Ink: the darkest 5 % of the sample (a statement page inks a few per cent of its area), and
  // clearly darker than the page's mean (a fax's or a thin font's strokes are grey once reduced).
  let cut = 0;
  for (let acc = 0; cut < 255 && acc + hist[cut]! <= w * h * 0.05; cut++) acc += hist[cut]!;
  cut = Math.min(cut, (sum / (w * h)) * 0.85);
  // Each axis is judged on the middle third of the page across it: a curled sheet's lines bow
  // most near its edges, and a bow blurs the profile as a wrong angle does. Lines running up and
  // down are judged on the third of the page's height that holds clearly the most ink: a short
  // last page prints its lines in the top third, and its middle third, specks and the sheet's
  // edge, made it look sideways (turned, it read nothing). Lines across, only when the middle
  // third is all but empty (the same page sideways): a table's dense left third profiles less
  // sharply than its sparse middle, and judged on it a plain page was turned.
  const band = (across: 'rows' | 'cols') => {
    const ink = [0, 0, 0];
    for (let y = 0; y < h; y++) addInkThirds(lum, w, h, y, cut, across === 'rows', ink);
    const most = ink[0]! >= ink[2]! ? 0 : 2;
    return ink[most]! > ink[1]! * (across === 'cols' ? MIDDLE_INK_MARGIN : EMPTY_MIDDLE_MARGIN) ? most : 1;
  };
  const sharpness = (across: 'rows' | 'cols') => {
    const n = Math.ceil(Math.hypot(w, h)) + 2, bins = new Float64Array(n);
    const xs: number[] = [], ys: number[] = [];
    const third = band(across);
    for (let y = 0; y < h; y++) pushInkOfThird(lum, w, h, y, cut, across === 'rows', third, xs, ys);
    const count = xs.length;
    if (count < 100) return 0;
    let best = 0;
    for (const deg of ANGLES) {
      // Line and gap alternate every few sample pixels across printed lines: the energy of the
      // profile's steps, not its concentration (margins and table columns concentrate ink
      // along the other axis too, but smoothly). Per ink pixel squared: the bands differ in ink.
      const sq = stepEnergy(xs, ys, deg, across === 'rows', bins);
      if (sq > best) best = sq;
    }
    return best / (count * count);
  };
  const rows = sharpness('rows'), cols = sharpness('cols');
  return rows > 0 && cols > rows * TURN_MARGIN;
}

/*
 * linesRunVertically's passes over a row of its sample, as functions of their own: it runs once a
 * page, and its loops inline were compiled part way through each page's call (the rest run
 * unoptimised); called row by row, these are optimised after a few rows and kept.
 */

/** Row `y` of the sample: the means of the page's f×f blocks. */
function blockMeanRow(img: Gray, f: number, y: number, w: number, red: Float32Array): void {
  for (let x = 0; x < w; x++) {
    let s = 0;
    for (let dy = 0; dy < f; dy++) { const row = (y * f + dy) * img.width + x * f; for (let dx = 0; dx < f; dx++) s += img.data[row + dx]!; }
    red[y * w + x] = s / (f * f);
  }
}

/** Row `y` of the sample's 3×3 mean, rounded into `lum` and counted in `hist`; the row's sum. */
function mean3Row(red: Float32Array, w: number, h: number, y: number, lum: Uint8Array, hist: Uint32Array): number {
  let sum = 0;
  for (let x = 0; x < w; x++) {
    let s = 0, n = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const yy = y + dy, xx = x + dx;
      if (yy >= 0 && yy < h && xx >= 0 && xx < w) { s += red[yy * w + xx]!; n++; }
    }
    const v = Math.round(s / n);
    lum[y * w + x] = v; hist[v]!++; sum += v;
  }
  return sum;
}

/** Row `y`'s ink counted in the thirds of the page across rows (by x) or across columns (by y). */
function addInkThirds(lum: Uint8Array, w: number, h: number, y: number, cut: number, rows: boolean, ink: number[]): void {
  for (let x = 0; x < w; x++) {
    if (lum[y * w + x]! >= cut) continue;
    ink[Math.min(2, Math.floor((3 * (rows ? x / w : y / h))))]!++;
  }
}

/** Row `y`'s ink in the given third, as points from the sample's centre. */
function pushInkOfThird(lum: Uint8Array, w: number, h: number, y: number, cut: number, rows: boolean, third: number, xs: number[], ys: number[]): void {
  for (let x = 0; x < w; x++) {
    if (lum[y * w + x]! >= cut) continue;
    if (Math.min(2, Math.floor(3 * (rows ? x / w : y / h))) !== third) continue;
    xs.push(x - w / 2); ys.push(y - h / 2);
  }
}

/**
 * The energy of the steps of the points' profile projected at `deg` across rows (or columns),
 * into `bins` centred on its middle. A function of its own: linesRunVertically runs once a page,
 * and its loops inline were compiled part way through each page's call.
 */
function stepEnergy(xs: number[], ys: number[], deg: number, rows: boolean, bins: Float64Array): number {
  const n = bins.length, count = xs.length;
  const r = (deg * Math.PI) / 180, s = Math.sin(r), c = Math.cos(r);
  bins.fill(0);
  for (let i = 0; i < count; i++) {
    const v = rows ? ys[i]! * c - xs[i]! * s : xs[i]! * c + ys[i]! * s;
    bins[Math.round(v) + (n >> 1)]!++;
  }
  let sq = 0;
  for (let i = 1; i < n; i++) { const d = bins[i]! - bins[i - 1]!; sq += d * d; }
  return sq;
}

/** The gray image turned a quarter clockwise. */
export function quarterTurnedGray(img: Gray): Gray {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h);
  // Source (x, y) lands at column h − 1 − y of row x.
  for (let y = 0; y < h; y++) {
    const row = y * w, ox = h - 1 - y;
    for (let x = 0; x < w; x++) out[x * h + ox] = data[row + x]!;
  }
  return { width: h, height: w, data: out };
}

/** The gray image upside down (a half turn: the pixels in reverse order). */
export function halfTurned(img: Gray): Gray {
  return { width: img.width, height: img.height, data: img.data.slice().reverse() };
}

/** A word the engine is sure of and that looks like print: two or more letters or digits, confidence ≥ 80. */
const SURE_CONF = 80;
function sure(w: OcrWord): boolean {
  return w.conf >= SURE_CONF && /[A-Za-z0-9]{2}/.test(w.text);
}

/** How well a page was read: its sure words, and their share of all its words. */
export function readingQuality(words: OcrWord[]): { sure: number; share: number } {
  const n = words.filter(sure).length;
  return { sure: n, share: words.length ? n / words.length : 0 };
}

/**
 * A page read this poorly may be upside down: fewer than half its words sure. An upright
 * statement page reads ~80–95 % of its words sure, even a poor scan over half; upside down, the
 * engine's words are doubtful fragments.
 */
export function mayBeUpsideDown(words: OcrWord[]): boolean {
  return readingQuality(words).share < 0.5;
}

/** Whether the reading of the half-turned page is the better one: clearly more sure words. */
export function turnedReadsBetter(upright: OcrWord[], turned: OcrWord[]): boolean {
  const a = readingQuality(upright), b = readingQuality(turned);
  return b.sure > a.sure * 1.5 + 5 && b.share > a.share;
}

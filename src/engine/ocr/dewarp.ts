import type { Gray } from './clean.js';

/**
 * A sheet that does not lie flat: its printed lines bow (a curl, a fold), so the date at a row's
 * left and its amount at the right end up a line apart once the page is deskewed, and the reader
 * pairs the amount with the wrong row or none. Deskew removes one angle; this removes the bow.
 * The page is cut into narrow vertical strips; the ink of each strip projected on the rows makes
 * a profile (lines and gaps), and each strip's profile is matched against its neighbour's with a
 * shift of a few pixels (less than half a line apart, so the match cannot slip a line). The
 * shifts add up from the middle outwards to each strip's displacement; columns then move up or
 * down by the displacement interpolated between strip centres. A page whose lines are straight
 * (every scan: the bow under MIN_BOW pixels) is handed on untouched, byte for byte.
 */

const STRIPS = 24;
/** Largest shift between neighbouring strips, as a share of the page height (~10 px at 300 dpi: under half a 10-pt line pitch). */
const MAX_STEP_SHARE = 0.003;
/** A bow under this many pixels (after the best straight line is taken out) is left: OCR reads it as is. */
const MIN_BOW_PX = 5;
/**
 * Across a blank run of strips, a shift may depart from the slopes of the strips beside it by
 * this share of the page height per strip of the run (~1 px at 300 dpi): a sheet's bend changes
 * its slope that little from strip to strip (the curl captures: at most 1 px).
 */
const MAX_BEND_SHARE = 0.0003;
/**
 * A step between two touching strips may depart from the steps around it by this many bends
 * (MAX_BEND_SHARE) and still be the sheet's: curled photos' steps depart by 2 px at most, the
 * jumps between a fax's columns of unlevel lines by 4–15 px.
 */
const MAX_STEP_JUMP_BENDS = 2;
/** A strip with fewer dark pixels than this share of its area has no lines to match: it takes its neighbours' displacement. */
const MIN_INK_SHARE = 0.004;

/** The longest line pitch looked for, as a share of the page height (~24 pt on a letter page). */
const MAX_PITCH_SHARE = 0.03;
/** Largest shift between two inked strips, as a share of the line pitch: under half, so a match cannot slip a line. */
const MAX_LINK_PITCH = 0.4;

export interface Dewarp { image: Gray; bow: number }

export function dewarped(img: Gray): Dewarp {
  const { width: w, height: h, data } = img;
  if (w < 400 || h < 400) return { image: img, bow: 0 };
  const cut = inkLevel(data);
  const sw = Math.floor(w / STRIPS);
  const profiles: Float32Array[] = [], inked: boolean[] = [];
  for (let s = 0; s < STRIPS; s++) {
    const { profile, ink } = stripProfile(img, s * sw, sw, cut);
    profiles.push(profile);
    inked.push(ink > (sw / 2) * h * MIN_INK_SHARE);
  }
  // A blank run of strips allows a larger shift (a curl keeps bending across it), but never half
  // a line pitch: rows of a statement repeat at one pitch, so a match that far off fits as well
  // one line up or down (a gap between a table's descriptions and its amounts slipped a whole
  // line: every date then sat beside the amount of the row above).
  const maxStep = Math.max(2, Math.round(h * MAX_STEP_SHARE));
  const pitch = linePitch(profiles, inked, Math.round(h * MAX_PITCH_SHARE));
  const maxLink = pitch ? Math.max(2, Math.floor(pitch * MAX_LINK_PITCH)) : maxStep;
  // The shift between each inked strip and the next inked one (positive: the right one's lines lie lower).
  const strips = inked.flatMap((k, s) => (k ? [s] : []));
  const links: { from: number; to: number; shift: number }[] = [];
  for (let i = 1; i < strips.length; i++) {
    const a = strips[i - 1]!, b = strips[i]!;
    // A gap of blank strips allows a proportionally larger shift.
    links.push({ from: a, to: b, shift: bestShift(profiles[a]!, profiles[b]!, Math.min(maxStep * (b - a), maxLink)) });
  }
  // Two touching strips may print lines that were never level: a column of figures set on each
  // row's first line beside descriptions wrapped over three (composed 1317, 1232 and 1310 faxed:
  // one step of 4–15 px between two strips, every other step 0 or ±1, was taken for a bow of
  // 5.6–8.3 px; straightening it tilted a level page 0.2–0.7° and set each figure a line away
  // from its date, so rows lost their amounts or took a neighbour's). A sheet bends smoothly:
  // a step between touching strips departs from the steps around it by a bend or two at most
  // (curled photos: 2 px), so a step further off than that is the print's own, and it takes the
  // steps around it instead: the median of the nearest two on either side, as first measured.
  const bend = Math.max(1, h * MAX_BEND_SHARE);
  const unit = (j: number) => links[j]!.to - links[j]!.from === 1;
  const measured = links.map((l) => l.shift);
  links.forEach((l, i) => {
    if (!unit(i)) return;
    const near: number[] = [];
    for (let j = i - 1, n = 0; j >= 0 && n < 2; j--) if (unit(j)) { near.push(measured[j]!); n++; }
    for (let j = i + 1, n = 0; j < links.length && n < 2; j++) if (unit(j)) { near.push(measured[j]!); n++; }
    const around = median(near);
    if (Math.abs(measured[i]! - around) > MAX_STEP_JUMP_BENDS * bend) l.shift = Math.round(around);
  });
  // Across a blank run, the strips either side may print lines that were never level: a table
  // printed with its figures centred on wrapped descriptions (as HTML tables print them) has its
  // figures' lines half a line apart from its descriptions' lines, and the match across the gap
  // took that for a bend (composed scans with centred figures: the figures' column moved 16–21 px
  // against the dates, and the engine read each row's figures on a description line). A sheet
  // bends smoothly, so a bend across a gap carries on the slopes of the strips beside it; a shift
  // those slopes do not explain is the print's own, and the gap takes the slopes' shift instead.
  links.forEach((l, i) => {
    const span = l.to - l.from;
    if (span < 2) return;
    const sides = [links[i - 1], links[i + 1]].filter((n) => n && n.to - n.from === 1).map((n) => n!.shift);
    const slope = sides.length ? sides.reduce((a, b) => a + b, 0) / sides.length : 0;
    if (Math.abs(l.shift - slope * span) > bend * span) l.shift = Math.round(slope * span);
  });
  // Displacement of each strip relative to the middle one; strips without ink are filled in after.
  const disp = new Float64Array(STRIPS).fill(NaN);
  const mid = STRIPS >> 1;
  let anchor = mid;
  while (anchor < STRIPS && !inked[anchor]) anchor++;
  if (anchor >= STRIPS) return { image: img, bow: 0 };
  disp[anchor] = 0;
  for (const l of links.filter((k) => k.from >= anchor)) disp[l.to] = disp[l.from]! + l.shift;
  for (const l of links.filter((k) => k.to <= anchor).reverse()) disp[l.from] = disp[l.to]! - l.shift;
  const known = [...disp.keys()].filter((i) => !Number.isNaN(disp[i]!));
  if (known.length < 4) return { image: img, bow: 0 };
  for (let s = 0; s < STRIPS; s++) {
    if (!Number.isNaN(disp[s]!)) continue;
    const l = known.filter((k) => k < s).at(-1), r = known.find((k) => k > s);
    disp[s] = l === undefined ? disp[r!]! : r === undefined ? disp[l]! : disp[l]! + ((disp[r]! - disp[l]!) * (s - l)) / (r - l);
  }
  // What a straight line (a residual skew) does not explain is the bow.
  const xs = Array.from({ length: STRIPS }, (_, i) => i), n = STRIPS;
  const mx = (n - 1) / 2, my = disp.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0;
  for (const i of xs) { sxy += (i - mx) * (disp[i]! - my); sxx += (i - mx) ** 2; }
  const slope = sxy / sxx;
  let bow = 0;
  for (const i of xs) bow = Math.max(bow, Math.abs(disp[i]! - my - slope * (i - mx)));
  if (bow < MIN_BOW_PX) return { image: img, bow };
  // Each column takes its pixels from `offset` rows lower (the displacement at that x, between strip centres).
  return { image: columnsShifted(img, disp, sw), bow };
}

/*
 * The passes over the page's pixels and profiles are functions of their own: dewarped runs once a
 * page, and its loops inline were compiled on the fly (on-stack replacement) page after page, the
 * whole large function each time; small functions called often are optimised once and kept.
 */

/** Dark pixels (under `cut`) of each row of the strip of columns from `x0`, `sw` wide, every other column, and their sum. */
function stripProfile(img: Gray, x0: number, sw: number, cut: number): { profile: Float32Array; ink: number } {
  const { width: w, height: h, data } = img;
  const profile = new Float32Array(h);
  let ink = 0;
  for (let y = 0; y < h; y++) {
    let n = 0;
    const row = y * w + x0;
    // Every other column: the profile is the same shape at half the cost.
    for (let x = 0; x < sw; x += 2) if (data[row + x]! < cut) n++;
    profile[y] = n; ink += n;
  }
  return { profile, ink };
}

/** Each column taking its pixels from `offset` rows lower (the displacement at that x, between strip centres), on white. */
function columnsShifted(img: Gray, disp: Float64Array, sw: number): Gray {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h).fill(255);
  for (let x = 0; x < w; x++) {
    const fs = Math.min(STRIPS - 1, Math.max(0, (x + 0.5) / sw - 0.5));
    const s0 = Math.floor(fs), s1 = Math.min(STRIPS - 1, s0 + 1), t = fs - s0;
    const off = Math.round(disp[s0]! * (1 - t) + disp[s1]! * t);
    const y0 = Math.max(0, -off), y1 = Math.min(h, h - off);
    for (let y = y0; y < y1; y++) out[y * w + x] = data[(y + off) * w + x]!;
  }
  return { width: w, height: h, data: out };
}

/** The middle of the values (the mean of the two middle ones for an even count); 0 for none. */
function median(values: number[]): number {
  if (!values.length) return 0;
  const v = [...values].sort((a, b) => a - b), m = v.length >> 1;
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/** The shift of `b` against `a` (rows; positive: b's lines lie lower) with the best match, within ±max. */
function bestShift(a: Float32Array, b: Float32Array, max: number): number {
  const h = a.length;
  let best = 0, bestScore = -Infinity;
  for (let d = -max; d <= max; d++) {
    let sc = 0;
    const lo = Math.max(0, -d), hi = Math.min(h, h - d);
    for (let y = lo; y < hi; y++) sc += a[y]! * b[y + d]!;
    if (sc > bestScore) { bestScore = sc; best = d; }
  }
  return best;
}

/** Gray under which a pixel is ink: midway between the page's paper (its 90th percentile) and its darkest (1st). */
function inkLevel(data: Uint8Array): number {
  const hist = new Uint32Array(256);
  const step = Math.max(1, Math.floor(data.length / 200_000));
  let n = 0;
  for (let i = 0; i < data.length; i += step) { hist[data[i]!]!++; n++; }
  const at = (q: number) => { let acc = 0; for (let v = 0; v < 256; v++) { acc += hist[v]!; if (acc >= n * q) return v; } return 255; };
  return (at(0.01) + at(0.9)) / 2;
}

/**
 * The page's line pitch in rows: the lag of the first peak of its strips' row profiles'
 * autocorrelation (each profile less its mean, summed over the inked strips), after the
 * correlation has first gone negative (the gap between lines). Null when there is no such peak
 * within `maxLag` (no repeating lines). The first peak, never a later one: a pitch taken too
 * short only allows less shift, one taken too long would let a match slip a line.
 */
export function linePitch(profiles: Float32Array[], inked: boolean[], maxLag: number): number | null {
  const h = profiles[0]?.length ?? 0;
  const L = Math.min(maxLag, h >> 1);
  if (L < 4) return null;
  const centred = profiles.filter((_, s) => inked[s]).map(lessItsMean);
  // Each lag's correlation summed over the strips in order, only for the lags the search below
  // reaches (up to just past the pitch; every lag to maxLag took ~0.01 CPU s a 300-dpi page).
  const ac = new Float64Array(L + 1).fill(NaN);
  const at = (d: number): number => {
    if (Number.isNaN(ac[d]!)) {
      let sum = 0;
      for (const c of centred) sum += lagProduct(c, d);
      ac[d] = sum;
    }
    return ac[d]!;
  };
  let d = 1;
  while (d <= L && at(d) >= 0) d++;
  // Past the first valley, the first lag where the correlation stops rising is the pitch.
  while (d < L && at(d + 1) <= at(d)) d++;
  while (d < L && at(d + 1) > at(d)) d++;
  return d < L && at(d) > 0 ? d : null;
}

// The loops over a profile's rows, as functions of their own (see stripProfile).

/** The profile less its mean. */
function lessItsMean(p: Float32Array): Float32Array {
  const h = p.length;
  let mean = 0;
  for (let y = 0; y < h; y++) mean += p[y]!;
  mean /= h;
  const c = new Float32Array(h);
  for (let y = 0; y < h; y++) c[y] = p[y]! - mean;
  return c;
}

/** The sum of the profile's products with itself `d` rows on. */
function lagProduct(c: Float32Array, d: number): number {
  const h = c.length;
  let sc = 0;
  for (let y = 0; y + d < h; y++) sc += c[y]! * c[y + d]!;
  return sc;
}

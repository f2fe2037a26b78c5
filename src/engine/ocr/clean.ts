import { createCanvas, type Canvas } from '@napi-rs/canvas';

/** An 8-bit grayscale image, row-major, 0 = black. */
export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Whether `canvas.data()` gives the surface's pixels as premultiplied RGBA (it does with
 * @napi-rs/canvas here; another build could keep BGRA): asked once of a 1×1 red canvas.
 */
let rawIsRgba: boolean | undefined;
function rawPixelsAreRgba(): boolean {
  if (rawIsRgba === undefined) {
    const probe = createCanvas(1, 1);
    const ctx = probe.getContext('2d');
    ctx.fillStyle = 'rgba(255,0,0,0.5)';
    ctx.fillRect(0, 0, 1, 1);
    const d = probe.data();
    rawIsRgba = d.length === 4 && d[0]! >= 126 && d[0]! <= 129 && d[1] === 0 && d[2] === 0 && d[3]! >= 126 && d[3]! <= 129;
  }
  return rawIsRgba;
}

/**
 * Luminance of a canvas's pixels on white paper (transparent pixels count as paper). Read from
 * the surface's own premultiplied pixels when they are RGBA: getImageData copies them and
 * undoes the premultiplication, 0.1 CPU s of a 300-dpi page for nothing here (the paper is
 * composited in the same step: premultiplied luminance + (255 − alpha)).
 */
export function grayOf(canvas: Canvas): Gray {
  const { width, height } = canvas;
  const data = new Uint8Array(width * height);
  const raw = rawPixelsAreRgba() ? canvas.data() : null;
  if (raw && raw.length === data.length * 4 && raw.byteOffset % 4 === 0) {
    // One 32-bit read per pixel (little-endian: R in the low byte): a page is ~8 million pixels.
    const px = new Uint32Array(raw.buffer, raw.byteOffset, data.length);
    for (let p = 0; p < data.length; p++) {
      const v = px[p]!;
      data[p] = ((((v & 0xff) * 77 + ((v >>> 8) & 0xff) * 150 + ((v >>> 16) & 0xff) * 29) >> 8) + 255 - (v >>> 24));
    }
    return { width, height, data };
  }
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const px = new Uint32Array(rgba.buffer, rgba.byteOffset, data.length);
  for (let p = 0; p < data.length; p++) {
    const v = px[p]!;
    const a = v >>> 24;
    const lum = ((v & 0xff) * 77 + ((v >>> 8) & 0xff) * 150 + ((v >>> 16) & 0xff) * 29) >> 8;
    data[p] = a === 255 ? lum : 255 - (((255 - lum) * a) >> 8);
  }
  return { width, height, data };
}

/** Otsu's global threshold of a histogram. */
export function otsu(hist: Uint32Array, total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0, wB = 0, best = 0, threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += t * hist[t]!;
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) { best = between; threshold = t; }
  }
  return threshold;
}

const MAX_SKEW = 5;          // degrees searched either way; scans beyond that are not statements fed straight
const SKEW_SAMPLE_WIDTH = 800;

/**
 * The page's skew in degrees by projection profile: the dark pixels of a reduced copy are
 * projected onto the vertical axis at each candidate angle; text lines give the sharpest
 * profile (largest sum of squared row counts) when the angle matches theirs. Coarse 0.25°
 * steps over ±5°, then 0.02° steps around the best. Positive = lines fall to the right.
 */
export function skewAngle(img: Gray): number {
  const f = Math.max(1, Math.round(img.width / SKEW_SAMPLE_WIDTH));
  const w = Math.floor(img.width / f), h = Math.floor(img.height / f);
  if (w < 50 || h < 50) return 0;
  const small = new Uint8Array(w * h);
  const hist = new Uint32Array(256);
  for (let y = 0; y < h; y++) reducedRow(img, f, y, w, small, hist);
  const t = otsu(hist, w * h);
  const xs: number[] = [], ys: number[] = [];
  for (let y = 0; y < h; y++) pushDarkOfRow(small, w, y, t, xs, ys);
  // Nearly blank or nearly black pages have no lines to align.
  if (xs.length < 200 || xs.length > w * h * 0.5) return 0;
  const bins = new Float64Array(h * 2 + 2);
  const score = (deg: number) => projectionScore(xs, ys, deg, Math.floor(h / 2), bins);
  let best = 0, bestScore = score(0);
  for (let a = -MAX_SKEW; a <= MAX_SKEW + 1e-9; a += 0.25) {
    const sc = score(a);
    if (sc > bestScore) { best = a; bestScore = sc; }
  }
  const coarse = best;
  for (let a = coarse - 0.25; a <= coarse + 0.25 + 1e-9; a += 0.02) {
    const sc = score(a);
    if (sc > bestScore) { best = a; bestScore = sc; }
  }
  return Math.round(best * 100) / 100;
}

/** Row `y` of the reduced copy: the rounded means of the page's f×f blocks, counted in `hist`. */
function reducedRow(img: Gray, f: number, y: number, w: number, small: Uint8Array, hist: Uint32Array): void {
  for (let x = 0; x < w; x++) {
    let s = 0;
    for (let dy = 0; dy < f; dy++) { const row = (y * f + dy) * img.width + x * f; for (let dx = 0; dx < f; dx++) s += img.data[row + dx]!; }
    const v = Math.round(s / (f * f));
    small[y * w + x] = v;
    hist[v]!++;
  }
}

/** Row `y`'s dark pixels (at most `t`) of the reduced copy, as points (x from the middle). */
function pushDarkOfRow(small: Uint8Array, w: number, y: number, t: number, xs: number[], ys: number[]): void {
  for (let x = 0; x < w; x++) if (small[y * w + x]! <= t) { xs.push(x - w / 2); ys.push(y); }
}

/**
 * The sharpness of the points' profile projected at `deg` (rows shifted by `mid`): the sum of the
 * squared counts. This and the row passes above are functions of their own, not loops in
 * skewAngle: it runs once a page, and its loops inline were compiled part way through each page's
 * call; called row by row (the score ~65 times a page), they are optimised once and kept.
 */
function projectionScore(xs: number[], ys: number[], deg: number, mid: number, bins: Float64Array): number {
  const r = (deg * Math.PI) / 180, s = Math.sin(r), c = Math.cos(r);
  bins.fill(0);
  for (let i = 0; i < xs.length; i++) {
    const yy = Math.round(ys[i]! * c - xs[i]! * s) + mid;
    if (yy >= 0 && yy < bins.length) bins[yy]!++;
  }
  let sum = 0;
  for (let i = 0; i < bins.length; i++) sum += bins[i]! * bins[i]!;
  return sum;
}

/** The canvas turned by -`deg` around its centre on white paper (undoes a skew of `deg`). */
export function rotated(canvas: Canvas, deg: number): Canvas {
  const out = createCanvas(canvas.width, canvas.height);
  const ctx = out.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((-deg * Math.PI) / 180);
  ctx.drawImage(canvas, -canvas.width / 2, -canvas.height / 2);
  return out;
}

/**
 * The grayscale image turned by -`deg` around its centre, on white paper: the same turn as
 * `rotated` without a canvas round trip. For the few degrees a scan is skewed, the turn is two
 * shifts, as Leptonica deskews: each row moves sideways by its distance from the centre times
 * tan(deg), and each run of columns (about 1/tan(deg) pixels wide) comes from a row up or down
 * by the same rule. Whole-pixel shifts copy runs of bytes, where a per-pixel bilinear turn cost
 * more than the recognition saved by a straight page on a 300-dpi image.
 */
export function rotatedGray(img: Gray, deg: number): Gray {
  const { width: w, height: h } = img;
  const out = new Uint8Array(w * h).fill(255);
  const t = Math.tan((deg * Math.PI) / 180);
  const cx = w / 2, cy = h / 2;
  // Column runs sharing one vertical offset: offsets round(t·(x − cx)) change at these x.
  const runs: { x0: number; x1: number; dy: number }[] = [];
  for (let x = 0; x < w;) {
    const dy = Math.round(t * (x + 0.5 - cx));
    let x1 = x + 1;
    while (x1 < w && Math.round(t * (x1 + 0.5 - cx)) === dy) x1++;
    runs.push({ x0: x, x1, dy });
    x = x1;
  }
  for (let y = 0; y < h; y++) turnedRow(img, out, y, -Math.round(t * (y + 0.5 - cy)), runs);
  return { width: w, height: h, data: out };
}

/**
 * Row `y` of the turned page: its runs of columns from rows up or down, shifted `dx` sideways. A
 * function of its own, called row by row: rotatedGray runs once a page, and its loop inline was
 * compiled part way through each page's call.
 */
function turnedRow(img: Gray, out: Uint8Array, y: number, dx: number, runs: { x0: number; x1: number; dy: number }[]): void {
  const { width: w, height: h, data: src } = img;
  const row = y * w;
  for (const r of runs) {
    const sy = y + r.dy;
    if (sy < 0 || sy >= h) continue;
    // Output columns x0..x1 take source columns x0+dx..x1+dx of row sy, clipped to the page.
    const a = Math.max(r.x0, -dx), b = Math.min(r.x1, w - dx);
    if (a >= b) continue;
    // Copied in a loop: runs are a few dozen pixels (~10⁵ a page), and a subarray view each cost more than the copy.
    const from = sy * w + dx;
    for (let x = a; x < b; x++) out[row + x] = src[from + x]!;
  }
}

/**
 * Gray under which a pixel counts as painted: anything short of white, so a page that paints
 * even a light tint or grey scanner paper is read, as when the page's operators decided it;
 * only a page rendered all white (255) is blank.
 */
const INK = 250;

/** Whether the image has any ink at all: stops at the first dark pixel, so a printed page costs little. */
export function hasInk(img: Gray): boolean {
  const d = img.data;
  for (let i = 0; i < d.length; i++) if (d[i]! < INK) return true;
  return false;
}

/** A binary PGM (P5) of the image: read by the OCR engine as is, no compression cost. */
export function toPgm(img: Gray): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + img.data.length);
  out.set(header, 0);
  out.set(img.data, header.length);
  return out;
}

/**
 * The page image cleaned for OCR: grayscale, its light made even when it is not (flattenLight:
 * a shadow or a lamp's fall-off turned whole rows black under one global threshold), deskewed
 * (projection profile). Thresholding is left to the engine (Otsu on the grayscale page): a
 * local-mean binarization tried here first lost digits on the dev corpus's scans (a 200-dpi
 * statement no longer reconciled), see docs/ocr.md.
 * Returns the image, the skew it removed in degrees, and whether the light was flattened.
 */
export function cleanPage(canvas: Canvas): { image: Gray; skew: number; flattened: boolean } {
  return cleanGray(grayOf(canvas));
}

/** `cleanPage` of a page already in gray (a photographed sheet squared, a turned page: ./upright.ts). */
export function cleanGray(page: Gray): { image: Gray; skew: number; flattened: boolean } {
  const flat = flattenLight(page);
  let gray = flat.image;
  const skew = skewAngle(gray);
  if (Math.abs(skew) >= 0.1) gray = rotatedGray(gray, skew);
  return { image: gray, skew, flattened: flat.flattened };
}


/**
 * The background estimate's grid: the page is reduced to about this many blocks across; each
 * block keeps its brightest cell (a cell = the mean of CELL×CELL pixels: the mean first, so a
 * JPEG's bright ringing around letters is not taken for paper; the brightest, so ink and
 * specks never are).
 */
const BG_BLOCKS_ACROSS = 128;
const CELL = 4; // the sums below add four pixels at a time
/**
 * Half-width of the closing that turns the block image into the paper's light, in blocks
 * (about a fifteenth of the page width, ~0.55 in on a letter page): wider than any glyph, rule
 * or shaded header bar of a statement, so only light that changes over inches stays.
 */
const BG_RADIUS_PART = 15;
/**
 * The light is flattened only when the darkest paper (2nd percentile of the light) gets less
 * than this share of the brightest (98th): an evenly lit scan, or one whose shading one global
 * threshold still splits from the ink, is handed on untouched, byte for byte, so flattening
 * cannot cost it a digit. (Otsu fails once shaded paper nears the midpoint of ink and paper.)
 */
const UNEVEN_SHARE = 0.8;
/** Where the light is under this share of the page's paper level, it is not paper (a table top beyond the sheet): made white. */
const NOT_PAPER = 0.3;

/** Running max (or min) of `src` over a window of ±r along rows (step 1) or columns (step w), in place into `dst`. */
function slide(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, alongRows: boolean, max: boolean): void {
  const n = alongRows ? w : h, lines = alongRows ? h : w;
  const step = alongRows ? 1 : w, lineStep = alongRows ? w : 1;
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    for (let i = 0; i < n; i++) {
      let v = src[base + i * step]!;
      const a = Math.max(0, i - r), b = Math.min(n - 1, i + r);
      for (let j = a; j <= b; j++) { const u = src[base + j * step]!; if (max ? u > v : u < v) v = u; }
      dst[base + i * step] = v;
    }
  }
}

/** Box mean of `src` over ±r along rows or columns, into `dst`. */
function boxMean(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, alongRows: boolean): void {
  const n = alongRows ? w : h, lines = alongRows ? h : w;
  const step = alongRows ? 1 : w, lineStep = alongRows ? w : 1;
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    for (let i = 0; i < n; i++) {
      const a = Math.max(0, i - r), b = Math.min(n - 1, i + r);
      let s = 0;
      for (let j = a; j <= b; j++) s += src[base + j * step]!;
      dst[base + i * step] = s / (b - a + 1);
    }
  }
}

/**
 * The light falling on the paper, estimated on a reduced copy: each block's brightest pixel,
 * closed (max then min over ±radius: dark marks narrower than the window vanish, a gradient
 * keeps its slope) and smoothed. Returns the block image, its size and the block side.
 */
export function paperLight(img: Gray): { light: Float32Array; bw: number; bh: number; block: number; blocks: Float32Array } {
  const { width: w, height: h, data } = img;
  const block = Math.max(2, Math.round(w / BG_BLOCKS_ACROSS / CELL)) * CELL;
  const bw = Math.ceil(w / block), bh = Math.ceil(h / block);
  const a = new Float32Array(bw * bh), b = new Float32Array(bw * bh);
  // Sums of CELL×CELL cells, one row of cells at a time; each cell's mean then raises its block's max.
  // Whole cells only (a ragged last row or column of pixels is left out of the estimate).
  const cw = Math.floor(w / CELL), sums = new Uint32Array(cw);
  for (let cy = 0; (cy + 1) * CELL <= h; cy++) {
    sums.fill(0);
    for (let y = cy * CELL; y < (cy + 1) * CELL; y++) addCellRow(data, y * w, sums);
    raiseBlockMax(sums, a, Math.floor((cy * CELL) / block) * bw, block);
  }
  const blocks = a.slice();
  return { light: closedLight(a, bw, bh, BG_RADIUS_PART), bw, bh, block, blocks };
}

/*
 * paperLight's passes over a row, as functions of their own: paperLight runs once a page, and its
 * loops inline were compiled part way through each page's call (the rest run unoptimised); called
 * row by row, these are optimised after a few rows and kept.
 */

/** Adds the row's pixels from `p` on to the sums of its cells (CELL pixels each). */
function addCellRow(data: Uint8Array, p: number, sums: Uint32Array): void {
  const cw = sums.length;
  for (let c = 0; c < cw; c++, p += CELL) sums[c] = sums[c]! + data[p]! + data[p + 1]! + data[p + 2]! + data[p + 3]!;
}

/** Each cell's mean raising its block's brightest (blocks of the row starting at `brow`). */
function raiseBlockMax(sums: Uint32Array, a: Float32Array, brow: number, block: number): void {
  const cw = sums.length;
  for (let c = 0; c < cw; c++) {
    const m = sums[c]! / (CELL * CELL), k = brow + Math.floor((c * CELL) / block);
    if (m > a[k]!) a[k] = m;
  }
}

/** The blocks' brightest cells closed over ±bw/`radiusPart` blocks and smoothed (in place into `a`): the paper's light. */
function closedLight(a: Float32Array, bw: number, bh: number, radiusPart: number): Float32Array {
  const b = new Float32Array(bw * bh);
  const r = Math.max(2, Math.round(bw / radiusPart));
  slide(a, b, bw, bh, r, true, true); slide(b, a, bw, bh, r, false, true);
  slide(a, b, bw, bh, r, true, false); slide(b, a, bw, bh, r, false, false);
  const s = Math.max(1, Math.round(r / 2));
  boxMean(a, b, bw, bh, s, true); boxMean(b, a, bw, bh, s, false);
  return a;
}

/**
 * The page with its light made even: each pixel divided by the light on the paper around it
 * (a photo lit from one side, a shadow across the sheet, a scanner's dark margin), so the
 * engine's one global threshold finds the ink everywhere. A page lit evenly is returned as is.
 * Cost: one pass to reduce, one to divide (~0.03 s on a 300-dpi page), only the reduction when even.
 */
export function flattenLight(img: Gray): { image: Gray; flattened: boolean } {
  const { width: w, height: h, data } = img;
  if (w < 64 || h < 64) return { image: img, flattened: false };
  const { light: wide, bw, bh, block, blocks } = paperLight(img);
  const sorted = Float32Array.from(wide).sort();
  const lo = sorted[Math.floor(sorted.length * 0.02)]!, hi = sorted[Math.floor(sorted.length * 0.98)]!;
  if (lo >= hi * UNEVEN_SHARE) return { image: img, flattened: false };
  // The light divided out is closed over half that reach: a soft shadow band across the sheet
  // (a phone's or an arm's, 250-450 px of dark core at 300 dpi) is a valley of light that the
  // wide closing half filled, so the band's flanks came out grey, the deskew's projection found
  // the band's slant for the lines' (composed 1303 and 1306 under a shadow band: 5.25° for 1°
  // and 0.4°) and the rows were read across each other. Half the reach still closes glyphs,
  // rules and shaded rows; the wide closing alone says whether the page is lit unevenly.
  const light = closedLight(blocks, bw, bh, BG_RADIUS_PART * 2);
  const paper = sorted[Math.floor(sorted.length * 0.95)]!, floor = paper * NOT_PAPER;
  const out = new Uint8Array(w * h);
  // Bilinear between block centres: the columns' two blocks and weights once, the rows' light per row.
  const cx0 = new Int32Array(w), cx1 = new Int32Array(w), ctx = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / block - 0.5));
    cx0[x] = Math.floor(fx); cx1[x] = Math.min(bw - 1, cx0[x]! + 1); ctx[x] = fx - cx0[x]!;
  }
  const rowLight = new Float32Array(bw);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy), y1 = Math.min(bh - 1, y0 + 1), ty = fy - y0;
    for (let bx = 0; bx < bw; bx++) rowLight[bx] = light[y0 * bw + bx]! * (1 - ty) + light[y1 * bw + bx]! * ty;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const t = ctx[x]!, l = rowLight[cx0[x]!]! * (1 - t) + rowLight[cx1[x]!]! * t;
      const v = l < floor ? 255 : (data[row + x]! * 255) / (l < 1 ? 1 : l);
      out[row + x] = v >= 255 ? 255 : v;
    }
  }
  return { image: { width: w, height: h, data: out }, flattened: true };
}

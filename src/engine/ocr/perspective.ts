import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { otsu, type Gray } from './clean.js';

/**
 * A phone photo of a sheet on a table: the sheet is a four-cornered shape (keystone: the far
 * edge narrower, a tilt) with the table, a hand, the dark room around it. Deskew turns a page;
 * it cannot make a trapezoid square, and the table's dark wood turns into black noise under the
 * engine's threshold. This finds the sheet (the largest bright, unsaturated region of a reduced
 * copy) and maps it back to a rectangle before cleaning. A scan or a photo whose sheet fills the
 * frame is handed on untouched.
 */

/** Corners of the sheet in image pixels: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [[number, number], [number, number], [number, number], [number, number]];

const SAMPLE_WIDTH = 400;
/** Paper is grey, white or lightly tinted: a wooden table, a hand or skin are more saturated than this (max − min of RGB). */
const PAPER_MAX_SATURATION = 48;
/** The sheet must cover this share of the photo at least (else what was found is no sheet: a receipt, a logo). */
const MIN_SHEET_SHARE = 0.3;
/** Where the sheet touches more than this share of the frame's border, it fills the frame: nothing to rectify. */
const FILLS_FRAME_BORDER = 0.35;
/** A sheet already within this many sample pixels of a rectangle (each corner) is not worth a warp. */
const SQUARE_ENOUGH = 1.5;

/**
 * Whether the photo's border is darker than its paper (a table, a room around the sheet): the
 * mean of the outer 2 % on each side against the 90th percentile of the whole. A scan's border
 * is paper or the scanner's white lid, so the sheet search (~0.15 CPU s) is skipped for it.
 */
export function darkBorder(img: Gray): boolean {
  const { width: w, height: h, data } = img;
  const bx = Math.max(1, Math.round(w * 0.02)), by = Math.max(1, Math.round(h * 0.02));
  const hist = new Uint32Array(256);
  let border = 0, nb = 0, n = 0;
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 250_000)));
  for (let y = 0; y < h; y += step) {
    const edgeRow = y < by || y >= h - by;
    for (let x = 0; x < w; x += step) {
      const v = data[y * w + x]!;
      hist[v]!++; n++;
      if (edgeRow || x < bx || x >= w - bx) { border += v; nb++; }
    }
  }
  let acc = 0, p90 = 255;
  for (let v = 0; v < 256; v++) { acc += hist[v]!; if (acc >= n * 0.9) { p90 = v; break; } }
  return nb > 0 && border / nb < p90 * 0.75;
}

/**
 * The sheet's corners in the image, or null when there is no sheet to rectify: no large bright
 * region, one that fills the frame (a scan, a cropped photo), or a shape that is no quadrilateral.
 */
export function findSheet(canvas: Canvas): Quad | null {
  const f = canvas.width / SAMPLE_WIDTH;
  if (f < 1) return null;
  const w = SAMPLE_WIDTH, h = Math.max(1, Math.round(canvas.height / f));
  const small = createCanvas(w, h);
  const g = small.getContext('2d');
  g.fillStyle = '#000';
  g.fillRect(0, 0, w, h);
  g.imageSmoothingQuality = 'medium';
  g.drawImage(canvas, 0, 0, w, h);
  const rgba = g.getImageData(0, 0, w, h).data;
  const lum = new Uint8Array(w * h), sat = new Uint8Array(w * h);
  const hist = new Uint32Array(256);
  for (let p = 0; p < w * h; p++) {
    const r = rgba[p * 4]!, gg = rgba[p * 4 + 1]!, b = rgba[p * 4 + 2]!;
    lum[p] = (r * 77 + gg * 150 + b * 29) >> 8;
    sat[p] = Math.max(r, gg, b) - Math.min(r, gg, b);
    hist[lum[p]!]!++;
  }
  const t = otsu(hist, w * h);
  const paper = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) paper[p] = lum[p]! > t && sat[p]! <= PAPER_MAX_SATURATION ? 1 : 0;
  // Text and rules inside the sheet break the paper into pieces at this size only where lines are dense: close them.
  const closed = close3(paper, w, h);
  const comp = largestComponent(closed, w, h);
  if (!comp || comp.size < w * h * MIN_SHEET_SHARE) return null;
  let border = 0;
  for (let x = 0; x < w; x++) border += comp.mask[x]! + comp.mask[(h - 1) * w + x]!;
  for (let y = 0; y < h; y++) border += comp.mask[y * w]! + comp.mask[y * w + w - 1]!;
  if (border > FILLS_FRAME_BORDER * 2 * (w + h)) return null;
  // Corners as the extremes of x + y and x − y: exact for a sheet turned less than 45°.
  let tl = [0, 0], tr = [0, 0], br = [0, 0], bl = [0, 0];
  let mTl = Infinity, mTr = -Infinity, mBr = -Infinity, mBl = Infinity;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!comp.mask[y * w + x]) continue;
      const s = x + y, d = x - y;
      if (s < mTl) { mTl = s; tl = [x, y]; }
      if (s > mBr) { mBr = s; br = [x + 1, y + 1]; }
      if (d > mTr) { mTr = d; tr = [x + 1, y]; }
      if (d < mBl) { mBl = d; bl = [x, y + 1]; }
    }
  }
  const quad = [tl, tr, br, bl] as Quad;
  // The shape must be a sheet: its four corners make up most of the region (a blob is no quadrilateral).
  const area = Math.abs(shoelace(quad));
  if (area < comp.size * 0.85 || area > comp.size * 1.15) return null;
  const rect = [[0, 0], [w, 0], [w, h], [0, h]];
  if (quad.every((c, i) => Math.abs(c[0] - rect[i]![0]!) <= SQUARE_ENOUGH && Math.abs(c[1] - rect[i]![1]!) <= SQUARE_ENOUGH)) return null;
  return quad.map(([x, y]) => [x * f, y * f]) as Quad;
}

/**
 * The sheet mapped back to a rectangle: its width and height the longer of its opposite edges,
 * each output pixel read from the photo's gray pixels through the homography (bilinear).
 */
export function rectify(src: Gray, q: Quad): Gray {
  const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const W = Math.round(Math.max(dist(q[0], q[1]), dist(q[3], q[2])));
  const H = Math.round(Math.max(dist(q[0], q[3]), dist(q[1], q[2])));
  const m = homography([[0, 0], [W, 0], [W, H], [0, H]], q);
  return { width: W, height: H, data: warp(src, m, W, H) };
}

function warp(src: Gray, m: number[], W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H).fill(255);
  const sw = src.width, sh = src.height, d = src.data;
  for (let y = 0; y < H; y++) {
    // Along a row the projective coordinates change linearly: add, divide once per pixel.
    let zx = m[1]! * (y + 0.5) + m[2]! + m[0]! * 0.5, zy = m[4]! * (y + 0.5) + m[5]! + m[3]! * 0.5, zw = m[7]! * (y + 0.5) + m[8]! + m[6]! * 0.5;
    const row = y * W;
    for (let x = 0; x < W; x++, zx += m[0]!, zy += m[3]!, zw += m[6]!) {
      const sx = zx / zw - 0.5, sy = zy / zw - 0.5;
      if (sx < 0 || sy < 0 || sx >= sw - 1 || sy >= sh - 1) continue;
      const x0 = sx | 0, y0 = sy | 0, fx = sx - x0, fy = sy - y0, p = y0 * sw + x0;
      const a = d[p]! + (d[p + 1]! - d[p]!) * fx, b = d[p + sw]! + (d[p + sw + 1]! - d[p + sw]!) * fx;
      out[row + x] = a + (b - a) * fy;
    }
  }
  return out;
}

/** The 3×3 homography (row-major) taking the four `from` points to the four `to` points. */
export function homography(from: number[][], to: number[][]): number[] {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]! as [number, number], [X, Y] = to[i]! as [number, number];
    A.push([x, y, 1, 0, 0, 0, -X * x, -X * y, X]);
    A.push([0, 0, 0, x, y, 1, -Y * x, -Y * y, Y]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const k = A[r]![c]! / A[c]![c]!;
      for (let j = c; j < 9; j++) A[r]![j]! -= k * A[c]![j]!;
    }
  }
  return [...A.map((row, i) => row[8]! / row[i]!), 1];
}

function shoelace(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) { const a = q[i]!, b = q[(i + 1) % 4]!; s += a[0] * b[1] - b[0] * a[1]; }
  return s / 2;
}

/** Binary closing with a 3×3 square (dilate then erode). */
function close3(m: Uint8Array, w: number, h: number): Uint8Array {
  const pass = (src: Uint8Array, dilate: boolean) => {
    const out = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let v = dilate ? 0 : 1;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const s = yy < 0 || yy >= h || xx < 0 || xx >= w ? (dilate ? 0 : 1) : src[yy * w + xx]!;
            if (dilate ? s : !s) { v = dilate ? 1 : 0; }
          }
        }
        out[y * w + x] = v;
      }
    }
    return out;
  };
  return pass(pass(m, true), false);
}

/** The largest 4-connected region of set pixels (a queue over the sample: bounded by its pixel count). */
function largestComponent(m: Uint8Array, w: number, h: number): { mask: Uint8Array; size: number } | null {
  const label = new Int32Array(w * h);
  const queue = new Int32Array(w * h);
  let best = 0, bestLabel = 0, next = 0;
  for (let s = 0; s < w * h; s++) {
    if (!m[s] || label[s]) continue;
    next++;
    let head = 0, tail = 0, size = 0;
    queue[tail++] = s; label[s] = next;
    while (head < tail) {
      const p = queue[head++]!; size++;
      const x = p % w, y = (p - x) / w;
      if (x > 0 && m[p - 1] && !label[p - 1]) { label[p - 1] = next; queue[tail++] = p - 1; }
      if (x < w - 1 && m[p + 1] && !label[p + 1]) { label[p + 1] = next; queue[tail++] = p + 1; }
      if (y > 0 && m[p - w] && !label[p - w]) { label[p - w] = next; queue[tail++] = p - w; }
      if (y < h - 1 && m[p + w] && !label[p + w]) { label[p + w] = next; queue[tail++] = p + w; }
    }
    if (size > best) { best = size; bestLabel = next; }
  }
  if (!best) return null;
  const mask = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) mask[p] = label[p] === bestLabel ? 1 : 0;
  // Holes (text, a highlighted row) are filled: the sheet's extremes are all that is read.
  return { mask, size: best + holes(mask, w, h) };
}

/** Fills enclosed holes of the mask in place and returns how many pixels were filled. */
function holes(mask: Uint8Array, w: number, h: number): number {
  const outside = new Uint8Array(w * h), queue = new Int32Array(w * h);
  let tail = 0;
  const push = (p: number) => { if (!mask[p] && !outside[p]) { outside[p] = 1; queue[tail++] = p; } };
  for (let x = 0; x < w; x++) { push(x); push((h - 1) * w + x); }
  for (let y = 0; y < h; y++) { push(y * w); push(y * w + w - 1); }
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!, x = p % w, y = (p - x) / w;
    if (x > 0) push(p - 1); if (x < w - 1) push(p + 1); if (y > 0) push(p - w); if (y < h - 1) push(p + w);
  }
  let filled = 0;
  for (let p = 0; p < w * h; p++) if (!mask[p] && !outside[p]) { mask[p] = 1; filled++; }
  return filled;
}

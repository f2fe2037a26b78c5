import type { Gray } from './clean.js';

/** A pixel this much darker than the paper is no paper (a bar's fill, ink). */
const OFF_PAPER = 40;
/** A row crosses a bar when at least this share of the page's width is off paper (a line of text stays far under it). */
const BAR_ROW_SHARE = 0.3;
/** Within a bar's rows, a column is the bar's when at least this share of them is off paper. */
const BAR_COLUMN_SHARE = 0.6;
/** Text on a bar is lighter than the bar's fill by at least this. */
const LIGHTER = 30;
/** Of the way from a bar's fill to its lightest type, the share that is the fill's grain, not type. */
const GRAIN = 0.25;
/** A light line down at least this share of a bar's height is a rule between heads (type, parentheses included, stays under it). */
const RULE_HEIGHT = 0.7;

/**
 * The page with its dark bars' light type turned dark on white: column heads printed in white on
 * a dark or coloured bar, as many statements print them. The OCR engine binarises the page as a
 * whole, so a bar becomes one black block and its heads are lost, and with them the table (a
 * composed scan with its heads on a dark bar read no row). A bar is a band of rows off the paper
 * across at least a quarter of the page, between a twentieth of an inch and an inch and a half
 * high (rules are thinner, pictures taller), holding type lighter than its fill; within its
 * extent each pixel is mapped so the fill becomes the page's paper and the lightest type black. Light bars
 * holding dark type, zebra rows and rules are left as they are. One pass over the page, then one
 * over each bar.
 */
export function lightTypeOnBars(img: Gray): Gray {
  const { width: w, height: h, data } = img;
  const paper = paperLevel(img);
  const off = paper - OFF_PAPER;
  if (off <= LIGHTER) return img;
  const minH = Math.max(8, Math.round(w / 120)), maxH = Math.round(w / 6);
  const minW = w / 4;
  const rowOff = new Uint32Array(h);
  for (let y = 0; y < h; y++) rowOff[y] = darkerInRow(data, y * w, w, off);
  let out: Uint8Array | null = null;
  let y = 0;
  while (y < h) {
    if (rowOff[y]! < w * BAR_ROW_SHARE) { y++; continue; }
    const y0 = y;
    while (y < h && rowOff[y]! >= w * BAR_ROW_SHARE) y++;
    const y1 = y; // rows y0 .. y1 - 1
    if (y1 - y0 < minH || y1 - y0 > maxH) continue;
    const span = barSpan(img, y0, y1, off);
    if (!span || span.x1 - span.x0 < minW) continue;
    const mapped = lighten(img, span.x0, span.x1, y0, y1, paper);
    if (!mapped) continue;
    out ??= new Uint8Array(data);
    for (let yy = y0; yy < y1; yy++) out.set(mapped.subarray((yy - y0) * (span.x1 - span.x0), (yy - y0 + 1) * (span.x1 - span.x0)), yy * w + span.x0);
    // The bar's edge (its blurred rim, lighter than the fill, came out dark: a box drawn round
    // the heads, which the engine takes for a picture) and the rim's grey just outside it: paper.
    const m = Math.max(2, Math.round((y1 - y0) / 8));
    const ex0 = Math.max(0, span.x0 - m), ex1 = Math.min(w, span.x1 + m), ey0 = Math.max(0, y0 - m), ey1 = Math.min(h, y1 + m);
    for (let yy = ey0; yy < ey1; yy++) {
      const rim = yy < y0 + m || yy >= y1 - m;
      for (let x = ex0; x < ex1; x++) if (rim || x < span.x0 + m || x >= span.x1 - m) out[yy * w + x] = paper;
    }
  }
  return out ? { width: w, height: h, data: out } : img;
}

/**
 * The row's pixels (from `row`, `w` of them) darker than `off`. A function of its own, called row
 * by row: lightTypeOnBars runs once a page, and its loop inline was compiled part way through each
 * page's call (the rest run unoptimised); this is optimised after a few rows and kept.
 */
function darkerInRow(data: Uint8Array, row: number, w: number, off: number): number {
  let n = 0;
  for (let x = 0; x < w; x++) if (data[row + x]! < off) n++;
  return n;
}

/** The paper's level: the 90th percentile of a sample of the page's pixels. */
function paperLevel(img: Gray): number {
  const hist = new Uint32Array(256);
  const step = Math.max(1, Math.floor(img.data.length / 200_000));
  let n = 0;
  for (let p = 0; p < img.data.length; p += step) { hist[img.data[p]!]!++; n++; }
  let seen = 0;
  for (let v = 0; v < 256; v++) { seen += hist[v]!; if (seen >= n * 0.9) return v; }
  return 255;
}

/** The bar's first and last column (exclusive) in rows y0..y1: the widest run of columns mostly off paper. */
function barSpan(img: Gray, y0: number, y1: number, off: number): { x0: number; x1: number } | null {
  const { width: w, data } = img;
  const col = new Uint32Array(w);
  for (let y = y0; y < y1; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) if (data[row + x]! < off) col[x]!++;
  }
  const need = (y1 - y0) * BAR_COLUMN_SHARE;
  // Type cuts columns of the bar short (a white stem): a gap of a few columns does not end it.
  const gapMax = Math.max(2, Math.round((y1 - y0) / 2));
  let best: { x0: number; x1: number } | null = null, start = -1, lastOn = -1;
  for (let x = 0; x <= w; x++) {
    const on = x < w && col[x]! >= need;
    if (on) { if (start < 0) start = x; lastOn = x; continue; }
    if (start >= 0 && (x === w || x - lastOn > gapMax)) {
      if (!best || lastOn + 1 - start > best.x1 - best.x0) best = { x0: start, x1: lastOn + 1 };
      start = -1;
    }
  }
  return best;
}

/**
 * The bar's pixels mapped so its fill is paper and type lighter than the fill is ink; null when
 * the bar holds no such type (a dark rule band, a picture, dark type on a light bar). The fill
 * is measured piece by piece along the bar (a photo's glare lightens part of it), and a light
 * line down the bar's whole height (a rule between two heads) is no type.
 */
function lighten(img: Gray, x0: number, x1: number, y0: number, y1: number, paper: number): Uint8Array | null {
  const { width: w, data } = img;
  const bw = x1 - x0, bh = y1 - y0;
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hist[data[y * w + x]!]!++;
  const total = bw * bh;
  const fill = percentile(hist, total, 0.5);
  const light = percentile(hist, total, 0.995);
  let lighter = 0, darker = 0;
  for (let v = fill + LIGHTER; v < 256; v++) lighter += hist[v]!;
  for (let v = 0; v <= fill - LIGHTER; v++) darker += hist[v]!;
  // Type covers a few percent of a bar of heads; none (or nearly all) is no bar of heads. A grey
  // band holding dark type (a shaded total row, its figure in black) is no such bar either: its
  // type is darker than its fill, and mapping it would erase it.
  if (light - fill < LIGHTER * 1.5 || lighter < total * 0.01 || lighter > total * 0.45 || fill > paper - LIGHTER || darker * 2 > lighter) return null;
  // The fill of each piece of the bar, two bar-heights long: its median (type is the minority).
  const piece = Math.max(8, bh * 2);
  const fills: number[] = [];
  for (let px = x0; px < x1; px += piece) {
    const ph = new Uint32Array(256);
    const end = Math.min(x1, px + piece);
    for (let y = y0; y < y1; y++) for (let x = px; x < end; x++) ph[data[y * w + x]!]!++;
    fills.push(Math.max(fill, percentile(ph, (end - px) * bh, 0.5)));
  }
  const out = new Uint8Array(total);
    for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const f = fills[Math.floor((x - x0) / piece)]!;
      // 0 at the fill, 1 at the lightest type; the fill's own grain (a photo's, a scan's) up to
      // a quarter of the way is paper.
      const t = ((data[y * w + x]! - f) / Math.max(LIGHTER, light - f) - GRAIN) / (1 - GRAIN);
      const v = t <= 0 ? paper : t >= 1 ? 0 : Math.round(paper * (1 - t));
      out[(y - y0) * bw + (x - x0)] = v;
    }
  }
  // A rule between heads runs the bar's height (a pixel or two across, a photo's a little
  // aslant: counted over three columns); type keeps clear of the bar's edges.
  const near = new Uint32Array(bw);
  for (let y = 0; y < bh; y++) {
    const row = y * bw;
    for (let x = 0; x < bw; x++) if (out[row + x]! < paper / 2 || (x > 0 && out[row + x - 1]! < paper / 2) || (x + 1 < bw && out[row + x + 1]! < paper / 2)) near[x]!++;
  }
  for (let x = 0; x < bw; x++) {
    if (near[x]! < bh * RULE_HEIGHT) continue;
    for (let y = 0; y < bh; y++) for (let k = Math.max(0, x - 1); k <= Math.min(bw - 1, x + 1); k++) out[y * bw + k] = paper;
  }
  return out;
}

function percentile(hist: Uint32Array, total: number, share: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) { seen += hist[v]!; if (seen >= total * share) return v; }
  return 255;
}

/**
 * Print the page engine left unread, read again on a crop of its own. Sparse-text reading now
 * and then drops a whole printed line, or a word at a line's end, legible as it is: a table's
 * column heads in bold over their rule, on a blurred page once restored and on a sharp one alike
 * (composed 2105 shaken, "Date d'opération | Libellé | Débit | Crédits | Solde" not one word
 * read; 2108 defocused and measured sharp, "Saldo" alone lost at the heads' end; 2107 "Data"
 * and "Saldo"). With its heads lost the table's balance column was read as its amounts, or no
 * table was found (F1 0.07, 0.34, 0). The same pixels cropped with a margin and read as one
 * block of lines read every head (`Date` 93, `Débit` 91, `Solde` 87 on 2105).
 *
 * So ink that no word's box covers, in a run shaped like a line of type (as tall as the page's
 * letters, wider than two; not a rule, not a picture), is read again by the page engine as a
 * block on a crop of its line with a margin; what it reads there that lies on the unread ink
 * and is no word read already is added. Pages the page engine read whole (every flatbed scan
 * of composed 2101–2110) have no such run and read nothing again. Nothing is
 * changed in what the page reading read, and words read there keep their own confidence (a
 * figure read so at low confidence is flagged as any other).
 */
import type { Gray } from './clean.js';
import type { OcrWord } from './tesseract.js';

/** Darker than this is ink on the cleaned page (paper is white). */
const INK = 128;
/** Side of the grid's cells (pixels); a cell holds unread print with this many ink pixels no word covers. */
const CELL = 8;
const CELL_INK = 6;
/** At most this many crops read a page (a page of noise must not cost a reading per speck). */
export const MAX_UNREAD_CROPS = 6;

/** Reads a crop of the page (pixels of the page) as one block of lines; words in the crop's pixels. */
export type CropReader = (img: Gray) => Promise<OcrWord[]>;

interface Box { x0: number; y0: number; x1: number; y1: number }

const median = (xs: number[]) => { const s = xs.slice().sort((a, b) => a - b); return s[s.length >> 1] ?? 0; };

/**
 * Runs of unread print shaped like type: boxes (page pixels) of cells with ink no word covers,
 * joined along a line across gaps under a letter's height; as tall as the page's type (its
 * inked rows at least half a capital, at most three), and at least two capitals wide.
 */
export function unreadPrint(words: OcrWord[], img: Gray): Box[] {
  const sized = words.filter((w) => w.ascent > 0 && /[A-Za-z0-9]/.test(w.text));
  if (sized.length < 10) return [];
  const a = median(sized.map((w) => w.ascent));
  const { width: w, height: h, data } = img;
  const gw = Math.ceil(w / CELL), gh = Math.ceil(h / CELL);
  // Pixels under a word's box (a few pixels more: its glyphs' anti-aliased edges).
  const covered = new Uint8Array(w * h);
  const pad = 3;
  for (const wd of words) {
    const x0 = Math.max(0, Math.floor(wd.x0) - pad), x1 = Math.min(w, Math.ceil(wd.x1) + pad);
    const y0 = Math.max(0, Math.floor(wd.y0) - pad), y1 = Math.min(h, Math.ceil(wd.y1) + pad);
    for (let y = y0; y < y1; y++) covered.fill(1, y * w + x0, y * w + x1);
  }
  const cells = new Uint16Array(gw * gh);
  for (let y = 0; y < h; y++) countUncovered(data, covered, y * w, w, cells, (y / CELL | 0) * gw);
  const on = (i: number) => cells[i]! >= CELL_INK;
  // Cells joined into runs: neighbours, and along a row across a gap under a letter's height.
  const gap = Math.max(1, Math.round(a / CELL));
  const seen = new Uint8Array(gw * gh);
  const out: Box[] = [];
  for (let start = 0; start < gw * gh; start++) {
    if (!on(start) || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    let cx0 = gw, cx1 = -1, cy0 = gh, cy1 = -1, n = 0;
    while (stack.length) {
      const i = stack.pop()!, cx = i % gw, cy = (i / gw) | 0;
      n++;
      cx0 = Math.min(cx0, cx); cx1 = Math.max(cx1, cx); cy0 = Math.min(cy0, cy); cy1 = Math.max(cy1, cy);
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1 - gap; dx <= 1 + gap; dx++) {
        if (Math.abs(dy) === 1 && Math.abs(dx) > 1) continue;
        const nx = cx + dx, ny = cy + dy;
        if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
        const j = ny * gw + nx;
        if (!seen[j] && on(j)) { seen[j] = 1; stack.push(j); }
      }
    }
    const box = { x0: cx0 * CELL, y0: cy0 * CELL, x1: Math.min(w, (cx1 + 1) * CELL), y1: Math.min(h, (cy1 + 1) * CELL) };
    if (n < 4 || box.x1 - box.x0 < 2 * a || box.y1 - box.y0 > 3.5 * a) continue;
    // Its inked rows (a rule is two or three pixels tall, however long).
    let rows = 0;
    for (let y = box.y0; y < box.y1; y++) if (uncoveredInk(data, covered, y * w, box.x0, box.x1) >= 2) rows++;
    if (rows < 0.5 * a || rows > 3 * a) continue;
    out.push(box);
  }
  return out;
}

/*
 * The passes over a row's pixels, as functions of their own: unreadPrint runs once a page, and its
 * loops inline were compiled part way through each page's call (the rest run unoptimised); called
 * row by row, these are optimised after a few rows and kept.
 */

/** Adds the row's ink (from `row`, `w` pixels) that no word covers to its cells (of the cell row from `g`). */
function countUncovered(data: Uint8Array, covered: Uint8Array, row: number, w: number, cells: Uint16Array, g: number): void {
  for (let x = 0; x < w; x++) if (data[row + x]! < INK && !covered[row + x]) cells[g + (x / CELL | 0)]!++;
}

/** The row's ink pixels from x0 to x1 that no word covers. */
function uncoveredInk(data: Uint8Array, covered: Uint8Array, row: number, x0: number, x1: number): number {
  let k = 0;
  for (let x = x0; x < x1; x++) if (data[row + x]! < INK && !covered[row + x]) k++;
  return k;
}

/** The page's words with what a crop of each run of unread print reads there added; how many crops were read. */
export async function readUnreadPrint(words: OcrWord[], img: Gray, read: CropReader): Promise<{ words: OcrWord[]; crops: number; added: number }> {
  const found = unreadPrint(words, img);
  // Runs on one line read as one crop: a line's words read together read better than each alone
  // (2105's "Date d'opération" read "Rete Mepeeeet" alone, "Date d'opération" 93 with its line).
  const bands: Box[] = [];
  for (const r of found.sort((p, q) => p.y0 - q.y0)) {
    const b = bands.find((x) => Math.min(x.y1, r.y1) - Math.max(x.y0, r.y0) > 0.5 * Math.min(x.y1 - x.y0, r.y1 - r.y0));
    if (b) { b.x0 = Math.min(b.x0, r.x0); b.x1 = Math.max(b.x1, r.x1); b.y0 = Math.min(b.y0, r.y0); b.y1 = Math.max(b.y1, r.y1); } else bands.push({ ...r });
  }
  const runs = bands.sort((p, q) => (q.x1 - q.x0) * (q.y1 - q.y0) - (p.x1 - p.x0) * (p.y1 - p.y0)).slice(0, MAX_UNREAD_CROPS);
  if (!runs.length) return { words, crops: 0, added: 0 };
  const a = median(words.filter((w) => w.ascent > 0).map((w) => w.ascent));
  const added: OcrWord[] = [];
  let nextLine = Math.max(-1, ...words.map((w) => w.line)) + 1;
  /** The share of the smaller box that the two boxes have in common. */
  const shared = (p: Box, q: Box) => {
    const ix = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0), iy = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
    if (ix <= 0 || iy <= 0) return 0;
    return (ix * iy) / Math.max(1, Math.min((p.x1 - p.x0) * (p.y1 - p.y0), (q.x1 - q.x0) * (q.y1 - q.y0)));
  };
  for (const run of runs) {
    // A margin of a line and a little around it: read tight, the engine made marks of the letters.
    const m = Math.max(20, Math.round(a));
    const x0 = Math.max(0, run.x0 - m), x1 = Math.min(img.width, run.x1 + m);
    const y0 = Math.max(0, run.y0 - m), y1 = Math.min(img.height, run.y1 + m);
    const cw = x1 - x0, ch = y1 - y0;
    const crop = new Uint8Array(cw * ch);
    for (let y = 0; y < ch; y++) crop.set(img.data.subarray((y0 + y) * img.width + x0, (y0 + y) * img.width + x1), y * cw);
    // The words read already are left in: whitened out, the crop read nothing at all (2102: its
    // heads' "operazione" twice and "Saldo" left between blanks); read again, they are not taken.
    const again = await read({ width: cw, height: ch, data: crop });
    const lines = new Map<number, number>();
    for (const r of again) {
      const wd = { ...r, x0: r.x0 + x0, x1: r.x1 + x0, y0: r.y0 + y0, y1: r.y1 + y0, baseline: r.baseline + y0 };
      const mx = (wd.x0 + wd.x1) / 2, my = (wd.y0 + wd.y1) / 2;
      if (!/[A-Za-z0-9]/.test(wd.text) || mx < run.x0 || mx > run.x1 || my < run.y0 || my > run.y1) continue;
      // A word read already there (its box may reach into the next line: half of one at most).
      if (words.some((u) => shared(u, wd) > 0.5) || added.some((u) => shared(u, wd) > 0.5)) continue;
      // On a line the page reading read (a word lost at its end), the word joins that line.
      const beside = words.find((u) => u.ascent > 0 && Math.abs(u.baseline - wd.baseline) < u.ascent * 0.5);
      let line = beside?.line;
      if (line === undefined) { line = lines.get(r.line) ?? nextLine++; lines.set(r.line, line); }
      added.push({ ...wd, line });
    }
  }
  return { words: added.length ? [...words, ...added] : words, crops: runs.length, added: added.length };
}

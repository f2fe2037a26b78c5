/**
 * A page's text items as a reader sees them upright. Most pages draw their text along the page's
 * x axis, and text in any other direction (a watermark across the page, a note up the margin)
 * is no part of a statement's table, so it is dropped. But a landscape printout is often a
 * portrait page whose whole content is drawn turned a quarter, with /Rotate turning it back for
 * the viewer (Excel's and some core-banking systems' "print to PDF"), and a page can be upside
 * down: every line of it then runs in one other direction. When most of a page's characters run
 * in one quarter-turned direction, over several lines, that direction is the page's: those items are turned upright
 * (positions, and the page's width and height) and the rest dropped, as on an upright page.
 */
import type { TextItem } from './text-item.js';
import { withoutOverprint } from './overprint.js';
import { withGlyphsInPlace } from './interleaved-glyphs.js';
import { unswappedText } from './swapped-utf16.js';
import { withTypesetMarks } from './typeset-marks.js';

/** A character that is neither white space nor a control character. */
const VISIBLE = /[^\s\p{Cc}]/u;

/** One item as either reader lists it: its string, text-space-to-page matrix, advance width and font. */
export interface PlacedString {
  str: string;
  transform: readonly number[];
  width: number;
  fontName: string;
}

/** The upright page: its size and items, positions in points from its top left corner. */
export interface UprightPage {
  width: number;
  height: number;
  items: TextItem[];
  /** Quarter turns the page's text was drawn at (0 upright, 1 running up the page, 2 upside down, 3 running down). */
  turn: 0 | 1 | 2 | 3;
}

/** Lines a turned direction needs before a page is read in it. */
const MIN_TURNED_LINES = 3;

/** The quarter turn of a matrix's text direction, or null when it is not along an axis (or is skewed). */
function quarterTurn(t: readonly number[]): 0 | 1 | 2 | 3 | null {
  const [a, b, c, d] = t as [number, number, number, number];
  const eps = 0.01;
  if (Math.abs(b) <= eps && Math.abs(c) <= eps) return a > 0 ? 0 : a < 0 ? 2 : null;
  if (Math.abs(a) <= eps && Math.abs(d) <= eps) return b > 0 && c < 0 ? 1 : b < 0 && c > 0 ? 3 : null;
  return null;
}

/**
 * The page's items upright. `view` is the page's box [x0, y0, x1, y1]. On a page whose text is
 * mostly upright this keeps exactly the upright items, as it always has.
 */
export function uprightItems(raw: readonly PlacedString[], view: readonly number[]): UprightPage {
  const [x0, y0, x1, y1] = view as [number, number, number, number];
  const W = x1 - x0, H = y1 - y0;
  // One pass for each item's direction (-1: blank or not along an axis), no object per item.
  const dir = new Int8Array(raw.length);
  const chars = [0, 0, 0, 0];
  for (let i = 0; i < raw.length; i++) {
    const s = raw[i]!;
    const q = s.str && s.str.trim() ? quarterTurn(s.transform) : null;
    dir[i] = q ?? -1;
    if (q !== null) chars[q] = chars[q]! + s.str.length;
  }
  // A page turns only when another direction clearly holds its text, over several lines: a long
  // note up the margin of a short last page is one line, and the page stays upright.
  let turn: 0 | 1 | 2 | 3 = 0;
  for (const q of [1, 2, 3] as const) {
    if (chars[q]! <= 2 * chars[0]! || chars[q]! <= chars[turn]!) continue;
    const baselines = new Set<number>();
    for (let i = 0; i < raw.length; i++) if (dir[i] === q) baselines.add(Math.round(raw[i]!.transform[q === 2 ? 5 : 4]!));
    if (baselines.size >= MIN_TURNED_LINES) turn = q;
  }
  const items: TextItem[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (dir[i] !== turn) continue;
    const s = raw[i]!, t = s.transform;
    // Control characters and spaces only: nothing a reader sees. A scan re-written by a print
    // pipeline ("print to PDF" of an image-only file) kept a few such items a page ("\u0003" of
    // an unmapped font): the pages counted as text, were not read by OCR, and nothing was found.
    if (!VISIBLE.test(s.str)) continue;
    const u = t[4]! - x0, v = t[5]! - y0;
    // The point in the upright page: x along the text's direction, y down from the top.
    const x = turn === 0 ? u : turn === 1 ? v : turn === 2 ? W - u : H - v;
    const y = turn === 0 ? H - v : turn === 1 ? u : turn === 2 ? v : W - u;
    items.push({ str: unswappedText(s.str), x, y, w: s.width, size: Math.hypot(t[2]!, t[3]!) || 1, font: s.fontName });
  }
  const once = withTypesetMarks(withGlyphsInPlace(withoutOverprint(items)));
  return turn % 2 ? { width: H, height: W, items: once, turn } : { width: W, height: H, items: once, turn };
}

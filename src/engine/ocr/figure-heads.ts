/**
 * A figure's leading digits read apart from it, read again with it. The page engine splits a
 * figure where its print leaves a gap as wide as a word space, and then reads the front part as
 * a word of its own or loses it:
 * - Times at 7 pt on a 200-dpi scan: the first "1" of "11.058,82" stands a space away from the
 *   next (a "1" is narrow in its cell) and is read "I" beside "1.058,82";
 * - Courier: every character fills a whole cell, so a group mark or a space between groups is a
 *   word space ("-3.284,00" read "=3" and "284,00", its point lost; "€5 797,81" read "€5" and
 *   "797,81", further apart than the reader joins a cell's words).
 * The row then takes the last groups alone: a wrong amount whose cents are right. Where a figure
 * with cents has, a word space or less before it on its line, a fragment (a few digits or marks
 * that are no word: "I", "=3", "€5") or print no word covers, the checking engine reads the
 * strip of both, and that reading is kept only when it is one figure that ends in the figure's
 * digits ("11.058,82" ends "1.058,82"; one of them may read differently: the checking engine
 * reads better), with more digits in front. It is flagged
 * (confidence under the suspect mark): the figure was read twice differently. Nothing is made up:
 * a strip that does not read so leaves the words as they were.
 */
import type { Gray } from './clean.js';
import { CHECK_BELOW_CONF, type OcrWord } from './tesseract.js';
import { LOW_CONFIDENCE } from './limits.js';
import { figureOf, type RegionReader } from './column-cells.js';

/** At most this many strips a page (a page of noise must not cost a strip per word). */
export const MAX_HEAD_REREADS = 30;
/** Band heights (pixels) under this are enlarged for the checking engine (as ./column-cells.ts). */
const MIN_BAND_PX = 40;
/** Ink darker than this counts as print (the cleaned page's paper is white). */
const INK = 128;

/** A figure with cents, currency and signs around it allowed ("1.058,82", "797,81", "(626.89)"). */
const isFigure = (text: string) => figureOf(text) !== null;

/**
 * A fragment that can be a figure's front part read apart: at most three digits, or a glyph a
 * narrow "1" is read as, with at most a sign, bracket or currency mark before them ("I", "=3",
 * "€5", "-12"). Letters that are words or debit/credit marks of their own ("S", "D", "CR") are not.
 */
const FRAGMENT = /^[-=~—–+(<«_€$£¥]{0,2}(?:\d{1,3}|[Il|!i])$/;
export function isFragment(text: string): boolean {
  return FRAGMENT.test(text);
}

const digits = (t: string) => t.replace(/\D/g, '');

/**
 * The strip's reading as the figure with its front part, or null: one figure (its words joined,
 * a space between groups kept), ending in the digits of `figure` (one may read differently)
 * with more in front, its decimal mark and what follows its last digit (a trailing sign) the same.
 */
export function withHead(read: string, figure: string): string | null {
  const text = read.trim().replace(/\s+/g, ' ');
  const f = figureOf(text), g = figureOf(figure);
  if (!f || !g || f.decimal !== g.decimal) return null;
  // The figure's digits at the end, at most one read differently (the checking engine reads
  // better: "<3" "284,09" read again "-3.284,00"), and more in front.
  const d = digits(text), e = digits(figure);
  if (d.length <= e.length) return null;
  let differ = 0;
  for (let i = 1; i <= e.length; i++) if (d[d.length - i] !== e[e.length - i]) differ++;
  if (differ > 1) return null;
  const tail = (t: string) => t.slice(t.search(/\d[^\d]*$/) + 1);
  return tail(text) === tail(figure) ? text : null;
}

function median(v: number[]): number {
  const s = v.slice().sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : 0;
}

/**
 * The page's word space, ink to ink: the median gap between two words of letters next to each
 * other on a line (the type's own space: wide in Courier, narrow in Times). Null with too few.
 */
export function wordSpace(words: OcrWord[]): number | null {
  const byLine = new Map<number, OcrWord[]>();
  for (const w of words) { const l = byLine.get(w.line); if (l) l.push(w); else byLine.set(w.line, [w]); }
  const gaps: number[] = [];
  for (const ws of byLine.values()) {
    ws.sort((a, b) => a.x0 - b.x0);
    for (let i = 1; i < ws.length; i++) {
      const a = ws[i - 1]!, b = ws[i]!;
      const gap = b.x0 - a.x1;
      if (/^[A-Za-zÀ-ÿ]{2,}$/.test(a.text) && /^[A-Za-zÀ-ÿ]{2,}$/.test(b.text) && gap > 0 && gap < 2 * a.ascent) gaps.push(gap);
    }
  }
  return gaps.length >= 5 ? median(gaps) : null;
}

/** The extent of print between x0 and x1 on a line no word covers: runs as tall as half the line's letters (a speck is a few pixels), or null. */
function inkBefore(img: Gray, x0: number, x1: number, baseline: number, ascent: number): { x0: number; x1: number } | null {
  const top = Math.max(0, Math.round(baseline - ascent * 1.05)), bottom = Math.min(img.height, Math.round(baseline + 1));
  const left = Math.max(0, Math.round(x0)), right = Math.min(img.width, Math.round(x1));
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let x = left; x < right; x++) {
    for (let y = top; y < bottom; y++) {
      if (img.data[y * img.width + x]! >= INK) continue;
      if (x < minX) minX = x;
      maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0 || maxY - minY + 1 < ascent * 0.6) return null;
  return { x0: minX, x1: maxX + 1 };
}

/**
 * The page's words with figures whose front part was read apart read again whole (see the
 * file's comment). `read` reads a rectangle of the page image the words were read from.
 */
export async function rereadFigureHeads(words: OcrWord[], img: Gray, read: RegionReader): Promise<{ words: OcrWord[]; reread: number; mended: number }> {
  const space = wordSpace(words);
  if (space === null) return { words, reread: 0, mended: 0 };
  const drop = new Set<OcrWord>();
  let reread = 0, mended = 0;
  const sorted = words.slice().sort((a, b) => a.x0 - b.x0);
  for (const f of sorted) {
    if (reread >= MAX_HEAD_REREADS) break;
    if (drop.has(f) || !isFigure(f.text)) continue;
    const a = f.ascent;
    // The nearest word before the figure on its line (baselines within half the letters' height).
    let prev: OcrWord | undefined;
    for (const w of sorted) {
      if (w === f || drop.has(w) || w.x1 > f.x0 + 2 || Math.abs(w.baseline - f.baseline) > a * 0.5) continue;
      if (!prev || w.x1 > prev.x1) prev = w;
    }
    // A front part at most a word space and a half before it (a column's next cell is further).
    const reach = f.x0 - space * 1.5;
    let head: { x0: number; word?: OcrWord } | null = null;
    if (prev && prev.x1 >= reach) {
      if (!isFragment(prev.text)) continue;
      // Groups a space apart, each read surely as digits ("€5" "797,81"): one figure as read, no
      // strip. Read unsure, the strip is read ("<3" "284,09": "-3.284,00").
      const joined = Math.min(prev.conf, f.conf) >= CHECK_BELOW_CONF ? withHead(`${prev.text} ${f.text}`, f.text) : null;
      if (joined) {
        drop.add(prev);
        Object.assign(f, { text: joined, x0: prev.x0, y0: Math.min(f.y0, prev.y0), conf: Math.min(f.conf, prev.conf) });
        mended++;
        continue;
      }
      head = { x0: prev.x0, word: prev };
    } else {
      // Print no word covers, right before the figure (a lead digit the reading dropped).
      const ink = inkBefore(img, Math.max(reach, prev ? prev.x1 + 1 : 0), f.x0 - 1, f.baseline, a);
      if (!ink || ink.x1 - ink.x0 > a * 2.5) continue;
      head = { x0: ink.x0 };
    }
    const left = Math.max(head.x0 - a * 0.3, prev && prev !== head.word ? prev.x1 + 1 : 0);
    reread++;
    const again = await read(left, f.baseline - a * 1.6, f.x1 + a * 0.3, f.baseline + a * 0.7, MIN_BAND_PX);
    const text = withHead(again.map((w) => w.text).join(' '), f.text);
    if (!text) continue;
    if (head.word) drop.add(head.word);
    f.text = text;
    f.x0 = Math.min(f.x0, head.x0);
    if (head.word) f.y0 = Math.min(f.y0, head.word.y0);
    // Read twice differently: the user is told (the reading's own confidence if lower).
    f.conf = Math.min(LOW_CONFIDENCE - 1, ...again.map((w) => w.conf));
    mended++;
  }
  return { words: drop.size ? words.filter((w) => !drop.has(w)) : words, reread, mended };
}

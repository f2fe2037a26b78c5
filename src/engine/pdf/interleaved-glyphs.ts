import type { TextItem } from './text-item.js';

/**
 * Glyphs drawn out of order. A reader groups the glyphs it meets one after the other in the
 * content stream into items, as pdf.js does: a glyph further right by 0.102–0.6 of the font
 * size joins the item after a space. A writer that draws a word's glyphs in another order
 * than left to right ("2.923,75" as "2.923," then "5", then "7") so leaves a space in one item
 * (", 5") where another item's glyph ("7") was drawn, and the line, sorted by x, reads
 * "2.923, 57". A space that stands for at most 0.6 em cannot hold a space of its own and a
 * glyph beside it, so an item of a glyph or so (no wider than that) drawn inside another
 * item's space, on its baseline at its size, is put in place of that space. Which space, of
 * several: the one nearest the glyph, its place estimated along the item.
 */

/** The widest gap a reader writes as a space inside an item, as a share of the font size. */
const SPACE_GAP_MAX = 0.6;
/** A gap the line reader writes as a space (pdf/lines.ts: 0.15 em). */
const SPACE_MIN = 0.15;
/** Passes: a filled item may itself be drawn into another's space (bounded). */
const MAX_PASSES = 3;

/** Widths of glyphs the page draws as items of their own, by font, size and character. */
type GlyphWidths = Map<string, number>;
const glyphKey = (font: string, size: number, ch: string) => `${font}\u0000${size.toFixed(2)}\u0000${ch}`;

function glyphWidths(items: TextItem[]): GlyphWidths {
  const out: GlyphWidths = new Map();
  for (const it of items) if (it.str.length === 1 && it.w > 0) out.set(glyphKey(it.font, it.size, it.str), it.w);
  return out;
}

/**
 * The item's text with the glyphs drawn into its spaces, and the glyphs used; null when none
 * fits. A space may take a glyph only where the glyph lies between the item's text before it and
 * after it (widths of glyphs the page drew alone, else half the size each). A space whose gap the
 * glyphs do not fill stays beside them: on the side with room, when the item's glyphs' widths
 * are all known and it has one space (its gap is then known); else they take its place.
 */
function placeGlyphs(c: TextItem, text: string, inside: TextItem[], widths: GlyphWidths): { str: string; used: TextItem[] } | null {
  const chars = [...text], em = c.size, tol = 0.1 * em;
  let exact = true;
  const w = chars.map((ch) => {
    if (ch === ' ') return 0;
    const known = widths.get(glyphKey(c.font, c.size, ch));
    if (known === undefined) exact = false;
    return known ?? 0.5 * em;
  });
  const total = w.reduce((a, b) => a + b, 0);
  const spaces = chars.map((ch, k) => (ch === ' ' ? k : -1)).filter((k) => k >= 0);
  const before = (k: number) => w.slice(0, k).reduce((a, b) => a + b, 0);
  const into = new Map<number, TextItem[]>();
  for (const p of inside) {
    const mid = (p.x + p.w / 2 - c.x) / c.w * chars.length;
    let best = -1;
    for (const k of spaces) {
      const lo = c.x + before(k), hi = c.x + c.w - (total - before(k));
      if (p.x < lo - tol || p.x + p.w > hi + tol) continue;
      if (best < 0 || Math.abs(k + 0.5 - mid) < Math.abs(best + 0.5 - mid)) best = k;
    }
    if (best >= 0) into.set(best, [...(into.get(best) ?? []), p]);
  }
  if (!into.size) return null;
  // A space holds no more than its width: glyphs wider together than 0.6 em are no gap's.
  if ([...into.values()].some((ps) => ps.reduce((s, p) => s + p.w, 0) > (SPACE_GAP_MAX + 0.05) * em)) return null;
  let str = '';
  chars.forEach((ch, k) => {
    const ps = into.get(k)?.sort((a, b) => a.x - b.x);
    if (!ps) { str += ch; return; }
    const glyphs = ps.map((p) => p.str.trim()).join('');
    if (!exact || spaces.length !== 1) { str += glyphs; return; }
    const lo = c.x + before(k), hi = c.x + c.w - (total - before(k));
    const left = ps[0]!.x - lo, right = hi - (ps[ps.length - 1]!.x + ps[ps.length - 1]!.w);
    str += left >= SPACE_MIN * em && left >= right ? ` ${glyphs}` : right >= SPACE_MIN * em ? `${glyphs} ` : glyphs;
  });
  return { str, used: [...into.values()].flat() };
}

const sameLine = (a: TextItem, b: TextItem) => Math.abs(a.size - b.size) < 0.05 * b.size && Math.abs(a.y - b.y) < 0.1 * b.size;

export function withGlyphsInPlace(items: TextItem[]): TextItem[] {
  let out = items;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = fillOnce(out);
    if (next === out) break;
    out = next;
  }
  return out;
}

function fillOnce(items: TextItem[]): TextItem[] {
  const byLine = new Map<number, TextItem[]>();
  let spaced = false;
  for (const it of items) {
    if (!it.str.trim() || it.w <= 0) continue;
    if (it.str.trim().includes(' ')) spaced = true;
    const k = Math.round(it.y);
    const list = byLine.get(k);
    if (list) list.push(it); else byLine.set(k, [it]);
  }
  if (!spaced) return items;
  let widths: GlyphWidths | null = null;
  const replaced = new Map<TextItem, TextItem>();
  const taken = new Set<TextItem>();
  for (const list of byLine.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.x - b.x);
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!;
      const text = c.str.trim();
      if (!text.includes(' ') || taken.has(c)) continue;
      const end = c.x + c.w, em = c.size;
      // Items of a glyph or so that begin and end inside c (only those that begin before c ends are looked at).
      const inside: TextItem[] = [];
      for (let j = i + 1; j < list.length && list[j]!.x < end; j++) {
        const p = list[j]!;
        if (taken.has(p) || replaced.has(p) || p.str.trim().includes(' ') || p.w > (SPACE_GAP_MAX + 0.05) * em || p.x + p.w > end + 0.05 * em || !sameLine(c, p)) continue;
        inside.push(p);
      }
      if (!inside.length) continue;
      const placed = placeGlyphs(c, text, inside, (widths ??= glyphWidths(items)));
      if (!placed) continue;
      const { str, used } = placed;
      replaced.set(c, { ...c, str });
      for (const p of used) taken.add(p);
    }
  }
  if (!replaced.size) return items;
  return items.filter((it) => !taken.has(it)).map((it) => replaced.get(it) ?? it);
}

import type { TextItem } from './text-item.js';

/**
 * Text drawn twice over itself, a fraction of a glyph apart: how line-printer and mainframe
 * output (and some report writers) make heads and totals bold. A reader sees each such item
 * twice ("BalanceBalance", a total's figure doubled), so the copy is dropped: an item whose
 * text, size and baseline match an earlier one's and whose start lies within a quarter of its
 * size of it. A figure printed twice in two places, or a repeated word further along, is kept.
 * Linear: items are looked up by their text and rounded baseline.
 *
 * The two copies need not come out as the same items: a reader joins the pieces it meets one
 * after the other in the content stream, and a writer that draws word by word in its own order
 * may draw one copy's figure and the other copy's currency mark in a row ("60.074,84 €" beside
 * "60.074,84" and "€": read as "60.074,8460.074,84 €€"). So an item is also a copy when another
 * item on its baseline holds its text at the same place: as its start, begun within a quarter
 * of the size of it, or as its end, ended there. Text printed apart never overlaps, so only
 * items whose extents overlap are compared (sorted by x on each baseline).
 */
const NEAR_EM = 0.25;

const sameLine = (a: TextItem, b: TextItem) => Math.abs(a.size - b.size) < 0.05 * b.size && Math.abs(a.y - b.y) < 0.1 * b.size;

export function withoutOverprint(items: TextItem[]): TextItem[] {
  const seen = new Map<string, TextItem[]>();
  let dropped = false;
  const kept = items.filter((it) => {
    const text = it.str.trim();
    if (!text) return true;
    const key = `${Math.round(it.y)}\u0000${text}`;
    const same = seen.get(key);
    const near = (o: TextItem) => sameLine(o, it) && Math.abs(o.x - it.x) < NEAR_EM * it.size;
    if (same?.some(near)) { dropped = true; return false; }
    if (same) same.push(it); else seen.set(key, [it]);
    return true;
  });
  const once = dropped ? kept : items;
  const contained = containedCopies(once);
  return contained.size ? once.filter((it) => !contained.has(it)) : once;
}

/** Whether `part` is `whole`'s text at its place: its start where whole starts, or its end where whole ends. */
function holds(whole: TextItem, part: TextItem): boolean {
  const w = whole.str.trim(), p = part.str.trim();
  if (p.length >= w.length || !sameLine(whole, part)) return false;
  const tol = NEAR_EM * part.size;
  if (w.startsWith(p) && Math.abs(whole.x - part.x) < tol) return true;
  return w.endsWith(p) && Math.abs(whole.x + whole.w - (part.x + part.w)) < tol;
}

/** Items whose text another overlapping item on their baseline holds at the same place. */
function containedCopies(items: TextItem[]): Set<TextItem> {
  const out = new Set<TextItem>();
  const byLine = new Map<number, TextItem[]>();
  for (const it of items) {
    if (!it.str.trim()) continue;
    const k = Math.round(it.y);
    const list = byLine.get(k);
    if (list) list.push(it); else byLine.set(k, [it]);
  }
  for (const list of byLine.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.x - b.x);
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      // Only items that begin before a ends overlap it (text printed apart never does).
      for (let j = i + 1; j < list.length && list[j]!.x < a.x + a.w; j++) {
        const b = list[j]!;
        if (holds(a, b)) out.add(b);
        else if (holds(b, a)) out.add(a);
      }
    }
  }
  return out;
}

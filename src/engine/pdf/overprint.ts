import type { TextItem } from './text-item.js';

/**
 * Text drawn twice over itself, a fraction of a glyph apart: how line-printer and mainframe
 * output (and some report writers) make heads and totals bold. A reader sees each such item
 * twice ("BalanceBalance", a total's figure doubled), so the copy is dropped: an item whose
 * text, size and baseline match an earlier one's and whose start lies within a quarter of its
 * size of it. A figure printed twice in two places, or a repeated word further along, is kept.
 * Linear: items are looked up by their text and rounded baseline.
 */
const NEAR_EM = 0.25;

export function withoutOverprint(items: TextItem[]): TextItem[] {
  const seen = new Map<string, TextItem[]>();
  let dropped = false;
  const kept = items.filter((it) => {
    const text = it.str.trim();
    if (!text) return true;
    const key = `${Math.round(it.y)}\u0000${text}`;
    const same = seen.get(key);
    const near = (o: TextItem) => Math.abs(o.size - it.size) < 0.05 * it.size && Math.abs(o.y - it.y) < 0.1 * it.size && Math.abs(o.x - it.x) < NEAR_EM * it.size;
    if (same?.some(near)) { dropped = true; return false; }
    if (same) same.push(it); else seen.set(key, [it]);
    return true;
  });
  return dropped ? kept : items;
}

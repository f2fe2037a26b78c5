import type { PageText, TextItem } from '../../engine/pdf/extract.js';

/** One printed line: items sharing a baseline (within 1.5 pt), left to right, and their text. */
export interface Line { page: number; y: number; items: TextItem[]; text: string }

/** The lines of each page, top to bottom (one sort per page). */
export function pageLines(pages: PageText[]): Line[] {
  const out: Line[] = [];
  for (const pg of pages) {
    const items = [...pg.items].sort((a, b) => a.y - b.y || a.x - b.x);
    let cur: TextItem[] = [];
    const flush = () => {
      if (!cur.length) return;
      cur.sort((a, b) => a.x - b.x);
      out.push({ page: pg.page, y: cur[0]!.y, items: cur, text: cur.map((i) => i.str.trim()).join(' ') });
      cur = [];
    };
    for (const it of items) {
      if (cur.length && Math.abs(it.y - cur[0]!.y) > 1.5) flush();
      cur.push(it);
    }
    flush();
  }
  return out;
}

/** The box around a run of items of one line (points from the page's top-left). */
export function lineBox(items: TextItem[]): [number, number, number, number] {
  const x0 = Math.min(...items.map((i) => i.x)), x1 = Math.max(...items.map((i) => i.x + i.w));
  const top = Math.min(...items.map((i) => i.y - i.size)), bottom = Math.max(...items.map((i) => i.y + i.size * 0.2));
  const r = (v: number) => Math.round(v * 10) / 10;
  return [r(x0), r(top), r(x1 - x0), r(bottom - top)];
}

/** The items of a line whose text holds `needle` (the smallest run that contains it). */
export function itemsHolding(line: Line, needle: string): TextItem[] {
  const one = line.items.filter((i) => i.str.includes(needle));
  if (one.length) return one;
  return line.items;
}

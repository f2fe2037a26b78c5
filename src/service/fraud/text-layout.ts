import type { PageText, TextItem } from '../../engine/pdf/extract.js';
import { FRAUD_THRESHOLDS as T } from './reasons.js';
import { itemBox } from './finding.js';

/**
 * Amounts whose type or position differs from the rest of their column: the traces of a
 * number pasted over the printed one. Columns are amounts sharing a right edge (statements
 * right-align money). One pass over the text items; a row whose other cells use the same
 * different font (a bold totals row) is styling, not an edit.
 */
export interface ColumnOutlier {
  kind: 'font' | 'align';
  amount: string;
  page: number;
  font: string;
  size: number;
  columnFont: string;
  columnSize: number;
  /** Points between the amount's right edge and the column's (align only). */
  offset: number;
  /** Where the amount is printed (points from the page's top-left). */
  box: [number, number, number, number];
}

const MONEY = /^[-+(]?\$?\s?(\d{1,3}(,\d{3})+|\d+)\.\d{2}\)?(-|\s?CR|\s?DR)?$/i;

interface Amount { item: TextItem; page: number; right: number; key: string }
interface Column { members: Amount[]; right: number; font: string; size: number; majorityShare: number }

/** "ABCDEF+Arial-BoldMT" → "Arial-BoldMT". */
export function fontLabel(font: string): string {
  return font.replace(/^[A-Z]{6}\+/, '');
}

const sizeOf = (s: number) => Math.round(s * 10) / 10;
const fontKey = (it: TextItem) => `${fontLabel(it.font)}|${sizeOf(it.size)}`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function buildColumn(members: Amount[]): Column {
  const counts = new Map<string, number>();
  for (const a of members) counts.set(a.key, (counts.get(a.key) ?? 0) + 1);
  let best = '', n = 0;
  for (const [k, c] of counts) if (c > n) { best = k; n = c; }
  const [font, size] = best.split('|');
  return { members, right: median(members.map((a) => a.right)), font: font!, size: Number(size), majorityShare: n / members.length };
}

/**
 * True when the row is styled as a whole, not one pasted amount: other text on the item's line
 * uses the item's font and size, or the item's font when that font is not the column's (a bold
 * totals row, a summary box).
 */
function styledRow(a: Amount, lineItems: TextItem[], columnFont: string): boolean {
  const font = fontLabel(a.item.font);
  return lineItems.some((it) => it !== a.item && Math.abs(it.y - a.item.y) < 1.5 && !MONEY.test(it.str.trim())
    && fontLabel(it.font) === font && (font !== columnFont || Math.abs(it.size - a.item.size) <= T.sizeTolerance));
}

/** Dates as statements print them in a row: 01/15, 1-15-25, 15 Jan, Jan 15. */
const ROW_DATE = /^\d{1,2}[/.-]\d{1,2}([/.-]\d{2,4})?$|^\d{1,2} [A-Za-z]{3}( \d{2,4})?$|^[A-Za-z]{3} \d{1,2}$|^\d{4}-\d{2}-\d{2}$/;

/**
 * True when the amount is in a transaction row: its line starts with a date, or members of
 * the column sit one row above and one row below (ledgers print the date once per day).
 * Summary boxes (bold "New Balance" beside regular labels) are neither.
 */
function inTable(a: Amount, col: Column, lineItems: TextItem[]): boolean {
  if (lineItems.some((it) => it !== a.item && Math.abs(it.y - a.item.y) < 1.5 && ROW_DATE.test(it.str.trim()))) return true;
  const reach = a.item.size * 1.5;
  let above = false, below = false;
  for (const m of col.members) {
    if (m.page !== a.page || m === a) continue;
    const dy = m.item.y - a.item.y;
    if (dy < 0 && dy >= -reach) above = true;
    else if (dy > 0 && dy <= reach) below = true;
    if (above && below) return true;
  }
  return false;
}

/** True when members of the column sit within three rows above and below on the same page. */
function amidColumn(a: Amount, col: Column): boolean {
  const reach = a.item.size * 3;
  let above = false, below = false;
  for (const m of col.members) {
    if (m.page !== a.page) continue;
    const dy = m.item.y - a.item.y;
    if (dy < 0 && dy >= -reach) above = true;
    else if (dy > 0 && dy <= reach) below = true;
    if (above && below) return true;
  }
  return false;
}

/** A sign or marker printed after the digits (612.19CR, 45.00-, (45.00)) moves the right edge. */
const SUFFIXED = /(CR|DR|-|\))$/i;

export function columnOutliers(pages: PageText[]): ColumnOutlier[] {
  const amounts: Amount[] = [];
  for (const pg of pages) {
    for (const it of pg.items) {
      if (MONEY.test(it.str.trim())) amounts.push({ item: it, page: pg.page, right: it.x + it.w, key: fontKey(it) });
    }
  }
  if (amounts.length < T.minColumnAmounts) return [];
  const byPage = new Map(pages.map((p) => [p.page, p.items]));
  amounts.sort((a, b) => a.right - b.right);

  // Clusters of right edges: a gap wider than the alignment tolerance starts a new cluster.
  const clusters: Amount[][] = [];
  for (const a of amounts) {
    const last = clusters[clusters.length - 1];
    if (last && a.right - last[last.length - 1]!.right <= T.alignTolerance) last.push(a);
    else clusters.push([a]);
  }
  const columns = clusters.filter((c) => c.length >= T.minColumnAmounts).map(buildColumn);
  const out: ColumnOutlier[] = [];

  for (const col of columns) {
    if (col.majorityShare < T.majorityShare) continue; // no clear style to differ from
    for (const a of col.members) {
      const sameFont = fontLabel(a.item.font) === col.font;
      const sameSize = Math.abs(a.item.size - col.size) <= T.sizeTolerance;
      if (sameFont && sameSize) continue;
      const line = byPage.get(a.page) ?? [];
      if (styledRow(a, line, col.font) || !inTable(a, col, line)) continue;
      out.push({ kind: 'font', amount: a.item.str.trim(), page: a.page, font: fontLabel(a.item.font), size: sizeOf(a.item.size), columnFont: col.font, columnSize: col.size, offset: 0, box: itemBox(a.item) });
    }
  }

  // Amounts outside every column but just beside one, within its rows on that page: misaligned.
  const loners = clusters.filter((c) => c.length < T.minColumnAmounts).flat();
  for (const a of loners) {
    if (SUFFIXED.test(a.item.str.trim())) continue;
    let near: Column | null = null;
    for (const col of columns) {
      const d = Math.abs(a.right - col.right);
      if (d <= T.alignTolerance || d > T.columnReach || (near && d >= Math.abs(a.right - near.right))) continue;
      if (amidColumn(a, col) && inTable(a, col, byPage.get(a.page) ?? [])) near = col;
    }
    if (!near) continue;
    out.push({ kind: 'align', amount: a.item.str.trim(), page: a.page, font: fontLabel(a.item.font), size: sizeOf(a.item.size), columnFont: near.font, columnSize: near.size, offset: Math.round((a.right - near.right) * 10) / 10, box: itemBox(a.item) });
  }
  return out;
}

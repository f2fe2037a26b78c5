import { compact, type Cell, type Line } from './lines.js';
import { isMoneyText } from './tokens.js';

/**
 * A word of a column's run into the cell to its left: a description long enough to reach the
 * next column, set one space from that column's word ("POS DEBIT SYSCO FOOD SERVICES Bills"
 * under "Description | Category"), comes out of the reader as one item, as LibreOffice Calc
 * prints such a row, and the category read as the description's last word. The document tells:
 * the same word printed alone elsewhere in that column ends where the cell ends (a column's
 * words are aligned, one word prints one width in one type). The cell's last words are that
 * word, cut off into a cell of its own, where that column's other cells put it.
 */

/** Two printings of one word in one column end this close, in points. */
const SAME_EDGE = 1;
/** A column's word printed alone at least this often before a cell running into it is cut. */
const MIN_SEEN = 2;
/** A column's word holds at most this many words ("Bills", "Office supplies"). */
const MAX_WORDS = 3;

const key = (text: string, x1: number) => `${text}@${Math.round(x1)}`;

/** Whether a trimmed text holds more than `n` words (counted without splitting it: most cells are looked at once). */
function moreWordsThan(text: string, n: number): boolean {
  let words = 1;
  for (let i = 1; i < text.length; i++) if (text.charCodeAt(i) === 32 && text.charCodeAt(i - 1) !== 32 && ++words > n) return true;
  return false;
}

export function gluedColumnWords(lines: Line[], ocrPages: ReadonlySet<number> = new Set()): Line[] {
  // The words printed alone in a cell, by their text and right edge, and where they start.
  const seen = new Map<string, { n: number; x0: number; x1: number }>();
  // The texts of them printed alone more than once: a cell's last words are looked up here first.
  const counts = new Map<string, number>();
  for (const l of lines) {
    // An OCR page's words are no evidence and are not cut: their edges are measured on their
    // letters, and a month's name or a mark read alone in one place ends near a cell elsewhere
    // (composed fax 961: rows dated "02 jan 25" lost their day and every date fell apart).
    if (ocrPages.has(l.page)) continue;
    for (const c of l.cells) {
      const text = c.text.trim();
      if (moreWordsThan(text, MAX_WORDS) || !/\p{L}/u.test(text) || isMoneyText(text)) continue;
      const k = key(text, c.x1);
      const s = seen.get(k) ?? { n: 0, x0: c.x0, x1: c.x1 };
      s.n++;
      seen.set(k, s);
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
  }
  const columnWords = new Set([...counts].filter(([, n]) => n >= MIN_SEEN).map(([t]) => t));
  if (!columnWords.size) return lines;
  const lastWords = new Set([...columnWords].map((t) => t.slice(t.lastIndexOf(' ') + 1)));
  const alone = (text: string, x1: number) => {
    if (!columnWords.has(text)) return null;
    for (const d of [0, -1, 1]) {
      const s = seen.get(key(text, x1 + d));
      if (s && s.n >= MIN_SEEN && Math.abs(s.x1 - x1) <= SAME_EDGE) return s;
    }
    return null;
  };
  /** The cell cut in two where its last words are a column's word printed alone elsewhere; null when they are not. */
  const cutOff = (c: Cell): Cell[] | null => {
    const t = c.text.trim();
    const last = t.slice(t.lastIndexOf(' ') + 1);
    if (!t.includes(' ') || !lastWords.has(last) || isMoneyText(c.text)) return null;
    const words = t.split(/\s+/);
    for (let n = Math.min(MAX_WORDS, words.length - 1); n >= 1; n--) {
      const tail = words.slice(-n).join(' ');
      const s = alone(tail, c.x1);
      // The column's word starts right of the cell's own first words.
      if (!s || s.x0 <= c.x0 + 1) continue;
      const head = words.slice(0, -n).join(' ');
      const x1 = s.x0 - 1;
      return [{ ...c, text: head, x1, parts: [{ text: head, x0: c.x0, x1 }] }, { ...c, text: tail, x0: s.x0, x1: c.x1, parts: [{ text: tail, x0: s.x0, x1: c.x1 }] }];
    }
    return null;
  };
  let out: Line[] | null = null;
  for (let li = 0; li < lines.length; li++) {
    const l = lines[li]!;
    if (ocrPages.has(l.page)) { out?.push(l); continue; }
    let cells: Cell[] | null = null;
    for (let ci = 0; ci < l.cells.length; ci++) {
      const two = cutOff(l.cells[ci]!);
      if (two) (cells ??= l.cells.slice(0, ci)).push(...two);
      else cells?.push(l.cells[ci]!);
    }
    if (!cells) { out?.push(l); continue; }
    const text = cells.map((c) => c.text).join('  ');
    (out ??= lines.slice(0, li)).push({ ...l, cells, text, key: compact(text) });
  }
  return out ?? lines;
}

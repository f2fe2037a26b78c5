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

export function gluedColumnWords(lines: Line[]): Line[] {
  // The words printed alone in a cell, by their text and right edge, and where they start.
  const seen = new Map<string, { n: number; x0: number; x1: number }>();
  for (const l of lines) {
    for (const c of l.cells) {
      const text = c.text.trim();
      if (isMoneyText(text) || text.split(/\s+/).length > MAX_WORDS || !/\p{L}/u.test(text)) continue;
      const k = key(text, c.x1);
      const s = seen.get(k) ?? { n: 0, x0: c.x0, x1: c.x1 };
      s.n++;
      seen.set(k, s);
    }
  }
  const alone = (text: string, x1: number) => {
    for (const d of [0, -1, 1]) {
      const s = seen.get(key(text, x1 + d));
      if (s && s.n >= MIN_SEEN && Math.abs(s.x1 - x1) <= SAME_EDGE) return s;
    }
    return null;
  };
  let changed = false;
  const out = lines.map((l) => {
    let cut = false;
    const cells = l.cells.flatMap((c): Cell[] => {
      const words = c.text.trim().split(/\s+/);
      if (words.length < 2 || isMoneyText(c.text)) return [c];
      for (let n = Math.min(MAX_WORDS, words.length - 1); n >= 1; n--) {
        const tail = words.slice(-n).join(' ');
        const s = alone(tail, c.x1);
        // The column's word starts right of the cell's own first words.
        if (!s || s.x0 <= c.x0 + 1) continue;
        const head = words.slice(0, -n).join(' ');
        cut = true;
        const x1 = s.x0 - 1;
        return [{ ...c, text: head, x1, parts: [{ text: head, x0: c.x0, x1 }] }, { ...c, text: tail, x0: s.x0, x1: c.x1, parts: [{ text: tail, x0: s.x0, x1: c.x1 }] }];
      }
      return [c];
    });
    if (!cut) return l;
    changed = true;
    const text = cells.map((c) => c.text).join('  ');
    return { ...l, cells, text, key: compact(text) };
  });
  return changed ? out : lines;
}

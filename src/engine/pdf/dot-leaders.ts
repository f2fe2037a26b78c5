/**
 * A label and its value joined by a leader of dots ("Solde initial........ €28 093,25 C"): XSL-FO's
 * fo:leader leader-pattern="dots" (Apache FOP), a report writer's or a typewriter's table of
 * contents style, prints the dots as text, so label, dots and figure are one item, one cell,
 * and the figure was read from its last digit group only ("93,25" of "28 093,25"). A run of five
 * dots or more is no part of any word: the cell is cut there into the label and the value, the
 * dots dropped (a leader ending the cell, with nothing after it, is dropped too).
 */
import type { Cell } from './cell.js';

const LEADER = /^(.*?[^.\s])\s*(?:\.[ \u00a0]?){5,}\s*(.*)$/su;

export function cutDotLeaders(cells: Cell[]): Cell[] {
  if (!cells.some((c) => c.text.includes('.....') || c.text.includes('. . . . .'))) return cells;
  const out: Cell[] = [];
  for (const c of cells) {
    const m = LEADER.exec(c.text);
    if (!m) { out.push(c); continue; }
    const [, label, value] = m as unknown as [string, string, string];
    // The value keeps the cell's right edge; its left edge is measured at a common letter width
    // (dots are narrow: an average over the whole cell would set it far left).
    const valueX0 = Math.max(c.x0, c.x1 - value.length * 0.55 * c.size);
    const labelX1 = Math.min(c.x0 + label.length * 0.55 * c.size, valueX0);
    out.push({ ...c, text: label, x1: labelX1, parts: [{ text: label, x0: c.x0, x1: labelX1 }] });
    if (value) out.push({ ...c, text: value, x0: valueX0, parts: [{ text: value, x0: valueX0, x1: c.x1 }] });
  }
  return out;
}

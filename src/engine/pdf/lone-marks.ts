import type { Cell } from './cell.js';
import { isCurrencyMark, isMoneyText } from './tokens.js';

/**
 * A currency mark printed apart from its figure, at the money column's left edge with the
 * figure at its right ("$      1,234.56": spreadsheets' accounting format, and printouts made
 * from them): the mark is the figure's, as if printed beside it, and never a word of the text
 * before it. The figure keeps its place (its column is where its digits are); a mark with no
 * figure after it on the line stays as printed.
 */
export function marksOnFigures(cells: Cell[]): Cell[] {
  let out: Cell[] | null = null;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!, next = cells[i + 1];
    if (next && isCurrencyMark(c.text) && isMoneyText(next.text)) {
      // The mark goes after a leading sign or bracket, where a figure prints it ("-$5.00", "($5.00)").
      const lead = /^[-−(]\s?/.exec(next.text)?.[0] ?? '';
      const code = c.text.length > 2 && /[A-Z]$/i.test(c.text) ? ' ' : '';
      const text = `${lead}${c.text.trim()}${code}${next.text.slice(lead.length)}`;
      // Still one figure (a figure with a mark of its own takes no second).
      if (isMoneyText(text)) {
        out ??= cells.slice(0, i);
        out.push({ ...next, text });
        i++;
        continue;
      }
    }
    out?.push(c);
  }
  return out ?? cells;
}

/**
 * Notices told by their width: a line of prose printed across a table between two rows ("AVVISO:
 * dal 31 gen 2025 il tasso del fido passa al 24,73% annuo.") in a table whose descriptions wrap
 * by width. A wrapped description's lines are no wider than its column, and a row that wrapped
 * shows the column's width (its first line could not take the next word); a line that runs well
 * past every other line of the column is no row's words. ./rows.ts tells notices by the wrap
 * votes where many rows wrap; this tells them where too few do (one wrapped row in a page).
 */

/** How much wider than every other line of the column a notice runs. */
const WIDER = 1.1;
/** Figure lines that measure the column, at least. */
const MIN_FIGURE_LINES = 6;
/** Share of the rows that may carry such a line: a layout printing one under most rows prints details, not notices. */
const MAX_SHARE = 0.2;
/** A table's lines whose widths are kept (bounds the memory a long table takes). */
export const MAX_MEASURED_LINES = 20_000;

export interface ColumnWidths {
  /** Rows' figure lines with a description. */
  figureLines: number;
  /**
   * The narrowest of a wrapped row's first line with the next line's first word, over the rows
   * that wrapped by width: the column is narrower than that (Infinity where no row wrapped so).
   */
  wrapBound: number;
  /** The description widths of the column's lines (figure lines, dated lines, text lines) by line index. */
  lines: Map<number, number>;
  /** Text-only lines that read as prose (undated, two words or more, not indented), by line index. */
  prose: Set<number>;
}

/**
 * The width past which a prose line is a notice, or 0 where the column's widths do not say so:
 * the column's widest lines, a few and all prose, stand apart from every other line by a tenth of
 * its width (a German purpose text's lines, each as wide as the next, stand apart from none), and
 * run past what a row that wrapped by width shows the column's width to be.
 */
export function wideNoticeWidth(c: ColumnWidths): number {
  if (c.figureLines < MIN_FIGURE_LINES || !Number.isFinite(c.wrapBound) || !c.prose.size) return 0;
  const widest = [...c.lines].sort((a, b) => b[1] - a[1]);
  const most = Math.min(widest.length - 1, Math.max(2, Math.floor(c.figureLines * MAX_SHARE)));
  for (let k = 1; k <= most; k++) {
    if (!c.prose.has(widest[k - 1]![0])) return 0;
    const below = widest[k]![1];
    // Wider than the column could be, too: a wrapped row's line under a first line broken early
    // (a long next word) may stand apart from the rest, never past that.
    if (widest[k - 1]![1] > below * WIDER) return widest[k - 1]![1] > c.wrapBound ? Math.max(below * WIDER, c.wrapBound) : 0;
  }
  return 0;
}

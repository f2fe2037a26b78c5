import type { Cell, Line } from './lines.js';
import { isMoneyText } from './tokens.js';
import { isDateCell } from './row-line.js';

/** What a table's line holds, as the passes that re-set rows' lines before the reading tell it (./rows-over-pages.ts, ./row-spacing.ts). */
export const isDate = (c: Cell) => isDateCell(c.text);
export const hasFigure = (l: Line) => l.cells.some((c) => isMoneyText(c.text));
/** A row's line of values: a figure or a date; a description's own lines hold neither. */
export const isValues = (l: Line) => hasFigure(l) || l.cells.some(isDate);
export const overlaps = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) => a.x0 < b.x1 && b.x0 < a.x1;

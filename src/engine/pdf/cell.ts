/** A run of text on one line with no wide gap inside: a table cell or a phrase. */
export interface Cell {
  text: string;
  x0: number;
  x1: number;
  size: number;
  bold: boolean;
  /** The printed pieces the cell was joined from (positions kept for header words run together). */
  parts: { text: string; x0: number; x1: number }[];
}

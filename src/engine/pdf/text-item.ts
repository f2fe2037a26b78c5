/** One positioned piece of text, in PDF points with y measured from the page top. */
export interface TextItem {
  str: string;
  x: number;
  y: number;       // baseline, from the top of the page
  w: number;
  size: number;    // font size in points
  font: string;    // real font name when known (e.g. "Helvetica-Bold"), else pdf.js's id
  /** Read by OCR: the engine's confidence in this word, 0–100 (absent for a text layer). */
  conf?: number;
}

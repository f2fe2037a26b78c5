import type { PageText, TextItem } from '../pdf/extract.js';
import type { OcrWord } from './tesseract.js';

/**
 * Font size per point of ascent (baseline to the top of capitals and tall letters): about 0.72
 * of the font size in the sans-serif faces of statements. The reader's space and cell gaps are
 * fractions of this size, so an overestimate runs words together ("ELECTRONICWITHDRAWALS").
 */
const SIZE_PER_ASCENT = 1 / 0.72;

/** The font name OCR items carry (never bold: the reader's bold cues are a text layer's). */
export const OCR_FONT = 'OCR';

/**
 * Marks an OCR engine reads at the edge of a number or date from things that are not the print:
 * a table rule beside the cell ("|", "¦"), a speck or fold ("»", "«", quotes). A word that is a
 * number or date with them ("08/02»", "|1,240.00") loses them, so the reader sees the date that
 * starts its row; words of letters keep theirs.
 */
const EDGE_MARKS = /^[|¦»«‘’“”"'`_~]+|[|¦»«‘’“”"'`_~]+$/g;
export function withoutEdgeMarks(text: string): string {
  const core = text.replace(EDGE_MARKS, '');
  return core && /^[-+(€$£]?\d/.test(core) && /[\d)]$|\d[-+]$|\d\s?(?:CR|DR)$/i.test(core) ? core : text;
}

/**
 * A word that is nothing but tildes: a smudge or a wavy minus read on its own. Left out of the
 * page (between a label and its figure it kept the reader from pairing them), and a tilde
 * touching a figure is its minus sign (pageFromWords). Other lone marks stay: a "|" read from a
 * table rule ends a row where the rule does (dropping them let a photo's "Total" line after
 * the closing balance be read as a row).
 */
const ONLY_MARKS = /^~+$/;

/**
 * Words read from a page image as the text extractor's items, in PDF points from the page's
 * top-left: the geometric reader then reads an OCR page exactly as a text page. `ptPerPx` is
 * the size of one image pixel in points.
 */
export function pageFromWords(page: number, words: OcrWord[], ptPerPx: number, widthPt: number, heightPt: number): PageText {
  const items: TextItem[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let text = w.text;
    if (ONLY_MARKS.test(text)) {
      // A tilde just before a figure on its line is a minus sign read thin and wavy (a French
      // photo's closing balance "-278,96" read "~ 278,96"): the figure keeps its sign.
      const next = words[i + 1];
      if (text === '~' && next && next.line === w.line && /^\d/.test(next.text) && next.x0 - w.x1 <= w.ascent) next.text = `-${next.text}`;
      continue;
    }
    text = text.replace(/^~(?=\d)/, '-');
    items.push({
      str: withoutEdgeMarks(text), x: w.x0 * ptPerPx, y: w.baseline * ptPerPx, w: (w.x1 - w.x0) * ptPerPx,
      size: Math.max(1, w.ascent * ptPerPx * SIZE_PER_ASCENT), font: OCR_FONT, conf: Math.round(w.conf),
    });
  }
  return { page, width: widthPt, height: heightPt, items };
}

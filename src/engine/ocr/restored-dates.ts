/**
 * The rows' dates of a page whose blur was undone (./upright.ts: a defocus or a smear
 * deconvolved or filtered), read a second time. A restored page's digits keep a trace of the
 * blur that the page engine can take for another digit surely: composed 932 photographed out of
 * focus (σ 2.2 px at 300 dpi, Richardson–Lucy) read a row's "30-06" as "26-06" at 96 %. That
 * date falls between its neighbours, reconciliation never sees a date, and the statement
 * reconciled with the row a month-end off and nothing said. The checking engine (the best
 * model, on a strip of the cell's own line) read "30-06" at 95: the page engine had given the
 * word a box two and a half lines tall, taking in the row above's print.
 *
 * So each clean date cell of the rows' date column is read again by the checking engine on a
 * strip of its own line (as tall as the column's dates print, on the word's baseline), and a
 * cell read there as another date of its column's shape is marked unread (UNREAD_MARK):
 * the reader then dates its row as the row above and flags it (../pdf/rows.ts dateUnread).
 * Which of the two readings is right is not known, so neither is taken: the row is told to be
 * checked. A strip that reads no date
 * (a poor crop) is no evidence and leaves the cell as read. Sharp pages are not read again: their
 * dates read reliably, and every page would pay for it.
 */
import type { Gray } from './clean.js';
import type { OcrWord } from './tesseract.js';
import { UNREAD_MARK } from './limits.js';
import { dateShape, isDateCell, rowDateCells, sameDate, type RegionReader } from './column-cells.js';

/** At most this many date cells a page are read again (a page of a few hundred lines reads its first ones). */
export const MAX_DATE_CHECKS = 80;
/** Strips under this height (pixels) are enlarged for the checking engine (as ./column-cells.ts). */
const MIN_BAND_PX = 40;

/** The page's words with its rows' dates that a second reading reads as other dates marked unread; how many were checked and marked. */
export async function checkRestoredDates(words: OcrWord[], img: Gray, read: RegionReader): Promise<{ words: OcrWord[]; checked: number; doubted: number }> {
  const cells = rowDateCells(words).slice(0, MAX_DATE_CHECKS);
  if (!cells.length) return { words, checked: 0, doubted: 0 };
  // On the word's own baseline (its line's may sit on a wrapped neighbour's), as tall as the
  // column's dates print (a word's own box may take in a neighbour's print: composed 932's
  // misread date came back 2.5 lines tall).
  const ascents = cells.map((c) => c.word.ascent).sort((x, y) => x - y);
  const a = ascents[ascents.length >> 1]!;
  const boxes = cells.map(({ word: w, left, right }) => ({
    x0: Math.max(left + 1, w.x0 - a * 0.4, 0), x1: Math.min(right - 1, w.x1 + a * 0.4, img.width),
    y0: w.baseline - a * 1.6, y1: w.baseline + a * 0.7,
  }));
  const again: OcrWord[][] = [];
  for (const b of boxes) again.push(await read(b.x0, b.y0, b.x1, b.y1, MIN_BAND_PX));
  const doubted = new Set<OcrWord>();
  cells.forEach(({ word }, i) => {
    const text = (again[i] ?? []).map((w) => w.text).join(' ').trim();
    if (!text || !isDateCell(text) || dateShape(text) !== dateShape(word.text)) return;
    if (!sameDate(text, word.text)) doubted.add(word);
  });
  if (!doubted.size) return { words, checked: cells.length, doubted: 0 };
  return { words: words.map((w) => (doubted.has(w) ? { ...w, text: UNREAD_MARK, conf: 0 } : w)), checked: cells.length, doubted: doubted.size };
}

/**
 * Small type read again larger. The OCR engine reads type whose capitals are under ~24 pixels
 * tall poorly: Courier at 8 pt on a 300-dpi scan (capitals ~19 px), or 10 pt on a 200-dpi one,
 * comes back as "10S), 713)" for "1.705,75 €" on a clean, sharp page, where the same page
 * enlarged and read as one block of lines reads every figure (sparse-text reading, which finds
 * each table cell on its own, splits small monospaced figures at their points and commas). A
 * page whose type is that small and whose first reading is poor is read again so (enlarged
 * within the page pixel limit) and the better reading kept; words'
 * boxes are given back in the first image's pixels. Pages of ordinary type are read once.
 */
import type { Gray } from './clean.js';
import { enlarged } from './enlarge.js';
import { LOW_CONFIDENCE } from './limits.js';
import { readingQuality } from './orientation.js';
import type { OcrWord } from './tesseract.js';

/** Capital height (the lines' ascent, pixels) under which type counts as small. */
const SMALL_CAPS_PX = 24;
/** A first reading with at least this share of sure words is kept as it is. */
const GOOD_SHARE = 0.9;
/** Enlargements under this are not worth a second reading. */
const MIN_FACTOR = 1.3;
const MAX_FACTOR = 2;
/** The enlarged reading may read fewer sure words (block reading joins some cells' words) but not many fewer. */
const KEPT_SURE_WORDS = 0.75;

/** A first reading with this many figures split at a mark is read again, however sure its words. */
const SPLIT_FIGURES = 3;

/**
 * Figures the sparse reading split at a point or comma, each part read surely: digits, then two
 * digits (the cents) a gap of at most two letters' height further on the line ("781" "99" for
 * "781.99" in Courier, whose point is a whole cell wide and was lost). Its words are sure, so
 * the share of sure words does not tell such a page; the figures are lost all the same.
 */
export function splitFigures(words: OcrWord[]): number {
  // Printed lines by baseline (sparse reading makes each cell a line of its own).
  const lines: OcrWord[][] = [];
  for (const w of words.slice().sort((a, b) => a.baseline - b.baseline)) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(w.baseline - last[0]!.baseline) <= w.ascent * 0.5) last.push(w);
    else lines.push([w]);
  }
  let n = 0;
  for (const ws of lines) {
    ws.sort((a, b) => a.x0 - b.x0);
    for (let i = 1; i < ws.length; i++) {
      const a = ws[i - 1]!, b = ws[i]!;
      if (/^[-(€$£]?\d{1,3}(?:[.,]\d{3})*$/.test(a.text) && /^\d{2}\)?-?$/.test(b.text) && b.x0 - a.x1 >= 0 && b.x0 - a.x1 <= 2 * a.ascent) n++;
    }
  }
  return n;
}

/** A page with this many lines centred between two others is not read as a block. */
const CENTRED_LINES = 3;
/** Two lines of one description lie at most this many ascents apart (1.75 em, ../pdf/centred-values.ts). */
const DESCRIPTION_PITCH = 2.5;

/**
 * Lines of figures printed halfway between two lines of other print, less than a description's
 * line spacing apart, with no word above or below them: a table whose figures are centred on
 * its wrapped descriptions (HTML tables' vertical-align: middle). Read as one block of lines,
 * the engine sets every line at one pitch: such a figure line fell between two lines, half of
 * its glyphs going to each, and came back as fragments ("10 400,81 €" as "4" "€" and "1m)" "ee",
 * composed scan 4 with centred figures, Helvetica 7 pt at 300 dpi: 6 of 29 rows lost) where
 * the sparse reading had read every one. Counted on the first reading, each printed line by
 * baseline.
 */
export function centredLines(words: OcrWord[]): number {
  const lines: { base: number; ascent: number; words: OcrWord[] }[] = [];
  for (const w of words.slice().sort((a, b) => a.baseline - b.baseline)) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(w.baseline - last.base) <= w.ascent * 0.3) last.words.push(w);
    else lines.push({ base: w.baseline, ascent: w.ascent, words: [w] });
  }
  const apart = (a: OcrWord[], b: OcrWord[]) => !a.some((x) => b.some((y) => x.x0 < y.x1 && y.x0 < x.x1));
  let n = 0;
  for (let i = 1; i + 1 < lines.length; i++) {
    const above = lines[i - 1]!, v = lines[i]!, below = lines[i + 1]!;
    const pitch = below.base - above.base;
    if (!v.words.some((w) => /\d[.,]\d{2}(?!\d)/.test(w.text)) || pitch > DESCRIPTION_PITCH * v.ascent) continue;
    if (Math.abs(v.base - (above.base + below.base) / 2) > 0.2 * pitch) continue;
    if (apart(v.words, above.words) && apart(v.words, below.words)) n++;
  }
  return n;
}

/** The median ascent of the page's lines (one value per line), or null when it has none. */
export function typeHeight(words: OcrWord[]): number | null {
  const byLine = new Map<number, number>();
  for (const w of words) if (w.ascent > 0 && /[A-Za-z0-9]/.test(w.text)) byLine.set(w.line, Math.max(byLine.get(w.line) ?? 0, w.ascent));
  const h = [...byLine.values()].sort((a, b) => a - b);
  return h.length ? h[h.length >> 1]! : null;
}

/** Words that are a figure with its cents ("1.705,75", "(626.89)"), read with confidence. */
function sureFigures(words: OcrWord[]): number {
  return words.filter((w) => w.conf >= LOW_CONFIDENCE && /\d[.,]\d{2}(?!\d)/.test(w.text)).length;
}

/** Words read from an image enlarged by `factor`, in the original image's pixels. */
function shrunk(words: OcrWord[], factor: number): OcrWord[] {
  return words.map((w) => ({ ...w, x0: w.x0 / factor, y0: w.y0 / factor, x1: w.x1 / factor, y1: w.y1 / factor, baseline: w.baseline / factor, ascent: w.ascent / factor }));
}

/**
 * The page's words: `words` as first read, or, when the type is small and that reading poor, a
 * reading of the page enlarged (at most `maxPixels`) when it has clearly more sure words.
 */
export async function readSmallType(image: Gray, words: OcrWord[], maxPixels: number, readAgain: (img: Gray, block: boolean) => Promise<OcrWord[]>): Promise<{ words: OcrWord[]; enlargedBy: number }> {
  const height = typeHeight(words);
  const first = readingQuality(words);
  if (height === null) return { words, enlargedBy: 1 };
  // Figures split at their marks are the sparse reading falling apart on monospaced type
  // whatever its height: Courier at 9 pt on a 300-dpi page reads 24 px tall, just over the
  // small-type line, and lost 13 figures of a page that way (composed scan 101: "10042" "82",
  // "-789" "99"; enlarged and read as a block, every one). Such a page is read again while
  // an enlargement is still worth it (MIN_FACTOR, below).
  const split = splitFigures(words) >= SPLIT_FIGURES;
  if (!split && (height >= SMALL_CAPS_PX || first.share >= GOOD_SHARE)) return { words, enlargedBy: 1 };
  const factor = Math.min(MAX_FACTOR, SMALL_CAPS_PX * 1.5 / height, Math.sqrt(maxPixels / (image.width * image.height)));
  if (factor < MIN_FACTOR) return { words, enlargedBy: 1 };
  // A page whose lines are staggered (figures centred on wrapped descriptions) is read again
  // enlarged as sparse text, not as a block: see centredLines.
  const again = await readAgain(enlarged(image, factor), centredLines(words) < CENTRED_LINES);
  const second = readingQuality(again);
  // The second reading splits off more stray marks (a lone "€", a speck) as words of their own,
  // so its share of sure words says little: what counts is the figures it reads surely.
  const better = sureFigures(again) > sureFigures(words) && second.sure >= first.sure * KEPT_SURE_WORDS;
  return better ? { words: withGarbledLinesBack(withSteadyAscents(shrunk(again, factor)), words), enlargedBy: factor } : { words, enlargedBy: 1 };
}

/**
 * The block reading's words with a line's ascent that a speck inflated taken from its words' own
 * letters. A block line's box takes in a speck or a stray mark above the print anywhere along
 * the whole line ("." 33 px tall where the letters are 25), so its ascent, and with it the font
 * size the reader gets, jumped from line to line (Courier 9 pt read at 8.0 to 11.3 pt on one
 * page): a wrapped description line read 1.3 times the table's size was taken for a title and
 * ended the table, and its row was lost (composed scan 138). A line whose ascent passes the
 * page's usual one (the median line's) by a fifth takes the tallest of its words of two letters
 * or digits (baseline to their top; a speck joined to a word, a fifth over their median, left
 * out), never under the page's usual ascent. A line whose words are that tall (a title in
 * larger type) keeps its ascent.
 */
export function withSteadyAscents(words: OcrWord[]): OcrWord[] {
  const byLine = new Map<number, OcrWord[]>();
  for (const w of words) { const l = byLine.get(w.line); if (l) l.push(w); else byLine.set(w.line, [w]); }
  const usual = median([...byLine.values()].map((ws) => ws[0]!.ascent));
  const ascent = new Map<number, number>();
  for (const [line, ws] of byLine) {
    const a = ws[0]!.ascent;
    if (a <= usual * 1.2) continue;
    const h = ws.filter((w) => (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2).map((w) => w.baseline - w.y0);
    if (!h.length) continue;
    const m = median(h);
    const own = Math.max(usual, ...h.filter((x) => x <= m * 1.2));
    if (own < a) ascent.set(line, own);
  }
  return ascent.size ? words.map((w) => (ascent.has(w.line) ? { ...w, ascent: ascent.get(w.line)! } : w)) : words;
}

function median(v: number[]): number {
  const s = v.slice().sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : 0;
}

/** Letters and digits of the words read surely. */
function sureChars(words: OcrWord[]): number {
  let n = 0;
  for (const w of words) if (w.conf >= LOW_CONFIDENCE) n += w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return n;
}

const overlap = (a: OcrWord, b: OcrWord) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

/**
 * The block reading with the lines it garbled given back from the first reading. Read as one
 * block, a line over a rule comes back as junk with a word spanning the line (the heads "Date
 * Valeur Libellé D/C Montant Solde" over their underline, Courier at 8 pt: "EC" from the first
 * head to the last, "sValeur", "abet", confidence 0, so no table was found) where the sparse
 * reading read every head surely. A line of the block reading with under half the sure letters
 * and digits the first reading has on the same baseline (less a word's worth) takes the first
 * reading's words there, unless one of them would overlap a word of another line kept.
 */
export function withGarbledLinesBack(block: OcrWord[], first: OcrWord[]): OcrWord[] {
  const byLine = new Map<number, OcrWord[]>();
  for (const w of block) { const l = byLine.get(w.line); if (l) l.push(w); else byLine.set(w.line, [w]); }
  let nextLine = Math.max(-1, ...block.map((w) => w.line)) + 1;
  const taken = new Set<OcrWord>();
  const instead = new Map<number, OcrWord[]>();
  for (const [line, ws] of byLine) {
    const base = ws.map((w) => w.baseline).sort((a, b) => a - b)[ws.length >> 1]!;
    const there = first.filter((w) => !taken.has(w) && Math.abs(w.baseline - base) <= w.ascent * 0.6);
    if (!there.length || sureChars(ws) * 2 >= sureChars(there) - 4) continue;
    if (there.some((f) => block.some((b) => b.line !== line && !instead.has(b.line) && overlap(f, b)))) continue;
    for (const f of there) taken.add(f);
    // First-reading lines renumbered past the block's, each kept whole.
    const renumber = new Map<number, number>();
    instead.set(line, there.map((f) => {
      if (!renumber.has(f.line)) renumber.set(f.line, nextLine++);
      return { ...f, line: renumber.get(f.line)! };
    }));
  }
  if (!instead.size) return block;
  const out: OcrWord[] = [];
  for (const w of block) {
    const repl = instead.get(w.line);
    if (!repl) { out.push(w); continue; }
    if (repl.length) { out.push(...repl); instead.set(w.line, []); }
  }
  return out;
}

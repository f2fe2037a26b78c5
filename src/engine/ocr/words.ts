import type { PageText, TextItem } from '../pdf/extract.js';
import type { OcrWord } from './tesseract.js';
import { LOW_CONFIDENCE } from './limits.js';
import { MONTHS } from '../data/labels.js';
import { withUnwritableLetters } from './unwritable-letters.js';
import { flagHeadOf, lineWordsOf } from './flag-heads.js';
import { withoutAccents } from '../text-fold.js';

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
 * a table rule beside the cell ("|", "¦"), a speck or fold ("»", "«", quotes, "*", "°": composed
 * scans 85 and 90, "°2.858,25", "*3.602,62", rows lost). A word that is a number or date with
 * them ("08/02»", "|1,240.00") loses them, so the reader sees the date that starts its row;
 * words of letters keep theirs.
 */
const EDGE_MARKS = /^[|¦»«‘’“”"'`_~*°•·]+|[|¦»«‘’“”"'`_~*°•·]+$/g;
/**
 * A currency code glued to its figure by a speck read as a mark ("CHF:2,631.97", Times 9 pt at
 * 200 dpi, composed scan 445: no figure, the row lost). The code and the figure as printed: the
 * mark is neither a digit nor a sign, so the figure's value is the same either way.
 */
const CODE_MARK = /^([-(]?(?:INR|USD|EUR|GBP|CAD|NZD|AUD|SGD|CHF))[:;.,'’‘`](?=\s?[-(]?\d)/;
/** A day and month with their closing point ("16.12."): a date, whose point is no speck. */
const DAY_MONTH_POINT = /^\d{1,2}\.\d{1,2}\.$/;
export function withoutEdgeMarks(text: string): string {
  let core = text.replace(EDGE_MARKS, '');
  // A speck read as a point or comma after a figure's cents ("£1709.38,", composed scan 105):
  // a figure ends with its cents (or its sign); a day-month date keeps its closing point.
  if (/\d[.,]\d{2}[.,]$/.test(core) && !DAY_MONTH_POINT.test(core)) core = core.slice(0, -1);
  if (core && /^[-+(€$£]?\d/.test(core) && /[\d)]$|\d[-+]$|\d\s?(?:CR|DR)$/i.test(core)) return core;
  // A currency mark printed after its figure, a speck read with it ("6 694,83" "€°", Helvetica
  // 8 pt, composed scan 496: the cell was no money and its row lost): the mark.
  if (/^[€$£]$/.test(core)) return core;
  // A speck read as a point, comma or colon against a whole date (".2025/01/16", "2025/01/16."):
  // a date with its year never starts or ends so.
  const date = text.replace(/^[.,:;°]+|[.,:;°]+$/g, '');
  return date !== text && WHOLE_DATE.test(date) ? date : text;
}

/**
 * A word that is only a speck's marks: points, commas, colons, quotes, an underscore (dust and
 * paper grain read as print: "; 2025.03.10" at a row's start, ". -728,12" in its amount cell,
 * where they kept the reader from the date or the figure). Left out of the page, unless it
 * sits between two digits of its line, touching both (a separator read apart).
 */
const SPECK = /^[.,:;'`‘’"°_*]{1,3}$/;
export function withoutSpecks(words: OcrWord[]): OcrWord[] {
  return words.filter((w, i) => {
    if (!SPECK.test(w.text)) return true;
    const prev = words[i - 1], next = words[i + 1];
    const touch = (a: OcrWord | undefined, b: OcrWord | undefined) => !!a && !!b && a.line === b.line && b.x0 - a.x1 < w.ascent * 0.3;
    return touch(prev, w) && touch(w, next) && /\d$/.test(prev!.text) && /^\d/.test(next!.text);
  });
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
 * A figure whose separators a scan blurred, made whole where its own digits leave one reading:
 * a group mark read as a colon ("1:739,00" → "1.739,00", the other mark than its decimal one;
 * a group space read as a degree sign, "-1°304,25", composed scan 351),
 * or the decimal mark lost after whole groups of three ("5.45777" → "5.457,77": a money figure
 * prints two decimals and the groups fix where they start). Null when the word is no such
 * figure. The caller flags the figure (low confidence): it is read, not printed as such.
 */
export function mendedFigure(text: string): string | null {
  const m = /^([-(]?)(\d{1,3})[:;°](\d{3})([.,])(\d{2})([-)]?)$/.exec(text);
  if (m) return `${m[1]}${m[2]}${m[4] === ',' ? '.' : ','}${m[3]}${m[4]}${m[5]}${m[6]}`;
  // Swiss groups ("9'917.42" read "9'91742") take a decimal point.
  const g = /^([-(]?)(\d{1,3}(?:([.,'])\d{3})+)(\d{2})([-)]?)$/.exec(text);
  if (g) return `${g[1]}${g[2]}${g[3] === '.' ? ',' : '.'}${g[4]}${g[5]}`;
  return null;
}

/**
 * A figure with a speck read as a point or comma in front of it (".8.445,19", ".-0,28": Courier
 * at 9 pt, composed scan 312, both rows lost): the figure, when what follows the mark is a sign
 * or currency mark, or a figure with grouped thousands and cents (".€857,88", composed scan
 * 322; no figure starts with a mark; a lone ".50"
 * stays, it may be a figure that lost its digits in front). Null when the word is no such
 * figure. The caller flags the figure: it is read, not printed as such.
 */
export function withoutLeadingSpeck(text: string): string | null {
  const m = /^[.,·](?=[-−(]\d|[€$£]\d|\d{1,3}(?:[.,' ]\d{3})+[.,]\d{2}(?:\s?[-)])?$)(.*)$/.exec(text);
  return m && /^[-−(]?[€$£]?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2}(?:\s?[-)])?$/.test(m[1]!) ? m[1]! : null;
}

/**
 * A figure with a speck's minus read between its cents and its currency mark ("116,50-€",
 * Helvetica 8 pt, composed scan 432: no figure, the row lost, and the balance oracle then took
 * the next row's right "12,49" for the lost row's share). A figure printed with a trailing
 * minus prints it after its mark ("116,50 €-"); between them it is no sign the reader knows
 * (nor does it read "116,50- €" from a text layer). The figure and its mark, unsigned. Null
 * when the word is no such figure. The caller flags the figure: its sign, if the mark was one,
 * is then for the balances and the columns to tell.
 */
export function withoutInnerMinus(text: string): string | null {
  const m = /^([-−]?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2})[-−~](\s?[€$£])$/.exec(text);
  return m ? `${m[1]} ${m[2]!.trim()}` : null;
}

/** A word this many ascents wide or narrower holds one letter (./column-cells.ts flagOf reads a mark's echo so too). */
const ECHO_WIDTH = 1.2;

/**
 * A debit/credit letter read with its echo ("Ss" for "S", "Hh" for "H": the engine reads a lone
 * capital so, Courier at 8 pt, composed scan 306, where the row was lost) right after a figure
 * with cents on its line: the letter. Other words as read.
 */
export function flagLetter(text: string, prev: string | undefined): string {
  const m = /^([CDSH])([cdsh])$/.exec(text);
  return m && m[1]!.toLowerCase() === m[2] && prev && /\d[.,]\d{2}$/.test(prev) ? m[1]! : text;
}

/**
 * A figure whose currency mark was read twice ("$$386.39", "S$$52,192.98": the S of "S$" read
 * as a "$", or the mark's ink doubled): one "$", as the reader takes it (money never prints two
 * marks; its cents are the same whichever dollar). Other words as read.
 */
export function withOneDollar(text: string): string {
  return text.replace(/^([-(]?)S?\$\$+(?=\s?\d)/, '$1$');
}

/**
 * A figure whose "S$" was read with its S as a lookalike digit or mark ("5$924.18", "8$3,720.00",
 * "(8$3,131.85)", "$§3,615.23", "5%1,035.39": Courier 9 pt at 200 dpi, composed scan 435, half
 * its figures): the figure with a "$", as withOneDollar gives it (no figure prints a digit or a
 * mark against its own dollar sign; its cents and digits are the same whichever dollar). Null
 * when the word is no such figure (a "$518,286.41" may be printed so: a "5" after the dollar is
 * left). The caller flags the figure: its mark was read, not printed as such.
 */
export function withDollarMark(text: string): string | null {
  const m = /^([-(]?)(?:[5§s8][$%]|\$§)(?=\s?\d{1,3}(?:[,.]\s?\d{3})*[.,]\s?\d{2}\)?-?$)/.exec(text);
  return m ? `${m[1]}$${text.slice(m[0].length)}` : null;
}

const MONTH_WORDS = new Set(Object.values(MONTHS).flat(2));
/** Two characters of a day, letters a scan reads for its digits among them: O for 0, l, I and | for 1. */
const DAY_LOOKALIKE = /^[0-3OolI|][0-9OolI|]$/;

/**
 * A day of one or two characters OCR read as letters, right before a month name ("Ol jun 2025"
 * for "01 jun 2025", "l5 Dec"): its digits. Read as letters, a statement period was lost and
 * every row dated in the wrong year (composed scan 153: F1 0). Only a word of lookalikes with no
 * letter but them, followed on its line by a month name; other words as read.
 */
export function dayOfDate(text: string, next: string): string {
  if (!DAY_LOOKALIKE.test(text) || /^\d+$/.test(text)) return text;
  const month = /^(\p{L}{3,9})\.?/u.exec(next)?.[1];
  if (!month || !MONTH_WORDS.has(withoutAccents(month.toLowerCase()))) return text;
  const digits = text.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1');
  const day = Number(digits);
  return day >= 1 && day <= 31 ? digits : text;
}

/**
 * The same day glued to its month by the date's own separator, one word ("I-gen-2025",
 * "|-gen-2025" for "1-gen-2025": composed scan 383's period, lost, and its rows dated by a vote
 * of other dates' years): its digits. Only lookalikes before a separator and a month name.
 */
const DAY_GLUED_TO_MONTH = /^([0-3OolI|]?[0-9OolI|])([-./])(\p{L}{3,9})(?=$|[-./,])/u;
export function dayGluedToMonth(text: string): string {
  const m = DAY_GLUED_TO_MONTH.exec(text);
  if (!m || /^\d+$/.test(m[1]!)) return text;
  if (!MONTH_WORDS.has(withoutAccents(m[3]!.toLowerCase()))) return text;
  const digits = m[1]!.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1');
  const day = Number(digits);
  return day >= 1 && day <= 31 ? `${digits}${text.slice(m[1]!.length)}` : text;
}

/**
 * A month name with a speck's mark read before it, right before its day ("‘Dec 27, 2024",
 * "-Dec 24, 2024": Courier at 9 pt, composed scan 138): the month name. With the mark, the date
 * was no date, and its row was dated from the row above. Only a word of marks and a month name,
 * followed on its line by a day; other words as read.
 */
const MARKS_BEFORE_MONTH = /^[-–—|¦»«‘’“”"'`_~*°•·.,:;]{1,2}(\p{L}{3,9}\.?,?)$/u;
export function monthOfDate(text: string, next: string): string {
  const m = MARKS_BEFORE_MONTH.exec(text);
  if (!m || !/^(?:[1-9]|[12]\d|3[01])(?!\d)/.test(next)) return text;
  const month = withoutAccents(m[1]!.replace(/[.,]$/, '').toLowerCase());
  return MONTH_WORDS.has(month) ? m[1]! : text;
}

/** A whole date of a day, month and year, day-first or year-first ("2025-01-15", "15.01.2025", "15/01/25"). */
const WHOLE_DATE = /^(?:\d{4}([-/.])\d{2}\1\d{2}|\d{1,2}([-/.])\d{1,2}\2(?:\d{4}|\d{2}))$/;

/**
 * A date OCR split at a separator into two words of one line ("2025-01" "-15", "2025-01-"
 * "15"): joined when they touch (a gap under the line's ascent) and only the join is a date.
 */
function joinSplitDates(words: OcrWord[]): OcrWord[] {
  const out: OcrWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!, next = words[i + 1];
    if (next && next.line === w.line && next.x0 - w.x1 >= 0 && next.x0 - w.x1 < w.ascent && /[-/.]$|^[-/.]/.test(`${w.text.slice(-1)}${next.text[0]}`)
      && WHOLE_DATE.test(`${w.text}${next.text}`) && !WHOLE_DATE.test(w.text) && !WHOLE_DATE.test(next.text)) {
      out.push({ ...w, text: `${w.text}${next.text}`, x1: next.x1, conf: Math.min(w.conf, next.conf) });
      i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

/** Under this share of the page's median line ascent, a line is flat: a rule, not print. */
const FLAT_LINE_SHARE = 0.4;
/** A word of letters (two or more, a closing point or colon) run into two or more underscores and what follows them. */
const RULED_WORD = /^(\p{L}{2,}[.:]?)__+.*$/u;

function flatLineAscent(words: OcrWord[]): number {
  if (!words.length) return 0;
  const a = words.map((w) => w.ascent).sort((x, y) => x - y);
  return a[a.length >> 1]! * FLAT_LINE_SHARE;
}

/**
 * Words read from a page image as the text extractor's items, in PDF points from the page's
 * top-left: the geometric reader then reads an OCR page exactly as a text page. `ptPerPx` is
 * the size of one image pixel in points.
 */
export function pageFromWords(page: number, read: OcrWord[], ptPerPx: number, widthPt: number, heightPt: number): PageText {
  const items: TextItem[] = [];
  const words = joinSplitDates(read);
  const flat = flatLineAscent(words);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let text = w.text;
    // A "line" with next to no height and no digit is a rule or the sheet's edge read as marks
    // ("=a", "a", "—" at size 1 along a header's underline): no print. Between a table's heads
    // it was taken for a head of its own and the table's columns were lost.
    if (w.ascent < flat && !/\d/.test(text)) continue;
    // A copyright sign right after a figure is its currency mark misread ("1.952,65" "©" for
    // "1.952,65 €", Courier 9 pt, composed scan 438: the cell was no money and its row lost).
    // Left out: the figure's value is the same without it, and no mark is guessed.
    if (text === '©' && words.some((u) => u !== w && Math.abs(u.baseline - w.baseline) < w.ascent * 0.5 && /\d[.,]\d{2}$/.test(u.text) && w.x0 - u.x1 >= -2 && w.x0 - u.x1 <= w.ascent * 1.5)) continue;
    if (ONLY_MARKS.test(text)) {
      // A tilde just before a figure on its line is a minus sign read thin and wavy (a French
      // photo's closing balance "-278,96" read "~ 278,96"): the figure keeps its sign.
      const next = words[i + 1];
      if (text === '~' && next && next.line === w.line && /^\d/.test(next.text) && next.x0 - w.x1 <= w.ascent) next.text = `-${next.text}`;
      continue;
    }
    // A table's rule read into the word printed over it ("Data___—sC" for the head "Data" on a
    // restored motion capture, composed 2107: its date column's head lost, the opening and the
    // first two rows with it): the letters before the run of underscores, in their share of the box.
    let x1 = w.x1;
    const ruled = RULED_WORD.exec(text);
    if (ruled) { x1 = w.x0 + ((w.x1 - w.x0) * ruled[1]!.length) / text.length; text = ruled[1]!; }
    text = withOneDollar(withoutEdgeMarks(text.replace(/^~(?=\d)/, '-'))).replace(CODE_MARK, '$1 ');
    // Letters the model cannot write (`è`, `ç`, `ü`...) given back to known words (./unwritable-letters.ts).
    text = withUnwritableLetters(text);
    // A debit/credit head whose slash was read as a stroke ("DIC"), or misread beside a column's head ("bic" by "Amount"): its slash, so the reader finds its column (./flag-heads.ts).
    if (!text.includes('/')) text = flagHeadOf(text, lineWordsOf(w, words)) ?? text;
    const next = words[i + 1];
    if (next && next.line === w.line) text = monthOfDate(dayOfDate(text, next.text), next.text);
    text = dayGluedToMonth(text);
    if (/^[CDSH][cdsh]$/.test(text)) {
      // Its box one letter wide: the two letters are one letter and its echo, wherever it stands
      // (Courier 7 pt, composed scan 442: "Cc" a Courier cell or two right of its figure, farther
      // than the word just before it is looked for; its rows were read as debits, unsettled).
      // Else the word just before it on its printed line (sparse reading makes each cell a line of its own).
      const prev = words.find((u) => u !== w && Math.abs(u.baseline - w.baseline) < w.ascent * 0.5 && u.x1 <= w.x0 + 2 && w.x0 - u.x1 < w.ascent * 2);
      text = text[1] === text[0]!.toLowerCase() && w.x1 - w.x0 < w.ascent * ECHO_WIDTH ? text[0]! : flagLetter(text, prev?.text);
    }
    let conf = Math.round(w.conf);
    const unspecked = withoutLeadingSpeck(text);
    if (unspecked) { text = unspecked; conf = Math.min(conf, LOW_CONFIDENCE - 1); }
    const inner = withoutInnerMinus(text);
    if (inner) { text = inner; conf = Math.min(conf, LOW_CONFIDENCE - 1); }
    const dollar = withDollarMark(text);
    if (dollar) { text = dollar; conf = Math.min(conf, LOW_CONFIDENCE - 1); }
    const mended = mendedFigure(text);
    if (mended) { text = mended; conf = Math.min(conf, LOW_CONFIDENCE - 1); }
    items.push({
      str: text, x: w.x0 * ptPerPx, y: w.baseline * ptPerPx, w: (x1 - w.x0) * ptPerPx,
      size: Math.max(1, w.ascent * ptPerPx * SIZE_PER_ASCENT), font: OCR_FONT, conf,
    });
  }
  return { page, width: widthPt, height: heightPt, items };
}

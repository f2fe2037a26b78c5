/**
 * Whether a page's text layer reads as text. A font whose glyphs map to the wrong characters
 * (a missing or deliberately scrambled ToUnicode map, glyph ids taken for characters) draws a
 * page a person reads while its text layer is gibberish: "Dibtf Cbol" for "Chase Bank", or
 * control and private-use characters. Such a page prints almost none of the commonest short
 * words and no amount or date, so the document reads as nothing; its pages are worth reading
 * by OCR instead (../ocr/ocr-layer-choice.ts), the reading that holds together better kept.
 */
import { COMMON_WORDS } from '../data/labels.js';
import type { PageText } from './extract.js';

const COMMON = new Set(COMMON_WORDS);
/** Words of two letters or more a page needs before its text is judged at all. */
const MIN_WORDS = 40;
/** Share of those words that are common words, below which the page does not read as text. */
const MIN_COMMON_SHARE = 0.02;
/** Share of odd characters (controls, private use, replacement) at which the page does not read as text. */
const MAX_ODD_SHARE = 0.3;
/**
 * Share of punctuation and symbols among a page's visible characters (leaders such as "....."
 * aside) at which it does not read as text. A font subset re-encoded in glyph order (codes 1, 2,
 * 3 … for the glyphs as first used, as Ghostscript writes a TrueType subset it got without a
 * ToUnicode map) taken through WinAnsi gives "!\"#$%&'()*+,-./" and digits for the first glyphs:
 * such pages run 0.40-0.99, and too few two-letter words to be judged by them. Text pages of the
 * corpus and of the generators stay under 0.21 (tax-form worksheets, sectioned statements).
 */
const MAX_SYMBOL_SHARE = 0.4;
/** Visible characters a page needs before its symbols are judged. */
const MIN_SYMBOLS_JUDGED = 200;
/** Characters of a page judged: the rest say nothing more. */
const MAX_CHARS_JUDGED = 20_000;

const ODD = /[\u0000-\u0008\u000e-\u001f\ue000-\uf8ff\ufffd]/gu;
const WORD = /\p{L}{2,}/gu;
const SYMBOL = /[^\p{L}\p{N}]/gu;
/** Runs of one character ("......", "-----", "*****"): leaders, rules and masks, not text either way. */
const LEADERS = /(.)\1{2,}/gu;
/** An amount with two decimals in any of the world's groupings ("1,234.56", "1.234,56", "1'234.56", "12.50"). */
const AMOUNT = /\d[.,]\d{2}(?!\d)/g;
/** A date with separators ("2/13/2020", "13.02.20", "2020-02-13"). */
const DATE = /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b/g;
/** Amounts and dates that make a page a statement's whatever its words: a busy page of merchant names prints few common words. */
const MIN_FIGURES = 3;

/** The page's text reads as text, or says too little to tell (true); false when it is gibberish. */
export function readsAsText(page: PageText): boolean {
  let chars = '';
  for (const it of page.items) {
    chars += `${it.str} `;
    if (chars.length >= MAX_CHARS_JUDGED) break;
  }
  const visible = chars.replace(/\s+/g, '');
  if (visible.length >= 50 && (visible.match(ODD)?.length ?? 0) >= MAX_ODD_SHARE * visible.length) return false;
  const unled = visible.replace(LEADERS, '');
  if (unled.length >= MIN_SYMBOLS_JUDGED && (unled.match(SYMBOL)?.length ?? 0) >= MAX_SYMBOL_SHARE * unled.length) return false;
  const words = chars.toLowerCase().match(WORD) ?? [];
  if (words.length < MIN_WORDS) return true;
  let common = 0;
  for (const w of words) if (COMMON.has(w)) common++;
  return common >= MIN_COMMON_SHARE * words.length || (chars.match(AMOUNT)?.length ?? 0) + (chars.match(DATE)?.length ?? 0) >= MIN_FIGURES;
}

/** Pages (1-based) whose text layer does not read as text. */
export function unreadableTextPages(pages: PageText[]): number[] {
  return pages.filter((p) => p.items.length && !readsAsText(p)).map((p) => p.page);
}

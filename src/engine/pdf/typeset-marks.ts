/**
 * Marks a typesetting system prints apart from what they mean, read as typed:
 * - Accents set over letters. TeX's default (OT1) fonts have no accented letters: "é" is an
 *   acute accent glyph drawn over an "e" (over a dotless "ı" for "í"), the accent first, so the text layer says "D´ebit", "Descripci´on", "f´evr.", often with the
 *   accent ending one piece of text and its letter starting the next (TeX moves back to centre
 *   it). A cedilla comes before its "c" or, in small capitals, after it ("Lan¸camento",
 *   "poupanc¸a"): it goes to the letter it makes a letter with, the next first. Header words, month names and labels are then unknown words. A spacing accent against a
 *   letter becomes the accented letter where one exists; anything else is left as printed.
 * - A minus set as the mathematical minus (U+2212) or an en-dash against a figure: "–2 902,99",
 *   "665,00−" (TeX's $-$ and --, word processors' typographic dashes), often a piece of text of
 *   its own beside the figure. The figure's sign is the hyphen-minus the readers of figures know;
 *   a dash between words or dates stays a dash.
 */
import type { TextItem } from './text-item.js';

/** The spacing accents and the combining marks they stand for. */
const ACCENTS: Record<string, string> = {
  '\u00b4': '\u0301', '`': '\u0300', '\u00a8': '\u0308', '\u02c6': '\u0302', '\u02dc': '\u0303', '\u02c7': '\u030c',
  '\u02d8': '\u0306', '\u02d9': '\u0307', '\u00af': '\u0304', '\u02da': '\u030a', '\u02dd': '\u030b', '\u00b8': '\u0327',
};
const SPACING = '\u00b4\u00a8\u02c6\u02dc\u02c7\u02d8\u02d9\u00af\u02da\u02dd\u00b8';
/** An accent before its letter; the backquote (ASCII's grave) only before a vowel, where no text prints one. */
const ACCENT_BEFORE = new RegExp(`([${SPACING}])(\\p{L})|\`([aeiouAEIOU\\u0131])`, 'gu');
/** A cedilla left after its letter (the next letter took none). */
const CEDILLA_AFTER = /(\p{L})\u00b8/gu;
const ENDS_WITH_ACCENT = new RegExp(`(?:[${SPACING}]|\`)$`, 'u');
const ANY_MARK = new RegExp(`[${SPACING}\`\\u2212\\u2013]`, 'u');
const DASHES = /[\u2212\u2013]/;
/** A dash opening a figure ("–2 902,99", "(–12.00", "−$5.00"), or closing one with two decimals ("665,00−"). */
const MINUS_BEFORE = /(^|[\s(])[\u2212\u2013](?=[$£€]?\d)/g;
const MINUS_AFTER = /(\d[.,]\d{2})[\u2212\u2013](?=\s|\)|$)/g;

function accented(letter: string, mark: string): string | null {
  const c = `${letter === '\u0131' ? 'i' : letter}${mark}`.normalize('NFC');
  return c.length === 1 && /\p{L}/u.test(c) ? c : null;
}

/** One piece of text's accents and figure signs, read as typed. */
export function readTypesetMarks(text: string): string {
  if (!ANY_MARK.test(text)) return text;
  return text
    .replace(ACCENT_BEFORE, (m, accent: string | undefined, letter: string | undefined, vowel: string | undefined) => (accent ? accented(letter!, ACCENTS[accent]!) : accented(vowel!, ACCENTS['`']!)) ?? m)
    .replace(CEDILLA_AFTER, (m, letter: string) => accented(letter, '\u0327') ?? m)
    .replace(MINUS_BEFORE, '$1-')
    .replace(MINUS_AFTER, '$1-');
}

/** `right` continues `left` on its baseline with no word space between (the accent's letter, the figure's sign). */
function touches(left: TextItem, right: TextItem): boolean {
  const size = Math.max(left.size, right.size);
  const gap = right.x - (left.x + left.w);
  // TeX draws an accent, then moves back over it to set the letter: the pieces overlap by up to an em.
  return Math.abs(left.y - right.y) < 0.3 * size && gap < 0.2 * size && right.x > left.x && gap > -size;
}

/** A dash alone (a piece of its own) beside a figure: its minus where it touches the figure's start or, after two decimals, its end, and no other text on its far side. */
function figureSign(dash: TextItem, near: (TextItem | undefined)[]): boolean {
  if (!DASHES.test(dash.str) || dash.str.trim().length !== 1) return false;
  const before = near.find((n) => n && touches(n, dash)), after = near.find((n) => n && touches(dash, n));
  if (after && /^[$£€]?\d/.test(after.str) && !(before && /\S$/.test(before.str))) return true;
  return !!before && /\d[.,]\d{2}$/.test(before.str) && !(after && /^\S/.test(after.str));
}

/**
 * The page's pieces of text (in the order drawn) with accents and figure signs read as typed,
 * within each piece and where an accent or a sign is cut from its letter or figure.
 */
export function withTypesetMarks(items: TextItem[]): TextItem[] {
  if (!items.some((it) => ANY_MARK.test(it.str))) return items;
  const out = items.map((it) => ({ ...it }));
  for (let i = 0; i < out.length; i++) {
    const a = out[i]!, b = out[i + 1];
    // The accent ends this piece, its letter starts the next: the letter takes it.
    if (b && ENDS_WITH_ACCENT.test(a.str) && /^[\p{L}]/u.test(b.str) && touches(a, b)) {
      const mark = a.str.slice(-1), letter = [...b.str][0]!;
      const c = mark === '`' && !/[aeiouAEIOU\u0131]/.test(letter) ? null : accented(letter, ACCENTS[mark]!);
      if (c) { a.str = a.str.slice(0, -1); b.str = c + b.str.slice(letter.length); }
    }
    // A cedilla set after its letter (small capitals) that starts the next piece: the letter before takes it.
    if (b && b.str.startsWith('\u00b8') && /\p{L}$/u.test(a.str) && touches(a, b)) {
      const letter = [...a.str].pop()!, c = accented(letter, '\u0327');
      if (c && !accented([...b.str][1] ?? '', '\u0327')) { a.str = a.str.slice(0, -letter.length) + c; b.str = b.str.slice(1); }
    }
    // The figure a dash stands beside is drawn just before or after it (pdfTeX: in reading order; others: figure first, then its sign).
    if (figureSign(a, [out[i - 2], out[i - 1], b, out[i + 2]])) a.str = a.str.replace(DASHES, '-');
  }
  return out.filter((it) => it.str !== '').map((it) => (ANY_MARK.test(it.str) ? { ...it, str: readTypesetMarks(it.str) } : it));
}

/**
 * Simple-font encodings the fast reader knows with certainty (ISO 32000 Annex D): code → glyph
 * name → Unicode. WinAnsiEncoding's names and characters come from Adobe's table (font-data.ts,
 * generated from @pdf-lib/standard-fonts) plus the annex's notes (0xA0 is also `space`, 0xAD
 * also `hyphen`, the codes Windows-1252 leaves unassigned show `bullet`); MacRomanEncoding's
 * characters come from Node's own Mac Roman decoder plus the annex's differences. A code or
 * glyph name not in these tables makes the document go to pdf.js (never a guessed character).
 */
import { GLYPH_CODE_POINTS, METRIC_GLYPHS, STANDARD_WIDTHS, WIN_ANSI_GLYPHS } from './font-data.js';

/** The standard font's advance for a glyph name (600 for every Courier glyph); undefined when not known. */
export function standardWidth(font: string, glyph: string): number | undefined {
  if (font.startsWith('Courier')) return 600;
  const i = METRIC_INDEX.get(glyph);
  const w = i === undefined ? undefined : STANDARD_WIDTHS[font]?.[i];
  return w === undefined || w < 0 ? undefined : w;
}
const METRIC_INDEX = new Map(METRIC_GLYPHS.map((g, i) => [g, i]));

/** Glyph names beyond WinAnsi's whose character is certain (Adobe Glyph List). */
const EXTRA_GLYPHS: Record<string, number> = {
  space: 0x20, hyphen: 0x2d, bullet: 0x2022, nbspace: 0xa0, nonbreakingspace: 0xa0, sfthyphen: 0xad,
  minus: 0x2212, dotlessi: 0x131, Lslash: 0x141, lslash: 0x142, fraction: 0x2044, hungarumlaut: 0x2dd,
  ogonek: 0x2db, caron: 0x2c7, breve: 0x2d8, dotaccent: 0x2d9, ring: 0x2da, quotesingle: 0x27,
  Euro: 0x20ac, currency: 0xa4, periodcentered: 0xb7, middot: 0xb7, endash: 0x2013, emdash: 0x2014,
  ellipsis: 0x2026, quoteleft: 0x2018, quoteright: 0x2019, quotedblleft: 0x201c, quotedblright: 0x201d,
  uni20B9: 0x20b9,
};

/** WinAnsiEncoding code → glyph name ('' where the encoding has none). */
export const WIN_ANSI_NAMES: readonly string[] = (() => {
  const names = [...WIN_ANSI_GLYPHS];
  names[0xa0] = 'space';
  names[0xad] = 'hyphen';
  for (const c of [0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d]) names[c] = 'bullet';
  return names;
})();

/** Glyph name → code point. */
const GLYPHS: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>(Object.entries(GLYPH_CODE_POINTS));
  for (const [name, cp] of Object.entries(EXTRA_GLYPHS)) map.set(name, cp);
  return map;
})();

/** The character a glyph name stands for, or undefined when not certain. */
export function glyphUnicode(name: string): string | undefined {
  const cp = GLYPHS.get(name);
  if (cp !== undefined) return String.fromCodePoint(cp);
  // uniXXXX with four upper-case hex digits, as the glyph list's convention reads it.
  const m = /^uni([0-9A-F]{4})$/.exec(name);
  if (m) {
    const v = parseInt(m[1]!, 16);
    if (v < 0xd800 || v > 0xdfff) return String.fromCharCode(v);
  }
  return undefined;
}

/** WinAnsiEncoding code → character ('' where unassigned). */
export const WIN_ANSI: readonly string[] = WIN_ANSI_NAMES.map((n) => (n ? glyphUnicode(n) ?? '' : ''));

/** MacRomanEncoding code → character ('' where unassigned or uncertain). */
export const MAC_ROMAN: readonly string[] = (() => {
  const dec = new TextDecoder('macintosh');
  const out = new Array<string>(256).fill('');
  for (let c = 0x20; c < 0x100; c++) out[c] = dec.decode(new Uint8Array([c]));
  out[0x7f] = '';
  out[0xca] = ' '; // the annex's `space` (Mac OS Roman: no-break space)
  out[0xdb] = '\u00a4'; // `currency` (Mac OS Roman since 8.5: the euro sign)
  out[0xf0] = ''; // `apple`: private use
  return out;
})();

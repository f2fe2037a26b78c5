/**
 * Fonts as far as text needs them: for each character code shown, its Unicode text and its
 * advance width (glyph space, 1/1000 of the font size). Read the way pdf.js reads them, so the
 * two readers agree to the glyph: the font's name (FontDescriptor /FontName, or the /BaseFont
 * with `,` and `_` read as `-` when there is no descriptor), /Widths or /W, the standard-14
 * metrics for a standard font without widths, ToUnicode first and the encoding otherwise.
 * Where pdf.js would guess (a code with no mapping, a glyph name outside the known tables, a
 * symbolic or Type 3 font, a predefined CMap, vertical writing) this reader refuses: Unsupported.
 */
import { Dict, Name, Ref, Stream, type PdfObj } from './objects.js';
import type { PdfFile } from './document.js';
import { parseToUnicode } from './cmap.js';
import { MAC_ROMAN, WIN_ANSI, WIN_ANSI_NAMES, glyphUnicode, standardWidth } from './encodings.js';
import { ZAPF_DINGBATS_GLYPHS, ZAPF_DINGBATS_WIDTHS } from './font-data.js';
import { PDFJS_KNOWN_FONT_NAMES } from './known-font-names.js';
import { Unsupported } from './unsupported.js';
import { unstatedTrueType } from './unstated-font.js';

/** The encoding decided by evidence for a font the PDF leaves unstated (./unstated-encoding.ts), by its object number. */
export type DecidedEncoding = (ref: number) => { encoding: 'WinAnsiEncoding' | 'MacRomanEncoding'; asciiOnly?: boolean } | undefined;

export interface Glyph {
  code: number;
  unicode: string;
  /** Advance in glyph space (thousandths of the font size). */
  width: number;
  /** What pdf.js's text layer does with it: 1 whitespace (moves, no text), 2 zero-width mark, 3 invisible format mark, 0 other. */
  category: 0 | 1 | 2 | 3;
}

export interface FastFont {
  /** The font's real name, as pdf.js reports it. */
  name: string;
  glyphs(chars: string): Glyph[];
}

const STANDARD_14 = new Set([
  'Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique', 'Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique',
  'Helvetica-BoldOblique', 'Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic',
]);

/**
 * Characters the fast reader passes through as they are. pdf.js rewrites some (NFKC for
 * ligatures, compatibility characters) and reorders right-to-left scripts; those, control
 * characters and private-use code points make the document go to pdf.js.
 */
function certainText(u: string, mapped: boolean): boolean {
  for (const ch of u) {
    const c = ch.codePointAt(0)!;
    if (c === 0xb5 || c === 0x37e || c === 0xeb3 || c === 0x2126) return false;
    if (c >= 0x590 && c <= 0x8ff) return false;
    if (c >= 0xfb00 && c <= 0xfeff) return false;
    if (c >= 0xd800 && c <= 0xdfff) return false;
    // A control character, a private-use one or U+FFFD is kept (as pdf.js keeps it) only when a
    // ToUnicode map says so; from an encoding it would be a guess.
    if (!mapped && (c < 0x20 || (c >= 0x7f && c < 0xa0) || (c >= 0xe000 && c <= 0xf8ff) || c === 0xfffd || c >= 0xf0000)) return false;
  }
  return u.length > 0;
}

function categoryOf(u: string): Glyph['category'] {
  if (/^\s/u.test(u)) return 1;
  const mn = /\p{Mn}/u.exec(u), cf = /\p{Cf}$/u.exec(u);
  if (mn && (!cf || mn.index <= cf.index)) return 2;
  if (cf) return 3;
  return 0;
}

function glyphOf(code: number, unicode: string | undefined, width: number, font: string, mapped: boolean): Glyph {
  if (unicode === undefined || !certainText(unicode, mapped)) throw new Unsupported(`character code ${code} of font ${font} has no certain Unicode text${unicode === undefined ? '' : ` (${[...unicode].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ')})`}`);
  return { code, unicode, width, category: categoryOf(unicode) };
}

class Font implements FastFont {
  private readonly cache = new Map<string, Glyph[]>();
  private readonly byCode = new Map<number, Glyph>();
  constructor(readonly name: string, private readonly twoByte: boolean, private readonly make: (code: number) => Glyph) {}
  glyphs(chars: string): Glyph[] {
    let out = this.cache.get(chars);
    if (out) return out;
    out = [];
    if (this.twoByte) {
      if (chars.length % 2 !== 0) throw new Unsupported(`a string of odd length shown with the two-byte font ${this.name}`);
      for (let i = 0; i < chars.length; i += 2) out.push(this.glyph((chars.charCodeAt(i) << 8) | chars.charCodeAt(i + 1)));
    } else {
      for (let i = 0; i < chars.length; i++) out.push(this.glyph(chars.charCodeAt(i)));
    }
    if (this.cache.size < 4096) this.cache.set(chars, out);
    return out;
  }
  private readonly byByte: (Glyph | undefined)[] = new Array<Glyph | undefined>(256);
  private glyph(code: number): Glyph {
    if (code < 256) {
      let g = this.byByte[code];
      if (!g) { g = this.make(code); this.byByte[code] = g; }
      return g;
    }
    let g = this.byCode.get(code);
    if (!g) { g = this.make(code); this.byCode.set(code, g); }
    return g;
  }
}

const num = (v: PdfObj): number | undefined => (typeof v === 'number' ? v : undefined);

function toUnicodeOf(file: PdfFile, ...dicts: Dict[]): Map<number, string> | null {
  for (const d of dicts) {
    const tu = file.get(d, 'ToUnicode');
    if (tu === null) continue;
    if (!(tu instanceof Stream)) throw new Unsupported('a ToUnicode that is not a CMap stream');
    const map = parseToUnicode(file.streamBytes(tu, false));
    if (map.size === 0) throw new Unsupported('an empty ToUnicode CMap');
    return map;
  }
  return null;
}

/** A name pdf.js's isKnownFontName knows: looked up as written there, after its normalizeFontName. */
const knownFontName = (name: string) => PDFJS_KNOWN_FONT_NAMES.has(name.replace(/[,_]/g, '-').replace(/\s/g, ''));

/**
 * The real font name pdf.js reports: the descriptor's /FontName, or /BaseFont where the two
 * differ as pdf.js's translateFont decides it: /BaseFont when it starts with /FontName, or when
 * only /BaseFont is a name pdf.js knows. wkhtmltopdf (Qt) writes the subset tag in /FontName only
 * ("QXAAAA+DejaVuSans" against "DejaVuSans"): pdf.js keeps the tagged name, as this does.
 */
function realName(file: PdfFile, dict: Dict, descriptor: Dict | null): string {
  const base = file.get(dict, 'BaseFont');
  if (!descriptor) {
    if (!(base instanceof Name)) throw new Unsupported('a font without /BaseFont');
    return base.name.replace(/[,_]/g, '-').replace(/\s/g, '');
  }
  const fn = file.get(descriptor, 'FontName');
  if (!(fn instanceof Name) || !(base instanceof Name)) throw new Unsupported('a font without /FontName or /BaseFont as names');
  if (fn.name === base.name) return fn.name;
  return base.name.startsWith(fn.name) || (!knownFontName(fn.name) && knownFontName(base.name)) ? base.name : fn.name;
}

export function loadFont(file: PdfFile, ref: PdfObj, decided?: DecidedEncoding): FastFont {
  const dict = file.resolve(ref);
  if (!(dict instanceof Dict)) throw new Unsupported('a font that is not a dictionary');
  const subtype = file.get(dict, 'Subtype');
  if (!(subtype instanceof Name)) throw new Unsupported('a font without /Subtype');
  if (subtype.name === 'Type0') return compositeFont(file, dict);
  if (subtype.name === 'Type1' || subtype.name === 'TrueType' || subtype.name === 'MMType1') {
    // A font whose encoding the PDF leaves unstated is read with the one decided for it, as
    // pdf.js reads the copy of the file that states it (../font-encoding-update.ts).
    const stated = ref instanceof Ref && decided && unstatedTrueType(file, dict) ? decided(ref.num) : undefined;
    return simpleFont(file, dict, subtype.name, stated);
  }
  throw new Unsupported(`a ${subtype.name} font`);
}

function simpleFont(file: PdfFile, dict: Dict, type: string, decided?: ReturnType<DecidedEncoding>): FastFont {
  const decidedEncoding = decided?.encoding;
  const d = file.get(dict, 'FontDescriptor');
  const descriptor = d instanceof Dict ? d : null;
  const name = realName(file, dict, descriptor);
  const symbolic = /symbol|dingbats|wingdings|webdings/i.test(name) || name.charCodeAt(0) >= 0xb7;
  const embedded = descriptor !== null && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor.has(k));

  // Encoding: a named base (WinAnsi or MacRoman) and Differences.
  let base: readonly string[] | null = null;
  let baseName = '';
  const differences = new Map<number, string>();
  const enc = decidedEncoding ? Name.of(decidedEncoding) : file.get(dict, 'Encoding');
  const setBase = (n: PdfObj) => {
    if (!(n instanceof Name)) return;
    if (n.name === 'WinAnsiEncoding') { base = WIN_ANSI; baseName = n.name; } else if (n.name === 'MacRomanEncoding') { base = MAC_ROMAN; baseName = n.name; } else throw new Unsupported(`the encoding ${n.name}`);
  };
  if (enc instanceof Name) setBase(enc);
  else if (enc instanceof Dict) {
    setBase(file.get(enc, 'BaseEncoding'));
    const diffs = file.get(enc, 'Differences');
    if (Array.isArray(diffs)) {
      let code = 0;
      for (const e of diffs) {
        const v = file.resolve(e);
        if (typeof v === 'number') code = v;
        else if (v instanceof Name) differences.set(code++, v.name);
        else throw new Unsupported('a malformed /Differences');
      }
    }
  } else if (enc !== null) throw new Unsupported('an /Encoding that is neither a name nor a dictionary');

  const toUnicode = toUnicodeOf(file, dict);
  if (name === 'ZapfDingbats' && !descriptor && type === 'Type1' && enc === null && !toUnicode) return zapfDingbats(file, dict, name);
  if (!toUnicode && !base) throw new Unsupported(`font ${name} has neither ToUnicode nor a named encoding`);
  // pdf.js sets a symbolic font's encoding aside: only its ToUnicode map and widths are certain.
  if (symbolic && !toUnicode) throw new Unsupported(`the symbolic font ${name} without ToUnicode`);
  const flags = descriptor ? num(file.get(descriptor, 'Flags')) ?? 0 : 0;
  // An embedded symbolic TrueType font without ToUnicode is read through its own cmap table by pdf.js.
  if (!toUnicode && embedded && type === 'TrueType' && (flags & 4) !== 0 && !decidedEncoding) throw new Unsupported(`the symbolic TrueType font ${name} without ToUnicode`);
  if (!toUnicode && embedded && type !== 'TrueType' && differences.size > 0 && !base) throw new Unsupported(`font ${name}: its built-in encoding decides`);

  const glyphName = (code: number): string | undefined => differences.get(code) ?? (baseName === 'WinAnsiEncoding' ? WIN_ANSI_NAMES[code] || undefined : undefined);

  // Widths.
  const firstChar = num(file.get(dict, 'FirstChar')) ?? 0;
  const widthsObj = file.get(dict, 'Widths');
  let widthOf: (code: number) => number;
  if (Array.isArray(widthsObj)) {
    const widths = new Map<number, number>();
    widthsObj.forEach((w, i) => { const v = file.resolve(w); if (typeof v === 'number') widths.set(firstChar + i, v); });
    let dflt: number | undefined;
    if (descriptor) dflt = num(file.get(descriptor, 'MissingWidth')) ?? 0;
    else if (STANDARD_14.has(name)) dflt = name.startsWith('Courier') ? 600 : 0;
    widthOf = (code) => {
      const w = widths.get(code) ?? dflt;
      if (w === undefined) throw new Unsupported(`font ${name}: code ${code} has no width`);
      return w;
    };
  } else {
    const baseFont = file.get(dict, 'BaseFont');
    const std = baseFont instanceof Name ? baseFont.name.replace(/[,_]/g, '-').replace(/\s/g, '') : '';
    if (!STANDARD_14.has(std) || symbolic) throw new Unsupported(`font ${name} has no /Widths and is not a standard font`);
    if (std.startsWith('Courier')) widthOf = () => 600;
    else {
      if (baseName !== 'WinAnsiEncoding' && differences.size === 0) throw new Unsupported(`font ${name}: standard metrics without WinAnsi names`);
      widthOf = (code) => {
        const g = glyphName(code);
        // No glyph for the code: pdf.js's width is the font's default, 0.
        if (g === undefined) {
          if (baseName !== 'WinAnsiEncoding') throw new Unsupported(`font ${name}: code ${code} has no glyph name`);
          return 0;
        }
        const w = standardWidth(std, g);
        if (w === undefined) throw new Unsupported(`font ${name}: no standard width for the glyph ${g}`);
        return w;
      };
    }
  }

  const nonEmbeddedType1 = !embedded && type === 'Type1';
  return new Font(name, false, (code) => {
    // Decided only on the codes the document was seen to show: a code ≥ 128 is pdf.js's to read.
    if (decided?.asciiOnly && code >= 0x80) throw new Unsupported(`font ${name}: code ${code}, none above 127 seen`);
    const g = glyphName(code);
    if (nonEmbeddedType1 && (g === '.notdef' || (g === undefined && !(base as readonly string[] | null)?.[code]))) {
      throw new Unsupported(`font ${name}: code ${code} has no glyph`);
    }
    const fromEncoding = (): string | undefined => {
      const diff = differences.get(code);
      return diff !== undefined ? glyphUnicode(diff) : (base as readonly string[] | null)?.[code] || undefined;
    };
    if (toUnicode) {
      const mapped = toUnicode.get(code);
      if (mapped) return glyphOf(code, mapped, widthOf(code), name, true);
      // A code the map leaves out: pdf.js takes the encoding's character for an embedded font
      // with an encoding (its fallback map) and the code itself (a guess) otherwise.
      if (mapped === undefined && embedded && !symbolic && (base || differences.has(code))) return glyphOf(code, fromEncoding(), widthOf(code), name, false);
      throw new Unsupported(`character code ${code} of font ${name} is not in its ToUnicode map`);
    }
    return glyphOf(code, fromEncoding(), widthOf(code), name, false);
  });
}

/**
 * The standard ZapfDingbats, not embedded, with no encoding or ToUnicode of its own: read
 * through its built-in encoding (font-data.ts), as pdf.js reads it. Each code's width is its
 * glyph's; its text is what pdf.js gives, since pdf.js's glyph list has no character for the
 * dingbats' names (a1…a206): the code itself as a character, taken only where that is a
 * printable ASCII character (`space` is a space). Anything else goes to pdf.js.
 */
function zapfDingbats(file: PdfFile, dict: Dict, name: string): FastFont {
  if (file.get(dict, 'Widths') !== null) throw new Unsupported(`font ${name} with /Widths of its own`);
  return new Font(name, false, (code) => {
    const glyph = ZAPF_DINGBATS_GLYPHS[code];
    const width = ZAPF_DINGBATS_WIDTHS[code];
    if (!glyph || width === undefined || width < 0) throw new Unsupported(`font ${name}: code ${code} has no glyph`);
    const text = glyph === 'space' ? ' ' : code > 0x20 && code < 0x7f ? String.fromCharCode(code) : undefined;
    return glyphOf(code, text, width, name, false);
  });
}

function compositeFont(file: PdfFile, dict: Dict): FastFont {
  const enc = file.get(dict, 'Encoding');
  if (!(enc instanceof Name) || enc.name !== 'Identity-H') throw new Unsupported('a composite font without Identity-H');
  const descendants = file.get(dict, 'DescendantFonts');
  const cid = Array.isArray(descendants) ? file.resolve(descendants[0]) : descendants;
  if (!(cid instanceof Dict)) throw new Unsupported('a composite font without a descendant');
  const sub = file.get(cid, 'Subtype');
  if (!(sub instanceof Name) || (sub.name !== 'CIDFontType0' && sub.name !== 'CIDFontType2')) throw new Unsupported('an unknown CID font type');
  const d = file.get(cid, 'FontDescriptor');
  // Without a descriptor pdf.js reads the font as a simple one (one-byte codes, standard widths).
  if (!(d instanceof Dict)) throw new Unsupported('a CID font without a FontDescriptor');
  const name = realName(file, cid, d);
  const toUnicode = toUnicodeOf(file, cid, dict);
  if (!toUnicode) throw new Unsupported(`CID font ${name} has no ToUnicode`);
  const dw = num(file.get(cid, 'DW'));
  const dflt = dw !== undefined ? Math.ceil(dw) : 1000;
  const widths = new Map<number, number>();
  const w = file.get(cid, 'W');
  if (Array.isArray(w)) {
    for (let i = 0; i < w.length; i++) {
      const start = file.resolve(w[i++]);
      if (typeof start !== 'number' || !Number.isInteger(start)) break;
      const next = file.resolve(w[i]);
      if (Array.isArray(next)) {
        let c = start;
        for (const x of next) { const v = file.resolve(x); if (typeof v === 'number') widths.set(c, v); c++; }
      } else if (typeof next === 'number' && Number.isInteger(next)) {
        const v = file.resolve(w[++i]);
        if (typeof v !== 'number') continue;
        if (next - start > 65536) throw new Unsupported('a /W range too large');
        for (let c = start; c <= next; c++) widths.set(c, v);
      } else break;
    }
  }
  return new Font(name, true, (code) => glyphOf(code, toUnicode.get(code) || undefined, widths.get(code) ?? dflt, name, true));
}

export { Ref };

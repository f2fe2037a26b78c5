/**
 * One-byte TrueType fonts whose encoding the PDF does not state, decided by evidence once per
 * font per document. Ghostscript's pdfwrite (archives, optimisers, "print to PDF") re-writes an
 * embedded TrueType font with its codes at WinAnsi's places, but drops its /Encoding, marks it
 * symbolic and writes no ToUnicode: pdf.js then takes the codes as MacRoman (the (1,0) cmap's
 * encoding), so "€" reads "Ä" and "Crédit" "CrÈdit", and amounts with "Ä" beside them are lost.
 * A genuinely Mac-made font is read right that way. Which one a font is, is decided here from:
 * 1. the font program's own glyph names (a format 2 'post' table): the glyph a code ≥ 128 shows
 *    is named `Euro` or `eacute`, which is the character WinAnsi or MacRoman gives that code;
 * 2. failing that, the page's text: which reading makes the codes ≥ 128 the document shows in
 *    the font hold together with the characters beside them (a currency sign beside a figure, a
 *    letter inside a word in the word's case) more often than the other.
 * Only a font with no ToUnicode and no /Encoding at all is decided, only its codes ≥ 128 read
 * differently, and a font with no evidence either way is not decided (read as today). Both
 * readers apply a decision: the fast reader reads the font with the decided encoding
 * (./fonts.ts), and pdf.js reads a copy of the file where the font states it (../font-encoding-update.ts).
 */
import { Cmd, Dict, Lexer, Name, PdfString, Ref, Stream, type PdfObj } from './objects.js';
import type { PdfFile } from './document.js';
import { MAC_ROMAN, WIN_ANSI, glyphUnicode } from './encodings.js';
import { highCodeGlyphNames } from './truetype-names.js';
import { skipInlineImage } from './text.js';
import { unstatedTrueType } from './unstated-font.js';

export type SingleByteEncoding = 'WinAnsiEncoding' | 'MacRomanEncoding';

export interface EncodingDecision {
  /** The font dictionary's object number. */
  ref: number;
  /** Its /BaseFont. */
  font: string;
  encoding: SingleByteEncoding;
  /** What decided it, for the record: glyph names or text fits, with the counts. */
  evidence: string;
  /**
   * The document shows no code below 32 or above 127 in it: both readings give the same text, so
   * the fast reader reads it (and refuses a code ≥ 128 all the same), and pdf.js's copy need not
   * restate it.
   */
  asciiOnly?: boolean;
}

export interface PageSource { contents: PdfObj; resources: Dict | null }

/** Form XObjects inside one another, as the reader allows. */
const MAX_FORM_DEPTH = 16;
/** Codes ≥ 128 weighed per font: enough to decide, and a bound on the work. */
const MAX_SAMPLES = 4000;

/**
 * The decisions for every such font the pages show codes ≥ 128 in, by the font dictionary's
 * object number. A font dictionary that is not an indirect object is left undecided (pdf.js's
 * copy could not restate it). Anything unreadable on the way leaves the fonts undecided.
 */
export function decideUnstatedEncodings(file: PdfFile, pages: readonly PageSource[]): Map<number, EncodingDecision> {
  const out = new Map<number, EncodingDecision>();
  const candidates = new Map<number, { name: string; program: Stream; dict: Dict } | null>();
  const candidate = (ref: PdfObj | undefined): number => {
    if (!(ref instanceof Ref)) return -1;
    let c = candidates.get(ref.num);
    if (c === undefined) {
      const d = file.resolve(ref);
      const u = d instanceof Dict ? unstatedTrueType(file, d) : null;
      // Its dictionary is restated in pdf.js's copy: a string in it would need encrypting.
      c = u && d instanceof Dict && !(file.encrypted && holdsString(d)) ? { ...u, dict: d } : null;
      candidates.set(ref.num, c);
    }
    return c ? ref.num : -1;
  };
  // Cheap first: does any page (or form on it) name such a font? Most documents stop here.
  const seen = new Set<number>();
  const named = (res: Dict | null, depth: number): boolean => {
    if (!res || depth > MAX_FORM_DEPTH) return false;
    const fonts = file.get(res, 'Font');
    let found = false;
    if (fonts instanceof Dict) for (const v of fonts.map.values()) if (candidate(v) >= 0) found = true;
    const xo = file.get(res, 'XObject');
    if (!found && xo instanceof Dict) {
      for (const v of xo.map.values()) {
        if (!(v instanceof Ref) || seen.has(v.num) || seen.size > 10_000) continue;
        seen.add(v.num);
        const x = file.resolve(v);
        if (!(x instanceof Stream)) continue;
        const st = file.get(x.dict, 'Subtype'), r = file.get(x.dict, 'Resources');
        if (st instanceof Name && st.name === 'Form' && r instanceof Dict && named(r, depth + 1)) { found = true; break; }
      }
    }
    return found;
  };
  try {
    if (!pages.some((p) => named(p.resources, 0))) return out;
  } catch {
    return out;
  }

  const samples = new Map<number, string[]>();
  try {
    for (const p of pages) {
      const contents = file.resolve(p.contents);
      const streams = Array.isArray(contents) ? contents.map((c) => file.resolve(c)) : [contents];
      const parts: Uint8Array[] = [];
      for (const s of streams) if (s instanceof Stream) parts.push(file.streamBytes(s, true));
      if (parts.length) scan(file, parts.length === 1 ? parts[0]! : Buffer.concat(parts), p.resources, candidate, samples, 0, new Set());
    }
  } catch {
    return out; // unreadable (or over a limit): no evidence, nothing decided
  }

  for (const [ref, c] of candidates) {
    if (!c) continue;
    const strings = samples.get(ref);
    if (!strings) { out.set(ref, { ref, font: c.name, encoding: 'WinAnsiEncoding', evidence: 'no code below 32 or above 127 shown', asciiOnly: true }); continue; }
    const decision = decide(file, c.program, strings);
    if (decision) out.set(ref, { ref, font: c.name, ...decision });
  }
  return out;
}

function holdsString(v: PdfObj, depth = 0): boolean {
  if (v instanceof PdfString) return true;
  if (depth > 8) return true;
  if (Array.isArray(v)) return v.some((x) => holdsString(x, depth + 1));
  if (v instanceof Dict) return [...v.map.values()].some((x) => holdsString(x, depth + 1));
  return false;
}

/** Collects the strings shown in candidate fonts with a code below 32 or above 127 (TJ's pieces joined, a wide gap as a space). */
function scan(file: PdfFile, content: Uint8Array, resources: Dict | null, candidate: (ref: PdfObj | undefined) => number,
  samples: Map<number, string[]>, depth: number, forms: Set<number>): void {
  const group = (kind: string): Dict | null => { const g = resources ? file.get(resources, kind) : null; return g instanceof Dict ? g : null; };
  let font = -1;
  const saved: number[] = [];
  const add = (s: string) => {
    if (font < 0 || !/[\x00-\x1f\x80-\xff]/.test(s)) return;
    let list = samples.get(font);
    if (!list) { list = []; samples.set(font, list); }
    if (list.length < MAX_SAMPLES) list.push(s);
  };
  const lx = new Lexer(content);
  const args: (PdfObj | Cmd)[] = [];
  for (;;) {
    const t = lx.next(false);
    if (t === undefined) break;
    if (!(t instanceof Cmd)) { if (args.length < 40) args.push(t); continue; }
    switch (t.op) {
      case 'q': if (saved.length < 4096) saved.push(font); break;
      case 'Q': font = saved.pop() ?? font; break;
      case 'Tf': { const n = args[0]; font = n instanceof Name ? candidate(group('Font')?.get(n.name)) : -1; break; }
      case 'Tj': case "'": { const s = args[0]; if (s instanceof PdfString) add(s.bytes); break; }
      case '"': { const s = args[2]; if (s instanceof PdfString) add(s.bytes); break; }
      case 'TJ': {
        const arr = args[0];
        if (!Array.isArray(arr)) break;
        let s = '';
        for (const el of arr) {
          if (el instanceof PdfString) s += el.bytes;
          else if (typeof el === 'number' && el < -200) s += ' ';
        }
        add(s);
        break;
      }
      case 'Do': {
        const n = args[0];
        const ref = n instanceof Name ? group('XObject')?.get(n.name) : undefined;
        const x = file.resolve(ref);
        if (!(ref instanceof Ref) || !(x instanceof Stream) || forms.has(ref.num) || depth >= MAX_FORM_DEPTH) break;
        const st = file.get(x.dict, 'Subtype');
        if (!(st instanceof Name) || st.name !== 'Form') break;
        const res = file.get(x.dict, 'Resources');
        forms.add(ref.num);
        scan(file, file.streamBytes(x, true), res instanceof Dict ? res : resources, candidate, samples, depth + 1, forms);
        forms.delete(ref.num);
        break;
      }
      case 'BI': skipInlineImage(lx); break;
      default: break;
    }
    args.length = 0;
  }
}

const LETTER = /\p{L}/u;
const CURRENCY = /\p{Sc}/u;
const DIGIT = /[0-9]/;
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();

/**
 * Whether the character read at `i` holds together with its neighbours: a currency sign beside
 * a figure (a space between allowed), or a letter beside a letter that is not a capital right
 * after a small letter ("CrÈdit").
 */
function fits(text: readonly string[], i: number): boolean {
  const ch = text[i]!;
  const at = (k: number) => text[k] ?? '';
  if (CURRENCY.test(ch)) {
    return DIGIT.test(at(i - 1)) || DIGIT.test(at(i + 1)) || (at(i - 1) === ' ' && DIGIT.test(at(i - 2))) || (at(i + 1) === ' ' && DIGIT.test(at(i + 2)));
  }
  if (!LETTER.test(ch)) return false;
  const prev = at(i - 1), next = at(i + 1);
  const prevL = LETTER.test(prev), nextL = LETTER.test(next);
  if (!prevL && !nextL) return false;
  if (isUpper(ch) && prevL && isLower(prev)) return false;
  return true;
}

/** How many codes ≥ 128 read with `table` fit their neighbours, and how many sit beside a letter without fitting. */
function textFits(strings: readonly string[], table: readonly string[]): { fits: number; misfits: number } {
  let fit = 0, misfit = 0;
  for (const s of strings) {
    const text = [...s].map((c) => { const code = c.charCodeAt(0); return code >= 0x20 && code < 0x7f ? c : table[code] || '\ufffd'; });
    for (let i = 0; i < s.length; i++) {
      if (s.charCodeAt(i) < 0x80) continue;
      if (fits(text, i)) fit++;
      else if (LETTER.test(text[i - 1] ?? '') || LETTER.test(text[i + 1] ?? '')) misfit++;
    }
  }
  return { fits: fit, misfits: misfit };
}

function decide(file: PdfFile, program: Stream, strings: readonly string[]): { encoding: SingleByteEncoding; evidence: string } | null {
  const shown = new Set<number>();
  for (const s of strings) for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); if (c >= 0x80) shown.add(c); }
  // A control code shown: the font's codes are its own (glyph order, as pdftops numbers them),
  // neither reading's.
  if (strings.some((s) => /[\x00-\x1f]/.test(s))) return null;
  // 1. The glyph names of the codes shown.
  let names: Map<number, string>;
  try { names = highCodeGlyphNames(file.streamBytes(program, false)); } catch { names = new Map(); }
  let win = 0, mac = 0;
  for (const code of shown) {
    const name = names.get(code);
    const ch = name === undefined ? undefined : glyphUnicode(name);
    if (ch === undefined || WIN_ANSI[code] === MAC_ROMAN[code]) continue;
    if (ch === WIN_ANSI[code]) win++;
    else if (ch === MAC_ROMAN[code]) mac++;
  }
  if (win > 0 && mac === 0) return { encoding: 'WinAnsiEncoding', evidence: `glyph names: ${win} codes named as WinAnsi gives them` };
  if (mac > 0 && win === 0) return { encoding: 'MacRomanEncoding', evidence: `glyph names: ${mac} codes named as MacRoman gives them` };
  // 2. The text: the reading whose characters hold together more often than the other's, and
  // more often than not. Codes of the font's own (neither reading holds) are left undecided.
  const w = textFits(strings, WIN_ANSI), m = textFits(strings, MAC_ROMAN);
  const counts = `WinAnsi ${w.fits} fit ${w.misfits} not, MacRoman ${m.fits} fit ${m.misfits} not`;
  if (w.fits > m.fits && w.fits > w.misfits) return { encoding: 'WinAnsiEncoding', evidence: `text: ${counts}` };
  if (m.fits > w.fits && m.fits > m.misfits) return { encoding: 'MacRomanEncoding', evidence: `text: ${counts}` };
  return null;
}

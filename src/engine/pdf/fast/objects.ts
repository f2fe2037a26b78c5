/**
 * PDF object syntax (ISO 32000 §7.3) read straight from the file's bytes: the lexer both the
 * file structure and content streams use. Strings are kept as byte strings (one char per byte),
 * which is what fonts decode. Anything malformed throws Unsupported: the document then goes to
 * pdf.js, which has the repair logic this reader deliberately lacks.
 */
import { Unsupported } from './unsupported.js';

export class Name {
  private static readonly interned = new Map<string, Name>();
  private constructor(readonly name: string) {}
  static of(name: string): Name {
    let n = Name.interned.get(name);
    if (!n) {
      n = new Name(name);
      // Bounded: a long-running service reads every file's names (a hostile file may print
      // millions). Names are compared by .name, never by identity, so a fresh one is no harm.
      if (Name.interned.size >= 100_000) Name.interned.clear();
      Name.interned.set(name, n);
    }
    return n;
  }
}

export class Ref {
  constructor(readonly num: number, readonly gen: number) {}
  get key(): string { return `${this.num} ${this.gen}`; }
}

/** An operator in a content stream (or a bare keyword elsewhere). */
export class Cmd {
  constructor(readonly op: string) {}
}

export class Dict {
  constructor(readonly map: Map<string, PdfObj> = new Map()) {}
  get(key: string): PdfObj | undefined { return this.map.get(key); }
  has(key: string): boolean { return this.map.has(key); }
}

/** A stream as stored: its dictionary and where its raw bytes lie in `src`. */
export class Stream {
  constructor(readonly dict: Dict, readonly src: Uint8Array, readonly start: number, readonly end: number) {}
}

/** A PDF string: the bytes as a latin1 JS string. */
export class PdfString {
  constructor(readonly bytes: string) {}
}

export type PdfObj = number | boolean | null | PdfString | Name | Ref | Dict | Stream | PdfObj[];

const WS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) DELIM[c] = 1;

export const isSpace = (c: number): boolean => WS[c] === 1;
const isRegular = (c: number): boolean => WS[c] === 0 && DELIM[c] === 0;

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Nesting of arrays and dictionaries one object may have. */
const MAX_OBJECT_DEPTH = 64;

const END_ARRAY = Symbol('endArray');
const END_DICT = Symbol('endDict');
type Token = PdfObj | Cmd | typeof END_ARRAY | typeof END_DICT;

export class Lexer {
  pos: number;
  constructor(readonly buf: Uint8Array, start = 0, readonly end = buf.length) { this.pos = start; }

  skipSpace(): void {
    const b = this.buf;
    while (this.pos < this.end) {
      const c = b[this.pos]!;
      if (WS[c]) { this.pos++; continue; }
      if (c === 0x25) { // comment
        while (this.pos < this.end && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
        continue;
      }
      break;
    }
  }

  atEnd(): boolean { this.skipSpace(); return this.pos >= this.end; }

  /** The next object, or a Cmd for a keyword; null at the end. `refs`: read `n g R` as a Ref. */
  next(refs: boolean, depth = 0): PdfObj | Cmd | undefined {
    const t = this.token(refs, depth);
    if (t === END_ARRAY || t === END_DICT) throw new Unsupported('unbalanced ] or >> in an object');
    return t;
  }

  private token(refs: boolean, depth: number): Token | undefined {
    this.skipSpace();
    if (this.pos >= this.end) return undefined;
    const b = this.buf;
    const c = b[this.pos]!;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) {
      const n = this.number();
      if (refs && Number.isInteger(n) && n >= 0) {
        const save = this.pos;
        this.skipSpace();
        const g0 = this.pos;
        while (this.pos < this.end && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x39) this.pos++;
        if (this.pos > g0 && this.pos < this.end && isSpace(b[this.pos]!)) {
          // Up to 15 digits are exact as read digit by digit (no Buffer for each number of an array).
          let gen = 0;
          if (this.pos - g0 <= 15) for (let i = g0; i < this.pos; i++) gen = gen * 10 + (b[i]! - 0x30);
          else gen = Number(Buffer.from(b.subarray(g0, this.pos)).toString('latin1'));
          this.skipSpace();
          if (b[this.pos] === 0x52 && (this.pos + 1 >= this.end || !isRegular(b[this.pos + 1]!))) { this.pos++; return new Ref(n, gen); }
        }
        this.pos = save;
      }
      return n;
    }
    switch (c) {
      case 0x2f: return this.name();
      case 0x28: return this.literalString();
      case 0x5b: {
        if (depth >= MAX_OBJECT_DEPTH) throw new Unsupported('objects nested too deep');
        this.pos++;
        const arr: PdfObj[] = [];
        for (;;) {
          const t = this.token(refs, depth + 1);
          if (t === undefined) throw new Unsupported('unterminated array');
          if (t === END_ARRAY) return arr;
          if (t === END_DICT || t instanceof Cmd) throw new Unsupported('a keyword inside an array');
          arr.push(t);
        }
      }
      case 0x5d: this.pos++; return END_ARRAY;
      case 0x3c: {
        if (b[this.pos + 1] === 0x3c) {
          if (depth >= MAX_OBJECT_DEPTH) throw new Unsupported('objects nested too deep');
          this.pos += 2;
          const map = new Map<string, PdfObj>();
          for (;;) {
            const k = this.token(refs, depth + 1);
            if (k === END_DICT) return new Dict(map);
            if (!(k instanceof Name)) throw new Unsupported('a dictionary key that is not a name');
            const v = this.token(refs, depth + 1);
            if (v === undefined || v === END_ARRAY || v === END_DICT || v instanceof Cmd) throw new Unsupported('a dictionary value missing');
            map.set(k.name, v);
          }
        }
        return this.hexString();
      }
      case 0x3e:
        if (b[this.pos + 1] === 0x3e) { this.pos += 2; return END_DICT; }
        throw new Unsupported('a stray >');
      case 0x29: case 0x7b: case 0x7d:
        throw new Unsupported('a stray delimiter');
    }
    const start = this.pos;
    while (this.pos < this.end && isRegular(b[this.pos]!)) this.pos++;
    // Operators (1–3 bytes: Tj, Td, re, BT …) are looked up by their bytes, without a string per operator.
    const len = this.pos - start;
    let short = -1;
    if (len <= 3) {
      short = len;
      for (let i = start; i < this.pos; i++) short = short * 256 + b[i]!;
      const known = SHORT_COMMANDS.get(short);
      if (known) return known;
    }
    const word = latin1(b, start, this.pos);
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    let cmd = COMMANDS.get(word);
    if (!cmd) { cmd = new Cmd(word); if (COMMANDS.size < 1024) COMMANDS.set(word, cmd); }
    if (short >= 0 && SHORT_COMMANDS.size < 1024) SHORT_COMMANDS.set(short, cmd);
    return cmd;
  }

  /** A number the way PDF readers build it: the digits as an integer, then divided by the power of ten. */
  private number(): number {
    const b = this.buf;
    let sign = 1;
    let c = b[this.pos]!;
    if (c === 0x2d) { sign = -1; c = b[++this.pos]!; } else if (c === 0x2b) c = b[++this.pos]!;
    let value = 0, divide = 0, digits = 0;
    while (this.pos < this.end) {
      c = b[this.pos]!;
      if (c >= 0x30 && c <= 0x39) { value = value * 10 + (c - 0x30); if (divide) divide *= 10; digits++; this.pos++; continue; }
      if (c === 0x2e && !divide) { divide = 1; this.pos++; continue; }
      break;
    }
    if (digits === 0 || digits > 40 || (this.pos < this.end && isRegular(b[this.pos]!))) throw new Unsupported('a malformed number');
    if (divide > 1) value /= divide;
    return sign * value;
  }

  /**
   * A name (`/F1`, `/Span`, `/Type`). One without #xx escapes (nearly all) is found in NAME_SLOTS
   * by a hash of its bytes, checked byte for byte against the slot's name: no string is built
   * for a name read before (a string built char by char and then looked up in Name's map was
   * ~3 % of a steady conversion's CPU: content streams repeat a few names thousands of times).
   */
  private name(): Name {
    const b = this.buf, end = this.end;
    const start = ++this.pos;
    let h = 0, p = start;
    for (; p < end; p++) {
      const c = b[p]!;
      if (WS[c] !== 0 || DELIM[c] !== 0) break;
      if (c === 0x23) return this.escapedName(start);
      h = (Math.imul(h, 31) + c) | 0;
    }
    this.pos = p;
    const len = p - start;
    const slot = (h ^ (h >>> 11) ^ len) & (NAME_SLOTS - 1);
    const hit = nameSlots[slot];
    if (hit !== undefined) {
      const s = hit.name;
      if (s.length === len) {
        let k = 0;
        while (k < len && s.charCodeAt(k) === b[start + k]) k++;
        if (k === len) return hit;
      }
    }
    const n = Name.of(latin1(b, start, p));
    nameSlots[slot] = n;
    return n;
  }

  /** A name with #xx escapes, from its first byte at `start`. */
  private escapedName(start: number): Name {
    const b = this.buf;
    this.pos = start;
    let s = '';
    while (this.pos < this.end && isRegular(b[this.pos]!)) {
      if (b[this.pos] === 0x23) { // #xx
        const h = hexValue(b[this.pos + 1] ?? 0), l = hexValue(b[this.pos + 2] ?? 0);
        if (h < 0 || l < 0) throw new Unsupported('a malformed #xx in a name');
        s += latin1(b, start, this.pos) + String.fromCharCode(h * 16 + l);
        this.pos += 3;
        start = this.pos;
        continue;
      }
      this.pos++;
    }
    s += latin1(b, start, this.pos);
    return Name.of(s);
  }

  private literalString(): PdfString {
    const b = this.buf;
    this.pos++;
    // Most strings have no escape and no nested parenthesis: their bytes are the string.
    for (let i = this.pos; i < this.end; i++) {
      const c = b[i]!;
      if (c === 0x29) { const s = latin1(b, this.pos, i); this.pos = i + 1; return new PdfString(s); }
      if (c === 0x5c || c === 0x28) break;
    }
    let level = 1;
    const out: number[] = [];
    while (this.pos < this.end) {
      const c = b[this.pos++]!;
      if (c === 0x5c) {
        const d = b[this.pos++];
        if (d === undefined) break;
        switch (d) {
          case 0x6e: out.push(0x0a); break;
          case 0x72: out.push(0x0d); break;
          case 0x74: out.push(0x09); break;
          case 0x62: out.push(0x08); break;
          case 0x66: out.push(0x0c); break;
          case 0x0d: if (b[this.pos] === 0x0a) this.pos++; break;
          case 0x0a: break;
          default:
            if (d >= 0x30 && d <= 0x37) {
              let v = d - 0x30;
              for (let k = 0; k < 2 && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x37; k++) v = v * 8 + (b[this.pos++]! - 0x30);
              out.push(v & 0xff);
            } else out.push(d);
        }
        continue;
      }
      if (c === 0x28) level++;
      else if (c === 0x29 && --level === 0) return new PdfString(bigString(out));
      out.push(c);
    }
    throw new Unsupported('an unterminated string');
  }

  private hexString(): PdfString {
    const b = this.buf;
    this.pos++;
    const out: number[] = [];
    let hi = -1;
    while (this.pos < this.end) {
      const c = b[this.pos++]!;
      if (c === 0x3e) {
        if (hi >= 0) out.push(hi * 16);
        return new PdfString(bigString(out));
      }
      if (WS[c]) continue;
      const v = hexValue(c);
      if (v < 0) throw new Unsupported('a malformed hex string');
      if (hi < 0) hi = v; else { out.push(hi * 16 + v); hi = -1; }
    }
    throw new Unsupported('an unterminated hex string');
  }
}

/**
 * Names read before, by a hash of their bytes (Lexer.name): a fixed table, so bounded whatever a
 * file holds; a slot two names share holds the last one read (the other is built again).
 */
const NAME_SLOTS = 4096;
const nameSlots: (Name | undefined)[] = new Array<Name | undefined>(NAME_SLOTS).fill(undefined);

/** Operators and keywords, one object each (a content stream repeats a few dozen of them). */
const COMMANDS = new Map<string, Cmd>();
/** The same for words of 1–3 bytes, keyed by length and bytes (length·256^len + bytes: no two words share a key). */
const SHORT_COMMANDS = new Map<number, Cmd>();

/** Bytes as a latin1 string, without a Buffer for the short words of content streams. */
function latin1(b: Uint8Array, from: number, to: number): string {
  if (to - from <= 16) {
    let s = '';
    for (let i = from; i < to; i++) s += String.fromCharCode(b[i]!);
    return s;
  }
  return Buffer.from(b.buffer, b.byteOffset + from, to - from).toString('latin1');
}

function bigString(codes: number[]): string {
  let s = '';
  for (let i = 0; i < codes.length; i += 8192) s += String.fromCharCode(...codes.slice(i, i + 8192));
  return s;
}

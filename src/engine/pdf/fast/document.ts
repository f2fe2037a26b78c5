/**
 * A PDF file's structure (ISO 32000 §7.5): the cross-reference data (classic tables and xref
 * streams, hybrid files, incremental updates through /Prev), objects in object streams, and
 * stream data through FlateDecode (with PNG predictors, as xref streams use). No repair: an
 * offset that does not point at its object, a length that does not end at `endstream` or an
 * unknown filter throws Unsupported, and pdf.js reads the file instead. An encrypted file is
 * read when the empty user password opens it (./decrypt.ts), as most banks' statements are.
 */
import { countContent, inflateForBudget, type InflateBudget } from '../inflate.js';
import { standardDecryptor, type Decryptor } from './decrypt.js';
import { Cmd, Dict, Lexer, Name, PdfString, Ref, Stream, isSpace, type PdfObj } from './objects.js';
import { Unsupported } from './unsupported.js';

/** A cap of the extraction's budget was reached while the fast reader inflated a stream. */
export class OverBudget extends Error {}

type Entry = { kind: 'offset'; offset: number; gen: number } | { kind: 'packed'; stream: number; index: number } | { kind: 'free' };

/** Sections of cross-reference data one file may chain (incremental updates). */
const MAX_XREF_SECTIONS = 256;
/** Objects one file may declare. */
const MAX_OBJECTS = 5_000_000;
/** References followed to reach one object (a chain of indirect lengths, …). */
const MAX_RESOLVE_DEPTH = 32;

const ascii = (b: Uint8Array, from: number, to: number): string => Buffer.from(b.subarray(from, Math.min(to, b.length))).toString('latin1');

export class PdfFile {
  private readonly entries = new Map<number, Entry>();
  private readonly cache = new Map<number, PdfObj>();
  private readonly objStreams = new Map<number, { lexer: Lexer; offsets: number[] }>();
  /** The object each stream of an encrypted file belongs to: its key is derived from it. */
  private readonly streamOwners = new WeakMap<Stream, Ref>();
  private readonly decryptor: Decryptor | null = null;
  private readonly encryptNum: number | null = null;
  readonly trailer: Dict;

  constructor(readonly bytes: Uint8Array, readonly budget: InflateBudget) {
    const tail = ascii(bytes, Math.max(0, bytes.length - 2048), bytes.length);
    const at = tail.lastIndexOf('startxref');
    if (at < 0) throw new Unsupported('no startxref');
    const m = /^startxref\s+(\d+)/.exec(tail.slice(at));
    if (!m) throw new Unsupported('a malformed startxref');
    let offset = Number(m[1]);
    let trailer: Dict | null = null;
    const seen = new Set<number>();
    while (true) {
      if (seen.has(offset) || seen.size >= MAX_XREF_SECTIONS) throw new Unsupported('a cross-reference chain that loops');
      seen.add(offset);
      const t = this.readSection(offset);
      trailer ??= t;
      const stm = t.get('XRefStm');
      if (typeof stm === 'number') this.readSection(stm);
      const prev = t.get('Prev');
      if (typeof prev !== 'number') break;
      offset = prev;
    }
    this.trailer = trailer;
    if (trailer.has('Encrypt')) {
      const ref = trailer.get('Encrypt');
      this.encryptNum = ref instanceof Ref ? ref.num : null;
      // Read before the decryptor exists, and cached so: its own strings are never encrypted.
      const enc = this.resolve(ref);
      if (!(enc instanceof Dict)) throw new Unsupported('a malformed encryption dictionary');
      const id = this.resolve(trailer.get('ID'));
      const id0 = Array.isArray(id) ? this.resolve(id[0]) : null;
      this.decryptor = standardDecryptor(enc, id0 instanceof PdfString ? id0.bytes : '', (o) => this.resolve(o));
    }
  }

  /**
   * This file under another budget: its parsed state (cross-reference entries, objects read,
   * object streams, decryption) shared, the streams read through it counted towards `budget`.
   */
  withBudget(budget: InflateBudget): PdfFile {
    const view = Object.assign(Object.create(PdfFile.prototype) as PdfFile, this);
    (view as { budget: InflateBudget }).budget = budget;
    return view;
  }

  /** Whether the file is encrypted (and opened with the empty user password). */
  get encrypted(): boolean { return this.decryptor !== null; }

  /** An object read from the file itself, its strings decrypted in place (packed objects are decrypted with their object stream). */
  private decrypted(value: PdfObj, ref: Ref): PdfObj {
    const d = this.decryptor;
    if (!d || ref.num === this.encryptNum) return value;
    const walk = (v: PdfObj, depth: number): PdfObj => {
      if (depth > MAX_RESOLVE_DEPTH * 4) throw new Unsupported('an object nested too deep');
      if (v instanceof PdfString) return new PdfString(d.string(ref.num, ref.gen, v.bytes));
      if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) v[i] = walk(v[i]!, depth + 1); return v; }
      if (v instanceof Dict) { for (const [k, x] of v.map) v.map.set(k, walk(x, depth + 1)); return v; }
      if (v instanceof Stream) { walk(v.dict, depth + 1); this.streamOwners.set(v, ref); return v; }
      return v;
    };
    return walk(value, 0);
  }

  private setEntry(num: number, e: Entry): void {
    if (!this.entries.has(num)) this.entries.set(num, e); // the newest section is read first
  }

  /** Reads one xref table or xref stream at `offset`; returns its trailer dictionary. */
  private readSection(offset: number): Dict {
    const b = this.bytes;
    if (!Number.isInteger(offset) || offset < 0 || offset >= b.length) throw new Unsupported('a cross-reference offset outside the file');
    const lx = new Lexer(b, offset);
    lx.skipSpace();
    if (ascii(b, lx.pos, lx.pos + 4) === 'xref') {
      lx.pos += 4;
      for (;;) {
        const t = lx.next(false);
        if (t instanceof Cmd && t.op === 'trailer') break;
        const count = lx.next(false);
        if (typeof t !== 'number' || typeof count !== 'number' || !Number.isInteger(t) || !Number.isInteger(count) || count < 0 || t + count > MAX_OBJECTS) throw new Unsupported('a malformed cross-reference table');
        lx.skipSpace();
        for (let i = 0; i < count; i++) {
          const e = xrefEntry(b, lx.pos);
          if (!e) throw new Unsupported('a malformed cross-reference entry');
          lx.pos = e.end;
          lx.skipSpace();
          this.setEntry(t + i, e.kind === 'n' ? { kind: 'offset', offset: e.offset, gen: e.gen } : { kind: 'free' });
        }
      }
      const d = lx.next(true);
      if (!(d instanceof Dict)) throw new Unsupported('a malformed trailer');
      return d;
    }
    // An xref stream: `n g obj << /Type /XRef … >> stream`.
    const obj = this.readIndirectAt(offset, null);
    if (!(obj instanceof Stream) || !(obj.dict.get('Type') instanceof Name) || (obj.dict.get('Type') as Name).name !== 'XRef') throw new Unsupported('no cross-reference table where startxref points');
    const d = obj.dict;
    const w = d.get('W');
    const size = d.get('Size');
    if (!Array.isArray(w) || w.length !== 3 || !w.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 8) || typeof size !== 'number') throw new Unsupported('a malformed xref stream');
    const [w0, w1, w2] = w as number[];
    const index = d.get('Index') ?? [0, size];
    if (!Array.isArray(index) || index.length % 2 !== 0) throw new Unsupported('a malformed xref stream index');
    const data = this.streamBytes(obj, false);
    const rowLen = w0! + w1! + w2!;
    let p = 0;
    const field = (width: number, dflt: number): number => {
      if (width === 0) return dflt;
      let v = 0;
      for (let k = 0; k < width; k++) v = v * 256 + data[p++]!;
      return v;
    };
    for (let i = 0; i < index.length; i += 2) {
      const first = index[i], count = index[i + 1];
      if (typeof first !== 'number' || typeof count !== 'number' || count < 0 || first + count > MAX_OBJECTS) throw new Unsupported('a malformed xref stream index');
      for (let k = 0; k < count; k++) {
        if (p + rowLen > data.length) throw new Unsupported('an xref stream shorter than its index');
        const type = field(w0!, 1), f2 = field(w1!, 0), f3 = field(w2!, 0);
        if (type === 0) this.setEntry(first + k, { kind: 'free' });
        else if (type === 1) this.setEntry(first + k, { kind: 'offset', offset: f2, gen: f3 });
        else if (type === 2) this.setEntry(first + k, { kind: 'packed', stream: f2, index: f3 });
        else throw new Unsupported('an unknown xref entry type');
      }
    }
    return d;
  }

  /** Parses `num gen obj … endobj` at `offset`, checking the header when `expect` is given. */
  private readIndirectAt(offset: number, expect: Ref | null): PdfObj {
    const lx = new Lexer(this.bytes, offset);
    const num = lx.next(false), gen = lx.next(false), kw = lx.next(false);
    if (typeof num !== 'number' || typeof gen !== 'number' || !(kw instanceof Cmd) || kw.op !== 'obj') throw new Unsupported('a cross-reference offset that does not point at an object');
    if (expect && (num !== expect.num || gen !== expect.gen)) throw new Unsupported('a cross-reference offset that points at another object');
    const value = lx.next(true);
    if (value === undefined || value instanceof Cmd) throw new Unsupported('an empty object');
    lx.skipSpace();
    const b = this.bytes;
    if (value instanceof Dict && ascii(b, lx.pos, lx.pos + 6) === 'stream') {
      let start = lx.pos + 6;
      if (b[start] === 0x0d) start++;
      if (b[start] === 0x0a) start++;
      const len = this.resolve(value.get('Length') ?? null);
      if (typeof len !== 'number' || !Number.isInteger(len) || len < 0 || start + len > b.length) throw new Unsupported('a stream without a usable /Length');
      let e = start + len;
      while (e < b.length && isSpace(b[e]!)) e++;
      if (ascii(b, e, e + 9) !== 'endstream') throw new Unsupported('a stream whose /Length does not end at endstream');
      return new Stream(value, b, start, start + len);
    }
    return value;
  }

  /** The generation of object `num` as the cross-reference data gives it (0 for a packed or missing one). */
  generation(num: number): number {
    const e = this.entries.get(num);
    return e?.kind === 'offset' ? e.gen : 0;
  }

  /** The object `ref` points at (null for a free or missing one, as the format says). */
  fetch(ref: Ref, depth = 0): PdfObj {
    if (this.cache.has(ref.num)) return this.cache.get(ref.num)!;
    const e = this.entries.get(ref.num);
    let value: PdfObj;
    if (!e || e.kind === 'free') value = null;
    else if (e.kind === 'offset') {
      if (e.gen !== ref.gen) throw new Unsupported('a reference to another generation of an object');
      value = this.decrypted(this.readIndirectAt(e.offset, ref), ref);
    } else {
      if (ref.gen !== 0) throw new Unsupported('a packed object with a generation');
      value = this.fromObjectStream(e.stream, e.index, ref.num, depth);
    }
    this.cache.set(ref.num, value);
    return value;
  }

  private fromObjectStream(streamNum: number, index: number, num: number, depth: number): PdfObj {
    let os = this.objStreams.get(streamNum);
    if (!os) {
      const s = this.fetch(new Ref(streamNum, 0), depth + 1);
      if (!(s instanceof Stream)) throw new Unsupported('an object stream that is not a stream');
      const n = s.dict.get('N'), first = s.dict.get('First');
      if (typeof n !== 'number' || typeof first !== 'number' || s.dict.has('Extends')) throw new Unsupported('an object stream this reader does not follow');
      const data = this.streamBytes(s, false);
      const head = new Lexer(data, 0, Math.min(first, data.length));
      const offsets: number[] = [];
      const nums: number[] = [];
      for (let i = 0; i < n; i++) {
        const on = head.next(false), off = head.next(false);
        if (typeof on !== 'number' || typeof off !== 'number') throw new Unsupported('a malformed object stream header');
        nums.push(on);
        offsets.push(first + off);
      }
      os = { lexer: new Lexer(data), offsets };
      (os as { nums?: number[] }).nums = nums;
      this.objStreams.set(streamNum, os);
    }
    const at = os.offsets[index];
    const nums = (os as { nums?: number[] }).nums!;
    if (at === undefined || nums[index] !== num) throw new Unsupported('an object stream index that does not match');
    const lx = new Lexer(os.lexer.buf, at);
    const v = lx.next(true);
    if (v === undefined || v instanceof Cmd) throw new Unsupported('an empty packed object');
    return v;
  }

  /** Follows references until a direct object. */
  resolve(obj: PdfObj | undefined): PdfObj {
    let v: PdfObj = obj ?? null;
    for (let i = 0; v instanceof Ref; i++) {
      if (i >= MAX_RESOLVE_DEPTH) throw new Unsupported('a chain of references too long');
      v = this.fetch(v);
    }
    return v;
  }

  get(d: Dict, key: string): PdfObj { return this.resolve(d.get(key)); }

  /** A stream's bytes as stored, before its filters: decrypted when the file is encrypted. */
  storedBytes(s: Stream): Uint8Array {
    const data = s.src.subarray(s.start, s.end);
    const owner = this.streamOwners.get(s);
    if (!owner || !this.decryptor) return data;
    const type = this.resolve(s.dict.get('Type'));
    const clear = type instanceof Name && (type.name === 'XRef' || (type.name === 'Metadata' && !this.decryptor.encryptMetadata));
    return clear ? data : this.decryptor.stream(owner.num, owner.gen, data);
  }

  /** A stream's decoded bytes: no filter, or a chain of FlateDecode (with or without a predictor), ASCII85Decode and ASCIIHexDecode. */
  streamBytes(s: Stream, content: boolean): Uint8Array {
    let data = this.storedBytes(s);
    // A content stream stored as it is counts as one inflated would (operators, nesting).
    if (content && this.resolve(s.dict.get('Filter') ?? s.dict.get('F')) === null) {
      countContent(data, this.budget);
      if (this.budget.hit) throw new OverBudget();
      return data;
    }
    const filter = this.resolve(s.dict.get('Filter') ?? s.dict.get('F'));
    const names = filter === null ? [] : Array.isArray(filter) ? filter.map((f) => this.resolve(f)) : [filter];
    let parmsList = this.resolve(s.dict.get('DecodeParms') ?? s.dict.get('DP'));
    if (!Array.isArray(parmsList)) parmsList = [parmsList];
    names.forEach((f, i) => {
      if (!(f instanceof Name)) throw new Unsupported('a stream filter that is not a name');
      const parms = this.resolve((parmsList as PdfObj[])[i] ?? null);
      switch (f.name) {
        case 'FlateDecode': case 'Fl': {
          let out: Uint8Array | null;
          try {
            out = inflateForBudget(data, this.budget, content);
          } catch {
            throw new Unsupported('a Flate stream zlib cannot inflate');
          }
          if (!out) throw new OverBudget();
          if (parms instanceof Dict) {
            const predictor = this.resolve(parms.get('Predictor'));
            if (typeof predictor === 'number' && predictor > 1) out = unpredict(out, parms, this);
          }
          data = out;
          break;
        }
        case 'ASCII85Decode': case 'A85': data = ascii85(data); break;
        case 'ASCIIHexDecode': case 'AHx': data = asciiHex(data); break;
        default: throw new Unsupported(`the stream filter ${f.name}`);
      }
    });
    return data;
  }

  /** The document information dictionary, when there is one. */
  info(): Dict | null {
    const i = this.resolve(this.trailer.get('Info'));
    return i instanceof Dict ? i : null;
  }
}

/** `count` ASCII digits at `at` as a number, or -1 where one of them is no digit. */
function digits(b: Uint8Array, at: number, count: number): number {
  let v = 0;
  for (let k = at; k < at + count; k++) {
    const c = b[k]!;
    if (c < 0x30 || c > 0x39) return -1;
    v = v * 10 + (c - 0x30);
  }
  return v;
}

/**
 * One classic cross-reference entry at `at`: `oooooooooo ggggg n` (or `f`) and up to two of
 * CR, LF and space after it (what /^(\d{10}) (\d{5}) ([nf])[\r\n ]{0,2}/ takes), read from the
 * bytes: a string made for each entry and a regex over it were ~1 % of a steady conversion's
 * CPU over the corpus, half of its cross-reference parse. null where it is malformed.
 */
export function xrefEntry(b: Uint8Array, at: number): { offset: number; gen: number; kind: 'n' | 'f'; end: number } | null {
  if (at < 0 || at + 18 > b.length || b[at + 10] !== 0x20 || b[at + 16] !== 0x20) return null;
  const k = b[at + 17];
  if (k !== 0x6e && k !== 0x66) return null;
  const offset = digits(b, at, 10), gen = digits(b, at + 11, 5);
  if (offset < 0 || gen < 0) return null;
  let end = at + 18;
  for (let n = 0; n < 2 && end < b.length && (b[end] === 0x0d || b[end] === 0x0a || b[end] === 0x20); n++) end++;
  return { offset, gen, kind: k === 0x6e ? 'n' : 'f', end };
}

/** ASCII85 (ISO 32000 §7.4.3): white space skipped, `z` for four zero bytes, `~>` at the end. */
function ascii85(input: Uint8Array): Uint8Array {
  const out: number[] = [];
  const group: number[] = [];
  const flush = (n: number): void => {
    while (group.length < 5) group.push(0x75); // 'u' pads a short last group
    let v = 0;
    for (const c of group) v = v * 85 + (c - 0x21);
    if (v > 0xffffffff) throw new Unsupported('a malformed ASCII85 group');
    const bytes = [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
    out.push(...bytes.slice(0, n));
    group.length = 0;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (isSpace(c)) continue;
    if (c === 0x7e) break; // ~
    if (c === 0x7a && group.length === 0) { out.push(0, 0, 0, 0); continue; } // z
    if (c < 0x21 || c > 0x75) throw new Unsupported('a malformed ASCII85 stream');
    group.push(c);
    if (group.length === 5) flush(4);
  }
  if (group.length === 1) throw new Unsupported('a malformed ASCII85 ending');
  if (group.length > 1) flush(group.length - 1);
  return Uint8Array.from(out);
}

/** ASCIIHex (§7.4.2): pairs of hex digits, white space skipped, `>` at the end, an odd last digit read as followed by 0. */
function asciiHex(input: Uint8Array): Uint8Array {
  const out: number[] = [];
  let hi = -1;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c === 0x3e) break;
    if (isSpace(c)) continue;
    const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (v < 0) throw new Unsupported('a malformed ASCIIHex stream');
    if (hi < 0) hi = v; else { out.push(hi * 16 + v); hi = -1; }
  }
  if (hi >= 0) out.push(hi * 16);
  return Uint8Array.from(out);
}

/** PNG predictors (10–15) as xref streams use them; TIFF (2) is refused. */
function unpredict(data: Uint8Array, parms: Dict, file: PdfFile): Uint8Array {
  const predictor = file.resolve(parms.get('Predictor'));
  if (typeof predictor !== 'number' || predictor < 10) throw new Unsupported('a TIFF predictor');
  const colors = (file.resolve(parms.get('Colors')) as number | null) ?? 1;
  const bpc = (file.resolve(parms.get('BitsPerComponent')) as number | null) ?? 8;
  const columns = (file.resolve(parms.get('Columns')) as number | null) ?? 1;
  if (![colors, bpc, columns].every((v) => typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 1 << 16)) throw new Unsupported('malformed predictor parameters');
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLen = Math.ceil((colors * bpc * columns) / 8);
  const rows = Math.floor(data.length / (rowLen + 1));
  const out = new Uint8Array(rows * rowLen);
  let prev = new Uint8Array(rowLen);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)]!;
    const src = data.subarray(r * (rowLen + 1) + 1, (r + 1) * (rowLen + 1));
    const row = out.subarray(r * rowLen, (r + 1) * rowLen);
    for (let i = 0; i < rowLen; i++) {
      const left = i >= bpp ? row[i - bpp]! : 0, up = prev[i]!, ul = i >= bpp ? prev[i - bpp]! : 0;
      let v = src[i]!;
      switch (type) {
        case 0: break;
        case 1: v += left; break;
        case 2: v += up; break;
        case 3: v += (left + up) >> 1; break;
        case 4: {
          const p = left + up - ul, pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - ul);
          v += pa <= pb && pa <= pc ? left : pb <= pc ? up : ul;
          break;
        }
        default: throw new Unsupported('an unknown PNG predictor row type');
      }
      row[i] = v & 0xff;
    }
    prev = row;
  }
  return out;
}

/**
 * A text string of the document (Info entries), decoded as pdf.js decodes it: a UTF-16 or UTF-8
 * byte-order mark, else PDFDocEncoding, which is Latin-1 except at a few codes (refused here).
 */
export function textString(v: PdfObj): string | undefined {
  if (!(v instanceof PdfString)) return undefined;
  const s = v.bytes;
  const bytes = Buffer.from(s, 'latin1');
  const bom = s.startsWith('\xfe\xff') ? 'utf-16be' : s.startsWith('\xff\xfe') ? 'utf-16le' : s.startsWith('\xef\xbb\xbf') ? 'utf-8' : null;
  if (bom) {
    const even = bom === 'utf-8' ? bytes : bytes.subarray(0, bytes.length - (bytes.length % 2));
    let out: string;
    try { out = new TextDecoder(bom, { fatal: true }).decode(even); } catch { throw new Unsupported('an Info string that does not decode'); }
    if (out.includes('\x1b')) throw new Unsupported('an Info string with a language escape');
    return out;
  }
  if (/[\x18-\x1f\x1b\x7f-\xa0\xad]/.test(s)) throw new Unsupported('an Info string in PDFDocEncoding outside Latin-1');
  return s;
}

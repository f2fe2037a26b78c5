/**
 * What an embedded TrueType program says about its own one-byte codes: the glyph each code
 * 128–255 shows through the font's Macintosh (1,0) or symbol (3,0) cmap, and that glyph's name
 * in a format 2 'post' table. A glyph named `Euro` or `eacute` tells the code's character
 * outright (./unstated-encoding.ts weighs it). Every offset is checked against the table's
 * length and every loop is bounded by the table's size: a damaged or hostile font program
 * yields no names, never an exception or a long loop.
 */

/** Code (128–255) → glyph name, for the codes whose glyph the font names; empty when it names none. */
export function highCodeGlyphNames(ttf: Uint8Array): Map<number, string> {
  const out = new Map<number, string>();
  try {
    const tables = tableDirectory(ttf);
    const cmap = tables.get('cmap'), post = tables.get('post');
    if (!cmap || !post) return out;
    const names = postNames(post);
    if (!names) return out;
    const gids = highCodeGlyphs(cmap);
    for (const [code, gid] of gids) {
      const name = names(gid);
      if (name && name !== '.notdef') out.set(code, name);
    }
  } catch {
    // A read past a table's end (DataView throws RangeError): the font says nothing.
    out.clear();
  }
  return out;
}

const MAX_TABLES = 256;

function tableDirectory(ttf: Uint8Array): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  if (ttf.length < 12) return out;
  const v = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const n = Math.min(v.getUint16(4), MAX_TABLES);
  for (let i = 0; i < n; i++) {
    const r = 12 + i * 16;
    if (r + 16 > ttf.length) break;
    const tag = String.fromCharCode(ttf[r]!, ttf[r + 1]!, ttf[r + 2]!, ttf[r + 3]!);
    const off = v.getUint32(r + 8), len = v.getUint32(r + 12);
    if (off + len > ttf.length) continue;
    out.set(tag, ttf.subarray(off, off + len));
  }
  return out;
}

/** Code 128–255 → glyph id, from the (1,0) subtable, else the (3,0) one (codes at 0xF000 + code). */
function highCodeGlyphs(cmap: Uint8Array): Map<number, number> {
  const v = new DataView(cmap.buffer, cmap.byteOffset, cmap.byteLength);
  const n = Math.min(v.getUint16(2), MAX_TABLES);
  let mac = -1, sym = -1;
  for (let i = 0; i < n; i++) {
    const r = 4 + i * 8;
    if (r + 8 > cmap.length) break;
    const pid = v.getUint16(r), eid = v.getUint16(r + 2), off = v.getUint32(r + 4);
    if (pid === 1 && eid === 0 && mac < 0) mac = off;
    if (pid === 3 && eid === 0 && sym < 0) sym = off;
  }
  const out = new Map<number, number>();
  if (mac >= 0) subtable(v, mac, 0, out);
  if (out.size === 0 && sym >= 0) subtable(v, sym, 0xf000, out);
  return out;
}

/** Reads codes base+128 … base+255 of one subtable (formats 0, 4 and 6) into `out` as code − base. */
function subtable(v: DataView, at: number, base: number, out: Map<number, number>): void {
  const format = v.getUint16(at);
  if (format === 0) {
    if (base !== 0) return;
    for (let c = 128; c < 256; c++) { const g = v.getUint8(at + 6 + c); if (g) out.set(c, g); }
  } else if (format === 6) {
    const first = v.getUint16(at + 6), count = v.getUint16(at + 8);
    for (let c = 128; c < 256; c++) {
      const i = base + c - first;
      if (i < 0 || i >= count) continue;
      const g = v.getUint16(at + 10 + i * 2);
      if (g) out.set(c, g);
    }
  } else if (format === 4) {
    const segs = v.getUint16(at + 6) >> 1;
    const ends = at + 14, starts = ends + segs * 2 + 2, deltas = starts + segs * 2, ranges = deltas + segs * 2;
    for (let s = 0; s < segs; s++) {
      const end = v.getUint16(ends + s * 2), start = v.getUint16(starts + s * 2);
      const delta = v.getUint16(deltas + s * 2), rangeAt = ranges + s * 2, range = v.getUint16(rangeAt);
      const lo = Math.max(start, base + 128), hi = Math.min(end, base + 255);
      for (let ch = lo; ch <= hi; ch++) {
        let g: number;
        if (range === 0) g = (ch + delta) & 0xffff;
        else {
          g = v.getUint16(rangeAt + range + (ch - start) * 2);
          if (g) g = (g + delta) & 0xffff;
        }
        if (g) out.set(ch - base, g);
      }
    }
  }
}

/** A format 2 post table's glyph id → name, or null for any other format (3 keeps no names). */
function postNames(post: Uint8Array): ((gid: number) => string | undefined) | null {
  if (post.length < 34) return null;
  const v = new DataView(post.buffer, post.byteOffset, post.byteLength);
  if (v.getUint32(0) !== 0x00020000) return null;
  const count = v.getUint16(32);
  const idxAt = 34;
  if (idxAt + count * 2 > post.length) return null;
  // The Pascal strings after the index, each read once, in order (at most one per byte left).
  const custom: string[] = [];
  for (let p = idxAt + count * 2; p < post.length && custom.length < 65536;) {
    const len = post[p]!;
    if (p + 1 + len > post.length) break;
    custom.push(String.fromCharCode(...post.subarray(p + 1, p + 1 + len)));
    p += 1 + len;
  }
  return (gid) => {
    if (gid >= count) return undefined;
    const i = v.getUint16(idxAt + gid * 2);
    return i < 258 ? MAC_GLYPH_NAMES[i] : custom[i - 258];
  };
}

/** The 258 standard Macintosh glyph names a format 2 post table indexes below 258. */
const MAC_GLYPH_NAMES: readonly string[] = (
  '.notdef .null nonmarkingreturn space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at ' +
  'A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde ' +
  'Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave acircumflex adieresis atilde aring ccedilla eacute egrave ecircumflex edieresis iacute igrave icircumflex idieresis ntilde oacute ograve ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis ' +
  'dagger degree cent sterling section bullet paragraph germandbls registered copyright trademark acute dieresis notequal AE Oslash infinity plusminus lessequal greaterequal yen mu partialdiff summation product pi integral ordfeminine ordmasculine Omega ae oslash ' +
  'questiondown exclamdown logicalnot radical florin approxequal Delta guillemotleft guillemotright ellipsis nonbreakingspace Agrave Atilde Otilde OE oe endash emdash quotedblleft quotedblright quoteleft quoteright divide lozenge ydieresis Ydieresis fraction currency ' +
  'guilsinglleft guilsinglright fi fl daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex Ecircumflex Aacute Edieresis Egrave Iacute Icircumflex Idieresis Igrave Oacute Ocircumflex apple Ograve Uacute Ucircumflex Ugrave dotlessi circumflex tilde ' +
  'macron breve dotaccent ring cedilla hungarumlaut ogonek caron Lslash lslash Scaron scaron Zcaron zcaron brokenbar Eth eth Yacute yacute Thorn thorn minus multiply onesuperior twosuperior threesuperior onehalf onequarter threequarters franc Gbreve gbreve Idotaccent ' +
  'Scedilla scedilla Cacute cacute Ccaron ccaron dcroat'
).split(' ');

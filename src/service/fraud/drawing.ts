import { inflateSync } from 'node:zlib';
import type { PDFDocument, PDFObject } from 'pdf-lib';
import { Dict, Name, Stream, openFast } from '../../engine/pdf/fast/index.js';
import { inflateBudget } from '../../engine/pdf/inflate.js';
import { DEFAULT_LIMITS } from '../../engine/limits.js';
import type { PageText } from '../../engine/pdf/extract.js';
import type { Finding } from './finding.js';
import { FRAUD_THRESHOLDS as T } from './reasons.js';

/**
 * What the pages draw, read from their content streams in painting order: a filled white
 * rectangle painted after text that lies under it hides that text (the forger's "white-out");
 * a markup annotation (ink, free text, a box, a stamp) sitting on printed text changes what a
 * reader sees without touching the text. Form XObjects are not entered.
 */
export interface CoverBox { page: number; box: [number, number, number, number]; hidden: number; kind: 'white-box' | 'annotation'; subtype?: string }

type M = [number, number, number, number, number, number];
const mul = (m: M, n: M): M => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: M, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
const ID: M = [1, 0, 0, 1, 0, 0];

interface Shown { x: number; y: number; order: number }
interface Filled { x0: number; y0: number; x1: number; y1: number; order: number }

// Byte classes as lookup tables (the scan visits every byte of every page's content).
const WS_T = new Uint8Array(256), END_T = new Uint8Array(256);
for (const c of [0x20, 0x0a, 0x0d, 0x09, 0x0c, 0x00]) { WS_T[c] = 1; END_T[c] = 1; }
for (const c of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) END_T[c] = 1;
const WS = { has: (c: number) => WS_T[c] === 1 };
const DELIM = { has: (c: number) => END_T[c] === 1 };

/** A number token (digits, one dot, a sign) read straight from the bytes; NaN when it is not one. */
function numberAt(data: Uint8Array, i: number, j: number): number {
  let k = i, sign = 1, v = 0, scale = 0, digits = 0;
  if (data[k] === 0x2d) { sign = -1; k++; } else if (data[k] === 0x2b) k++;
  for (; k < j; k++) {
    const c = data[k]!;
    if (c >= 0x30 && c <= 0x39) { v = v * 10 + (c - 0x30); if (scale) scale *= 10; digits++; }
    else if (c === 0x2e && !scale) scale = 1;
    else return NaN;
  }
  return digits ? (sign * v) / (scale || 1) : NaN;
}

/**
 * Whether a content stream can fill in white at all: the scan below turns white on only at a
 * colour operator (g, rg, k, sc, scn) whose last operand is 1 (0 for k), and a stream starts
 * black. Most statements never set a white fill, so this one pass over the bytes, which looks
 * only at those operators, spares the full scan. It answers yes whenever it cannot be sure: a
 * comment anywhere, or an operand that is a name, a string or an array rather than a number.
 */
export function mayFillWhite(data: Uint8Array): boolean {
  if (data.indexOf(0x25) >= 0) return true; // a comment may separate an operand from its operator
  // Candidate operator ends: g (g, rg), k, c (sc), n (scn). Found by the typed array's own
  // search (native) rather than a byte-by-byte loop: this runs over every content stream.
  for (const op of [0x67, 0x6b, 0x63, 0x6e]) {
    for (let i = data.indexOf(op); i >= 0; i = data.indexOf(op, i + 1)) if (whiteOperandAt(data, i)) return true;
  }
  return false;
}

/** Whether the operator ending at `i` (its last byte) may set a white fill (see mayFillWhite). */
function whiteOperandAt(data: Uint8Array, i: number): boolean {
  const n = data.length;
  const c = data[i]!;
  if (i + 1 < n && !END_T[data[i + 1]!]) return false;
  let s = i; // start of the operator token
  if (c === 0x67) { if (s > 0 && data[s - 1] === 0x72) s--; }
  else if (c === 0x63) { if (s > 0 && data[s - 1] === 0x73) s--; else return false; }
  else if (c === 0x6e) { if (s > 1 && data[s - 1] === 0x63 && data[s - 2] === 0x73) s -= 2; else return false; }
  if (s > 0 && !END_T[data[s - 1]!]) return false; // part of a longer word
  let e = s - 1;
  while (e >= 0 && WS_T[data[e]!]) e--;
  if (e < 0) return false; // no operand: not white
  if (END_T[data[e]!]) return true; // after a string, array, dict or name delimiter: unsure
  let b = e;
  while (b > 0 && !END_T[data[b - 1]!]) b--;
  if (b > 0 && data[b - 1] === 0x2f) return true; // a name operand (skipped by the scan): unsure
  const f = data[b]!;
  const numeric = (f >= 0x30 && f <= 0x39) || f === 0x2d || f === 0x2b || f === 0x2e;
  if (!numeric) return false; // the previous token is an operator: the operands were reset
  const v = numberAt(data, b, e + 1);
  return Number.isNaN(v) || v === (c === 0x6b ? 0 : 1); // a malformed number is skipped by the scan: unsure
}

/** Paints of one content stream: text origins and white filled areas, in device space (points, origin bottom-left). */
export function scanContent(data: Uint8Array, maxOps: number): { shown: Shown[]; white: Filled[] } {
  const shown: Shown[] = [], white: Filled[] = [];
  let ctm: M = ID;
  const stack: { ctm: M; white: boolean }[] = [];
  let isWhite = false;
  let tm: M = ID, tlm: M = ID, leading = 0;
  let path: { x0: number; y0: number; x1: number; y1: number } | null = null;
  const nums: number[] = [];
  let ops = 0, order = 0, i = 0;
  const n = data.length;
  const extend = (x: number, y: number) => {
    const [dx, dy] = apply(ctm, x, y);
    if (!path) path = { x0: dx, y0: dy, x1: dx, y1: dy };
    else { path.x0 = Math.min(path.x0, dx); path.y0 = Math.min(path.y0, dy); path.x1 = Math.max(path.x1, dx); path.y1 = Math.max(path.y1, dy); }
  };
  const show = () => { const [x, y] = apply(mul(tm, ctm), 0, 0); shown.push({ x, y, order: order++ }); };
  const td = (tx: number, ty: number) => { tlm = mul([1, 0, 0, 1, tx, ty], tlm); tm = tlm; };
  while (i < n) {
    const c = data[i]!;
    if (WS.has(c)) { i++; continue; }
    if (c === 0x25) { while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++; continue; } // comment
    if (c === 0x28) { // literal string
      let depth = 1; i++;
      while (i < n && depth) { const d = data[i]!; if (d === 0x5c) i += 2; else { if (d === 0x28) depth++; else if (d === 0x29) depth--; i++; } }
      continue;
    }
    if (c === 0x3c && data[i + 1] !== 0x3c) { while (i < n && data[i] !== 0x3e) i++; i++; continue; } // hex string
    if (c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) { i += c === 0x3c || c === 0x3e ? 2 : 1; if (c === 0x5b) nums.length = 0; continue; }
    if (c === 0x2f) { i++; while (i < n && !WS.has(data[i]!) && !DELIM.has(data[i]!)) i++; continue; } // name
    let j = i;
    while (j < n && !WS.has(data[j]!) && !DELIM.has(data[j]!)) j++;
    const c0 = data[i]!;
    if ((c0 >= 0x30 && c0 <= 0x39) || c0 === 0x2d || c0 === 0x2b || c0 === 0x2e) {
      const num = numberAt(data, i, j);
      i = j === i ? i + 1 : j;
      if (Number.isFinite(num)) { nums.push(num); if (nums.length > 64) nums.shift(); }
      continue;
    }
    const tok = j - i <= 3 ? String.fromCharCode(...data.subarray(i, j)) : '';
    i = j === i ? i + 1 : j;
    if (++ops > maxOps) break;
    const a = tok === 'cm' || tok === 'Tm' ? nums.slice(-6) : nums;
    switch (tok) {
      case 'q': stack.push({ ctm, white: isWhite }); if (stack.length > 256) stack.shift(); break;
      case 'Q': { const s = stack.pop(); if (s) { ctm = s.ctm; isWhite = s.white; } break; }
      case 'cm': if (a.length === 6) ctm = mul(a as M, ctm); break;
      case 'g': isWhite = nums[nums.length - 1] === 1; break;
      case 'rg': isWhite = nums.length >= 3 && nums.slice(-3).every((v) => v === 1); break;
      case 'k': isWhite = nums.length >= 4 && nums.slice(-4).every((v) => v === 0); break;
      case 'sc': case 'scn': isWhite = (nums.length === 1 || nums.length === 3) && nums.every((v) => v === 1); break;
      case 're': if (nums.length >= 4) { const [x, y, w, h] = nums.slice(-4) as [number, number, number, number]; extend(x, y); extend(x + w, y + h); extend(x + w, y); extend(x, y + h); } break;
      case 'm': case 'l': if (nums.length >= 2) extend(nums[nums.length - 2]!, nums[nums.length - 1]!); break;
      case 'c': case 'v': case 'y': if (nums.length >= 2) extend(nums[nums.length - 2]!, nums[nums.length - 1]!); break;
      case 'f': case 'F': case 'f*': case 'B': case 'B*': case 'b': case 'b*':
        if (isWhite && path) white.push({ ...(path as Filled), order: order++ });
        path = null; break;
      case 'n': case 'S': case 's': case 'W': case 'W*': if (tok !== 'W' && tok !== 'W*') path = null; break;
      case 'BT': tm = ID; tlm = ID; break;
      case 'Tm': if (a.length === 6) { tm = a as M; tlm = a as M; } break;
      case 'Td': if (nums.length >= 2) td(nums[nums.length - 2]!, nums[nums.length - 1]!); break;
      case 'TD': if (nums.length >= 2) { leading = -nums[nums.length - 1]!; td(nums[nums.length - 2]!, nums[nums.length - 1]!); } break;
      case 'TL': if (nums.length) leading = nums[nums.length - 1]!; break;
      case 'T*': td(0, -leading); break;
      case "'": case '"': td(0, -leading); show(); break;
      case 'Tj': case 'TJ': show(); break;
      case 'BI': { // inline image: skip its data up to EI
        while (i < n - 1 && !(data[i] === 0x45 && data[i + 1] === 0x49 && WS.has(data[i - 1]!) && (i + 2 >= n || WS.has(data[i + 2]!)))) i++;
        i += 2; break;
      }
      default: break;
    }
    nums.length = 0;
  }
  return { shown, white };
}

async function streamBytes(obj: PDFObject | undefined, doc: PDFDocument, maxBytes: number): Promise<Uint8Array[]> {
  const { PDFArray, PDFName, PDFRawStream, decodePDFRawStream } = await import('pdf-lib');
  return read(obj);
  function read(obj: PDFObject | undefined): Uint8Array[] {
  const o = obj ? doc.context.lookup(obj) : undefined;
  if (o instanceof PDFArray) return o.asArray().flatMap((x) => read(x));
  if (o instanceof PDFRawStream) {
    // Flate alone (the usual case) through zlib: pdf-lib's own decoder is several times slower.
    const filter = o.dict.get(PDFName.of('Filter'));
    const flate = filter instanceof PDFName && filter.decodeText() === 'FlateDecode' && !o.dict.has(PDFName.of('DecodeParms'));
    let out: Uint8Array;
    try { out = flate ? inflateSync(o.contents, { maxOutputLength: maxBytes + 1 }) : decodePDFRawStream(o).decode(); } catch { out = decodePDFRawStream(o).decode(); }
    if (out.length > maxBytes) throw new Error(`a content stream holds more than ${maxBytes} bytes`);
    return [out];
  }
  return [];
  }
}

/** A /Rect entry as pdf-lib's reading takes it: a number as stored, anything else (a reference too) none. */
async function numberOf(): Promise<(o: PDFObject | undefined) => number> {
  const { PDFNumber } = await import('pdf-lib');
  return (o) => (o instanceof PDFNumber ? o.asNumber() : NaN);
}
const MARKUP = new Set(['Ink', 'FreeText', 'Square', 'Circle', 'Polygon', 'PolyLine', 'Stamp', 'Line']);

/**
 * White boxes painted over text, and markup annotations over text, page by page. `pages`: the
 * text the engine read (to see what an annotation covers). Unreadable structures give nothing.
 */
export async function coveringBoxes(bytes: Uint8Array, pages: PageText[]): Promise<CoverBox[]> {
  let fast: CoverBox[] | null = null;
  try {
    fast = coveringBoxesFast(bytes, pages);
  } catch {
    // A file the fast parser does not follow, or one of the cases pdf-lib's reading answers its own way.
  }
  return fast ?? coveringBoxesWithPdfLib(bytes, pages);
}

/** White boxes painted over text on one page, from its content streams (decoded), in painting order. */
function whiteBoxes(streams: Uint8Array[], page: number, ox: number, top: (y1: number) => number): CoverBox[] {
  const out: CoverBox[] = [];
  const shown: Shown[] = [], white: Filled[] = [];
  let base = 0;
  // No stream of the page can fill white: no white box on it, and nothing to scan for.
  if (!streams.some(mayFillWhite)) return out;
  for (const s of streams) {
    // Each stream continues the one before (one painting order), with its own graphics state reset.
    const r = scanContent(s, T.maxContentOps);
    for (const t of r.shown) shown.push({ ...t, order: t.order + base });
    for (const w of r.white) white.push({ ...w, order: w.order + base });
    base += r.shown.length + r.white.length;
  }
  for (const w of white) {
    const wd = w.x1 - w.x0, ht = w.y1 - w.y0;
    if (wd < 2 || ht < 2 || wd > T.whiteBoxMaxWidth || ht > T.whiteBoxMaxHeight) continue;
    const hidden = shown.filter((t) => t.order < w.order && t.x >= w.x0 - 1 && t.x <= w.x1 + 1 && t.y >= w.y0 - 1 && t.y <= w.y1 + 1).length;
    if (hidden) out.push({ page, kind: 'white-box', hidden, box: roundBox([w.x0 - ox, top(w.y1), wd, ht]) });
  }
  return out;
}

/** A markup annotation over printed text, from its subtype and /Rect (numbers as stored; anything else is no rectangle). */
function annotationBox(subtype: string, rect: number[], page: number, ox: number, top: (y1: number) => number, text: PageText['items']): CoverBox | null {
  if (!MARKUP.has(subtype)) return null;
  if (rect.length !== 4 || rect.some((v) => !Number.isFinite(v))) return null;
  const [x0, y0, x1, y1] = [Math.min(rect[0]!, rect[2]!), Math.min(rect[1]!, rect[3]!), Math.max(rect[0]!, rect[2]!), Math.max(rect[1]!, rect[3]!)];
  const box: [number, number, number, number] = [x0 - ox, top(y1), x1 - x0, y1 - y0];
  const covered = text.filter((it) => it.x < box[0] + box[2] && it.x + it.w > box[0] && it.y > box[1] && it.y - it.size < box[1] + box[3]).length;
  return covered ? { page, kind: 'annotation', subtype, hidden: covered, box: roundBox(box) } : null;
}

/**
 * coveringBoxes read with the fast reader's parser (lazy: only the pages' own objects), the
 * same way as pdf-lib's reading below: the page tree as typed, the media box as inherited and
 * not reordered, content streams as stored decoded by zlib, /Annots and /Rect as stored.
 * Throws where that reading could differ (a filter other than plain Flate, a stream zlib
 * refuses, an untyped page tree, an object of another type than pdf-lib's reading expects):
 * pdf-lib then reads the file as before. pdf-lib costs ~250 ms of CPU to load and parses every
 * object of the file; this reads a few.
 */
export function coveringBoxesFast(bytes: Uint8Array, pages: PageText[]): CoverBox[] {
  const doc = openFast(bytes, inflateBudget(DEFAULT_LIMITS));
  const out: CoverBox[] = [];
  const wanted = new Set(pages.map((p) => p.page));
  for (let p = 0; p < doc.numPages && p < T.maxDrawingPages; p++) {
    if (!wanted.has(p + 1)) continue;
    const { file, dict, mediaBox } = doc.pageObjects(p + 1);
    const mb = file.resolve(mediaBox);
    const corners = Array.isArray(mb) && mb.length === 4 ? mb.map((v) => file.resolve(v)) : null;
    if (!corners || !corners.every((v) => typeof v === 'number')) throw new Error('no media box pdf-lib reads');
    const [ox, oy, x1, y1] = corners as number[];
    const height = y1! - oy!;
    const top = (y: number) => height - (y - oy!);
    const streams: Uint8Array[] = [];
    const contents = file.resolve(dict.get('Contents'));
    let tooLarge = false;
    for (const st of Array.isArray(contents) ? contents.map((c) => file.resolve(c)) : [contents]) {
      if (Array.isArray(st)) throw new Error('content streams in nested arrays');
      if (!(st instanceof Stream)) continue;
      const filter = file.get(st.dict, 'Filter');
      let data: Uint8Array;
      if (filter === null && !st.dict.has('DecodeParms')) data = file.storedBytes(st);
      else if (filter instanceof Name && filter.name === 'FlateDecode' && !st.dict.has('DecodeParms')) data = inflateSync(file.storedBytes(st), { maxOutputLength: T.maxContentBytes + 1 });
      else throw new Error('a content stream pdf-lib decodes itself');
      // As pdf-lib's reading: a page with a stream past the bound is not judged at all.
      if (data.length > T.maxContentBytes) { tooLarge = true; break; }
      streams.push(data);
    }
    if (tooLarge) continue;
    out.push(...whiteBoxes(streams, p + 1, ox!, top));
    const annots = file.resolve(dict.get('Annots'));
    if (annots === null) continue;
    if (!Array.isArray(annots)) throw new Error('/Annots that is not an array');
    const text = pages.find((x) => x.page === p + 1)?.items ?? [];
    for (const ref of annots.slice(0, 500)) {
      const a = file.resolve(ref);
      if (!(a instanceof Dict)) continue;
      const st = file.get(a, 'Subtype');
      if (st !== null && !(st instanceof Name)) throw new Error('an annotation /Subtype that is not a name');
      const r = file.get(a, 'Rect');
      if (r !== null && !Array.isArray(r)) throw new Error('an annotation /Rect that is not an array');
      const box = annotationBox(st instanceof Name ? st.name : '', (r ?? []).map((v) => (typeof v === 'number' ? v : NaN)), p + 1, ox!, top, text);
      if (box) out.push(box);
    }
  }
  return out;
}

/** coveringBoxes read with pdf-lib: the whole file parsed, for files the fast reader does not follow. */
export async function coveringBoxesWithPdfLib(bytes: Uint8Array, pages: PageText[]): Promise<CoverBox[]> {
  const { PDFArray, PDFDict, PDFDocument, PDFName } = await import('pdf-lib');
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return [];
  }
  const out: CoverBox[] = [];
  const wanted = new Set(pages.map((p) => p.page));
  const all = doc.getPages();
  for (let p = 0; p < all.length && p < T.maxDrawingPages; p++) {
    if (!wanted.has(p + 1)) continue;
    const page = all[p]!;
    const { x: ox, y: oy, height } = page.getMediaBox();
    const top = (y1: number) => height - (y1 - oy);
    let streams: Uint8Array[] = [];
    try { streams = await streamBytes(page.node.get(PDFName.of('Contents')), doc, T.maxContentBytes); } catch { continue; }
    out.push(...whiteBoxes(streams, p + 1, ox, top));
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    const text = pages.find((x) => x.page === p + 1)?.items ?? [];
    for (const ref of annots?.asArray().slice(0, 500) ?? []) {
      const a = doc.context.lookup(ref);
      if (!(a instanceof PDFDict)) continue;
      const subtype = a.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() ?? '';
      const rect = a.lookupMaybe(PDFName.of('Rect'), PDFArray)?.asArray().map(await numberOf()) ?? [];
      const box = annotationBox(subtype, rect, p + 1, ox, top, text);
      if (box) out.push(box);
    }
  }
  return out;
}

const roundBox = (b: [number, number, number, number]): [number, number, number, number] => b.map((v) => Math.round(v * 10) / 10) as [number, number, number, number];

/** The findings of the boxes found. */
export function coverFindings(boxes: CoverBox[], pages: PageText[]): Finding[] {
  const out: Finding[] = [];
  const whites = boxes.filter((b) => b.kind === 'white-box');
  if (whites.length) {
    const b = whites[0]!;
    const under = textAt(pages, b.page, b.box);
    out.push({ key: 'white-box', text: `White box drawn over printed text on page ${b.page} at x ${b.box[0]}, y ${b.box[1]} (${b.box[2]}×${b.box[3]} pt)${under ? `, covering "${under}"` : ''}${whites.length > 1 ? ` (and ${whites.length - 1} more)` : ''}`, evidence: whites.slice(0, 10).map((w) => ({ page: w.page, box: w.box })) });
  }
  const notes = boxes.filter((b) => b.kind === 'annotation');
  if (notes.length) {
    const b = notes[0]!;
    const under = textAt(pages, b.page, b.box);
    out.push({ key: 'annotation-over-text', text: `${b.subtype} annotation drawn over printed text on page ${b.page} at x ${b.box[0]}, y ${b.box[1]}${under ? ` ("${under}")` : ''}${notes.length > 1 ? ` (and ${notes.length - 1} more)` : ''}`, evidence: notes.slice(0, 10).map((w) => ({ page: w.page, box: w.box })) });
  }
  return out;
}

/** The text printed inside a box (top-left coordinates), shortened. */
function textAt(pages: PageText[], page: number, box: [number, number, number, number]): string {
  const items = pages.find((p) => p.page === page)?.items ?? [];
  const s = items.filter((it) => it.x + it.w / 2 >= box[0] - 1 && it.x + it.w / 2 <= box[0] + box[2] + 1 && it.y >= box[1] - 1 && it.y - it.size * 0.5 <= box[1] + box[3] + 1)
    .map((it) => it.str.trim()).join(' ');
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/**
 * A content-stream interpreter for text only (ISO 32000 §9.4, §8.4.4): text state and matrices,
 * q/Q/cm, Form XObjects, and the grouping of shown glyphs into text items. The grouping follows
 * pdf.js's text layer rule for rule (a glyph joins the current item unless the pen jumped back,
 * changed line, or moved more than a space; a gap of 0.102–0.6 of the font size becomes a space
 * in the item; a larger one starts a new item), because the engine's reading code was built on
 * pdf.js's items and the two readers must give it the same ones. Only horizontal writing.
 */
import { Cmd, Dict, Lexer, Name, PdfString, Ref, Stream, type PdfObj } from './objects.js';
import type { PdfFile } from './document.js';
import { loadFont, type DecidedEncoding, type FastFont, type Glyph } from './fonts.js';
import { Unsupported } from './unsupported.js';

type Matrix = [number, number, number, number, number, number];

/** One text item as pdf.js's getTextContent gives it (before the engine keeps or drops it). */
export interface RawItem {
  str: string;
  width: number;
  transform: number[];
  fontName: string;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 × m2 in PDF's row-vector convention (m2 applied first), the operations in pdf.js's order (positions compare exactly). */
export function mul(m1: readonly number[], m2: readonly number[]): Matrix {
  return [
    m1[0]! * m2[0]! + m1[2]! * m2[1]!,
    m1[1]! * m2[0]! + m1[3]! * m2[1]!,
    m1[0]! * m2[2]! + m1[2]! * m2[3]!,
    m1[1]! * m2[2]! + m1[3]! * m2[3]!,
    m1[0]! * m2[4]! + m1[2]! * m2[5]! + m1[4]!,
    m1[1]! * m2[4]! + m1[3]! * m2[5]! + m1[5]!,
  ];
}

class TextState {
  ctm: Matrix = [...IDENTITY];
  fontRes: string | null = null;
  fontSize = 0;
  font: FastFont | null = null;
  textMatrix: Matrix = [...IDENTITY];
  textLineMatrix: Matrix = [...IDENTITY];
  charSpacing = 0;
  wordSpacing = 0;
  leading = 0;
  hScale = 1;
  rise = 0;

  clone(): TextState {
    const c = Object.assign(new TextState(), this);
    c.textMatrix = [...this.textMatrix];
    c.textLineMatrix = [...this.textLineMatrix];
    return c;
  }
  translateText(x: number, y: number): void {
    const m = this.textMatrix;
    m[4] = m[0] * x + m[2] * y + m[4];
    m[5] = m[1] * x + m[3] * y + m[5];
  }
  translateLine(x: number, y: number): void {
    const m = this.textLineMatrix;
    m[4] = m[0] * x + m[2] * y + m[4];
    m[5] = m[1] * x + m[3] * y + m[5];
  }
  carriageReturn(): void {
    this.translateLine(0, -this.leading);
    this.textMatrix = [...this.textLineMatrix];
  }
  /** Text space → page: ctm × Tm × [size·Th 0 0 size 0 rise]. */
  textTransform(): Matrix {
    return this.textTransformInto([0, 0, 0, 0, 0, 0]);
  }
  /** The same, written into `out` (no allocation: this runs for every glyph), the operations in mul's order. */
  textTransformInto(out: Matrix): Matrix {
    const t0 = this.fontSize * this.hScale, t3 = this.fontSize, t5 = this.rise;
    const m = this.textMatrix, c = this.ctm;
    const i0 = m[0] * t0 + m[2] * 0, i1 = m[1] * t0 + m[3] * 0;
    const i2 = m[0] * 0 + m[2] * t3, i3 = m[1] * 0 + m[3] * t3;
    const i4 = m[0] * 0 + m[2] * t5 + m[4], i5 = m[1] * 0 + m[3] * t5 + m[5];
    out[0] = c[0] * i0 + c[2] * i1;
    out[1] = c[1] * i0 + c[3] * i1;
    out[2] = c[0] * i2 + c[2] * i3;
    out[3] = c[1] * i2 + c[3] * i3;
    out[4] = c[0] * i4 + c[2] * i5 + c[4];
    out[5] = c[1] * i4 + c[3] * i5 + c[5];
    return out;
  }
}

/** Operators and their operand counts (-1: a variable count, as colour operators have). */
const OPERANDS: Record<string, number> = {
  w: 1, J: 1, j: 1, M: 1, d: 2, ri: 1, i: 1, gs: 1, q: 0, Q: 0, cm: 6, m: 2, l: 2, c: 6, v: 4, y: 4, h: 0, re: 4,
  S: 0, s: 0, f: 0, F: 0, 'f*': 0, B: 0, 'B*': 0, b: 0, 'b*': 0, n: 0, W: 0, 'W*': 0, BT: 0, ET: 0, Tc: 1, Tw: 1,
  Tz: 1, TL: 1, Tf: 2, Tr: 1, Ts: 1, Td: 2, TD: 2, Tm: 6, 'T*': 0, Tj: 1, TJ: 1, "'": 1, '"': 3, d0: 2, d1: 6,
  CS: 1, cs: 1, SC: -1, SCN: -1, sc: -1, scn: -1, G: 1, g: 1, RG: 3, rg: 3, K: 4, k: 4, sh: 1, BI: 0, Do: 1,
  MP: 1, DP: 2, BMC: 1, BDC: 2, EMC: 0, BX: 0, EX: 0,
};

/** The same as a Map: looked up once per operator, and a Map keyed by the interned operator strings is the quicker lookup. */
const OPERAND_COUNTS = new Map(Object.entries(OPERANDS));

/** Form XObjects inside one another. */
const MAX_FORM_DEPTH = 16;
/** Graphics states saved (q) and not yet restored; deeper nesting is left to pdf.js (and to maxNestingDepth). */
const MAX_SAVE_DEPTH = 4096;

export interface PageContext {
  file: PdfFile;
  /** The page's visible box (pdf.js's `view`): glyphs outside it are not text. */
  view: [number, number, number, number];
  fonts: Map<string, FastFont>;
  /** Encodings decided by evidence for fonts the PDF leaves unstated (./unstated-encoding.ts). */
  decided?: DecidedEncoding;
  formBytes: Map<number, Uint8Array>;
  items: RawItem[];
  /** Every item pdf.js would list, spaces and line ends included (maxTextItems counts these). */
  listed: number;
}

export function pageText(ctx: PageContext, content: Uint8Array, resources: Dict | null): void {
  runStream(ctx, content, resources, new TextState(), 0, new Set());
}

function runStream(ctx: PageContext, content: Uint8Array, resources: Dict | null, initial: TextState, depth: number, forms: Set<number>): void {
  const { file, view } = ctx;
  let state = initial;
  const stack: TextState[] = [];
  let current: TextState | null = null;

  // The item being built and what pdf.js keeps between items (fields persist after a flush).
  const item = {
    initialized: false, str: [] as string[], totalWidth: 0, width: 0, height: 0, prevTransform: null as Matrix | null,
    /** Reused for prevTransform's values (one array per stream, not per glyph). */
    prevBuffer: [0, 0, 0, 0, 0, 0] as Matrix,
    prevTextRise: 0, textAdvanceScale: 0, spaceInFlowMin: 0, spaceInFlowMax: 0, trackingSpaceMin: Infinity,
    negativeSpaceMax: -Infinity, notASpace: -Infinity, transform: null as Matrix | null, fontName: '',
  };
  const curBuffer: Matrix = [0, 0, 0, 0, 0, 0];
  const lastChars = [' ', ' '];
  let lastPos = 0;
  const saveLastChar = (ch: string): boolean => {
    const next = (lastPos + 1) % 2;
    const ret = lastChars[lastPos] !== ' ' && lastChars[next] === ' ';
    lastChars[lastPos] = ch;
    lastPos = next;
    return ret;
  };
  const shouldAddWhitespace = (): boolean => lastChars[lastPos] !== ' ' && lastChars[(lastPos + 1) % 2] === ' ';
  const resetLastChars = (): void => { lastChars[0] = lastChars[1] = ' '; lastPos = 0; };

  const flush = (): void => {
    if (!item.initialized) return;
    item.totalWidth += item.width * item.textAdvanceScale;
    const str = item.str.join('');
    ctx.listed++;
    if (str.trim()) ctx.items.push({ str, width: Math.abs(item.totalWidth), transform: item.transform!, fontName: item.fontName });
    item.initialized = false;
    item.str.length = 0;
  };
  const pushWhitespace = (): void => { ctx.listed++; };
  const appendEOL = (): void => {
    resetLastChars();
    if (item.initialized) flush();
    else ctx.listed++;
  };
  const ensureItem = (): void => {
    if (item.initialized) return;
    item.fontName = state.font!.name;
    const trm = item.transform = state.textTransform();
    item.width = item.totalWidth = 0;
    item.height = Math.hypot(trm[2], trm[3]);
    const scaleLineX = Math.hypot(state.textLineMatrix[0], state.textLineMatrix[1]);
    const scaleCtmX = Math.hypot(state.ctm[0], state.ctm[1]);
    item.textAdvanceScale = scaleCtmX * scaleLineX;
    const fs = state.fontSize;
    item.trackingSpaceMin = fs * 0.102;
    item.notASpace = fs * 0.03;
    item.negativeSpaceMax = fs * -0.2;
    item.spaceInFlowMin = fs * 0.102;
    item.spaceInFlowMax = fs * 0.6;
    item.initialized = true;
  };
  const updateAdvanceScale = (): void => {
    if (!item.initialized) return;
    const scale = Math.hypot(state.ctm[0], state.ctm[1]) * Math.hypot(state.textLineMatrix[0], state.textLineMatrix[1]);
    if (scale === item.textAdvanceScale) return;
    item.totalWidth += item.width * item.textAdvanceScale;
    item.width = 0;
    item.textAdvanceScale = scale;
  };
  const addFakeSpaces = (width: number, orientation: number): boolean => {
    if (orientation * item.spaceInFlowMin <= width && width <= orientation * item.spaceInFlowMax) {
      if (item.initialized) { resetLastChars(); item.str.push(' '); }
      return false;
    }
    flush();
    resetLastChars();
    pushWhitespace();
    return true;
  };
  const compareWithLastPosition = (glyphWidth: number): boolean => {
    const cur = state.textTransformInto(curBuffer);
    let posX = cur[4], posY = cur[5];
    if (posX + glyphWidth < view[0] || posX > view[2] || posY < view[1] || posY > view[3]) return false;
    if (!item.prevTransform) return true;
    let lastX = item.prevTransform[4], lastY = item.prevTransform[5];
    if (lastX === posX && lastY === posY) return true;
    let rotate = -1;
    if (cur[0] && cur[1] === 0 && cur[2] === 0) rotate = cur[0] > 0 ? 0 : 180;
    else if (cur[1] && cur[0] === 0 && cur[3] === 0) rotate = cur[1] > 0 ? 90 : 270;
    switch (rotate) {
      case 0: break;
      case 90: [posX, posY] = [posY, posX]; [lastX, lastY] = [lastY, lastX]; break;
      case 180: [posX, posY, lastX, lastY] = [-posX, -posY, -lastX, -lastY]; break;
      case 270: [posX, posY] = [-posY, -posX]; [lastX, lastY] = [-lastY, -lastX]; break;
      default: {
        const inv = (x: number, y: number, m: readonly number[]): [number, number] => {
          const s = Math.hypot(m[0]!, m[1]!);
          return [(m[0]! * x + m[1]! * y) / s, (m[2]! * x + m[3]! * y) / s];
        };
        [posX, posY] = inv(posX, posY, cur);
        [lastX, lastY] = inv(lastX, lastY, item.prevTransform);
      }
    }
    const advanceX = (posX - lastX) / item.textAdvanceScale;
    const advanceY = posY - lastY;
    const orientation = Math.sign(item.width || item.totalWidth);
    if (advanceX < orientation * item.negativeSpaceMax) {
      if (Math.abs(advanceY) > 0.5 * item.height) { appendEOL(); return true; }
      resetLastChars();
      flush();
      return true;
    }
    const riseDelta = state.rise - item.prevTextRise;
    const advanceYCorrected = riseDelta === 0 ? advanceY : advanceY - (cur[3] / state.fontSize) * riseDelta;
    if (Math.abs(advanceYCorrected) > item.height) { appendEOL(); return true; }
    if (advanceX <= orientation * item.notASpace) resetLastChars();
    if (advanceX <= orientation * item.trackingSpaceMin) {
      if (shouldAddWhitespace()) { resetLastChars(); flush(); pushWhitespace(); } else item.width += advanceX;
    } else if (!addFakeSpaces(advanceX, orientation)) {
      if (item.str.length === 0) { resetLastChars(); pushWhitespace(); } else item.width += advanceX;
    }
    if (Math.abs(advanceY) > item.height * 0.25) flush();
    return true;
  };

  const showText = (chars: string, extraSpacing: number): void => {
    if (current && current !== state) {
      let changed = current.fontSize !== state.fontSize;
      if (!changed && current.fontRes !== state.fontRes) {
        // pdf.js fails on this stream here (no font to compare with) and keeps what it had.
        if (!current.font) throw new Unsupported('text shown before the first font of its stream was compared');
        changed = current.font.name !== state.font!.name;
      }
      if (changed) { flush(); current = state.clone(); }
    }
    const base = state.charSpacing;
    if (!chars) {
      const cs = base + extraSpacing;
      if (cs) state.translateText(cs * state.hScale, 0);
      return;
    }
    const glyphs: Glyph[] = state.font!.glyphs(chars);
    const scale = 0.001 * state.fontSize;
    for (let i = 0, n = glyphs.length; i < n; i++) {
      const g = glyphs[i]!;
      if (g.category === 3) continue;
      let charSpacing = base + (i + 1 === n ? extraSpacing : 0);
      let scaled = g.width * scale;
      if (g.code === 0x20) charSpacing += state.wordSpacing;
      if (g.category === 1) {
        charSpacing += scaled;
        state.translateText(charSpacing * state.hScale, 0);
        saveLastChar(' ');
        continue;
      }
      if (g.category !== 2 && !compareWithLastPosition(scaled)) {
        state.translateText(scaled * state.hScale, 0);
        continue;
      }
      ensureItem();
      if (g.category === 2) scaled = 0;
      scaled *= state.hScale;
      state.translateText(scaled, 0);
      item.width += scaled;
      if (scaled) { item.prevTransform = state.textTransformInto(item.prevBuffer); item.prevTextRise = state.rise; }
      if (saveLastChar(g.unicode)) item.str.push(' ');
      item.str.push(g.unicode);
      if (charSpacing) state.translateText(charSpacing * state.hScale, 0);
    }
  };

  const resource = (kind: string, name: string): PdfObj => {
    if (!resources) return null;
    const group = file.get(resources, kind);
    return group instanceof Dict ? group.get(name) ?? null : null;
  };
  const needFont = (): void => { if (!state.font) throw new Unsupported('text shown without a font'); };

  const lx = new Lexer(content);
  const args: PdfObj[] = [];
  for (;;) {
    const t = lx.next(false);
    if (t === undefined) break;
    if (!(t instanceof Cmd)) {
      args.push(t);
      if (args.length > 33) throw new Unsupported('too many operands');
      continue;
    }
    const op = t.op;
    const want = OPERAND_COUNTS.get(op) ?? OPERANDS[op];
    if (want === undefined) throw new Unsupported(`the operator ${op}`);
    if (want >= 0 && args.length !== want) throw new Unsupported(`${op} with ${args.length} operands`);
    const a = args;
    current ??= state.clone();
    switch (op) {
      case 'q':
        if (stack.length >= MAX_SAVE_DEPTH) throw new Unsupported('graphics states nested too deep');
        stack.push(state);
        state = state.clone();
        break;
      case 'Q': { const prev = stack.pop(); if (prev) state = prev; break; }
      case 'cm': state.ctm = mul(state.ctm, numbers(op, a)); break;
      case 'BT': state.textMatrix = [...IDENTITY]; state.textLineMatrix = [...IDENTITY]; break;
      case 'Tc': state.charSpacing = numbers(op, a)[0]!; break;
      case 'Tw': state.wordSpacing = numbers(op, a)[0]!; break;
      case 'Tz': state.hScale = numbers(op, a)[0]! / 100; break;
      case 'TL': state.leading = numbers(op, a)[0]!; break;
      case 'Ts': state.rise = numbers(op, a)[0]!; break;
      case 'Td': { const [x, y] = numbers(op, a); state.translateLine(x!, y!); state.textMatrix = [...state.textLineMatrix]; break; }
      case 'TD': { const [x, y] = numbers(op, a); state.leading = -y!; state.translateLine(x!, y!); state.textMatrix = [...state.textLineMatrix]; break; }
      case 'T*': state.carriageReturn(); break;
      case 'Tm': {
        const m = numbers(op, a) as Matrix;
        state.textMatrix = [...m];
        state.textLineMatrix = [...m];
        updateAdvanceScale();
        break;
      }
      case 'Tf': {
        const [n, size] = a;
        if (!(n instanceof Name) || typeof size !== 'number') throw new Unsupported('a malformed Tf');
        if (state.font && n.name === state.fontRes && size === state.fontSize) break;
        if (size === 0) throw new Unsupported('a font size of 0');
        state.fontRes = n.name;
        state.fontSize = size;
        const ref = resource('Font', n.name);
        if (ref === null) throw new Unsupported(`the font ${n.name} is not in the resources`);
        const key = ref instanceof Ref ? `r${ref.num}` : `d${n.name}`;
        let font = ctx.fonts.get(key);
        if (!font) { font = loadFont(file, ref, ctx.decided); if (ref instanceof Ref) ctx.fonts.set(key, font); }
        state.font = font;
        break;
      }
      case 'Tj': needFont(); showText(str(a[0]), 0); break;
      case "'": needFont(); state.carriageReturn(); showText(str(a[0]), 0); break;
      case '"': {
        needFont();
        const [aw, ac] = [a[0], a[1]];
        if (typeof aw !== 'number' || typeof ac !== 'number') throw new Unsupported('a malformed "');
        state.wordSpacing = aw; state.charSpacing = ac;
        state.carriageReturn();
        showText(str(a[2]), 0);
        break;
      }
      case 'TJ': {
        needFont();
        const arr = a[0];
        if (!Array.isArray(arr)) throw new Unsupported('TJ without an array');
        const factor = -state.fontSize / 1000;
        let buffer = '';
        let pending = false;
        for (const el of arr) {
          if (el instanceof PdfString) { buffer += el.bytes; pending = true; } else if (typeof el === 'number' && el !== 0) {
            showText(buffer, el * factor);
            buffer = '';
            pending = false;
          }
        }
        if (pending) showText(buffer, 0);
        break;
      }
      case 'BMC': case 'BDC': case 'EMC': flush(); break;
      case 'gs': {
        const n = a[0];
        if (!(n instanceof Name)) break;
        const g = file.resolve(resource('ExtGState', n.name));
        if (g instanceof Dict && g.has('Font')) throw new Unsupported('a font set through ExtGState');
        break;
      }
      case 'Do': {
        flush();
        const n = a[0];
        if (!(n instanceof Name)) throw new Unsupported('Do without a name');
        const ref = resource('XObject', n.name);
        const x = file.resolve(ref);
        if (!(x instanceof Stream)) break;
        const st = file.get(x.dict, 'Subtype');
        if (!(st instanceof Name) || st.name !== 'Form') break;
        if (!(ref instanceof Ref)) throw new Unsupported('a Form XObject that is not an indirect object');
        if (forms.has(ref.num) || depth >= MAX_FORM_DEPTH) throw new Unsupported('Form XObjects nested too deep or in a loop');
        let bytes = ctx.formBytes.get(ref.num);
        if (!bytes) { bytes = file.streamBytes(x, true); ctx.formBytes.set(ref.num, bytes); }
        const inner = state.clone();
        const matrix = file.get(x.dict, 'Matrix');
        if (Array.isArray(matrix) && matrix.length === 6 && matrix.every((v) => typeof v === 'number')) inner.ctm = mul(inner.ctm, matrix as number[]);
        else if (matrix !== null) throw new Unsupported('a Form XObject with a malformed /Matrix');
        const res = file.get(x.dict, 'Resources');
        forms.add(ref.num);
        runStream(ctx, bytes, res instanceof Dict ? res : resources, inner, depth + 1, forms);
        forms.delete(ref.num);
        break;
      }
      case 'BI': skipInlineImage(lx); break;
      default: break;
    }
    // Popped, not `args.length = 0`: the length setter is a call into V8's runtime, ~1.5 % of a
    // conversion's CPU at one per operator; a handful of pops is inlined.
    while (args.length) args.pop();
  }
  flush();
}

function numbers(op: string, a: PdfObj[]): number[] {
  for (const x of a) if (typeof x !== 'number') throw new Unsupported(`${op} with an operand that is not a number`);
  return a as number[];
}

function str(v: PdfObj | undefined): string {
  if (!(v instanceof PdfString)) throw new Unsupported('text shown from something other than a string');
  return v.bytes;
}

/**
 * Skips `BI … ID <data> EI` where pdf.js would end the data: at the first `EI` followed by a
 * space or line end, then by printable bytes, then by an operator with the right operands.
 * Filtered inline images (JPEG …) end by other rules: those documents go to pdf.js.
 */
export function skipInlineImage(lx: Lexer): void {
  for (let n = 0; ; n++) {
    const t = lx.next(false);
    if (t === undefined || n > 200) throw new Unsupported('an unterminated inline image');
    if (t instanceof Cmd) {
      if (t.op !== 'ID') throw new Unsupported('a malformed inline image');
      break;
    }
    if (t instanceof Name && (t.name === 'F' || t.name === 'Filter')) throw new Unsupported('a filtered inline image');
  }
  const b = lx.buf;
  for (let p = lx.pos + 1; p + 2 < lx.end; p++) {
    if (b[p] !== 0x45 || b[p + 1] !== 0x49) continue;
    const ws = b[p + 2]!;
    if (ws !== 0x20 && ws !== 0x0a && ws !== 0x0d) continue;
    const after = p + 3;
    if (after >= lx.end) { lx.pos = lx.end; return; }
    let ascii = true;
    for (let k = after; k < Math.min(lx.end, after + 15); k++) {
      const c = b[k]!;
      if (c === 0 && b[k + 1] !== 0) continue;
      if (c !== 0x0a && c !== 0x0d && (c < 0x20 || c > 0x7f)) { ascii = false; break; }
    }
    if (!ascii || !operatorFollows(b, after, Math.min(lx.end, after + 75))) continue;
    lx.pos = p + 2;
    return;
  }
  throw new Unsupported('an inline image without EI');
}

/** Whether the bytes read as an operator with the operands it takes (before running out). */
function operatorFollows(b: Uint8Array, from: number, to: number): boolean {
  const lx = new Lexer(b, from, to);
  let operands = 0;
  try {
    for (;;) {
      const t = lx.next(false);
      if (t === undefined) return false;
      if (!(t instanceof Cmd)) { operands++; continue; }
      const want = t.op === 'ID' || t.op === 'BI' ? 0 : t.op === 'EI' ? 1 : OPERANDS[t.op];
      if (want === undefined) return false;
      if (want < 0 ? operands <= 33 : operands === want) return true;
      operands = 0;
    }
  } catch {
    return false;
  }
}

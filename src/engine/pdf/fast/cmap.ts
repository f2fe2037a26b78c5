/**
 * ToUnicode CMaps (ISO 32000 §9.10.3): `bfchar` and `bfrange` entries, code → text. The
 * destination bytes are UTF-16BE (an odd count is read as if a zero byte led). A range's
 * destination string counts up in its last byte, carrying into the byte before it. `usecmap`,
 * CID mappings and oversized ranges are not read here: the document goes to pdf.js.
 */
import { Cmd, Lexer, PdfString } from './objects.js';
import { Unsupported } from './unsupported.js';

/** Codes one ToUnicode CMap may map. */
const MAX_MAPPINGS = 1 << 18;

function codeOf(s: PdfString): number {
  let v = 0;
  for (let i = 0; i < s.bytes.length; i++) v = v * 256 + s.bytes.charCodeAt(i);
  return v;
}

function utf16(bytes: string): string {
  if (bytes.length % 2 !== 0) bytes = '\u0000' + bytes;
  const cps: number[] = [];
  for (let k = 0; k < bytes.length; k += 2) {
    const w1 = (bytes.charCodeAt(k) << 8) | bytes.charCodeAt(k + 1);
    if ((w1 & 0xf800) !== 0xd800) { cps.push(w1); continue; }
    k += 2;
    const w2 = (bytes.charCodeAt(k) << 8) | bytes.charCodeAt(k + 1);
    cps.push(((w1 & 0x3ff) << 10) + (w2 & 0x3ff) + 0x10000);
  }
  return String.fromCodePoint(...cps);
}

/** Whether the next token is the keyword `end` (then read past it); the position stays otherwise. */
function atKeyword(lx: Lexer, end: string): boolean {
  lx.skipSpace();
  const save = lx.pos;
  const k = lx.next(false);
  if (k instanceof Cmd && k.op === end) return true;
  lx.pos = save;
  return false;
}

export function parseToUnicode(data: Uint8Array): Map<number, string> {
  const map = new Map<number, string>();
  const lx = new Lexer(data);
  const args: unknown[] = [];
  const take = (): PdfString => {
    const t = lx.next(false);
    if (!(t instanceof PdfString)) throw new Unsupported('a malformed ToUnicode CMap entry');
    return t;
  };
  for (;;) {
    const t = lx.next(false);
    if (t === undefined) break;
    if (!(t instanceof Cmd)) { args.push(t); continue; }
    args.length = 0;
    switch (t.op) {
      case 'beginbfchar':
        while (!atKeyword(lx, 'endbfchar')) {
          const src = take();
          const dst = lx.next(false);
          if (!(dst instanceof PdfString)) throw new Unsupported('a ToUnicode bfchar to something other than text');
          map.set(codeOf(src), utf16(dst.bytes));
          if (map.size > MAX_MAPPINGS) throw new Unsupported('a ToUnicode CMap too large');
        }
        break;
      case 'beginbfrange':
        while (!atKeyword(lx, 'endbfrange')) {
          const lo = codeOf(take()), hi = codeOf(take());
          if (hi < lo || hi - lo > MAX_MAPPINGS || map.size + (hi - lo) > MAX_MAPPINGS) throw new Unsupported('a ToUnicode range too large');
          const dst = lx.next(false);
          if (dst instanceof PdfString) {
            let d = dst.bytes;
            if (d.length === 0) throw new Unsupported('an empty ToUnicode range destination');
            const last = d.length - 1;
            for (let c = lo; c <= hi; c++) {
              map.set(c, utf16(d));
              const next = d.charCodeAt(last) + 1;
              d = next > 0xff
                ? d.substring(0, last - 1) + String.fromCharCode(d.charCodeAt(last - 1) + 1) + '\u0000'
                : d.substring(0, last) + String.fromCharCode(next);
            }
          } else if (Array.isArray(dst)) {
            for (let c = lo; c <= hi && c - lo < dst.length; c++) {
              const v = dst[c - lo];
              if (!(v instanceof PdfString)) throw new Unsupported('a ToUnicode range array entry that is not text');
              map.set(c, utf16(v.bytes));
            }
          } else throw new Unsupported('a malformed ToUnicode range');
        }
        break;
      case 'usecmap': case 'begincidchar': case 'begincidrange': case 'beginnotdefrange': case 'beginnotdefchar':
        throw new Unsupported(`a ToUnicode CMap with ${t.op}`);
      default:
        break;
    }
  }
  return map;
}

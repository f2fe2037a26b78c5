/**
 * pdf.js's copy of a file whose fonts leave their encoding unstated and had it decided by
 * evidence (./fast/unstated-encoding.ts): an incremental update (ISO 32000 §7.5.6) appended to
 * the bytes restates each such font dictionary with `/Encoding /WinAnsiEncoding` (or MacRoman),
 * so pdf.js reads those fonts as the fast reader does. Nothing else changes: every other object,
 * and the file pdf.js would otherwise read, are the original's. Used for reading text only; the
 * caller's bytes are not touched.
 */
import { Dict, Name, PdfString, Ref, type PdfObj } from './fast/objects.js';
import type { EncodingDecision, PdfFile } from './fast/index.js';

/** The bytes with the update appended, or null when there is nothing to state or it cannot be written. */
export function withStatedEncodings(bytes: Uint8Array, file: PdfFile, all: ReadonlyMap<number, EncodingDecision>): Uint8Array | null {
  // A font with no code above 127 shown reads the same either way: not restated.
  const decisions = new Map([...all].filter(([, d]) => !d.asciiOnly));
  if (decisions.size === 0) return null;
  const prev = lastStartxref(bytes);
  if (prev === null) return null;
  const parts: string[] = ['\n'];
  let at = bytes.length + 1;
  const offsets: [number, number, number][] = [];
  for (const [num, d] of [...decisions].sort((a, b) => a[0] - b[0])) {
    const gen = file.generation(num);
    const dict = file.fetch(new Ref(num, gen));
    if (!(dict instanceof Dict)) return null;
    const entries = new Map(dict.map);
    entries.set('Encoding', Name.of(d.encoding));
    const obj = `${num} ${gen} obj\n${serialise(new Dict(entries), 0)}\nendobj\n`;
    offsets.push([num, gen, at]);
    parts.push(obj);
    at += obj.length;
  }
  const xrefAt = at;
  let xref = 'xref\n';
  for (const [num, gen, off] of offsets) xref += `${num} 1\n${String(off).padStart(10, '0')} ${String(gen).padStart(5, '0')} n \n`;
  const t = file.trailer;
  const size = Math.max(typeof t.get('Size') === 'number' ? (t.get('Size') as number) : 0, ...offsets.map(([n]) => n + 1));
  const keep = ['Root', 'Info', 'Encrypt', 'ID'].filter((k) => t.has(k)).map((k) => `/${k} ${serialise(t.get(k)!, 0)}`).join(' ');
  xref += `trailer\n<< /Size ${size} ${keep} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  parts.push(xref);
  const tail = Buffer.from(parts.join(''), 'latin1');
  const out = new Uint8Array(bytes.length + tail.length);
  out.set(bytes);
  out.set(tail, bytes.length);
  return out;
}

/** The offset the file's last `startxref` names (the cross-reference section the update follows). */
function lastStartxref(bytes: Uint8Array): number | null {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString('latin1');
  const at = tail.lastIndexOf('startxref');
  const m = at < 0 ? null : /^startxref\s+(\d+)/.exec(tail.slice(at));
  return m ? Number(m[1]) : null;
}

const REGULAR = /^[!-~]$/;
const nameSyntax = (name: string): string => `/${[...name].map((c) => (REGULAR.test(c) && !'()<>[]{}/%#'.includes(c) ? c : `#${c.charCodeAt(0).toString(16).padStart(2, '0')}`)).join('')}`;

/** A direct object written back as PDF syntax (no streams: a font dictionary holds none directly). */
function serialise(v: PdfObj, depth: number): string {
  if (depth > 32) throw new Error('an object nested too deep to restate');
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(6)));
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Ref) return `${v.num} ${v.gen} R`;
  if (v instanceof Name) return nameSyntax(v.name);
  if (v instanceof PdfString) return `<${Buffer.from(v.bytes, 'latin1').toString('hex')}>`;
  if (Array.isArray(v)) return `[${v.map((x) => serialise(x, depth + 1)).join(' ')}]`;
  if (v instanceof Dict) return `<<${[...v.map].map(([k, x]) => `${nameSyntax(k)} ${serialise(x, depth + 1)}`).join(' ')}>>`;
  throw new Error('a stream cannot be restated inside a dictionary');
}

import type { PdfFile } from './document.js';
import type { PdfObj } from './objects.js';

/** A rectangle's corners ordered (as pdf.js normalises the media box), or null when it is not four numbers. */
export function rect(file: PdfFile, v: PdfObj): [number, number, number, number] | null {
  const r = file.resolve(v);
  if (!Array.isArray(r) || r.length !== 4) return null;
  const n = r.map((x) => file.resolve(x));
  if (!n.every((x) => typeof x === 'number')) return null;
  const [a, b, c, d] = n as number[];
  return [Math.min(a!, c!), Math.min(b!, d!), Math.max(a!, c!), Math.max(b!, d!)];
}

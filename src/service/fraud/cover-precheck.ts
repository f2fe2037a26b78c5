import { constants, inflateSync } from 'node:zlib';
import { mayFillWhite } from './drawing.js';
import { latin1Of } from './pdf-structure.js';

/**
 * Whether a file may hold a white box or a markup annotation at all, read from its bytes
 * without a PDF parser. Loading the whole object graph (pdf-lib) to walk the page tree costs
 * more than every other fraud signal together, and most statements neither fill white nor carry
 * annotations; this pass looks only at stream bodies and the `/Annots` key.
 *
 * It answers yes whenever it cannot be sure, so the full reading (drawing.ts) still decides:
 * an encrypted file, a stream under a filter other than plain Flate, a stream that does not
 * inflate, a non-empty `/Annots` key anywhere (in the file or in an object stream), or any stream that
 * could be page content (no /Subtype, no font-program lengths, no /Type other than an object
 * stream) whose bytes may fill white. Streams of earlier revisions are read too. `text`: the
 * bytes as latin1, when the caller has them.
 */
/** An /Annots key with something in it (writers that add an empty array to every page are common). */
const ANNOTS = /\/Annots(?!\s*\[\s*\])/;

export function mayCoverText(bytes: Uint8Array, maxStreamBytes: number, text = latin1Of(bytes), maxStreams = 100_000): boolean {
  if (ANNOTS.test(text) || /\/Encrypt\s*(?:\d|<<)/.test(text)) return true;
  const STREAM = /\bstream\r?\n/g;
  let streams = 0;
  for (let m = STREAM.exec(text); m; m = STREAM.exec(text)) {
    if (++streams > maxStreams) return true;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return true;
    STREAM.lastIndex = end + 9;
    const objAt = text.lastIndexOf(' obj', m.index);
    if (objAt < 0) return true;
    const dict = text.slice(objAt, m.index);
    const objectStream = /\/Type\s*\/ObjStm\b/.test(dict);
    // Images, forms, fonts, ICC profiles, XMP, xref streams: not a page's content (forms are not entered by the full reading either).
    if (!objectStream && /\/Subtype\b|\/Length[123]\b|\/Type\s*\/(?!ObjStm\b)/.test(dict)) continue;
    const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict)?.[1]?.replace(/[[\]\s]/g, '') ?? '';
    let data: Uint8Array = bytes.subarray(start, end);
    if (filter === '/FlateDecode' && !/\/DecodeParms\b/.test(dict)) {
      try {
        data = inflateSync(data, { maxOutputLength: maxStreamBytes + 1, finishFlush: constants.Z_SYNC_FLUSH });
      } catch {
        return true;
      }
      if (data.length > maxStreamBytes) return true;
    } else if (filter !== '') {
      return true;
    }
    if (objectStream) {
      if (ANNOTS.test(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1'))) return true;
      continue;
    }
    if (mayFillWhite(data)) return true;
  }
  return false;
}

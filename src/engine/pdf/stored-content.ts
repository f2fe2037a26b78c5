/**
 * What of a file's streams can be content, told by their dictionaries in the raw bytes before
 * pdf.js reads it (a stream is never inside an object stream). Graphics-state nesting (q … Q) is
 * limited in content streams only: a font program, an image or an XMP packet holds any bytes,
 * and a TrueType font's tables are full of lone 'q' bytes between NULs. Ghostscript stores its
 * fonts so (some uncompressed), and every statement it re-wrote with an embedded TrueType font
 * was refused as nesting graphics states thousands deep.
 * - storedContentDepth: the deepest nesting of the streams stored without compression that can
 *   be content (compressed ones are counted as they inflate, ./inflate.ts);
 * - notContentKeys: the compressed streams that are no content, for the inflation hook to skip.
 */
import { scanContent } from './content-scan.js';
import { streamKey } from './inflate.js';
import { streamAround, type StreamAt } from './sync-streams.js';

const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');

/** Dictionary entries of streams that are never content (fonts, images, metadata, files, cross-reference data). */
const NOT_CONTENT = /\/Length[123]\b|\/FontFile|\/Subtype\s*\/(?:Image|Type1C|CIDFontType0C|OpenType|XML)\b|\/Type\s*\/(?:Metadata|EmbeddedFile|XRef|ObjStm)\b/;
const FILTERED = /\/Filter\b/;

/** Streams looked at per file: past that the rest of the file is scanned as it is (an upper bound, as before). */
const MAX_STREAMS = 200_000;

/**
 * Calls `visit` with each stream of the raw file (its dictionary, or '' where none is found:
 * then the stream runs to its endstream); stops when `visit` returns true or past MAX_STREAMS
 * (returning the offset it stopped at, -1 when it went through).
 */
function eachStream(buf: Buffer, visit: (s: StreamAt) => boolean): number {
  let streams = 0;
  for (let at = buf.indexOf(STREAM); at >= 0; at = buf.indexOf(STREAM, at + STREAM.length)) {
    if (at >= 3 && buf[at - 3] === 0x65 && buf[at - 2] === 0x6e && buf[at - 1] === 0x64) continue; // endstream
    if (++streams > MAX_STREAMS) return at;
    const found = streamAround(buf, Math.max(0, at - 1));
    const end = buf.indexOf(ENDSTREAM, at + STREAM.length);
    const s = found ?? { dict: '', start: at + STREAM.length, end: end < 0 ? buf.length : end };
    if (visit(s)) return -1;
    at = Math.max(at, s.end - STREAM.length);
  }
  return -1;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function storedContentDepth(bytes: Uint8Array, stopDepth: number): number {
  const buf = asBuffer(bytes);
  let deepest = 0;
  const stoppedAt = eachStream(buf, (s) => {
    if (NOT_CONTENT.test(s.dict) || FILTERED.test(s.dict)) return false;
    deepest = Math.max(deepest, scanContent(buf.subarray(s.start, s.end), stopDepth, Infinity).maxDepth);
    return deepest > stopDepth;
  });
  if (stoppedAt >= 0) deepest = Math.max(deepest, scanContent(buf.subarray(stoppedAt), stopDepth, Infinity).maxDepth);
  return deepest;
}

export function notContentKeys(bytes: Uint8Array): Set<string> {
  const buf = asBuffer(bytes);
  const keys = new Set<string>();
  eachStream(buf, (s) => {
    if (NOT_CONTENT.test(s.dict) && FILTERED.test(s.dict)) keys.add(streamKey(buf.subarray(s.start, s.end)));
    return false;
  });
  return keys;
}

/**
 * pdf.js inflates some streams synchronously with its own JavaScript decoder, never through
 * DecompressionStream (where inflate.ts caps them): object streams (`/Type /ObjStm`, which hold
 * the page and font dictionaries of most modern PDFs), cross-reference streams (`/Type /XRef`)
 * and embedded font programs. A small file can hide gigabytes in one of them. Before pdf.js
 * opens the file, each such stream stored with FlateDecode is inflated here by zlib with the
 * same caps as every other stream (`maxInflatedStreamBytes`, and what is left of
 * `maxInflatedDocumentBytes`): over a cap, zlib stops one byte past it and the document fails
 * naming the limit. Streams are found in the raw bytes, which is where PDF keeps every stream
 * (a stream is never inside an object stream). Encrypted streams do not inflate and are left
 * to pdf.js, which is then still bounded by the worker's wall time and heap limits.
 */
import { constants, inflateSync } from 'node:zlib';
import type { InflateBudget } from './inflate.js';

/** Dictionary words that mark a stream pdf.js decodes synchronously. */
const MARKERS = ['/ObjStm', '/XRef', '/Length1', '/Type1C', '/CIDFontType0C', '/OpenType', '/FontFile'].map((m) => Buffer.from(m, 'latin1'));
const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
const OBJ = Buffer.from(' obj', 'latin1');
/** How far back from a marker the dictionary's `N G obj` may start; how far on its `stream` keyword. */
const DICT_SPAN = 4096;

export interface StreamAt { dict: string; start: number; end: number }

/** The stream whose dictionary holds the marker at `at`, or null when there is none. */
export function streamAround(buf: Buffer, at: number): StreamAt | null {
  const objAt = buf.lastIndexOf(OBJ, at);
  if (objAt < 0 || at - objAt > DICT_SPAN) return null;
  const kw = buf.indexOf(STREAM, at);
  if (kw < 0 || kw - at > DICT_SPAN) return null;
  // `endstream` of an earlier object, not this one's `stream` keyword.
  if (kw >= 3 && buf.subarray(kw - 3, kw).toString('latin1') === 'end') return null;
  const dict = buf.subarray(objAt, kw).toString('latin1');
  if (dict.includes('endobj')) return null; // the marker belongs to an object without a stream
  let start = kw + STREAM.length;
  if (buf[start] === 0x0d) start++;
  if (buf[start] === 0x0a) start++;
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  const declared = length ? Number(length[1]) : NaN;
  const end = Number.isFinite(declared) && start + declared <= buf.length ? start + declared : buf.indexOf(ENDSTREAM, start);
  return end > start ? { dict, start, end } : null;
}

/** Only FlateDecode alone: other filters (or chains) are decoded by pdf.js as before. */
function flateOnly(dict: string): boolean {
  const f = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!f) return false;
  const names = f[1]!.match(/\/[A-Za-z0-9]+/g) ?? [];
  return names.length === 1 && (names[0] === '/FlateDecode' || names[0] === '/Fl');
}

/**
 * Inflates, within `budget`, every FlateDecode stream pdf.js would decode synchronously; sets
 * `budget.hit` (and stops) at the first cap reached. Counts what they inflate to against the
 * document's total.
 */
export function checkSyncDecodedStreams(bytes: Uint8Array, budget: InflateBudget): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seen = new Set<number>();
  for (const marker of MARKERS) {
    for (let at = buf.indexOf(marker); at >= 0 && !budget.hit; at = buf.indexOf(marker, at + marker.length)) {
      const s = streamAround(buf, at);
      if (!s || seen.has(s.start) || !flateOnly(s.dict)) continue;
      seen.add(s.start);
      const docLeft = Math.max(0, budget.maxDocumentBytes - budget.inflated);
      const cap = Math.min(budget.maxStreamBytes, docLeft);
      let size: number;
      try {
        // Sync flush: a stream cut short still inflates as far as it goes (pdf.js reads it so too).
        size = inflateSync(buf.subarray(s.start, s.end), { maxOutputLength: Math.max(1, cap + 1), finishFlush: constants.Z_SYNC_FLUSH }).byteLength;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') continue; // not zlib data (encrypted, damaged): pdf.js decides
        budget.hit = docLeft < budget.maxStreamBytes
          ? { limit: 'maxInflatedDocumentBytes', detail: `its compressed streams inflate to more than ${budget.maxDocumentBytes.toLocaleString('en-US')} bytes` }
          : { limit: 'maxInflatedStreamBytes', detail: `a compressed stream inflates to more than ${budget.maxStreamBytes.toLocaleString('en-US')} bytes` };
        return;
      }
      budget.inflated += size;
    }
  }
}

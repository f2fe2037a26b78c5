import { deflateSync } from 'node:zlib';
import type { Gray } from './clean.js';

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; t[n] = c; }
  return t;
})();

function crc32(parts: Uint8Array[]): number {
  let c = -1;
  for (const b of parts) for (let i = 0; i < b.length; i++) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array[] {
  const head = new Uint8Array(8);
  const view = new DataView(head.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) head[4 + i] = type.charCodeAt(i);
  const crc = new Uint8Array(4);
  new DataView(crc.buffer).setUint32(0, crc32([head.subarray(4), data]));
  return [head, data, crc];
}

/**
 * The image as an 8-bit grayscale PNG, compressed at zlib's fastest level: what the page engine
 * is handed. Its image reader takes a binary PGM one byte at a time (`fread` per pixel in
 * Leptonica, 0.10–0.17 CPU s for a 300-dpi page in the WebAssembly build); this PNG costs
 * 0.02–0.05 s to make natively and 0.03 s to read, and a mostly white page is ~1 MB instead of
 * 8 MB to copy to the engine's thread.
 */
export function grayPng(img: Gray): Uint8Array {
  const { width: w, height: h, data } = img;
  // Each row starts with its filter type: 0, none (the fastest to make and to undo).
  const raw = new Uint8Array((w + 1) * h);
  for (let y = 0; y < h; y++) raw.set(data.subarray(y * w, (y + 1) * w), y * (w + 1) + 1);
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, w); v.setUint32(4, h);
  ihdr[8] = 8; // bit depth; colour type 0 (gray), compression 0, filter 0, no interlace
  const idat = deflateSync(raw, { level: 1 });
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunk('IHDR', ihdr), ...chunk('IDAT', idat), ...chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

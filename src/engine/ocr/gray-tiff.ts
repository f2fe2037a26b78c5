import type { Gray } from './clean.js';

/** Where the pixels start: past the 500 bytes tesseract.js searches for an EXIF orientation (its setImage), so no run of pixels can pass for one. */
const PIXELS_AT = 512;

/**
 * The image as an uncompressed 8-bit grayscale TIFF (one strip, black is 0): what the page
 * engine is handed. Leptonica reads the strip whole, where it read a PGM a byte at a time
 * (`fread` per pixel: 0.10–0.17 CPU s of a 300-dpi page in the WebAssembly build), and nothing
 * is compressed on one side to be inflated on the other: the PNG handed before
 * (./gray-png.ts) cost ~0.025 CPU s to deflate and about as much to inflate in the engine, ~0.05
 * s of a 300-dpi page (bench/ocr.bench.ts), for the same pixels and the same words.
 * `shared`: written in a SharedArrayBuffer, which the engine's thread reads where it lies
 * (tesseract.js copies any other image twice on the way: into a new array, then by the message
 * to its thread; ./tesseract.ts `readPage`).
 */
export function grayTiff(img: Gray, shared = false): Uint8Array {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(shared ? new SharedArrayBuffer(PIXELS_AT + w * h) : new ArrayBuffer(PIXELS_AT + w * h));
  const v = new DataView(out.buffer);
  // Little-endian header, the one directory at byte 8.
  out[0] = 0x49; out[1] = 0x49; v.setUint16(2, 42, true); v.setUint32(4, 8, true);
  const SHORT = 3, LONG = 4;
  // Width, height, 8 bits, no compression, black is zero, the strip's offset, 1 sample, rows per strip, the strip's bytes (ascending tags).
  const tags: [number, number, number][] = [
    [256, LONG, w], [257, LONG, h], [258, SHORT, 8], [259, SHORT, 1], [262, SHORT, 1],
    [273, LONG, PIXELS_AT], [277, SHORT, 1], [278, LONG, h], [279, LONG, w * h],
  ];
  v.setUint16(8, tags.length, true);
  tags.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    v.setUint16(at, tag, true); v.setUint16(at + 2, type, true); v.setUint32(at + 4, 1, true);
    if (type === SHORT) v.setUint16(at + 8, value, true); else v.setUint32(at + 8, value, true);
  });
  v.setUint32(10 + tags.length * 12, 0, true); // no next directory
  out.set(data, PIXELS_AT);
  return out;
}

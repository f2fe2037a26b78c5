import { ConversionError, type ConvertInput } from './engine.js';
import { converters } from './registry.js';
import type { ParsedDocument } from '../contract/model.js';
import { applyYearOverrideToDocument } from './statement/year-override.js';
import { readFormDocument } from './forms/hook.js';
import { checkDocumentLimits, DEFAULT_LIMITS, type ConversionLimits } from './limits.js';

export type { ConvertInput, ConvertProgress, FormatConverter } from './engine.js';
export { ConversionError } from './engine.js';

/**
 * Which format the engine reads the input as — the one decision of the document type, made
 * here for the engine itself, for the desktop (which names MTJson and Plaid uploads to the
 * service) and for the CLI. null when no converter accepts it.
 */
export function detectFormat(input: ConvertInput): ParsedDocument['format'] | null {
  return converters.find((c) => c.accepts(input))?.name ?? null;
}

/**
 * Converts one file. Throws ConversionError with a clear message when it cannot, LimitError
 * (a ConversionError) naming the limit when the file reaches one.
 */
export async function convertDocument(input: ConvertInput): Promise<ParsedDocument> {
  const limits: ConversionLimits = { ...DEFAULT_LIMITS, ...(input.limits ?? {}) };
  const converter = converters.find((c) => c.accepts(input));
  if (!converter) {
    throw new ConversionError(`${input.fileName}: unsupported file type (expected a PDF, a PNG/JPEG/TIFF/WebP/GIF/AVIF scan or photo, OFX/QFX, CSV, or JSON with accounttype MTJson or Plaid)`);
  }
  const doc = applyYearOverrideToDocument(await readFormDocument(input, await converter.convert({ ...input, limits })), input.options.yearoverride);
  checkDocumentLimits(doc, input.fileName, limits);
  return doc;
}

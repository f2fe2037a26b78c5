/** A converter's clear, per-file failure (encrypted, corrupt, not financial, bad JSON …). */
export class ConversionError extends Error {
  constructor(message: string, readonly requiresRerunWithOCR = false) {
    super(message);
    this.name = 'ConversionError';
  }
}

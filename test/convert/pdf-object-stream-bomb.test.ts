/**
 * Object streams are inflated by pdf.js's own decoder, not through DecompressionStream where
 * every other stream is capped: a PDF whose object stream inflates past the per-stream limit
 * fails naming the limit before pdf.js reads it, and one under the limit still reads.
 */
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { LimitError } from '../../src/engine/limits.js';
import { objectStreamBombPdf } from '../service/hostile/files.js';

describe('flate bombs in object streams', () => {
  it('an object stream inflating past maxInflatedStreamBytes (64 MiB by default) fails naming the limit', async () => {
    const pdf = await objectStreamBombPdf(80 * 1024 * 1024);
    expect(pdf.length).toBeLessThan(1024 * 1024);
    const err = await extractPdf(pdf, 'objstm-bomb.pdf').then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(LimitError);
    expect((err as LimitError).limit).toBe('maxInflatedStreamBytes');
    expect((err as Error).message).toMatch(/^objstm-bomb\.pdf: a compressed stream inflates to more than 67,108,864 bytes, over the limit maxInflatedStreamBytes = 67,108,864/);
  }, 60_000);

  it('the document limit counts object streams too; a small one reads as before', async () => {
    const pdf = await objectStreamBombPdf(3 * 1024 * 1024);
    const err = await extractPdf(pdf, 'objstm.pdf', { limits: { maxInflatedStreamBytes: 8 * 1024 * 1024, maxInflatedDocumentBytes: 2 * 1024 * 1024 } }).then(() => null, (e: unknown) => e);
    expect((err as LimitError).limit).toBe('maxInflatedDocumentBytes');
    const ok = await extractPdf(pdf, 'objstm.pdf');
    expect(ok.pages).toHaveLength(1);
    expect(ok.pages[0]!.items.map((i) => i.str).join('')).toContain('Statement');
  }, 60_000);
});

/**
 * Months of one account in one file, as a broker sends them: each month a statement of its own,
 * read whole. The same recurring payment at the same place in each month prints its wrapped
 * lines at the same height on several pages; under its row on every page they are printed on,
 * they are the row's words, not a running head or foot.
 */
import { describe, expect, it } from 'vitest';
import { composeStatementPdf, type ComposedPdf } from '../fixtures/generator/composer/render.js';
import { scoreReading } from '../fixtures/generator/composer/score.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { concatPdf } from '../fixtures/concat-pdf.js';

const MONTHS = ['2025-01-01', '2025-02-01', '2025-03-01'];

async function monthsInOneFile(seed: number, months: number): Promise<{ parts: ComposedPdf[]; bytes: Uint8Array }> {
  const parts: ComposedPdf[] = [];
  for (const startDate of MONTHS.slice(0, months)) parts.push(await composeStatementPdf(seed, { startDate }));
  return { parts, bytes: await concatPdf(...parts.map((p) => p.bytes)) };
}

describe('months of one account in one file', () => {
  it.each([[18, 2], [52, 3], [63, 3], [7, 3]])('composed seed %i, %i months: each statement read whole', async (seed, months) => {
    const { parts, bytes } = await monthsInOneFile(seed, months);
    const doc = await convertDocument({ fileName: 'months.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    expect(doc.statements.length).toBe(parts.reduce((n, p) => n + p.truth.length, 0));
    expect(scoreReading({ truth: parts.flatMap((p) => p.truth) }, doc).problems).toEqual([]);
  });
});

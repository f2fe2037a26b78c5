/**
 * The PDF engine on the classes of layout real statements from other countries showed (and
 * that the engine had misread): Indian lakh grouping and whole-rupee amounts with CR/DR type
 * columns and "Opening Balance b/f" rows; New Zealand "Debit/Withdrawal $" headers; a German
 * grid statement whose balances and totals sit in label grids around the table; bilingual
 * headers with the translation in parentheses and no printed closing balance; rows grouped by
 * day with CR/DR balances and an unrelated table after the statement. Read with
 * accounttype autoDetect, over several seeds each, compared field by field with the truth.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { makeStatementSpec, renderStatementPdf, type SpecOptions } from '../fixtures/generator/index.js';
import { compareStatements } from '../fixtures/generator/compare.js';

async function read(spec: SpecOptions) {
  const r = await renderStatementPdf(makeStatementSpec(spec));
  const doc = await convertDocument({ fileName: `${spec.layout}-${spec.seed}.pdf`, bytes: r.bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
  return { r, doc, diffs: doc.error ? [doc.error] : compareStatements(r.truth, doc.statements) };
}

const shapes: { name: string; spec: SpecOptions }[] = [
  { name: 'indian, paise, closing balance printed', spec: { seed: 2, layout: 'indian' } },
  { name: 'indian, whole rupees (no decimals), lakh grouping, 2 months', spec: { seed: 1, layout: 'indian', months: 2, transactionsPerMonth: 45 } },
  { name: 'indian, whole rupees, no closing balance printed', spec: { seed: 3, layout: 'indian' } },
  { name: 'indian, business account with many small debits over pages', spec: { seed: 4, layout: 'indian', transactionsPerMonth: 140 } },
  { name: 'nzbank', spec: { seed: 1, layout: 'nzbank' } },
  { name: 'nzbank two statements concatenated, hard', spec: { seed: 2, layout: 'nzbank', months: 2, hard: true } },
  { name: 'girokonto', spec: { seed: 1, layout: 'girokonto' } },
  { name: 'girokonto 2 months, many rows', spec: { seed: 2, layout: 'girokonto', months: 2, transactionsPerMonth: 50 } },
  { name: 'bilingual', spec: { seed: 1, layout: 'bilingual' } },
  { name: 'bilingual hard, long wrapped descriptions', spec: { seed: 2, layout: 'bilingual', hard: true, transactionsPerMonth: 50 } },
  { name: 'daygroup: CR/DR balances at day end, an example table after the statement', spec: { seed: 1, layout: 'daygroup' } },
  { name: 'daygroup hard (overdrawn DR balances), 2 months', spec: { seed: 2, layout: 'daygroup', hard: true, months: 2 } },
];

describe('PDF engine on statements from other countries', () => {
  for (const s of shapes) {
    it(s.name, async () => {
      const { diffs } = await read(s.spec);
      expect(diffs, `differences:\n  ${diffs.join('\n  ')}`).toEqual([]);
    });
  }

  it('currency and type come from the document: INR, NZD, EUR, IDR bank statements', async () => {
    const got: string[] = [];
    for (const layout of ['indian', 'nzbank', 'girokonto', 'bilingual'] as const) {
      const { doc } = await read({ seed: 5, layout });
      got.push(`${doc.detectedDocType} ${doc.statements[0]?.currencyCode} ${doc.statements[0]?.bankName}`);
    }
    expect(got).toEqual(['Bank Statement INR ICICI Bank', 'Bank Statement NZD ASB Bank', 'Bank Statement EUR Postbank', 'Bank Statement IDR Bank Mandiri']);
  });
});

import { StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeStatementSpec, renderStatementPdf, type RenderedPdf } from '../fixtures/generator/index.js';
import { convertDocument } from '../../src/engine/index.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { ConversionOptionsSchema } from '../../src/contract/api/conversion-options.js';
import { FRAUD_REASONS, analyzeFile, scoreStatement, type FraudFields } from '../../src/service/fraud/index.js';
import { readPdfStructure } from '../../src/service/fraud/pdf-structure.js';
import { appendInfoUpdate, findItem, replaceAmount } from './edit-pdf.js';

const options = ConversionOptionsSchema.parse({});

/** Converts a PDF and scores its statements as the worker does. */
async function score(bytes: Uint8Array): Promise<FraudFields[]> {
  const doc = await convertDocument({ fileName: 'statement.pdf', bytes, options });
  const file = await analyzeFile(bytes, 'statement.pdf', doc, options);
  expect(file).not.toBeNull();
  return doc.statements.map((s) => scoreStatement(file!, s, doc.statements, reconcile(s, 0), { appnumbers: [] }));
}

let original: RenderedPdf;
let amount: string;
const created = new Date(Date.UTC(2025, 5, 1, 12, 0, 0)); // the generator's fixed CreationDate

beforeAll(async () => {
  original = await renderStatementPdf(makeStatementSpec({ seed: 1, layout: 'chase' }));
  // A transaction amount in the middle of the table, printed once.
  const printed = original.printedAmounts[0]!;
  amount = printed.find((a, i) => i > 3 && /^\$\d{1,3},\d{3}\.\d{2}$/.test(a) && printed.indexOf(a) === i)!;
  expect(amount).toBeTruthy();
});

describe('fraud score of generated statements', () => {
  it('an untouched generated statement is authentic (no PDF signal at all)', async () => {
    const [s] = await score(original.bytes);
    expect(s!.fraudscore).toBeGreaterThanOrEqual(90);
    expect(s!.tpreasonsIndexes.filter((i) => i <= 5)).toEqual([]);
    expect(readPdfStructure(original.bytes).revisions).toBe(1);
  });

  it('an amount typed over in another font with an editing tool, modified 12 days later, scores lower with the evidence named', async () => {
    const edited = await replaceAmount(original.bytes, {
      amount, replacement: '$4,500.00', font: StandardFonts.HelveticaBold, size: 9.5,
      producer: 'iLovePDF', modDate: new Date(created.getTime() + 12 * 86_400_000),
    });
    const [s] = await score(edited);
    expect(s!.tpreasonsIndexes).toEqual(expect.arrayContaining([0, 1, 4]));
    expect(s!.tpreasons).toContain('Modified with "iLovePDF" 12 days after creation');
    expect(s!.tpreasons.find((r) => r.startsWith('Amount $4,500.00'))).toMatch(/^Amount \$4,500\.00 on page 1 uses font Helvetica-Bold 9\.5 pt; the column uses Helvetica 8 pt/);
    expect(s!.fraudscore).toBeLessThanOrEqual(40);
  });

  it('the same font at another size is caught too', async () => {
    const edited = await replaceAmount(original.bytes, { amount, replacement: amount, font: StandardFonts.Helvetica, size: 9 });
    const [s] = await score(edited);
    expect(s!.tpreasons.find((r) => r.includes('uses font'))).toBe(`Amount ${amount} on page 1 uses font Helvetica 9 pt; the column uses Helvetica 8 pt`);
    expect(s!.tpreasonsIndexes).not.toContain(0); // pdf-lib is no editing tool and the dates are kept
  });

  it('an amount that does not line up with its column is misaligned', async () => {
    const edited = await replaceAmount(original.bytes, { amount, replacement: '$7,250.00', font: StandardFonts.Helvetica, size: 8, dx: -6 });
    const [s] = await score(edited);
    expect(s!.tpreasonsIndexes).toContain(5);
    expect(s!.tpreasons.find((r) => r.startsWith('Amount $7,250.00'))).toMatch(/ends 6(\.\d)? pt left of its column's edge/);
  });

  it('an incremental update after creation: more revisions, a redefined Info object, the editor named', async () => {
    const updated = appendInfoUpdate(original.bytes, { producer: 'PDFescape Online', created, modified: new Date(created.getTime() + 3 * 86_400_000) });
    const structure = readPdfStructure(updated);
    expect(structure.revisions).toBe(2);
    expect(structure.redefinedObjects.length).toBe(1);
    const [s] = await score(updated);
    expect(s!.tpreasonsIndexes.slice(0, 4)).toEqual([0, 2, 1, 3]); // heaviest first: 25, 15, 10, 10
    expect(s!.tpreasons[0]).toBe('Modified with "PDFescape" 3 days after creation');
    expect(s!.tpreasons[1]).toBe('Saved 1 more time after creation (2 xref/trailer sections)');
    expect(s!.fraudscore).toBe(Math.max(0, 100 - s!.tpreasonsIndexes.reduce((a, i) => a + FRAUD_REASONS[i]!.weight, 0)));
    expect(s!.fraudscore).toBeLessThanOrEqual(40);
  });

  it('the printed amount in the original is where the test edits it (guards the helper)', async () => {
    const { item } = await findItem(original.bytes, amount);
    expect(item.font).toBe('Helvetica');
    expect(item.size).toBeCloseTo(8, 1);
  });
});

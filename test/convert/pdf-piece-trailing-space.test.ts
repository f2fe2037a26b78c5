/**
 * pdfmake draws a Courier cell's words with the space after them ("19 März 2025 ", one piece),
 * and the next column's text where that space ends: the line's pieces touch, the space is the
 * date's own (a Courier space, 0.6 em, is also all the gap its columns leave). Where the reader
 * cut the line's pieces at the columns again it dropped that space, "19 März 2025HELP.UBER.COM"
 * was no date, and the row took the date above and the date's text into its description
 * (pdfmake-sweep.ts seed 10: F1 0.91). The space a piece ends with is kept
 * (pdf/row-cells.ts splitAtColumns). Drawn by pdfmake (a pinned devDependency) from the
 * composer's statement.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { composePdfmakeStatement, pdfmakeMissing, printPdfmake } from '../fixtures/generator/pdfmake-statement.js';

describe.skipIf(!!pdfmakeMissing())('a Courier date drawn with its space, the description where the space ends', () => {
  it('is the row\'s date, not words of its description', async () => {
    // Dates of one and two digits' days ("3 März 2025", "19 März 2025"): the longer end one space before the descriptions.
    const s = composePdfmakeStatement(10, { font: 'Courier', size: 10 });
    const doc = await convertDocument({ fileName: 'x.pdf', bytes: await printPdfmake(s), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    const read = doc.statements[0]!;
    expect(read.transactions.map((t) => [t.date, t.amount])).toEqual(s.truth[0]!.transactions.map((t) => [t.date, t.amount]));
    for (const t of read.transactions) expect(t.description).not.toMatch(/März/);
    expect(reconcile(read, 0).reconciled).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { convertDocument } from '../../src/engine/index.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { ConversionOptionsSchema } from '../../src/contract/api/conversion-options.js';
import { addDays, weekday } from '../../src/contract/dates.js';
import { analyzeFile, scoreStatement, type FraudFields } from '../../src/service/fraud/index.js';

const options = ConversionOptionsSchema.parse({});

async function scorePdf(bytes: Uint8Array): Promise<FraudFields> {
  const doc = await convertDocument({ fileName: 'statement.pdf', bytes, options });
  const file = await analyzeFile(bytes, 'statement.pdf', doc, options);
  const s = doc.statements[0]!;
  return scoreStatement(file!, s, doc.statements, reconcile(s, 0), { appnumbers: [] });
}

describe('statement content signals read from generated PDFs', () => {
  it('large credits rounded to whole hundreds and a payroll ACH dated on a Saturday', async () => {
    const spec = makeStatementSpec({ seed: 1, layout: 'chase' });
    const stmt = spec.statements[0]!;
    const large = stmt.transactions.filter((t) => t.amount >= 100_000);
    expect(large.length).toBeGreaterThanOrEqual(4);
    for (const t of large) t.amount = Math.round(t.amount / 10_000) * 10_000;
    const sat = stmt.transactions.map((t) => addDays(t.date, 1)).find((d) => weekday(d) === 6 && d < stmt.endDate)!; // the day after a busy Friday
    expect(sat).toBeTruthy();
    const at = stmt.transactions.findIndex((t) => t.date > sat);
    stmt.transactions.splice(at < 0 ? stmt.transactions.length : at, 0, { date: sat, description: 'ORIG CO NAME:GUSTO PAYROLL CCD', amount: -123_456, kind: 'payroll' });

    const f = await scorePdf((await renderStatementPdf(spec)).bytes);
    expect(f.tpreasonsIndexes).toEqual([8, 9]);
    expect(f.tpreasons[0]).toMatch(new RegExp(`^${large.length} of ${large.length} credits of 1,000\\.00 or more are round amounts`));
    expect(f.tpreasons[1]).toBe(`ACH entry "ORIG CO NAME:GUSTO PAYROLL CCD" -1,234.56 is dated ${sat}, a Saturday`);
    expect(f.fraudscore).toBe(80);
  });
});

/**
 * The PDF engine on the layouts it was not designed around (UK current account, neo-bank,
 * German Kontoauszug, description-first credit union, landscape two-account), over more seeds
 * and shapes than the accuracy gate, plus the mechanisms those layouts needed.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { parseMoneyCell } from '../../src/engine/pdf/tokens.js';
import { detectLanguage } from '../../src/engine/pdf/index.js';
import { compact } from '../../src/engine/pdf/lines.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { makeStatementSpec, renderStatementPdf, type SpecOptions } from '../fixtures/generator/index.js';
import { compareStatements } from '../fixtures/generator/compare.js';

async function differences(spec: SpecOptions): Promise<string[]> {
  const r = await renderStatementPdf(makeStatementSpec(spec));
  const doc = await convertDocument({ fileName: `${spec.layout}-${spec.seed}.pdf`, bytes: r.bytes, options: defaultConversionOptions({ accounttype: 'Bank' }) });
  return doc.error ? [doc.error] : compareStatements(r.truth, doc.statements);
}

describe('money as German statements print it', () => {
  it('reads "1.234,56+" as a credit and "1.234,56-" as a debit with decimal commas', () => {
    expect(parseMoneyCell('1.234,56+', true)).toMatchObject({ cents: 123456, explicit: true });
    expect(parseMoneyCell('420,32-', true)).toMatchObject({ cents: -42032, explicit: true });
    expect(parseMoneyCell('12.345.678,90-', true)?.cents).toBe(-1234567890);
    expect(parseMoneyCell('(1.234,56)', true)?.cents).toBe(-123456);
    // The same print read as dot-decimal money would be 100 times off: the document decides.
    expect(parseMoneyCell('1,234.56', false)?.cents).toBe(123456);
  });
});

describe('statement language when the caller does not give one', () => {
  it('is told by label words (3 or more of one language), English otherwise', async () => {
    expect(detectLanguage(['Kontoauszug', 'Alter Kontostand vom 31.12.2024', 'Buchungstag Wertstellung Verwendungszweck'].map(compact).join(' '))).toBe('de');
    expect(detectLanguage(['Estado de cuenta', 'Saldo anterior', 'Fecha Concepto Importe'].map(compact).join(' '))).toBe('es');
    expect(detectLanguage(['Statement of account', 'Beginning balance', 'Seite'].map(compact).join(' '))).toBe('en');
    const convert = async (layout: 'sparkasse' | 'ukcurrent', language: '' | 'en') => {
      const r = await renderStatementPdf(makeStatementSpec({ seed: 2, layout }));
      const doc = await convertDocument({ fileName: 'x.pdf', bytes: r.bytes, options: defaultConversionOptions({ accounttype: 'Bank', language }) });
      return doc.statements[0]!;
    };
    expect((await convert('sparkasse', '')).language).toBe('de');
    expect((await convert('sparkasse', '')).currencyCode).toBe('EUR');
    expect((await convert('sparkasse', 'en')).language).toBe('en'); // the caller's word wins
    expect((await convert('ukcurrent', '')).language).toBe('en');
  });
});

const shapes: { name: string; spec: SpecOptions }[] = [
  // Rows begin with their amounts; later rows of a day have no date; OD balances.
  { name: 'ukcurrent 2 months, hard', spec: { seed: 30, layout: 'ukcurrent', months: 2, hard: true, transactionsPerMonth: 80 } },
  { name: 'ukcurrent checking + savings', spec: { seed: 32, layout: 'ukcurrent', accounts: 2 } },
  // The table runs on to the next pages without its header (a dated row resumes it).
  { name: 'neobank 2 months, no header after page 1', spec: { seed: 30, layout: 'neobank', months: 2, transactionsPerMonth: 35 } },
  { name: 'neobank, first rows of page 2 right under the page header', spec: { seed: 34, layout: 'neobank', transactionsPerMonth: 35 } },
  { name: 'neobank savings titled as such, "01/02/2025" day-first dates', spec: { seed: 32, layout: 'neobank', accounts: 2 } },
  { name: 'neobank one signed "(GBP) Amount" column, -£ debits', spec: { seed: 31, layout: 'neobank', months: 2, hard: true, transactionsPerMonth: 60 } },
  { name: 'sparkasse hard, negative balances as 1.234,56-', spec: { seed: 31, layout: 'sparkasse', hard: true, transactionsPerMonth: 80 } },
  { name: 'sparkasse Geschäftsgirokonto + Sparkonto', spec: { seed: 36, layout: 'sparkasse', accounts: 2, months: 2 } },
  // Soll | Haben columns; a wrapped line printed at the same height on both pages is a row's text, not page furniture.
  { name: 'sparkasse Soll/Haben, 2 pages with a repeated wrapped line', spec: { seed: 33, layout: 'sparkasse', months: 2, transactionsPerMonth: 35 } },
  // Rows end with date and amount; the first row of a statement may be one line.
  { name: 'regionalcu, first row one line', spec: { seed: 31, layout: 'regionalcu', transactionsPerMonth: 35 } },
  { name: 'regionalcu savings statement too short to tell alone (the file tells)', spec: { seed: 32, layout: 'regionalcu', accounts: 2, transactionsPerMonth: 35 } },
  { name: 'regionalcu wrapped line starting "12/23" is description, not a date', spec: { seed: 15, layout: 'regionalcu', hard: true, transactionsPerMonth: 60 } },
  { name: 'landscape 2 accounts x 2 months', spec: { seed: 33, layout: 'landscape', accounts: 2, months: 2, startDate: '2024-11-16' } },
];

describe('PDF engine on layouts it was not designed around', () => {
  for (const s of shapes) {
    it(s.name, async () => {
      const diffs = await differences(s.spec);
      expect(diffs, `differences:\n  ${diffs.join('\n  ')}`).toEqual([]);
    });
  }
});

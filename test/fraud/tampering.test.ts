import { StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeStatementSpec, renderStatementPdf, type RenderedPdf, type StatementSpec } from '../fixtures/generator/index.js';
import { convertDocument } from '../../src/engine/index.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { ConversionOptionsSchema } from '../../src/contract/api/conversion-options.js';
import { FRAUD_REASONS, analyzeFile, scoreStatement, type FraudFields } from '../../src/service/fraud/index.js';
import { replaceAmount, setInfo } from './edit-pdf.js';

/**
 * Tampered copies of generated statements, one kind of forgery each: the score must name the
 * altered thing (by its reason key) and the untouched original must not.
 */
const options = ConversionOptionsSchema.parse({});
const keyOf = (i: number) => FRAUD_REASONS[i]!.key;

async function score(bytes: Uint8Array): Promise<FraudFields & { keys: string[] }> {
  const doc = await convertDocument({ fileName: 'statement.pdf', bytes, options });
  const file = await analyzeFile(bytes, 'statement.pdf', doc, options);
  expect(file).not.toBeNull();
  const s = doc.statements[0]!;
  const f = scoreStatement(file!, s, doc.statements, reconcile(s, 0), { appnumbers: [] });
  return { ...f, keys: f.tpreasonsIndexes.map(keyOf) };
}

const oneMonth = (spec: StatementSpec): StatementSpec => ({ ...spec, statements: spec.statements.slice(0, 1) });
let chase: RenderedPdf;
let amount: string;

beforeAll(async () => {
  chase = await renderStatementPdf(oneMonth(makeStatementSpec({ seed: 3, layout: 'chase' })));
  const printed = chase.printedAmounts[0]!;
  amount = printed.find((a, i) => i > 3 && /^\$\d{1,3},\d{3}\.\d{2}$/.test(a) && printed.indexOf(a) === i)!;
  expect(amount).toBeTruthy();
});

describe('tampered copies are flagged with the altered thing named', () => {
  it('the untouched original scores 100 with no reason', async () => {
    const s = await score(chase.bytes);
    expect(s).toMatchObject({ fraudscore: 100, keys: [] });
  });

  it('an amount typed over in the same font and place (balances kept as printed): white box and hidden text, page and box given', async () => {
    const edited = await replaceAmount(chase.bytes, { amount, replacement: amount.replace(/^\$(\d)/, (_, d) => `$${(Number(d) + 1) % 10}`), font: StandardFonts.Helvetica, size: 8 });
    const s = await score(edited);
    expect(s.keys).toEqual(expect.arrayContaining(['white-box', 'overlaid-text']));
    const i = s.keys.indexOf('white-box');
    expect(s.tpreasons[i]).toMatch(/^White box drawn over printed text on page 1 at x [\d.]+, y [\d.]+ \([\d.]+×[\d.]+ pt\), covering "/);
    expect(s.tpreasons[i]).toContain(amount);
    expect(s.tpevidence![i]![0]).toMatchObject({ page: 1, box: expect.any(Array) });
    expect(s.fraudscore).toBeLessThan(50);
  });

  it('an amount typed over without covering it: text over text', async () => {
    const edited = await replaceAmount(chase.bytes, { amount, replacement: '$8,888.88', font: StandardFonts.Helvetica, size: 8, noBox: true });
    const s = await score(edited);
    expect(s.keys).toContain('overlaid-text');
    expect(s.keys).not.toContain('white-box');
    expect(s.tpreasons[s.keys.indexOf('overlaid-text')]).toMatch(/"\$8,888\.88" is printed over "\$[\d,.]+" on page 1|"\$[\d,.]+" is printed over "\$8,888\.88" on page 1/);
  });

  it('an amount set a little below its row: misaligned baseline', async () => {
    const edited = await replaceAmount(chase.bytes, { amount, replacement: amount, font: StandardFonts.Helvetica, size: 8, dy: 0.8 });
    const s = await score(edited);
    expect(s.keys).toContain('misaligned-baseline');
    expect(s.tpreasons[s.keys.indexOf('misaligned-baseline')]).toBe(`Amount ${amount} on page 1 sits 0.8 pt below its row's baseline`);
  });

  it('a re-typeset statement with a look-alike web address (balances intact)', async () => {
    const spec = oneMonth(makeStatementSpec({ seed: 3, layout: 'chase' }));
    const forged = await renderStatementPdf({ ...spec, bank: { ...spec.bank, url: 'www.chasse.com' } });
    const s = await score(forged.bytes);
    expect(s.keys[0]).toBe('lookalike-domain');
    expect(s.tpreasons[0]).toBe('Web address "www.chasse.com" on page 1 imitates chase.com (JPMorgan Chase Bank, N.A.\'s own)');
    expect(s.fraudscore).toBeLessThan(70);
  });

  it("another bank's phone number as the bank's own", async () => {
    const spec = oneMonth(makeStatementSpec({ seed: 3, layout: 'chase' }));
    const forged = await renderStatementPdf({ ...spec, bank: { ...spec.bank, phones: ['1-800-432-1000'] } });
    const s = await score(forged.bytes);
    expect(s.keys).toContain('other-bank-contact');
    expect(s.tpreasons[s.keys.indexOf('other-bank-contact')]).toMatch(/^Phone number 1-800-432-1000 on page 1 is Bank of America's, not JPMorgan Chase Bank, N\.A\.'s$/);
  });

  it("another bank's web address on a statement (HSBC's site on a Lloyds statement)", async () => {
    const spec = oneMonth(makeStatementSpec({ seed: 5, layout: 'ukcurrent' }));
    const forged = await renderStatementPdf({ ...spec, bank: { ...spec.bank, url: 'www.hsbc.co.uk' } });
    const s = await score(forged.bytes);
    expect(s.keys).toEqual(['other-bank-contact']);
    expect(s.tpreasons[0]).toMatch(/^Web address "www\.hsbc\.co\.uk" on page 1 is HSBC's, not Lloyds Bank's$/);
  });

  it('a statement composed in a word processor before its period ended does not score as authentic', async () => {
    const made = await setInfo(chase.bytes, { producer: 'Microsoft® Word for Microsoft 365', creator: 'Microsoft® Word for Microsoft 365', created: new Date(Date.UTC(2024, 11, 2)) });
    const s = await score(made);
    expect(s.keys).toEqual(['editing-tool', 'impossible-date']);
    expect(s.tpreasons[1]).toMatch(/^The file was created on 2024-12-02, before the end of the period it reports \(2025-\d\d-\d\d\)$/);
    expect(s.fraudscore).toBeLessThanOrEqual(60);
  });
});

import { describe, expect, it } from 'vitest';
import { LAYOUTS, makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { convertDocument } from '../../src/engine/index.js';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { ConversionOptionsSchema } from '../../src/contract/api/conversion-options.js';
import { FRAUD_REASONS, analyzeFile, scoreStatement } from '../../src/service/fraud/index.js';
import { identityOf } from '../../src/service/fraud/data/bank-identity.js';
import { LETTERHEAD_MARKS } from '../../src/service/fraud/data/letterhead-marks.js';
import { bankOfMark, letterheadFindings, letterheads } from '../../src/service/fraud/letterhead.js';
import { pageLines } from '../../src/service/fraud/page-lines.js';
import { coverAndRetype, editContentStrings, findItem } from './edit-pdf.js';

/**
 * The logo's text against the bank: the large text at the top of each page names a bank by its
 * mark (data), which must be the bank the document is read as, and the same on every page.
 */
const options = ConversionOptionsSchema.parse({});
const keyOf = (i: number) => FRAUD_REASONS[i]!.key;

async function score(bytes: Uint8Array) {
  const doc = await convertDocument({ fileName: 'statement.pdf', bytes, options });
  const file = await analyzeFile(bytes, 'statement.pdf', doc, options);
  const s = doc.statements[0]!;
  const f = scoreStatement(file!, s, doc.statements, reconcile(s, 0), { appnumbers: [] });
  return { ...f, keys: f.tpreasonsIndexes.map(keyOf), bankName: s.bankName };
}

describe('marks as data', () => {
  it('every bank with marks is a bank of the identity data', () => {
    for (const bank of Object.keys(LETTERHEAD_MARKS)) expect(identityOf(bank), bank).not.toBeNull();
  });

  it('by example: a logo that is mostly a mark names its bank; a name that only holds one does not', () => {
    const cases: [string, string | null][] = [
      ['CHASE', 'JPMorgan Chase Bank, N.A.'], ['WELLS FARGO', 'Wells Fargo Bank, N.A.'], ['citibank', 'Citibank, N.A.'], ['usbank', 'U.S. Bank'],
      ['BANK OF AMERICA', 'Bank of America'], ['Lloyds Bank', 'Lloyds Bank'], ['monzo', 'Monzo'], ['Fifth Third Bank', 'Fifth Third Bank'],
      ['Sparkasse KölnBonn', 'Sparkasse'], ['HSBC UK', 'HSBC'], ['TRUIST', 'Truist Bank'],
      ['Chase Plumbing & Heating Services LLC', null], ['Cities Service Co', null], ['Rekening Koran / Account Statement', null], ['Monthly Statement', null], ['', null],
    ];
    expect(cases.map(([t]) => bankOfMark(t)?.bank ?? null)).toEqual(cases.map(([, b]) => b));
  });
});

describe('letterheads of generated statements', () => {
  it('no layout gives a letterhead signal, and the layouts whose logo is text name their own bank', async () => {
    const found: Record<string, string[]> = {};
    const named: string[] = [];
    for (const layout of LAYOUTS) {
      const pdf = await renderStatementPdf(makeStatementSpec({ seed: 11, layout, months: 2 }));
      const doc = await convertDocument({ fileName: `${layout}.pdf`, bytes: pdf.bytes, options });
      const text = (await extractPdf(pdf.bytes, `${layout}.pdf`)).pages;
      const heads = letterheads(text, pageLines(text));
      const bank = doc.statements[0]!.bankName;
      if (heads.length && heads.every((h) => h.bank === bank)) named.push(layout);
      found[layout] = letterheadFindings(heads, bank).map((f) => f.text);
    }
    expect(found).toEqual(Object.fromEntries(LAYOUTS.map((l) => [l, []])));
    expect(named).toEqual(expect.arrayContaining(['chase', 'wellsfargo', 'bofa', 'citi', 'usbank', 'ukcurrent', 'neobank', 'truist']));
  });

  it("a Chase statement whose logo text now reads another bank's (changed in the content stream): named, with the logo's box", async () => {
    const spec = makeStatementSpec({ seed: 3, layout: 'chase' });
    const original = (await renderStatementPdf({ ...spec, statements: spec.statements.slice(0, 1) })).bytes;
    const logo = await findItem(original, 'CHASE');
    const to = 'WELLS FARGO';
    const forged = await editContentStrings(original, [{ page: logo.page, y: logo.item.y, from: 'CHASE', to, x: logo.item.x }], 'rewrite');
    const s = await score(forged);
    expect(s.bankName).toBe('JPMorgan Chase Bank, N.A.'); // the rest of the document still says Chase
    const i = s.keys.indexOf('letterhead-other-bank');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(s.tpreasons[i]).toBe(`The letterhead on page 1 reads "WELLS FARGO", Wells Fargo Bank, N.A.'s mark, but the statement is JPMorgan Chase Bank, N.A.'s`);
    const [x, y, w, h] = s.tpevidence![i]![0]!.box!;
    expect(s.tpevidence![i]![0]!.page).toBe(1);
    expect(x).toBeCloseTo(logo.item.x, 0);
    expect(y).toBeLessThanOrEqual(logo.item.y - logo.item.size * 0.8);
    expect(y + h).toBeGreaterThanOrEqual(logo.item.y);
    expect(w).toBeGreaterThan(logo.item.w); // the longer name
    const genuine = await score(original);
    expect(genuine.keys).toEqual([]);
  });

  it('the logo covered and retyped as another bank: the letterhead and the white box are both named', async () => {
    const spec = makeStatementSpec({ seed: 3, layout: 'chase' });
    const original = (await renderStatementPdf({ ...spec, statements: spec.statements.slice(0, 1) })).bytes;
    const logo = await findItem(original, 'CHASE');
    const forged = await coverAndRetype(original, [{ page: logo.page, y: logo.item.y, from: 'CHASE', to: 'CITIBANK', x: logo.item.x, x0: logo.item.x, w: logo.item.w, size: logo.item.size }]);
    const s = await score(forged);
    expect(s.keys).toEqual(expect.arrayContaining(['letterhead-other-bank', 'white-box']));
    expect(s.tpreasons[s.keys.indexOf('letterhead-other-bank')]).toMatch(/^The letterhead on page 1 reads "(CHASE )?CITIBANK", Citibank, N\.A\.'s mark, but the statement is JPMorgan Chase Bank, N\.A\.'s$/);
  });

  it('pages whose letterheads name different banks, whatever the bank read: the odd page is named with the first', () => {
    const f = letterheadFindings([
      { page: 1, text: 'HSBC', bank: 'HSBC', box: [40, 30, 50, 18] },
      { page: 2, text: 'HSBC', bank: 'HSBC', box: [40, 30, 50, 18] },
      { page: 3, text: 'Barclays', bank: 'Barclays', box: [40, 30, 70, 18] },
    ], 'Unknown');
    expect(f).toEqual([{ key: 'letterhead-other-bank', text: 'The letterhead on page 3 reads "Barclays" (Barclays), but on page 1 "HSBC" (HSBC)', evidence: [{ page: 3, box: [40, 30, 70, 18] }, { page: 1, box: [40, 30, 50, 18] }] }]);
    expect(letterheadFindings([{ page: 1, text: 'HSBC', bank: 'HSBC', box: [0, 0, 1, 1] }, { page: 2, text: 'HSBC', bank: 'HSBC', box: [0, 0, 1, 1] }], 'HSBC')).toEqual([]);
  });
});

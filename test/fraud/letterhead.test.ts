import { afterAll, describe, expect, it } from 'vitest';
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
import { imageLetterhead, mayHoldImages } from '../../src/service/fraud/letterhead-image.js';
import { latin1Of } from '../../src/service/fraud/pdf-structure.js';
import { imageText } from '../../src/engine/ocr/image-text.js';
import { DEFAULT_OCR_LIMITS } from '../../src/engine/ocr/limits.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { openPdf } from '../../src/engine/pdf/open-pdf.js';
import { coverAndRetype, editContentStrings, findItem } from './edit-pdf.js';
import { drawLogoImage, logoPng } from './logo-image.js';

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

describe('a logo printed as a picture (read by OCR)', () => {
  afterAll(() => closeEngines());

  /** A one-statement Chase statement whose page-1 logo text is taken out and a picture of `name` (null: a shape) drawn where it was. */
  async function withImageLogo(name: string | null) {
    const spec = makeStatementSpec({ seed: 3, layout: 'chase' });
    const original = (await renderStatementPdf({ ...spec, statements: spec.statements.slice(0, 1) })).bytes;
    const logo = await findItem(original, 'CHASE');
    expect(logo.page).toBe(1);
    const noText = await editContentStrings(original, [{ page: 1, y: logo.item.y, from: 'CHASE', to: ' ', x: logo.item.x }], 'rewrite');
    const at = { page: 1, x: logo.item.x, y: logo.item.y - 22, w: 128, h: 28 };
    const bytes = await drawLogoImage(noText, logoPng(name), at);
    const text = (await extractPdf(bytes, 'statement.pdf')).pages;
    const heads = letterheads(text, pageLines(text));
    // The generator's statement holds no image object (so it is never opened again for its logo); the forger's copy does.
    expect([mayHoldImages(latin1Of(noText)), mayHoldImages(latin1Of(bytes))]).toEqual([false, true]);
    return { bytes, at, text, heads };
  }
  const expectBox = (box: number[], at: { x: number; y: number; w: number; h: number }) => {
    expect(box[0]).toBeCloseTo(at.x, 1); expect(box[1]).toBeCloseTo(at.y, 1);
    expect(box[2]).toBeCloseTo(at.w, 1); expect(box[3]).toBeCloseTo(at.h, 1);
  };

  it("the bank's own name as the logo picture: read as its own mark, no finding", async () => {
    const { bytes, at, text, heads } = await withImageLogo('CHASE');
    expect(heads.some((h) => h.page === 1)).toBe(false); // page 1's letterhead is no longer text
    const read = await imageLetterhead(bytes, text, heads);
    expect(read).toMatchObject({ page: 1, bank: 'JPMorgan Chase Bank, N.A.', fromImage: true });
    expect(bankOfMark(read!.text)?.bank).toBe('JPMorgan Chase Bank, N.A.');
    expectBox(read!.box, at);
    const s = await score(bytes);
    expect(s.bankName).toBe('JPMorgan Chase Bank, N.A.');
    expect(s.keys).not.toContain('letterhead-other-bank');
  });

  it("another bank's name as the logo picture: letterhead-other-bank names both banks, says OCR read it, and points at the picture", async () => {
    const { bytes, at } = await withImageLogo('WELLS FARGO');
    const s = await score(bytes);
    expect(s.bankName).toBe('JPMorgan Chase Bank, N.A.');
    const i = s.keys.indexOf('letterhead-other-bank');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(s.tpreasons[i]).toBe(`The logo image on page 1 reads "WELLS FARGO" (read by OCR), Wells Fargo Bank, N.A.'s mark, but the statement is JPMorgan Chase Bank, N.A.'s`);
    expect(s.tpevidence![i]![0]!.page).toBe(1);
    expectBox(s.tpevidence![i]![0]!.box!, at);
  });

  it('a logo picture with no letters: the picture is found and read, and names no bank', async () => {
    const { bytes, at, text, heads } = await withImageLogo(null);
    const pdf = await openPdf(bytes);
    try {
      const found = await imageText(pdf, 1, (b) => b[1] < 158, DEFAULT_OCR_LIMITS);
      expect(found.images).toHaveLength(1);
      expectBox(found.images[0]!, at);
      expect(found.timedOut).toBe(false);
    } finally {
      await pdf.destroy();
    }
    expect(await imageLetterhead(bytes, text, heads)).toBeNull();
    expect((await score(bytes)).keys).not.toContain('letterhead-other-bank');
  });

  it('a first page whose letterhead is text is not rendered for its pictures', async () => {
    const spec = makeStatementSpec({ seed: 3, layout: 'chase' });
    const original = (await renderStatementPdf({ ...spec, statements: spec.statements.slice(0, 1) })).bytes;
    // Another bank's picture beside the text logo: the text letterhead is page 1's, so no OCR and no picture's mark.
    const bytes = await drawLogoImage(original, logoPng('WELLS FARGO'), { page: 1, x: 200, y: 26, w: 128, h: 28 });
    const text = (await extractPdf(bytes, 'statement.pdf')).pages;
    const heads = letterheads(text, pageLines(text));
    expect(heads[0]).toMatchObject({ page: 1, bank: 'JPMorgan Chase Bank, N.A.' });
    expect(await imageLetterhead(bytes, text, heads)).toBeNull();
  });
});

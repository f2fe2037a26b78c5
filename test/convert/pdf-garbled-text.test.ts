/**
 * A statement whose text layer is gibberish (fonts mapping glyphs to the wrong characters) but
 * whose pages a person reads: the text reading finds nothing, so its pages are read by OCR and
 * the statement comes out with its figures, saying why. A text layer that reads is never
 * replaced, and neverocr is honoured.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { readsAsText } from '../../src/engine/pdf/readable-text.js';
import type { PageText } from '../../src/engine/pdf/extract.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { garbledTextLayer } from '../fixtures/generator/garbled-text.js';

afterAll(() => closeEngines());

const convert = (bytes: Uint8Array, more: Record<string, unknown> = {}) => convertDocument({ fileName: 'garbled.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect', ...more }) });
const figures = (statements: { startBalance?: number | null; endBalance?: number | null; transactions: { date: string; amount: number }[] }[]) =>
  statements.map((s) => ({ start: s.startBalance, end: s.endBalance, rows: s.transactions.map((t) => `${t.date} ${t.amount}`) }));

describe('a text layer that reads as gibberish', () => {
  for (const [seed, layout] of [[1, 'chase'], [3, 'pnc']] as const) {
    it(`${layout}: its pages are read by OCR, the statement's figures as printed`, async () => {
      const st = await renderStatementPdf(makeStatementSpec({ seed, layout }));
      const pages = (await PDFDocument.load(st.bytes)).getPageCount();
      const doc = await convert(await garbledTextLayer(st.bytes));
      expect(doc.error).toBeUndefined();
      expect(figures(doc.statements)).toEqual(figures(st.truth));
      expect(doc.statements.every((s) => reconcile(s, 0).reconciled)).toBe(true);
      expect(doc.pdf?.ocrPages).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
      expect(doc.statements[0]!.hints?.join(' ')).toMatch(/does not read as text .* read by OCR instead/);
    }, 90_000);
  }

  // A subset numbered in glyph order, taken through WinAnsi (Ghostscript's TrueType subsets without
  // ToUnicode, as CUPS's print to PDF writes them): punctuation and digits, too few words to be
  // judged by them, so the page read as text and the document as no statement at all.
  it('a text layer of glyph-order codes: its pages are read by OCR', async () => {
    const st = await renderStatementPdf(makeStatementSpec({ seed: 1, layout: 'chase' }));
    const doc = await convert(await garbledTextLayer(st.bytes, 'glyphOrder'));
    expect(doc.error).toBeUndefined();
    expect(figures(doc.statements)).toEqual(figures(st.truth));
    expect(doc.pdf?.ocrPages?.length).toBeGreaterThan(0);
  }, 90_000);

  it('with neverocr it is not read by OCR: no statement, no OCR page, and the result says OCR would read it', async () => {
    const st = await renderStatementPdf(makeStatementSpec({ seed: 1, layout: 'chase' }));
    const doc = await convert(await garbledTextLayer(st.bytes), { neverocr: true });
    expect(doc.statements).toEqual([]);
    expect(doc.pdf?.ocrPages).toBeUndefined();
    expect(doc.requiresRerunWithOCR).toBe(true);
    expect(doc.error).toMatch(/text layer of page\(s\) 1, 2 does not read as text .*convert without neverocr/);
  });

  it('a statement whose text reads is read from its text only', async () => {
    const st = await renderStatementPdf(makeStatementSpec({ seed: 1, layout: 'chase' }));
    const doc = await convert(st.bytes);
    expect(doc.pdf?.ocrPages).toBeUndefined();
    expect(figures(doc.statements)).toEqual(figures(st.truth));
  });
});

describe('readsAsText', () => {
  const page = (...lines: string[]): PageText => ({ page: 1, width: 612, height: 792, items: lines.map((str, i) => ({ str, x: 40, y: 40 + 12 * i, w: 300, size: 9, font: 'F' })) });
  const merchants = Array.from({ length: 30 }, (_, i) => `${(i % 12) + 1}/${(i % 28) + 1}/2020  Food Purchase AnyCompany Restaurant Downtown Branch  -${120 + i}`);

  it('a page of merchant names with dates and amounts reads, though it prints few common words', () => {
    expect(readsAsText(page(...merchants))).toBe(true);
  });
  it('the same page shifted a character reads as gibberish; so does a page of control and private-use characters', () => {
    const shift = (s: string) => [...s].map((c) => (c > ' ' && c < '~' ? String.fromCharCode(c.charCodeAt(0) + 1) : c)).join('');
    expect(readsAsText(page(...merchants.map(shift)))).toBe(false);
    expect(readsAsText(page(...Array.from({ length: 20 }, () => '\u0003\u0011\u0007\ue021\ue034\u0012 \u0004\u0015')))).toBe(false);
  });
  it('a page of glyph-order codes (punctuation and digits, hardly a word) reads as gibberish; leaders, rules and masks do not make a page so', () => {
    const order = 'etaoinsrlcdhumpfgybwvkxjqzETAOINSRLCDHUMPFGYBWVKXJQZ0123456789.,/-:$';
    const codes = (t: string) => [...t].map((c) => (order.includes(c) ? String.fromCharCode(0x21 + (order.indexOf(c) % 40)) : c)).join('');
    expect(readsAsText(page(...merchants.map(codes)))).toBe(false);
    const leaders = Array.from({ length: 30 }, (_, i) => `Balance on ${(i % 12) + 1}/${(i % 28) + 1}/2020 ................................ ****${1000 + i} ------ ${120 + i}.00`);
    expect(readsAsText(page(...leaders))).toBe(true);
  });
  it('running text in any of the languages reads; a page of a few words says too little to judge', () => {
    expect(readsAsText(page(...Array.from({ length: 12 }, () => 'Der Kontoauszug zeigt die Buchungen und den Saldo des Kontos von Herrn Muster')))).toBe(true);
    expect(readsAsText(page('Xqzv Wptr Lmnb'))).toBe(true);
  });
});

import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { coveringBoxes, coveringBoxesFast, coveringBoxesWithPdfLib, mayFillWhite, scanContent } from '../../src/service/fraud/drawing.js';
import { mayCoverText } from '../../src/service/fraud/cover-precheck.js';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { replaceAmount } from './edit-pdf.js';
import { encryptPdf } from '../fixtures/generator/encrypt-pdf.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const scanFindsWhite = (s: string) => scanContent(bytes(s), 100_000).white.length > 0;

/**
 * The pre-check that spares the full content-stream scan must never say "no white fill" for a
 * stream the full scan finds a white fill in; it may say "maybe" when unsure.
 */
describe('white-fill pre-check on content-stream bytes', () => {
  const whiteFills = [
    '1 g 10 10 50 20 re f',
    '0 g BT /F1 9 Tf (a) Tj ET 1 g 10 10 50 20 re f',
    '1 1 1 rg 10 10 50 20 re f',
    '1.0 1.0 1.0 rg 10 10 50 20 re f',
    '0 0 0 0 k 10 10 50 20 re f*',
    '1 sc 10 10 50 20 re f',
    '1 1 1 scn\n10 10 m 60 10 l 60 30 l h f',
    '1 /Pattern g 10 10 50 20 re f', // a name between operand and operator: the scan still sees 1
    '1 (x) g 10 10 50 20 re f', // likewise a string
    '1 %note\ng 10 10 50 20 re f', // a comment between them
    '1 1.2.3 g 10 10 50 20 re f', // a malformed number the scan skips
    '1\x00g 10 10 50 20 re f',
  ];
  for (const s of whiteFills) {
    it(`says maybe for ${JSON.stringify(s)}`, () => {
      expect(scanFindsWhite(s)).toBe(true);
      expect(mayFillWhite(bytes(s))).toBe(true);
    });
  }

  const noWhite = [
    '0 g 10 10 50 20 re f BT /F1 9 Tf 1 0 0 1 72 700 Tm (Opening balance) Tj ET',
    '0.5 0.5 0.5 rg 10 10 50 20 re f',
    '0 0 0 1 k 10 10 50 20 re f',
    '1 G 1 1 1 RG 10 10 50 20 re S', // white stroke, not fill
    'q 1 0 0 1 5 5 cm 0 g 10 10 50 20 re f Q',
    'BT /F1 1 Tf (eg) Tj ET',
  ];
  for (const s of noWhite) {
    it(`says no for ${JSON.stringify(s)}`, () => {
      expect(scanFindsWhite(s)).toBe(false);
      expect(mayFillWhite(bytes(s))).toBe(false);
    });
  }

  it('agrees with the full scan on every prefix-cut of a mixed stream', () => {
    const s = 'q 0 g BT /F1 9 Tf 72 700 Td (Balance) Tj ET Q 0.2 g 10 10 5 5 re f 1 1 1 rg 70 690 60 15 re f 0 g';
    for (let cut = 0; cut <= s.length; cut++) {
      const part = s.slice(0, cut);
      if (scanFindsWhite(part)) expect(mayFillWhite(bytes(part))).toBe(true);
    }
  });
});

/**
 * The file-level pre-check (no PDF parser) must say "maybe" for every file where the full
 * reading can find a white box or an annotation, and may say "no" for an untouched statement.
 */
describe('cover pre-check on a whole file', () => {
  const MAX = 20_000_000;
  let original: Uint8Array;
  beforeAll(async () => {
    original = (await renderStatementPdf({ ...makeStatementSpec({ seed: 5, layout: 'chase' }), statements: makeStatementSpec({ seed: 5, layout: 'chase' }).statements.slice(0, 1) })).bytes;
  });

  it('an untouched generated statement (no white fill, only empty /Annots arrays): no', () => {
    expect(mayCoverText(original, MAX)).toBe(false);
  });

  it('an amount covered with a white box: maybe, and the full reading finds the box', async () => {
    const printed = (await extractPdf(original, 'x.pdf')).pages[0]!.items.map((i) => i.str.trim()).find((s) => /^\$?\d{1,3},\d{3}\.\d{2}$/.test(s))!;
    const edited = await replaceAmount(original, { amount: printed, replacement: printed, font: StandardFonts.Helvetica, size: 9 });
    expect(mayCoverText(edited, MAX)).toBe(true);
    const text = (await extractPdf(edited, 'x.pdf')).pages;
    expect((await coveringBoxes(edited, text)).some((b) => b.kind === 'white-box')).toBe(true);
  });

  for (const useObjectStreams of [false, true]) {
    it(`an annotation on a page (${useObjectStreams ? 'page dictionaries in compressed object streams' : 'plain objects'}): maybe`, async () => {
      const doc = await PDFDocument.load(original);
      const page = doc.getPage(0);
      const annot = doc.context.obj({ Type: 'Annot', Subtype: 'Square', Rect: [100, 100, 200, 150] });
      page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annot)]));
      const bytes = await doc.save({ useObjectStreams });
      expect(mayCoverText(bytes, MAX)).toBe(true);
    });
  }

  it('a content stream under a filter it does not read, or one that does not inflate: maybe', () => {
    const pdf = (stream: string, dict: string) => new TextEncoder().encode(`%PDF-1.4\n4 0 obj\n<< ${dict} >>\nstream\n${stream}\nendstream\nendobj\n%%EOF\n`);
    expect(mayCoverText(pdf('0 g 10 10 5 5 re f', '/Length 18'), MAX)).toBe(false);
    expect(mayCoverText(pdf('1 g 10 10 5 5 re f', '/Length 18'), MAX)).toBe(true);
    expect(mayCoverText(pdf('0 g 10 10 5 5 re f', '/Length 18 /Filter /ASCIIHexDecode'), MAX)).toBe(true);
    expect(mayCoverText(pdf('not deflate data', '/Length 16 /Filter /FlateDecode'), MAX)).toBe(true);
    expect(mayCoverText(pdf('1 g 10 10 5 5 re f', '/Length 18 /Subtype /Form'), MAX)).toBe(false); // forms are not entered by the full reading either
  });
});

/**
 * The boxes are read with the fast reader's parser where it follows the file, with pdf-lib
 * otherwise: both readings must give the same boxes (white boxes over text, markup annotations
 * over text, nothing on an untouched statement), whether page objects are plain or packed.
 */
describe('cover boxes: the fast reading and pdf-lib reading agree', () => {
  let original: Uint8Array;
  beforeAll(async () => {
    original = (await renderStatementPdf({ ...makeStatementSpec({ seed: 9, layout: 'wellsfargo' }), statements: makeStatementSpec({ seed: 9, layout: 'wellsfargo' }).statements.slice(0, 1) })).bytes;
  });
  const both = async (bytes: Uint8Array) => {
    const text = (await extractPdf(bytes, 'x.pdf')).pages;
    return { fast: coveringBoxesFast(bytes, text), lib: await coveringBoxesWithPdfLib(bytes, text) };
  };

  it('an untouched statement: none either way', async () => {
    const { fast, lib } = await both(original);
    expect(fast).toEqual([]);
    expect(lib).toEqual([]);
  });

  it('an amount covered with a white box and retyped: the same box either way', async () => {
    const printed = (await extractPdf(original, 'x.pdf')).pages[0]!.items.map((i) => i.str.trim()).find((s) => /^\$?\d{1,3},\d{3}\.\d{2}$/.test(s))!;
    const edited = await replaceAmount(original, { amount: printed, replacement: printed, font: StandardFonts.Helvetica, size: 9 });
    const { fast, lib } = await both(edited);
    expect(fast.some((b) => b.kind === 'white-box')).toBe(true);
    expect(fast).toEqual(lib);
  });

  it('the same statement then encrypted with an owner password (a way to hide an edit from a reader that cannot decrypt): the same box, read through the decryption', async () => {
    const printed = (await extractPdf(original, 'x.pdf')).pages[0]!.items.map((i) => i.str.trim()).find((s) => /^\$?\d{1,3},\d{3}\.\d{2}$/.test(s))!;
    const edited = await replaceAmount(original, { amount: printed, replacement: printed, font: StandardFonts.Helvetica, size: 9 });
    const plainBoxes = (await both(edited)).fast;
    for (const how of ['rc4-128', 'aes-256'] as const) {
      const locked = await encryptPdf(edited, how);
      expect(mayCoverText(locked, 20_000_000), how).toBe(true);
      expect(await coveringBoxes(locked, (await extractPdf(locked, 'x.pdf')).pages), how).toEqual(plainBoxes);
    }
  });

  for (const useObjectStreams of [false, true]) {
    it(`markup annotations over text, one with a /Rect holding a reference (${useObjectStreams ? 'in object streams' : 'plain objects'}): the same boxes either way`, async () => {
      const doc = await PDFDocument.load(original);
      const page = doc.getPage(0);
      const { height } = page.getSize();
      const annots = [
        doc.context.obj({ Type: 'Annot', Subtype: 'Square', Rect: [30, height - 200, 560, height - 60] }),
        doc.context.obj({ Type: 'Annot', Subtype: 'Ink', Rect: [40, height - 300, 300, height - 250] }),
        doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [40, height - 300, 300, height - 250] }),
        doc.context.obj({ Type: 'Annot', Subtype: 'FreeText', Rect: [40, doc.context.register(doc.context.obj(height - 300)), 300, height - 250] }),
      ];
      page.node.set(PDFName.of('Annots'), doc.context.obj(annots.map((a) => doc.context.register(a))));
      const { fast, lib } = await both(await doc.save({ useObjectStreams }));
      expect(fast.filter((b) => b.kind === 'annotation').length).toBe(2);
      expect(fast).toEqual(lib);
    });
  }
});

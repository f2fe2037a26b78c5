/**
 * Statements encrypted with an owner password only — anyone may open them, nobody may edit
 * them — as many banks send them: RC4 40 and 128 bit, AES-128 and AES-256. The fast reader
 * decrypts them itself (src/engine/pdf/fast/decrypt.ts) and must give pdf.js's items (pdf.js
 * decrypts with its own code: the oracle) and the plain file's result; the checks built on the
 * fast reader's parser (another program's OCR layer over a scan) must see the same pages. A
 * file that needs a password is still refused, naming it.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { ocrLayerPagesFast } from '../../src/engine/ocr/ocr-layer.js';
import { compareReaders, diffItems } from '../fixtures/compare-readers.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { EMBEDDED_SEEDS } from '../fixtures/generator/embedded-fonts.js';
import { ENCRYPTIONS, encryptPdf } from '../fixtures/generator/encrypt-pdf.js';
import { ocrLayeredPdf } from '../fixtures/generator/scan.js';

const convert = async (bytes: Uint8Array) => {
  const d = await convertDocument({ fileName: 'statement.pdf', bytes, options: { ...defaultConversionOptions(), neverocr: true } });
  return JSON.parse(JSON.stringify(d)) as { pdf?: { encrypted?: boolean }; statements?: { transactions?: unknown[] }[] };
};

describe('a statement encrypted with an owner password only', () => {
  it('is really encrypted: pdf-lib sees the /Encrypt dictionary and the page text is not in the clear', async () => {
    const plain = (await renderStatementPdf(makeStatementSpec({ seed: 7, layout: 'chase' }))).bytes;
    for (const how of ENCRYPTIONS) {
      const enc = await encryptPdf(plain, how);
      const doc = await PDFDocument.load(enc, { ignoreEncryption: true, updateMetadata: false });
      expect(doc.isEncrypted, how).toBe(true);
      // The generator's Info strings name pdf-lib: encrypted, they are not in the bytes.
      expect(Buffer.from(enc).includes('pdf-lib'), how).toBe(false);
    }
  }, 60_000);

  it('is read by the fast reader with pdf.js\'s items and result, and the plain file\'s, in all four forms', async () => {
    const plain = (await renderStatementPdf(makeStatementSpec({ seed: 7, layout: 'chase' }))).bytes;
    const plainText = await extractPdf(plain, 'plain.pdf');
    const plainResult = await convert(plain);
    expect(plainResult.statements?.[0]?.transactions?.length).toBeGreaterThan(5);
    for (const how of ENCRYPTIONS) {
      const enc = await encryptPdf(plain, how);
      const r = await compareReaders(enc, `${how}.pdf`);
      expect({ how, reader: r.reader, reason: r.reason }).toEqual({ how, reader: 'fast', reason: undefined });
      expect(r.itemDiffs, how).toEqual([]);
      expect(r.resultDiff, how).toBeNull();
      const text = await extractPdf(enc, `${how}.pdf`);
      expect(text.info.encrypted, how).toBe(true);
      expect(diffItems(text, plainText), how).toEqual([]); // Info strings (producer, dates) decrypted too
      const result = await convert(enc);
      expect(result.pdf?.encrypted, how).toBe(true); // reported, as the API's pdf info has it
      expect({ ...result, pdf: { ...result.pdf, encrypted: false } }, how).toEqual(plainResult);
    }
  }, 120_000);

  it('with embedded fonts: font dictionaries, ToUnicode maps and font programs are decrypted as the object they belong to', async () => {
    const plain = (await composeStatementPdf(EMBEDDED_SEEDS['identity-subset'], { fonts: 'embedded', fontEmbedding: 'identity-subset' })).bytes;
    const plainText = await extractPdf(plain, 'plain.pdf');
    for (const how of ['rc4-128', 'aes-256'] as const) {
      const enc = await encryptPdf(plain, how);
      const r = await compareReaders(enc, `${how}.pdf`);
      expect({ how, reader: r.reader, reason: r.reason }).toEqual({ how, reader: 'fast', reason: undefined });
      expect(r.itemDiffs, how).toEqual([]);
      expect(diffItems(await extractPdf(enc, `${how}.pdf`), plainText), how).toEqual([]);
    }
  }, 120_000);

  it('keeps another program\'s OCR layer over a scan recognised as one (the check reads the page\'s encrypted streams)', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 3, layout: 'chase' }));
    const layered = await ocrLayeredPdf(r.bytes, { dpi: 100, seed: 3 });
    const pages = Array.from({ length: r.pageCount }, (_, i) => i + 1);
    expect(ocrLayerPagesFast(layered, pages)).toEqual(pages);
    for (const how of ['rc4-40', 'aes-128'] as const) expect(ocrLayerPagesFast(await encryptPdf(layered, how), pages), how).toEqual(pages);
  }, 120_000);

  it('that needs a password to open is refused, naming the password, in every form', async () => {
    const plain = (await renderStatementPdf(makeStatementSpec({ seed: 7, layout: 'chase' }))).bytes;
    for (const how of ENCRYPTIONS) {
      const enc = await encryptPdf(plain, how, { userPassword: 'secret' });
      await expect(extractPdf(enc, 'locked.pdf'), how).rejects.toThrow(/encrypted with a password/);
    }
  }, 60_000);
});

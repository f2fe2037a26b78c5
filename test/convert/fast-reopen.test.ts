/**
 * reopenFast: the OCR-layer check (src/engine/ocr/ocr-layer.ts) reads the file the text reader
 * has just opened without parsing it again. The structure is shared only with the same bytes
 * object the last openFast of the thread opened; the streams the check reads count towards its
 * own budget, as a fresh open's would; and what it reads is what a fresh open reads.
 */
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { openFast, reopenFast, Stream } from '../../src/engine/pdf/fast/index.js';
import { inflateBudget } from '../../src/engine/pdf/inflate.js';
import { DEFAULT_LIMITS } from '../../src/engine/limits.js';
import { ocrLayerPagesFast } from '../../src/engine/ocr/ocr-layer.js';
import { handPdf } from '../fixtures/hand-pdf.js';

function twoPages(): Uint8Array {
  const content = 'BT /F1 12 Tf 72 700 Td (Opening balance 1,234.56) Tj ET';
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    { dict: '/Filter /FlateDecode', stream: deflateSync(Buffer.from(content, 'latin1')) },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 8 0 R >> >> /Contents 7 0 R >>',
    { dict: '/Filter /FlateDecode', stream: deflateSync(Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q BT 3 Tr /F9 10 Tf (hidden words) Tj ET', 'latin1')) },
    { dict: '/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8', stream: '\x80' },
  ]);
}

describe('reopenFast', () => {
  it('shares the structure the last openFast read from the same bytes, under a budget of its own', () => {
    const bytes = twoPages();
    const readerBudget = inflateBudget(DEFAULT_LIMITS);
    const first = openFast(bytes, readerBudget);
    const before = readerBudget.inflated;
    const checkBudget = inflateBudget(DEFAULT_LIMITS);
    const again = reopenFast(bytes, checkBudget);
    expect(again.numPages).toBe(2);
    // The page's dictionary is the object the first open parsed: nothing was parsed again.
    expect(again.pageObjects(2).dict).toBe(first.pageObjects(2).dict);
    const { file, dict } = again.pageObjects(2);
    const content = file.resolve(dict.get('Contents'));
    expect(content).toBeInstanceOf(Stream);
    file.streamBytes(content as Stream, false);
    expect(checkBudget.inflated).toBeGreaterThan(0);
    expect(readerBudget.inflated).toBe(before);
  });

  it('opens another bytes object afresh, even with the same content', () => {
    const bytes = twoPages();
    const first = openFast(bytes, inflateBudget(DEFAULT_LIMITS));
    const copy = new Uint8Array(bytes);
    const other = reopenFast(copy, inflateBudget(DEFAULT_LIMITS));
    expect(other.pageObjects(1).dict).not.toBe(first.pageObjects(1).dict);
    expect(other.pageObjects(1).dict.map).toEqual(first.pageObjects(1).dict.map);
  });

  it('gives the OCR-layer check the pages a fresh open gives', () => {
    const bytes = twoPages();
    const fresh = ocrLayerPagesFast(new Uint8Array(bytes), [1, 2]);
    openFast(bytes, inflateBudget(DEFAULT_LIMITS));
    expect(ocrLayerPagesFast(bytes, [1, 2])).toEqual(fresh);
    expect(fresh).toEqual([2]);
  });
});

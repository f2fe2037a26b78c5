/** A file's pages for the OCR benches (ocr-stages.ts, ocr-calls.ts): an image upload's one page, or each PDF page drawn as the engine draws it. */
import path from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import { openPdf } from '../src/engine/pdf/open-pdf.js';
import { renderPage } from '../src/engine/ocr/render.js';
import { loneJpegPages } from '../src/engine/ocr/page-jpeg.js';
import { decodeImagePages, sniffImage } from '../src/engine/ocr/decode.js';
import { DEFAULT_OCR_LIMITS, OCR_DPI } from '../src/engine/ocr/limits.js';

export async function pagesOf(name: string, bytes: Uint8Array): Promise<{ name: string; load: () => Promise<Canvas> }[]> {
  const kind = sniffImage(bytes);
  if (kind) {
    return [{ name, load: async () => (await decodeImagePages(bytes, name, kind, DEFAULT_OCR_LIMITS))[0]! }];
  }
  const pdf = await openPdf(bytes);
  const n = pdf.numPages;
  await pdf.destroy();
  const all = Array.from({ length: n }, (_, i) => i + 1);
  const jpegs = await loneJpegPages(bytes, all);
  return all.map((p) => ({
    name: `${name} p${p}`,
    load: async () => {
      const doc = await openPdf(bytes);
      try { return (await renderPage(doc, p, OCR_DPI, DEFAULT_OCR_LIMITS.maxPagePixels, jpegs.get(p))).canvas; } finally { await doc.destroy(); }
    },
  }));
}

/** The dev corpus's scans and photos the OCR benches read (beside the repository, when present). */
export const CORPUS = path.resolve('../shared/corpus/wild');
export const CORPUS_FILES = [
  'coding-simba/first_national_bank_synthetic_scan.pdf', 'coding-simba/sample_statement_of_account_scan.pdf',
  'coding-simba/commerce_bank_connections_checking_photo.pdf', 'nz-ocr/kowhai_sample_everyday_scanned.pdf',
  'aws-idp/anycompany_bank_statement_photo.jpg', 'aws-idp/anycompany_consolidated_statement_scan.png',
  'mindee/bank_statement_fr_default_sample.jpg', 'aws-genai-idp/lending_package_mixed.pdf',
];

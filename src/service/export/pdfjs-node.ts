import { createRequire } from 'node:module';
import path from 'node:path';
// Loads pdf.js with V8's push/JSON put back after its polyfills (see convert/pdf/pdfjs.ts); must come first.
import '../convert/pdf/pdfjs.js';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

/** Opens a PDF with pdfjs-dist in Node: bundled standard fonts and CMaps, no eval, no worker fetches. */
export function openPdf(bytes: Uint8Array) {
  return pdfjs.getDocument({
    data: new Uint8Array(bytes), // pdfjs transfers/detaches the buffer it is given
    standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
    cMapPacked: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

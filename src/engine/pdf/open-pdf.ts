// pdf.js as the engine loads it: natively (not through tsx), V8's push/JSON kept (see pdfjs.ts).
import { pdfjs } from './pdfjs.js';
import { bundledFontData } from './pdfjs-data.js';

/** Opens a PDF with pdfjs-dist in Node for rendering: bundled standard fonts and CMaps, no eval, no worker fetches. */
export function openPdf(bytes: Uint8Array) {
  return pdfjs.getDocument({
    data: new Uint8Array(bytes), // pdfjs transfers/detaches the buffer it is given
    ...bundledFontData(),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

export type OpenPdf = Awaited<ReturnType<typeof openPdf>>;

import { createRequire } from 'node:module';
import path from 'node:path';
// pdf.js as the engine loads it: natively (not through tsx), V8's push/JSON kept (see pdfjs.ts).
import { pdfjs } from './pdfjs.js';

const requireHere = createRequire(import.meta.url); // not `require`: the Electron bundle declares its own (electron-vite ESM shim)
const pdfjsRoot = path.dirname(requireHere.resolve('pdfjs-dist/package.json'));

/** Opens a PDF with pdfjs-dist in Node for rendering: bundled standard fonts and CMaps, no eval, no worker fetches. */
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

export type OpenPdf = Awaited<ReturnType<typeof openPdf>>;

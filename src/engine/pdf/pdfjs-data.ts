/**
 * Where pdfjs-dist keeps its CMaps and standard-font programs in node_modules: passed to pdf.js
 * as file paths (no network) by extraction and by rendering for OCR. Kept apart from pdfjs.ts so
 * naming the folders does not load pdf.js.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

// not `require`: the Electron bundle declares its own (electron-vite ESM shim). Made at the first
// call, not at load: a conversion the fast reader does never needs pdf.js's folders.
let requireHere: NodeJS.Require | undefined;

/**
 * pdf.js options naming its own data: a CJK font that relies on a predefined CMap (UniJIS-UCS2-H …)
 * reads right, and the standard 14 fonts are real programs rather than a guess.
 */
export function bundledFontData(): { cMapUrl: string; cMapPacked: true; standardFontDataUrl: string } {
  requireHere ??= createRequire(import.meta.url);
  const root = path.dirname(requireHere.resolve('pdfjs-dist/package.json'));
  return { cMapUrl: path.join(root, 'cmaps') + path.sep, cMapPacked: true, standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep };
}

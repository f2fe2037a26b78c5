// Reads the keys of pdf.js's font name tables (getStdFontMap, getNonStdFontMap, getSerifFonts,
// getSymbolsFonts) from the installed pdfjs-dist worker, for bin/generate-known-font-names.mjs
// and the test that checks its output against the installed pdf.js.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const TABLES = ['getStdFontMap', 'getNonStdFontMap', 'getSerifFonts', 'getSymbolsFonts'];

/** The tables' keys, sorted, as pdf.js writes them (`t["Times New Roman"] = …`, `t.Arial = …`). */
export function pdfjsKnownFontNames(root) {
  const src = readFileSync(path.join(root, 'node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs'), 'utf8');
  const names = new Set();
  for (const table of TABLES) {
    const start = src.indexOf(`const ${table} = getLookupTableFactory(function (t) {`);
    if (start < 0) throw new Error(`pdf.worker.mjs: no table ${table}`);
    const end = src.indexOf('\n});', start);
    const body = src.slice(start, end);
    let n = 0;
    for (const m of body.matchAll(/^\s*t(?:\["((?:[^"\\]|\\.)*)"\]|\.([A-Za-z_$][\w$]*))\s*=/gm)) { names.add(m[1] !== undefined ? JSON.parse(`"${m[1]}"`) : m[2]); n++; }
    if (!n) throw new Error(`pdf.worker.mjs: table ${table} has no keys`);
  }
  return [...names].sort();
}

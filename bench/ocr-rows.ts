/**
 * The rows the dev corpus's scans and photos read into (every file the manifest calls a scanned
 * PDF or a photo), one JSON line per file: statements with their balances and each row's date,
 * amount, description and confidence. Two runs (before and after a change) are compared with
 * `diff`: the OCR path's accuracy guard on real scans.
 *   node bin/run-ts.mjs bench/ocr-rows.ts > rows.jsonl
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { convertDocument } from '../src/engine/index.js';
import { defaultConversionOptions } from '../src/contract/api/conversion-options.js';
import { closeEngines } from '../src/engine/ocr/tesseract.js';
import { parseManifest } from '../src/cli/corpus-truth.js';

const CORPUS = path.resolve('../shared/corpus/wild');
const manifestPath = path.join(CORPUS, 'MANIFEST.tsv');
if (!existsSync(manifestPath)) { console.error(`${CORPUS} not present`); process.exit(0); }
const files = [...parseManifest(await readFile(manifestPath, 'utf8'))].filter(([, e]) => e.kind === 'scanned_pdf' || e.kind === 'photo').map(([p]) => p).sort();
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
for (const f of files) {
  const c = cpu();
  const doc = await convertDocument({ fileName: path.basename(f), bytes: new Uint8Array(await readFile(path.join(CORPUS, f))), options: defaultConversionOptions({ accounttype: 'autoDetect' }), ocrLimits: { parallelPages: 1 } });
  const statements = doc.statements.map((s) => ({
    opening: s.startBalance, closing: s.endBalance, suspect: s.suspectCount, hints: s.hints,
    rows: s.transactions.map((t) => [t.date, t.amount, t.balance, t.description, t.amountConfidence]),
  }));
  console.log(JSON.stringify({ file: f, error: doc.error ?? null, ocrPages: doc.pdf?.ocrPages ?? null, statements }));
  console.error(`${f}: ${(cpu() - c).toFixed(2)} CPU s, ${doc.pdf?.ocrPages?.length ?? 0} OCR pages`);
}
await closeEngines();

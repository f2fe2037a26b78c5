/**
 * Scanned tax forms, field by field: every generator form kind over seeds (default 1–6),
 * scanned and read by OCR; a table of fields right / wrong / empty per kind, then each field
 * that was not right. `node bin/run-ts.mjs bench/tax-scans.ts [SEEDS] [KIND…] [--auto]`
 * (SEEDS like 1-6 or 3). Wrong must stay ~0: an unread figure is empty and named, never guessed.
 */
import { TAX_KINDS, type TaxKind } from '../test/fixtures/generator/forms/tax.js';
import { scoreScan, scoreTable, type ScanScore } from '../test/fixtures/generator/forms/tax-scan-score.js';
import { closeEngines } from '../src/engine/ocr/tesseract.js';

const args = process.argv.slice(2);
const auto = args.includes('--auto');
const seedArg = args.find((a) => /^\d+(-\d+)?$/.test(a)) ?? '1-6';
const [lo, hi = lo] = seedArg.split('-').map(Number) as [number, number?];
const kinds = (args.filter((a) => TAX_KINDS.includes(a as TaxKind)) as TaxKind[]);
const scores: ScanScore[] = [];
const t0 = performance.now();
for (const kind of kinds.length ? kinds : TAX_KINDS) {
  for (let seed = lo; seed <= hi!; seed++) {
    const s = await scoreScan(kind, seed, auto ? 'autoDetect' : 'taxform');
    scores.push(s);
    for (const f of s.fields.filter((x) => x.verdict !== 'right')) {
      console.log(`  ${kind} seed ${seed} ${f.field}: ${f.verdict} got ${JSON.stringify(f.got)} want ${JSON.stringify(f.want)}${f.named ? '' : ' (NOT NAMED in unread)'}${s.doc.error ? ` [${s.doc.error}]` : ''}`);
    }
  }
}
console.log(scoreTable(scores));
console.log(`${scores.length} pages in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
await closeEngines();

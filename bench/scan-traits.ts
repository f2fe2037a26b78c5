/**
 * Captures as brokers receive them, trait by trait: generated statements scanned or
 * photographed with one trait of test/fixtures/generator/capture.ts each (keystone with the
 * table around, curl, blur, JPEG blocks, fax, stamps and pen marks, highlighted rows, coloured
 * paper, shadow band, quarter turns), read through the real engine as an image upload or an
 * image-only PDF; per trait F1 on (date, signed amount), statements reconciled, rows whose
 * amount was invented (a figure in no truth row; silently: read with confidence ≥ 80 in a
 * statement that reconciles, so nothing flags it) and CPU seconds per page (the whole process,
 * every thread). `node bin/run-ts.mjs bench/scan-traits.ts [TRAIT…] [--seeds 1-2] [--layouts chase,bofa]`
 */
import { convertDocument } from '../src/engine/index.js';
import { defaultConversionOptions } from '../src/contract/api/conversion-options.js';
import { reconcile } from '../src/engine/statement/reconcile.js';
import { closeEngines } from '../src/engine/ocr/tesseract.js';
import { makeStatementSpec, renderStatementPdf, type LayoutName } from '../test/fixtures/generator/index.js';
import { scanImages, scannedPdf, type ScanOptions } from '../test/fixtures/generator/scan.js';
import { CAPTURE_TRAITS } from '../test/fixtures/generator/capture-traits.js';
import type { ParsedStatement } from '../src/contract/model.js';

const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args.splice(i, 2)[1] : undefined; };
const [lo, hi = lo] = (opt('--seeds') ?? '1-2').split('-').map(Number) as [number, number?];
const layouts = (opt('--layouts') ?? 'chase,wellsfargo,bofa').split(',') as LayoutName[];
const wanted = args.filter((a) => !a.startsWith('--'));
const traits = CAPTURE_TRAITS.filter((t) => !wanted.length || wanted.includes(t.name));

function score(truth: ParsedStatement[], got: ParsedStatement[]) {
  const want = truth.flatMap((s) => s.transactions.map((t) => `${t.date}|${t.amount}`));
  const amounts = new Set(truth.flatMap((s) => s.transactions.map((t) => Math.abs(t.amount))));
  const have = got.flatMap((s) => s.transactions.map((t) => `${t.date}|${t.amount}`));
  const wrong = got.flatMap((s) => s.transactions.filter((t) => !amounts.has(Math.abs(t.amount))).map((t) => ({ t, s })));
  const invented = wrong.length;
  // Silently wrong: a figure in no truth row, read with confidence, in a statement that reconciles (nothing tells the user).
  const silent = wrong.filter(({ t, s }) => (t.amountConfidence ?? 100) >= 80 && reconcile(s, 0).reconciled).length;
  let tp = 0;
  for (const h of have) { const i = want.indexOf(h); if (i >= 0) { want.splice(i, 1); tp++; } }
  return { tp, fp: have.length - tp, fn: want.length, invented, silent };
}

console.log(`trait | file | layout seed | F1 | reconciled | invented/silently | CPU s`);
const rows: string[] = [];
for (const trait of traits) {
  let tp = 0, fp = 0, fn = 0, inv = 0, silent = 0, rec = 0, stmts = 0, cpu = 0, pages = 0;
  for (const layout of layouts) {
    for (let seed = lo; seed <= hi!; seed++) {
      const r = await renderStatementPdf(makeStatementSpec({ seed, layout, transactionsPerMonth: 12 }));
      const o: ScanOptions = { dpi: 300, skewDeg: 0.6, seed, ...trait.options };
      const bytes = trait.as === 'pdf' ? await scannedPdf(r.bytes, o, [1]) : (await scanImages(r.bytes, trait.as, o, [1]))[0]!;
      // One page: the truth of page 1 only.
      const truth = r.truth.map((s) => ({ ...s, transactions: s.transactions.filter((t) => (t.page ?? 1) === 1) }));
      const c0 = process.cpuUsage();
      const doc = await convertDocument({ fileName: `${trait.name}.${trait.as}`, bytes, options: defaultConversionOptions({ accounttype: 'Bank' }) });
      const c = process.cpuUsage(c0);
      const s = score(truth, doc.statements);
      const ok = doc.statements.length > 0 && doc.statements.every((x) => reconcile(x, 0).reconciled);
      tp += s.tp; fp += s.fp; fn += s.fn; inv += s.invented; silent += s.silent; stmts++; if (ok) rec++; pages++;
      const secs = (c.user + c.system) / 1e6; cpu += secs;
      const f = s.tp ? (2 * s.tp) / (2 * s.tp + s.fp + s.fn) : 0;
      console.log(`${trait.name} | ${trait.as} | ${layout} ${seed} | ${f.toFixed(3)} | ${ok ? 'yes' : 'no'} | ${s.invented}/${s.silent} | ${secs.toFixed(2)}${doc.error ? ` | ${doc.error.slice(0, 80)}` : ''}`);
    }
  }
  const f1 = tp ? (2 * tp) / (2 * tp + fp + fn) : 0;
  rows.push(`${trait.name.padEnd(14)} F1 ${f1.toFixed(3)} (tp ${tp} fp ${fp} fn ${fn}) reconciled ${rec}/${stmts} invented ${inv} (silently ${silent}) CPU ${(cpu / pages).toFixed(2)} s/page`);
}
console.log('\nper trait:');
for (const r of rows) console.log(`  ${r}`);
await closeEngines();

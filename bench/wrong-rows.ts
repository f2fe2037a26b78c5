/**
 * A recorded scan sweep's wrong rows classified (scan-sweep.ts --record DIR words, replayed as
 * scan-replay.ts replays them, against the composed truth): rows matched by date and amount,
 * then by amount (the date wrong), by date and the other sign, by date and digits two apart, by
 * date and a front digit lost; the rest lost, and rows read that are no row (extra):
 *   node bin/run-ts.mjs bench/wrong-rows.ts FROM TO DIR [--rows]
 * Measures only.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readStatements } from '../src/engine/pdf/index.js';
import { markOcrConfidence } from '../src/engine/ocr/confidence.js';
import { repairByBalances } from '../src/engine/ocr/balance-oracle.js';
import { dropKeptRowsThatBreakBalances } from '../src/engine/statement/repeated-kept.js';
import { defaultConversionOptions } from '../src/contract/api/conversion-options.js';
import type { PdfText } from '../src/engine/pdf/extract.js';
import { composeStatementPdf } from '../test/fixtures/generator/composer/render.js';

const [a, b, dir] = process.argv.slice(2);
const showRows = process.argv.includes('--rows');
const options = defaultConversionOptions({ accounttype: 'autoDetect' });
const files = await readdir(dir!);
const total: Record<string, number> = {};
const digits = (n: number) => String(Math.abs(n));
function digitDiff(x: number, y: number) { const s = digits(x), t = digits(y); if (s.length !== t.length) return 99; let d = 0; for (let i = 0; i < s.length; i++) if (s[i] !== t[i]) d++; return d; }
for (let seed = Number(a); seed <= Number(b); seed++) {
  const file = files.find((f) => f.startsWith(`${seed}-`) && f.endsWith('.json'));
  if (!file) continue;
  const text = JSON.parse(await readFile(join(dir!, file), 'utf8')) as PdfText;
  const doc = readStatements({ fileName: `composed-scan-${seed}.pdf`, bytes: new Uint8Array(), options }, text);
  if (text.info.ocrPages?.length) { markOcrConfidence(doc, text.pages.filter((p) => text.info.ocrPages!.includes(p.page))); repairByBalances(doc, text.info.ocrPages); }
  dropKeptRowsThatBreakBalances(doc);
  const pdf = await composeStatementPdf(seed);
  const want = pdf.truth.flatMap((s) => s.transactions.map((t) => ({ date: t.date, amount: t.amount })));
  const got = doc.statements.flatMap((s) => s.transactions.map((t) => ({ date: t.date, amount: t.amount, conf: t.amountConfidence })));
  const cls: Record<string, number> = {};
  const add = (k: string, n = 1) => { cls[k] = (cls[k] ?? 0) + n; total[k] = (total[k] ?? 0) + n; };
  if (!got.length) { add('all lost (no rows)', want.length); console.log(`seed ${file}: ${JSON.stringify(cls)}`); continue; }
  const used = new Set<number>(); const open: typeof want = [];
  for (const w of want) { const i = got.findIndex((g, k) => !used.has(k) && g.date === w.date && g.amount === w.amount); if (i >= 0) used.add(i); else open.push(w); }
  const lines: string[] = [];
  for (const w of open) {
    let i = got.findIndex((g, k) => !used.has(k) && g.amount === w.amount);
    if (i >= 0) { used.add(i); add('date'); lines.push(`date ${w.date} ${w.amount} got ${got[i]!.date}`); continue; }
    i = got.findIndex((g, k) => !used.has(k) && g.date === w.date && g.amount === -w.amount);
    if (i >= 0) { used.add(i); add('sign'); lines.push(`sign ${w.date} ${w.amount} conf ${got[i]!.conf}`); continue; }
    i = got.findIndex((g, k) => !used.has(k) && g.date === w.date && digitDiff(g.amount, w.amount) <= 2);
    if (i >= 0) { used.add(i); add('digits'); lines.push(`digits ${w.date} ${w.amount} got ${got[i]!.amount} conf ${got[i]!.conf}`); continue; }
    i = got.findIndex((g, k) => !used.has(k) && g.date === w.date && digits(g.amount).length !== digits(w.amount).length && (digits(w.amount).endsWith(digits(g.amount)) || digits(g.amount).endsWith(digits(w.amount))));
    if (i >= 0) { used.add(i); add('lead digit lost'); lines.push(`lead ${w.date} ${w.amount} got ${got[i]!.amount} conf ${got[i]!.conf}`); continue; }
    add('lost'); lines.push(`lost ${w.date} ${w.amount}`);
  }
  got.forEach((g, k) => { if (!used.has(k)) { add('extra'); lines.push(`extra ${g.date} ${g.amount} conf ${g.conf}`); } });
  console.log(`seed ${file}: want ${want.length} got ${got.length} ${JSON.stringify(cls)}`);
  if (showRows) for (const l of lines) console.log('   ' + l);
}
console.log('total', JSON.stringify(total));

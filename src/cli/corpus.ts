/**
 * `npm run corpus -- DIR`: converts every document under DIR and prints, per file, the
 * statements found, whether they reconcile, counts, totals, the first broken running-balance
 * row, and a comparison with `<file>.expected.json` beside it when present; then a summary.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { defaultConversionOptions } from '../contract/api/conversion-options.js';
import { formatCents } from '../contract/money.js';
import { convertDocument, ConversionError } from '../service/convert/index.js';
import { reconcile } from '../service/convert/statement/reconcile.js';
import { closeEngines } from '../service/convert/ocr/tesseract.js';

const DOC = /\.(pdf|ofx|qfx|csv|json|png|jpe?g|tiff?)$/i;

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const p = join(dir, name);
    if ((await stat(p)).isDirectory()) out.push(...await walk(p));
    else if (DOC.test(name) && !/\.expected\.json$|\.truth\.json$/i.test(name)) out.push(p);
  }
  return out;
}

/** Compares expected values (any nesting of {expected: "…"} or plain values) with the text of the conversion. */
function compareExpected(expected: unknown, haystack: string): { found: number; total: number; missing: string[] } {
  const values: [string, string][] = [];
  const visit = (v: unknown, path: string) => {
    if (v && typeof v === 'object' && 'expected' in (v as object)) { values.push([path, String((v as { expected: unknown }).expected)]); return; }
    if (v && typeof v === 'object') { for (const [k, x] of Object.entries(v)) if (!/source|commit|ignored/.test(k)) visit(x, path ? `${path}.${k}` : k); return; }
    if (typeof v === 'string' || typeof v === 'number') values.push([path, String(v)]);
  };
  visit(expected, '');
  const missing = values.filter(([, v]) => !haystack.includes(v)).map(([k, v]) => `${k}=${v}`);
  return { found: values.length - missing.length, total: values.length, missing };
}

export async function run(args: string[]): Promise<number> {
  const dir = args[0];
  if (!dir) { console.error('usage: npm run corpus -- DIR'); return 2; }
  const files = await walk(dir);
  let statements = 0, reconciled = 0, txns = 0, errors = 0, expectedFiles = 0, expectedOk = 0;
  for (const file of files) {
    const name = relative(dir, file);
    const bytes = new Uint8Array(await readFile(file));
    const options = defaultConversionOptions({ accounttype: 'autoDetect' });
    let line = `${name}: `;
    let text = '';
    try {
      const doc = await convertDocument({ fileName: name, bytes, options });
      text = JSON.stringify(doc);
      if (doc.error) { errors++; line += `no statements (${doc.detectedDocType}): ${doc.error}`; }
      else {
        const parts = doc.statements.map((s, i) => {
          const r = reconcile(s, 0);
          statements++; txns += s.transactions.length; if (r.reconciled) reconciled++;
          const broken = r.firstBroken ? ` first broken row ${r.firstBroken.index + 1} (${r.firstBroken.transaction.date} expected ${formatCents(r.firstBroken.expected)} printed ${formatCents(r.firstBroken.printed)})` : '';
          return `\n  #${i + 1} ${s.docType} ${s.bankName} acct ${s.accountNumber || '?'} ${s.startDate ?? '?'}..${s.endDate ?? '?'} txns ${s.transactions.length} credits ${formatCents(r.totCredits)} debits ${formatCents(r.totDebits)} start ${s.startBalance === null ? '?' : formatCents(s.startBalance)} end ${s.endBalance === null ? '?' : formatCents(s.endBalance)} ${r.reconciled ? 'RECONCILED' : r.balancesValid ? `NOT reconciled (diff ${formatCents(r.difference)})` : 'balances not found'}${broken}`;
        });
        line += `${doc.statements.length} statement(s), ${doc.format}${doc.pdf ? `, ${doc.pdf.pagecount} page(s), producer "${doc.pdf.producer}"` : ''}${parts.join('')}`;
      }
    } catch (err) {
      errors++;
      line += `error: ${err instanceof ConversionError ? err.message : (err as Error).message}`;
    }
    try {
      const expected = JSON.parse(await readFile(`${file}.expected.json`, 'utf8')) as unknown;
      expectedFiles++;
      const c = compareExpected(expected, text);
      if (c.found === c.total) expectedOk++;
      line += `\n  expected: ${c.found}/${c.total} values found${c.missing.length ? ` (missing ${c.missing.slice(0, 6).join(', ')})` : ''}`;
    } catch { /* no expected output beside it */ }
    console.log(line);
  }
  console.log(`\nsummary: ${files.length} file(s), ${statements} statement(s), ${reconciled} reconciled, ${txns} transaction(s), ${errors} without statements/errors, expected outputs matched ${expectedOk}/${expectedFiles}`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // OCR engines are threads of their own: ended after the run, so the command exits.
  run(process.argv.slice(2)).finally(() => closeEngines()).then((code) => { process.exitCode = code; }, (err) => { console.error(err); process.exitCode = 1; });
}

/**
 * `npm run corpus -- DIR`: converts every document under DIR and prints, per file, the
 * statements found, whether they reconcile, counts, totals, the first broken running-balance
 * row; where a truth file lies beside a document (see corpus-truth.ts) the transaction-level
 * precision, recall and F1 on (date, signed amount); a comparison with `<file>.expected.json`
 * field values when present; then totals per class of document (text bank PDF, card PDF,
 * scan, photo, other).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { ParsedDocument } from '../contract/model.js';
import { defaultConversionOptions } from '../contract/api/conversion-options.js';
import { formatCents } from '../contract/money.js';
import { convertDocument, ConversionError } from '../engine/index.js';
import { reconcile, unreconciledReason } from '../engine/statement/reconcile.js';
import { closeEngines } from '../engine/ocr/tesseract.js';
import { DOC_CLASSES, describedMatches, documentClass, emptyTotals, formatTotals, matchTransactions, prf, readTransactions, statementsCovered, type ClassTotals } from './corpus-score.js';
import { compareExpected } from './corpus-expected.js';
import { isTruthName, readManifests, readTruth, truthCandidates, type ManifestEntry } from './corpus-truth.js';

const DOC = /\.(pdf|ofx|qfx|csv|json|jpe?g|png|tiff?|webp|gif|avif|heic)$/i;
const MAX_FILES = 10_000;

async function walk(dir: string, out: string[] = []): Promise<string[]> {
  for (const name of (await readdir(dir)).sort()) {
    const p = join(dir, name);
    if ((await stat(p)).isDirectory()) await walk(p, out);
    else if (DOC.test(name) && !isTruthName(name)) out.push(p);
    if (out.length > MAX_FILES) throw new Error(`${dir}: more than ${MAX_FILES} documents; point the corpus run at a smaller folder`);
  }
  return out;
}

/** The truth file of a document: the manifest's, else one named after it. */
async function truthFor(file: string, entry: ManifestEntry | undefined): Promise<string | null> {
  if (entry?.truth) return entry.truth;
  for (const c of truthCandidates(file)) if (await stat(c).then((s) => s.isFile(), () => false)) return c;
  return null;
}

export async function run(args: string[]): Promise<number> {
  const dir = args[0];
  if (!dir) { console.error('usage: npm run corpus -- DIR'); return 2; }
  if (!(await stat(dir).then((s) => s.isDirectory(), () => false))) { console.error(`corpus: ${dir} is not a folder`); return 2; }
  const all = await walk(dir);
  const manifest = await readManifests(dir, new Set(all.map((f) => dirname(f))));
  // A truth file named by a manifest is no document of its own (a PDF original still is).
  const truthFiles = new Set([...manifest.values()].map((e) => e.truth).filter((t): t is string => !!t && /\.(csv|json)$/i.test(t)));
  const files = all.filter((f) => !truthFiles.has(f));
  let statements = 0, reconciled = 0, txns = 0, errors = 0, expectedFiles = 0, expectedOk = 0;
  const classes = new Map<string, ClassTotals>(DOC_CLASSES.map((c) => [c, emptyTotals()]));
  for (const file of files) {
    const name = relative(dir, file);
    const entry = manifest.get(file);
    const bytes = new Uint8Array(await readFile(file));
    const options = defaultConversionOptions({ accounttype: 'autoDetect' });
    let line = `${name}: `;
    let doc: ParsedDocument | null = null;
    try {
      doc = await convertDocument({ fileName: name, bytes, options });
      if (doc.error) { errors++; line += `no statements (${doc.detectedDocType}): ${doc.error}`; }
      else {
        const parts = doc.statements.map((s, i) => {
          const r = reconcile(s, 0);
          statements++; txns += s.transactions.length; if (r.reconciled) reconciled++;
          const broken = r.reconciled && r.firstBroken ? ` first broken row ${r.firstBroken.index + 1} (${r.firstBroken.transaction.date} expected ${formatCents(r.firstBroken.expected)} printed ${formatCents(r.firstBroken.printed)})` : '';
          const why = unreconciledReason(s);
          return `\n  #${i + 1} ${s.docType} ${s.bankName} ${s.accountTypeStr} ${s.currencyCode ?? 'currency ?'} acct ${s.accountNumber || '?'} ${s.startDate ?? '?'}..${s.endDate ?? '?'} txns ${s.transactions.length} credits ${formatCents(r.totCredits)} debits ${formatCents(r.totDebits)} start ${s.startBalance === null ? '?' : formatCents(s.startBalance)} end ${s.endBalance === null ? '?' : formatCents(s.endBalance)} ${r.reconciled ? 'RECONCILED' : r.balancesValid ? `NOT reconciled (diff ${formatCents(r.difference)})` : 'balances not found'}${broken}${why ? `\n     ${why}` : ''}`;
        });
        // A package: its parts, each with its pages, kind and how it was read.
        const split = (doc.parts ?? []).map((p) => `\n  part pages ${p.pages.join(',')}: ${p.kind} (${p.readAs}${p.taxForm ? ` ${p.taxForm.kind}` : ''}${p.error ? `; ${p.error}` : ''})`).join('');
        line += `${doc.statements.length} statement(s), ${doc.format}${doc.pdf ? `, ${doc.pdf.pagecount} page(s), producer "${doc.pdf.producer}"` : ''}${split}${parts.join('')}`;
      }
    } catch (err) {
      errors++;
      line += `error: ${err instanceof ConversionError ? err.message : (err as Error).message}`;
    }
    const cls = classes.get(documentClass(name, entry?.kind, doc))!;
    cls.documents++;
    const read = doc && !doc.error ? doc.statements : [];
    cls.statements += read.length;
    cls.transactions += read.reduce((n, s) => n + s.transactions.length, 0);
    cls.reconciled += read.filter((s) => reconcile(s, 0).reconciled).length;
    const truthPath = await truthFor(file, entry);
    if (truthPath) {
      try {
        const truth = await readTruth(truthPath);
        if (truth) {
          const covered = statementsCovered(read, truth);
          const rows = readTransactions(covered);
          const m = matchTransactions(rows, truth);
          const d = describedMatches(rows, truth);
          const s = prf(m);
          cls.withTruth++;
          cls.match.tp += m.tp; cls.match.fp += m.fp; cls.match.fn += m.fn;
          cls.described.held += d.held; cls.described.compared += d.compared;
          const part = covered.length < read.length ? ` (${covered.length} of ${read.length} statements: the truth's dates)` : '';
          const desc = d.compared ? `; descriptions ${d.held}/${d.compared} hold every truth word` : '';
          line += `\n  truth ${relative(dir, truthPath)}: ${truth.length} txns; P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)} (tp ${m.tp} fp ${m.fp} fn ${m.fn})${desc}${part}`;
        } else line += `\n  truth ${relative(dir, truthPath)}: not a transaction list; not scored`;
      } catch (err) {
        line += `\n  truth ${relative(dir, truthPath)}: unreadable (${(err as Error).message})`;
      }
    }
    try {
      const expected = JSON.parse(await readFile(`${file}.expected.json`, 'utf8')) as unknown;
      expectedFiles++;
      const c = compareExpected(expected, doc ?? {});
      if (c.found === c.total) expectedOk++;
      line += `\n  expected: ${c.found}/${c.total} values found${c.masked ? `, ${c.masked} masked in ours` : ''}${c.missing.length ? ` (missing ${c.missing.slice(0, 6).join(', ')})` : ''}`;
    } catch { /* no expected output beside it */ }
    console.log(line);
  }
  console.log(`\nsummary: ${files.length} file(s), ${statements} statement(s), ${reconciled} reconciled, ${txns} transaction(s), ${errors} without statements/errors, expected outputs matched ${expectedOk}/${expectedFiles}`);
  console.log('per class:');
  for (const [name, t] of classes) if (t.documents) console.log(`  ${formatTotals(name, t)}`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // OCR engines are threads of their own: ended after the run, so the command exits.
  run(process.argv.slice(2)).finally(() => closeEngines()).then((code) => { process.exitCode = code; }, (err) => { console.error(err); process.exitCode = 1; });
}

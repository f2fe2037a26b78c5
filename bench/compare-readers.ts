/**
 * The fast text reader (src/engine/pdf/fast/) against pdf.js, its oracle, on PDFs given as
 * arguments (files or folders, searched for *.pdf), or on every PDF of ../shared/corpus plus the
 * generator's layouts and its embedded-font statements (one per font kind) when none are given:
 * - items: the same strings, x/y/w within 0.5 pt, the same size and font name, page by page;
 * - the engine's result: statements, transactions, balances, bank, type and currency, which
 *   must be identical whichever reader read the text.
 * Prints one line per document (which reader read it, or why pdf.js was needed) and a summary;
 * exits 1 when a document the fast reader read differs.
 *   npm run bench -- readers                     (as a suite)
 *   node bin/run-ts.mjs bench/compare-readers.ts FILE_OR_DIR …
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareReaders, type ReaderComparison } from '../test/fixtures/compare-readers.js';
import { embeddedFontFiles, generatedFiles } from './real-files.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function pdfsUnder(p: string): string[] {
  if (!existsSync(p)) return [];
  if (statSync(p).isFile()) return p.toLowerCase().endsWith('.pdf') ? [p] : [];
  return readdirSync(p).sort().flatMap((f) => pdfsUnder(path.join(p, f)));
}

/** Prints the comparison; sets a failing exit code when a document the fast reader read differs. */
export async function run(args: string[] = []): Promise<void> {
  if (!(await compare(args))) process.exitCode = 1;
}

async function compare(args: string[]): Promise<boolean> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-readers-'));
  try {
    let files = args.flatMap((a) => pdfsUnder(path.resolve(a)));
    if (!args.length) {
      files = [...pdfsUnder(path.resolve(root, '..', 'shared', 'corpus')), ...[...(await generatedFiles(dir)), ...(await embeddedFontFiles(dir))].map((f) => f.file)];
    }
    const results: { file: string; r: ReaderComparison }[] = [];
    for (const file of files) {
      const r = await compareReaders(new Uint8Array(readFileSync(file)), path.basename(file));
      results.push({ file, r });
      const name = path.relative(root, file).replace(/^\.\.\//, '');
      const verdict = r.reader === 'fast'
        ? (r.itemDiffs.length || r.resultDiff ? `FAST, DIFFERS: ${[...r.itemDiffs.slice(0, 3), r.resultDiff].filter(Boolean).join('; ')}` : `fast, identical (${r.items} items)`)
        : r.reader === 'pdfjs' ? `pdf.js (${r.reason})${r.resultDiff ? `, DIFFERS: ${r.resultDiff}` : ''}` : `not converted (${r.reason})`;
      console.log(`  ${name}: ${verdict}`);
    }
    const fast = results.filter((x) => x.r.reader === 'fast');
    const differ = results.filter((x) => x.r.itemDiffs.length || x.r.resultDiff);
    const reasons = new Map<string, number>();
    for (const x of results) if (x.r.reader === 'pdfjs') reasons.set(x.r.reason ?? '', (reasons.get(x.r.reason ?? '') ?? 0) + 1);
    console.log(`  ${results.length} PDFs: ${fast.length} read by the fast reader, ${results.filter((x) => x.r.reader === 'pdfjs').length} by pdf.js, ${differ.length} differ`);
    for (const [why, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`    pdf.js ×${n}: ${why}`);
    return differ.length === 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  run(process.argv.slice(2)).catch((err: unknown) => { console.error(err); process.exitCode = 2; });
}

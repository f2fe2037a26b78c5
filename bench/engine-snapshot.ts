/**
 * A canonical snapshot of the engine's results: every PDF under ../shared/corpus (recursively;
 * pages without text are not sent to OCR, which is not what this guards) plus the generator's
 * layouts and its 20-page statement, converted in-process; each result written as JSON with
 * sorted keys, one document per line, to the file given (stdout when none). Two snapshots of
 * the same inputs taken before and after a change must be byte-identical when the change was
 * meant to keep the engine's output: the safety net of speed work.
 *   node bin/run-ts.mjs bench/engine-snapshot.ts /tmp/before.jsonl
 *   node bin/run-ts.mjs bench/engine-snapshot.ts /tmp/after.jsonl && cmp /tmp/before.jsonl /tmp/after.jsonl
 * Extra arguments after the output file are PDFs or folders to convert instead of the defaults.
 * `--ocr`: convert with the default options (scans and the OCR-layer check of text PDFs that do
 * not reconcile run, as a user's conversion runs them: slower, and what a change to that check
 * must keep).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertDocument } from '../src/engine/index.js';
import { defaultConversionOptions } from '../src/contract/api/conversion-options.js';
import { generatedFiles } from './real-files.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function pdfsUnder(p: string): string[] {
  if (!existsSync(p)) return [];
  if (statSync(p).isFile()) return p.toLowerCase().endsWith('.pdf') ? [p] : [];
  return readdirSync(p).sort().flatMap((f) => pdfsUnder(path.join(p, f)));
}

/** JSON with object keys sorted at every level, so key order never makes two snapshots differ. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (x === null || typeof x !== 'object' || Array.isArray(x)) return x;
    const o = x as Record<string, unknown>;
    return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
  });
}

export async function snapshot(files: { file: string; name: string }[], ocr = false): Promise<string[]> {
  const options = { ...defaultConversionOptions(), neverocr: !ocr };
  const lines: string[] = [];
  for (const f of files) {
    if (process.env.LEDGERDROP_SNAPSHOT_PROGRESS) process.stderr.write(`${f.name}\n`);
    const bytes = new Uint8Array(readFileSync(f.file));
    const result = await convertDocument({ fileName: path.basename(f.file), bytes, options })
      .then((d) => d as unknown, (e: unknown) => ({ error: (e as Error).message }));
    lines.push(canonicalJson({ name: f.name, result }));
  }
  return lines;
}

async function main(argv: string[]): Promise<void> {
  const ocr = argv.includes('--ocr');
  const [out, ...inputs] = argv.filter((a) => a !== '--ocr');
  const dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-snapshot-'));
  try {
    const corpus = path.resolve(root, '..', 'shared', 'corpus');
    const files = inputs.length
      ? inputs.flatMap((a) => pdfsUnder(path.resolve(a))).map((file) => ({ file, name: file }))
      : [
          ...pdfsUnder(corpus).map((file) => ({ file, name: path.relative(corpus, file) })),
          ...(await generatedFiles(dir)).map((f) => ({ file: f.file, name: f.name })),
        ];
    const lines = await snapshot(files, ocr);
    const text = lines.join('\n') + '\n';
    if (out && out !== '-') writeFileSync(out, text);
    else process.stdout.write(text);
    const errors = lines.filter((l) => l.includes('"result":{"error"')).length;
    console.error(`engine snapshot: ${lines.length} documents (${errors} not converted)${out && out !== '-' ? ` → ${out}` : ''}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((err: unknown) => { console.error(err); process.exitCode = 2; });
}

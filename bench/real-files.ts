import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LAYOUTS, makeLongStatement, makeStatementSpec, renderStatementPdf } from '../test/fixtures/generator/index.js';
import { composeStatementPdf } from '../test/fixtures/generator/composer/render.js';
import { EMBEDDED_SEEDS, EMBEDDINGS } from '../test/fixtures/generator/embedded-fonts.js';

/** One document of the real-document bench and the class it is reported under. */
export interface BenchFile { file: string; name: string; klass: string }

const CORPUS_FOLDERS = ['hsbc-uk', 'chase-template'];

/**
 * The text PDFs of ../shared/corpus (wild: those its manifest lists as a bank or card PDF with a
 * text layer; hsbc-uk and chase-template: every PDF), or null when ../shared is not there. Read
 * in place, never copied.
 */
export function corpusFiles(root: string): BenchFile[] | null {
  const corpus = path.resolve(root, '..', 'shared', 'corpus');
  if (!existsSync(corpus)) return null;
  const out: BenchFile[] = [];
  const manifest = path.join(corpus, 'wild', 'MANIFEST.tsv');
  if (existsSync(manifest)) {
    const [head, ...rows] = readFileSync(manifest, 'utf8').trim().split('\n').map((l) => l.split('\t'));
    const col = (name: string) => head!.indexOf(name);
    for (const r of rows) {
      const rel = r[col('path')]!, kind = r[col('kind')]!, text = r[col('text_layer')] ?? '';
      if (!rel.endsWith('.pdf') || !/^(bank|ccard)_pdf$/.test(kind) || !text.startsWith('yes')) continue;
      const file = path.join(corpus, 'wild', rel);
      if (existsSync(file)) out.push({ file, name: `wild/${rel}`, klass: `wild/${rel.split('/')[0]}` });
    }
  }
  for (const folder of CORPUS_FOLDERS) {
    const dir = path.join(corpus, folder);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.pdf')).sort()) out.push({ file: path.join(dir, f), name: `${folder}/${f}`, klass: folder });
  }
  return out;
}

/** One generated statement per layout (its own page count), plus a 20-page chase statement, written to `dir`. */
export async function generatedFiles(dir: string): Promise<BenchFile[]> {
  const out: BenchFile[] = [];
  for (const layout of LAYOUTS) {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 11, layout }));
    const file = path.join(dir, `generated-${layout}.pdf`);
    await writeFile(file, r.bytes);
    out.push({ file, name: `generated/${layout}`, klass: 'generated' });
  }
  const long = await makeLongStatement({ seed: 12, layout: 'chase', pages: 20 });
  const file = path.join(dir, 'generated-chase-20.pdf');
  await writeFile(file, long.bytes);
  out.push({ file, name: 'generated/chase-20-pages', klass: 'generated' });
  return out;
}

/**
 * One composed statement per embedded-font kind (DejaVu as Type0 Identity-H or simple TrueType,
 * subset or whole: test/fixtures/generator/embedded-fonts.ts), written to `dir`: the font kinds
 * real statements carry, which the standard-14 layouts above never show the fast reader.
 */
export async function embeddedFontFiles(dir: string): Promise<BenchFile[]> {
  const out: BenchFile[] = [];
  for (const kind of EMBEDDINGS) {
    const r = await composeStatementPdf(EMBEDDED_SEEDS[kind], { fonts: 'embedded', fontEmbedding: kind });
    const file = path.join(dir, `embedded-${kind}.pdf`);
    await writeFile(file, r.bytes);
    out.push({ file, name: `generated/embedded-${kind}`, klass: 'generated-embedded' });
  }
  return out;
}

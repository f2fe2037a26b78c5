/**
 * OCR: seconds per page per core at 300 dpi (CPU time of the whole process, every thread: it
 * holds on a busy shared machine, where wall time does not), through the engine's path
 * (render → deskew → recognise → read), then recognition alone on the same page images with
 * tesseract.js and, where installed, Debian's `tesseract` CLI (LSTM, sparse text, one thread;
 * Debian's tesseract-ocr-eng is the same fast model file the engine reads): the ratio says what
 * the WebAssembly build costs against native code.
 * Where ../shared/corpus/wild is present, its scans and photos that have a truth file are read
 * the same way: CPU s per OCR page and F1 on (date, signed amount) for each and in total.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertDocument } from '../src/engine/index.js';
import { defaultConversionOptions } from '../src/contract/api/conversion-options.js';
import { openPdf } from '../src/engine/pdf/open-pdf.js';
import { renderPage } from '../src/engine/ocr/render.js';
import { cleanPage, toPgm, type Gray } from '../src/engine/ocr/clean.js';
import { closeEngines, recognize, startEngines } from '../src/engine/ocr/tesseract.js';
import { grayPng } from '../src/engine/ocr/gray-png.js';
import { makeStatementSpec, renderStatementPdf, type LayoutName } from '../test/fixtures/generator/index.js';
import { scannedPdf } from '../test/fixtures/generator/scan.js';
import { parseManifest, readTruth } from '../src/cli/corpus-truth.js';
import { matchTransactions, prf, readTransactions, statementsCovered, type Match } from '../src/cli/corpus-score.js';

const TARGET_S = 2;
const cpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

export async function run(): Promise<void> {
  // CPU time holds better than wall time on a busy machine, not perfectly: the load is printed with the figures.
  console.log(`  load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} (${os.cpus().length} cores)`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ld-bench-ocr-'));
  try {
    const layouts: LayoutName[] = ['chase', 'wellsfargo', 'bofa'];
    const scans: { bytes: Uint8Array; truth: string[] }[] = [];
    for (const [i, layout] of layouts.entries()) {
      const r = await renderStatementPdf(makeStatementSpec({ seed: 3 + i, layout, transactionsPerMonth: 12 }));
      scans.push({ bytes: await scannedPdf(r.bytes, { dpi: 300, skewDeg: 0.8, seed: 3 + i }), truth: r.truth.flatMap((s) => s.transactions.map((t) => `${t.date}|${t.amount}`)) });
    }
    // Warm-up: the engine's first start (WebAssembly compile, model load) and the reader's first
    // document (pdf.js set-up, code compiled on first use) are paid once per thread, as a
    // service pays them once; a first conversion of the last scan is not counted.
    await startEngines();
    await convertDocument({ fileName: 'warm-up.pdf', bytes: scans[scans.length - 1]!.bytes, options: defaultConversionOptions({ accounttype: 'Bank' }), ocrLimits: { parallelPages: 1 } });

    let cpu = cpuSeconds(), wall = performance.now(), tp = 0, truthN = 0, got = 0;
    for (const s of scans) {
      const doc = await convertDocument({ fileName: 'scan.pdf', bytes: s.bytes, options: defaultConversionOptions({ accounttype: 'Bank' }), ocrLimits: { parallelPages: 1 } });
      const want = [...s.truth];
      for (const t of doc.statements.flatMap((x) => x.transactions)) { got++; const k = want.indexOf(`${t.date}|${t.amount}`); if (k >= 0) { want.splice(k, 1); tp++; } }
      truthN += s.truth.length;
    }
    const pipeCpu = (cpuSeconds() - cpu) / scans.length, pipeWall = (performance.now() - wall) / 1000 / scans.length;
    const p = tp / (got || 1), r = tp / truthN;
    console.log(`  whole path, ${scans.length} scanned pages at 300 dpi: ${pipeCpu.toFixed(2)} CPU s per page per core (target ≤ ${TARGET_S} s, ratio ${(pipeCpu / TARGET_S).toFixed(2)}), ${pipeWall.toFixed(2)} s wall per page; F1 on (date, amount) ${(2 * p * r / ((p + r) || 1)).toFixed(3)}`);

    await corpusScans();

    // The same page images, cleaned, for recognition alone.
    const images: string[] = [];
    const pages: Gray[] = [];
    for (const [i, s] of scans.entries()) {
      const pdf = await openPdf(s.bytes);
      const { canvas } = await renderPage(pdf, 1, 300, 24_000_000);
      await pdf.destroy();
      const page = cleanPage(canvas).image;
      pages.push(page);
      // The CLI reads the page as a PNG (the engine is handed the same pixels as an uncompressed
      // TIFF, ../src/engine/ocr/gray-tiff.ts), and as the PGM the engine was handed first (its
      // reader takes a PGM a byte at a time: ~9 % of the CLI's instructions on a page).
      const file = path.join(dir, `page-${i + 1}.png`);
      await writeFile(file, grayPng(page));
      await writeFile(file.replace(/png$/, 'pgm'), toPgm(page));
      images.push(file);
    }
    cpu = cpuSeconds();
    for (const page of pages) await recognize(page, { timeoutMs: 120_000, maxParallel: 1 });
    const jsCpu = (cpuSeconds() - cpu) / pages.length;
    console.log(`  recognition alone (tesseract.js, WebAssembly; fast model, doubtful numbers re-read by the best model): ${jsCpu.toFixed(2)} CPU s per page`);
    console.log(`  load average after the engine's figures: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);

    const cli = '/usr/bin/tesseract', timeBin = '/usr/bin/time';
    if (!existsSync(cli)) { console.log('  tesseract CLI not installed: no native ratio (apt-get install tesseract-ocr)'); return; }
    const cliRun = (imgs: string[]): number | string => {
      let total = 0;
      for (const img of imgs) {
        const args = [img, path.join(dir, 'out'), '--oem', '1', '--psm', '11', '-l', 'eng'];
        const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
        if (existsSync(timeBin)) {
          const res = spawnSync(timeBin, ['-f', 'CPU %U %S', cli, ...args], { env, encoding: 'utf8' });
          const m = /CPU ([\d.]+) ([\d.]+)/.exec(res.stderr ?? '');
          if (!m) return `tesseract CLI failed: ${(res.stderr ?? '').slice(0, 200)}`;
          total += Number(m[1]) + Number(m[2]);
        } else {
          const t = performance.now();
          spawnSync(cli, args, { env });
          total += (performance.now() - t) / 1000; // wall time: no /usr/bin/time to read the child's CPU
        }
      }
      return total / imgs.length;
    };
    const cliCpu = cliRun(images), cliPgm = cliRun(images.map((f) => f.replace(/png$/, 'pgm')));
    if (typeof cliCpu === 'string' || typeof cliPgm === 'string') { console.log(`  ${typeof cliCpu === 'string' ? cliCpu : cliPgm}`); return; }
    console.log(`  Debian tesseract CLI (native, 1 thread) on the same images (PNG; the engine gets them as TIFF): ${cliCpu.toFixed(2)} CPU s per page (as PGM: ${cliPgm.toFixed(2)}); tesseract.js / CLI = ${(jsCpu / cliCpu).toFixed(2)}, whole path / CLI = ${(pipeCpu / cliCpu).toFixed(2)}`);
    console.log(`  load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
  } finally {
    await closeEngines();
    await rm(dir, { recursive: true, force: true });
  }
}

const CORPUS = path.resolve('../shared/corpus/wild');

/** The dev corpus's scans and photos with truth: CPU s per OCR page and F1, per file and in total. */
async function corpusScans(): Promise<void> {
  const manifestPath = path.join(CORPUS, 'MANIFEST.tsv');
  if (!existsSync(manifestPath)) { console.log(`  corpus scans: ${CORPUS} not present, skipped`); return; }
  const manifest = new Map([...parseManifest(await readFile(manifestPath, 'utf8'))].map(([p, e]) => [path.join(CORPUS, p), e]));
  const files = [...manifest].filter(([, e]) => (e.kind === 'scanned_pdf' || e.kind === 'photo') && e.truth).map(([f]) => f).sort();
  const total: Match = { tp: 0, fp: 0, fn: 0 };
  let cpuAll = 0, pagesAll = 0;
  for (const file of files) {
    const truth = await readTruth(path.join(CORPUS, manifest.get(file)!.truth!)).catch(() => null);
    if (!truth) continue;
    const cpu = cpuSeconds();
    const doc = await convertDocument({ fileName: path.basename(file), bytes: new Uint8Array(await readFile(file)), options: defaultConversionOptions({ accounttype: 'autoDetect' }), ocrLimits: { parallelPages: 1 } });
    const used = cpuSeconds() - cpu, pages = doc.pdf?.ocrPages?.length ?? 0;
    const m = matchTransactions(readTransactions(statementsCovered(doc.error ? [] : doc.statements, truth)), truth);
    total.tp += m.tp; total.fp += m.fp; total.fn += m.fn;
    cpuAll += used; pagesAll += pages;
    console.log(`  corpus ${path.relative(CORPUS, file)}: ${pages} OCR page(s), ${(used / (pages || 1)).toFixed(2)} CPU s per page; F1 ${prf(m).f1.toFixed(3)} (tp ${m.tp} fp ${m.fp} fn ${m.fn})`);
  }
  const t = prf(total);
  console.log(`  corpus scans and photos with truth: ${pagesAll} OCR pages, ${(cpuAll / (pagesAll || 1)).toFixed(2)} CPU s per page; P ${t.precision.toFixed(3)} R ${t.recall.toFixed(3)} F1 ${t.f1.toFixed(3)}`);
}

import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { writeZipArchive, type ZipSourceFile } from '../src/service/export/index.js';

/** A statement-like text PDF of `pages` pages (50 text lines a page). */
async function statementPdf(pages: number, seed: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let i = 0; i < 50; i++) {
      page.drawText(`${String((i % 28) + 1).padStart(2, '0')}/03  ACH CREDIT SQUARE INC ${seed}-${p}-${i}   ${(i * 37.11).toFixed(2)}   ${(10000 + i * 91.3).toFixed(2)}`, { x: 40, y: 740 - i * 13.5, size: 9, font });
    }
  }
  return doc.save();
}

const sink = () => new Writable({ write(_c, _e, cb) { cb(); } });

export async function run(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ld-bench-export-'));
  const files: ZipSourceFile[] = [];
  for (let i = 0; i < 10; i++) {
    const p = path.join(dir, `s${i}.pdf`);
    await writeFile(p, await statementPdf(10, i));
    files.push({ fileName: `s${i}.pdf`, path: p, statements: [{ accountNumber: '12345678', startDate: '2025-03-01', endDate: '2025-03-31' }] });
  }
  const options = { watermarkText: 'CONFIDENTIAL', watermarkIdText: 'Lender X', watermarkUrl: 'https://broker.example/app/1' };
  await writeZipArchive(files.slice(0, 1), options, sink()); // warm up
  let peak = 0;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  let t = performance.now();
  await writeZipArchive(files, options, sink());
  const plainMs = performance.now() - t;
  const flatFiles = files.slice(0, 2); // 20 pages
  t = performance.now();
  await writeZipArchive(flatFiles, { ...options, watermarkIsFlatten: true }, sink());
  const flatMs = performance.now() - t;
  clearInterval(timer);
  console.log(`  100-page export, not flattened: ${plainMs.toFixed(0)} ms (target < 2000 ms, ratio ${(plainMs / 2000).toFixed(2)})`);
  console.log(`  flattened: ${(flatMs / 20).toFixed(1)} ms per page over 20 pages at 150 dpi (target ≤ 100 ms, ratio ${(flatMs / 20 / 100).toFixed(2)})`);
  console.log(`  peak RSS during export: ${(peak / 1048576).toFixed(0)} MB`);
}

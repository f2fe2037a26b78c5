import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { writeZipArchive, type ZipSourceFile } from '../src/service/export/index.js';
import { makeApplicationPdf, makeStatementSpec, renderStatementPdf } from '../test/fixtures/generator/index.js';

const sink = () => new Writable({ write(_c, _e, cb) { cb(); } });

export async function run(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ld-bench-export-'));
  // A 100-page application: six months of three accounts from the statement generator.
  const app = await makeApplicationPdf({ seed: 42, pages: 100 });
  const appPath = path.join(dir, 'application.pdf');
  await writeFile(appPath, app.bytes);
  const files: ZipSourceFile[] = [{ fileName: 'application.pdf', path: appPath, statements: app.truth.map((t) => ({ accountNumber: t.accountNumber, startDate: t.startDate ?? '', endDate: t.endDate ?? '' })) }];
  const month = await renderStatementPdf(makeStatementSpec({ seed: 7, layout: 'chase', transactionsPerMonth: 120 }));
  const monthPath = path.join(dir, 'month.pdf');
  await writeFile(monthPath, month.bytes);
  const flatFiles: ZipSourceFile[] = [{ fileName: 'month.pdf', path: monthPath, statements: [] }];
  const options = { watermarkText: 'CONFIDENTIAL', watermarkIdText: 'Lender X', watermarkUrl: 'https://broker.example/app/1' };
  await writeZipArchive(files.slice(0, 1), options, sink()); // warm up
  let peak = 0;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  let t = performance.now();
  await writeZipArchive(files, options, sink());
  const plainMs = performance.now() - t;
  t = performance.now();
  await writeZipArchive(flatFiles, { ...options, watermarkIsFlatten: true }, sink());
  const flatMs = performance.now() - t;
  clearInterval(timer);
  console.log(`  ${app.pageCount}-page application, not flattened: ${plainMs.toFixed(0)} ms (target < 2000 ms, ratio ${(plainMs / 2000).toFixed(2)})`);
  console.log(`  flattened: ${(flatMs / month.pageCount).toFixed(1)} ms per page over ${month.pageCount} pages at 150 dpi (target ≤ 100 ms, ratio ${(flatMs / month.pageCount / 100).toFixed(2)})`);
  console.log(`  peak RSS during export: ${(peak / 1048576).toFixed(0)} MB`);
}

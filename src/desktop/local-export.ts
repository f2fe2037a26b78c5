/**
 * The desktop's local export of an application's original files as a watermarked zip (the
 * zip-export module in src/service/export does the work), and the export dialog's preview:
 * the file names the zip would hold and page 1 of the first PDF with its watermark.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './store/db.js';
import { doneJobFiles, jobFileResultItems } from './store/app-queries.js';
import type { ExportOptions } from '../contract/export-options.js';
import { exportZipToFile, parseZipOptions, previewFileNames, renderWatermarkPreview, type ZipFields, type ZipManifestEntry, type ZipSourceFile } from '../service/export/index.js';

/** The export dialog's options as they arrive over IPC (the logo as base64). */
export type ExportOptionsInput = ExportOptions;

/** Original files of `appnumber` that converted, with the statements found in each (for the name pattern). */
export function exportSources(db: Db, appnumber: string): ZipSourceFile[] {
  return doneJobFiles(db, appnumber).map((j) => ({
    fileName: j.file_name,
    path: j.blob_path,
    statements: jobFileResultItems(db, j.id).map((item) => JSON.parse(item) as Record<string, unknown>)
      .filter((fs) => typeof fs.accountNumber === 'string' && fs.accountNumber !== '')
      .map((fs) => ({ accountNumber: String(fs.accountNumber), startDate: String(fs.startDate ?? ''), endDate: String(fs.endDate ?? '') })),
  }));
}

async function zipOptions(input: ExportOptionsInput) {
  const fields: ZipFields = {
    filenamePattern: input.filenamePattern,
    watermarkText: input.watermarkText,
    watermarkIdText: input.watermarkIdText,
    watermarkUrl: input.watermarkUrl,
    watermarkIsFlatten: input.watermarkIsFlatten ? 'true' : 'false',
    watermarkLogo: input.watermarkLogo ? new Uint8Array(Buffer.from(input.watermarkLogo.base64, 'base64')) : undefined,
  };
  return parseZipOptions(fields);
}

const isPdf = async (file: string) => {
  if (!existsSync(file)) return false;
  const head = (await readFile(file)).subarray(0, 5).toString('latin1');
  return head === '%PDF-';
};

export async function exportPreview(db: Db, appnumber: string, input: ExportOptionsInput): Promise<{ names: string[]; page1Png: string | null; previewOf: string | null; warnings: string[] }> {
  const files = exportSources(db, appnumber);
  const options = await zipOptions(input);
  const names = previewFileNames(files, options.filenamePattern);
  let page1Png: string | null = null;
  let previewOf: string | null = null;
  for (const f of files) {
    if (!(await isPdf(f.path))) continue;
    page1Png = Buffer.from(await renderWatermarkPreview(f, options, 0.75)).toString('base64');
    previewOf = f.fileName;
    break;
  }
  return { names, page1Png, previewOf, warnings: options.warnings };
}

/** Most exports one stem may take (two in the same second is already rare). */
const MAX_SAME_STEM = 1000;

/**
 * `<stem>.zip`, or `<stem>-2.zip`, `-3` … when taken: two exports in the same second (the stamp's
 * resolution) must not overwrite each other, since a user may already have sent the first.
 */
export function unusedExportName(dir: string, stem: string): string {
  for (let n = 1; n <= MAX_SAME_STEM; n++) {
    const name = n === 1 ? `${stem}.zip` : `${stem}-${n}.zip`;
    if (!existsSync(path.join(dir, name))) return name;
  }
  throw new Error(`more than ${MAX_SAME_STEM} exports named ${stem}: remove old ones from ${dir}`);
}

/** Writes `<dataDir>/exports/<appnumber>-<stamp>.zip` (never over an earlier export); resolves with its path and the manifest. */
export async function exportZip(db: Db, dataDir: string, appnumber: string, input: ExportOptionsInput, now = new Date()): Promise<{ path: string; fileName: string; entries: ZipManifestEntry[]; warnings: string[] }> {
  const files = exportSources(db, appnumber);
  if (!files.length) throw new Error(`application ${appnumber} has no converted files to export`);
  const options = await zipOptions(input);
  const dir = path.join(dataDir, 'exports');
  await mkdir(dir, { recursive: true });
  const safe = appnumber.replace(/[^\w.-]+/g, '_').slice(0, 80);
  const fileName = unusedExportName(dir, `${safe}-${now.toISOString().replace(/[:.]/g, '-').slice(0, 19)}`);
  const dest = path.join(dir, fileName);
  const entries = await exportZipToFile(files, options, dest);
  return { path: dest, fileName, entries, warnings: options.warnings };
}

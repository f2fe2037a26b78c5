import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, StandardFonts, degrees } from 'pdf-lib';
import { openPdf } from '../../src/service/export/pdfjs-node.js';
export { readZip } from '../fixtures/zip.js';

export async function tempDir(prefix = 'ld-export-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/** A text PDF of `pages` pages; each page says "STATEMENT LINE page N". */
export async function textPdf(pages: number, opts: { rotate?: number; size?: [number, number] } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage(opts.size ?? [612, 792]);
    if (opts.rotate) page.setRotation(degrees(opts.rotate));
    page.drawText(`STATEMENT LINE page ${i}`, { x: 50, y: 700, size: 12, font });
    for (let y = 660; y > 80; y -= 14) page.drawText(`01/${String(i % 28 + 1).padStart(2, '0')} ACH DEPOSIT SQUARE INC 1,234.56`, { x: 50, y, size: 9, font });
  }
  return doc.save();
}

/** A PDF whose trailer carries an /Encrypt dictionary, as password-protected files do. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const enc = doc.context.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -4 });
  doc.context.trailerInfo.Encrypt = doc.context.register(enc);
  void PDFName;
  return doc.save();
}

export async function writeTemp(dir: string, name: string, bytes: Uint8Array): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, bytes);
  return p;
}

/** Text of each page, by pdfjs-dist extraction. */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await openPdf(bytes);
  try {
    const texts: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      texts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
    }
    return texts;
  } finally {
    await pdf.destroy();
  }
}

/** Link annotations (their URIs) of each page. */
export async function pageLinks(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await openPdf(bytes);
  try {
    const links: string[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const annots = await (await pdf.getPage(n)).getAnnotations();
      links.push(annots.filter((a: { subtype: string }) => a.subtype === 'Link').map((a: { url?: string; unsafeUrl?: string }) => a.url ?? a.unsafeUrl ?? ''));
    }
    return links;
  } finally {
    await pdf.destroy();
  }
}

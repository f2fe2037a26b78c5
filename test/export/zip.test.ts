import { createCanvas, GifEncoder } from '@napi-rs/canvas';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportZipToFile, parseZipOptions, renderWatermarkPreview, writeZipArchive, ExportInputError, type ZipSourceFile } from '../../src/service/export/index.js';
import { encryptedPdf, pageLinks, pageTexts, readZip, tempDir, textPdf, writeTemp } from './helpers.js';

function collect(): { stream: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  return {
    stream: new Writable({ write(chunk, _enc, cb) { chunks.push(chunk); cb(); } }),
    bytes: () => Buffer.concat(chunks),
  };
}

function png(width: number, height: number): Uint8Array {
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#c00';
  ctx.fillRect(0, 0, width, height);
  return new Uint8Array(c.toBuffer('image/png'));
}

let dir: string;
let files: ZipSourceFile[];

beforeAll(async () => {
  dir = await tempDir();
  files = [
    { fileName: 'march.pdf', path: await writeTemp(dir, 'march.pdf', await textPdf(3)), statements: [{ accountNumber: '111122223333', startDate: '2025-03-01', endDate: '2025-03-31' }] },
    { fileName: 'april.pdf', path: await writeTemp(dir, 'april.pdf', await textPdf(2, { rotate: 90, size: [792, 612] })), statements: [{ accountNumber: '111122223333', startDate: '2025-04-01', endDate: '2025-04-30' }] },
  ];
});

describe('writeZipArchive', () => {
  it('watermarks every page, prints a unique ID per copy, links the URL and keeps the original text', async () => {
    const out = collect();
    const manifest = await writeZipArchive(files, { watermarkText: 'CONFIDENTIAL ACME FUNDING', watermarkIdText: 'Sent to Lender X', watermarkUrl: 'https://broker.example/deal/42' }, out.stream);
    const entries = await readZip(out.bytes());
    expect([...entries.keys()].sort()).toEqual(['april.pdf', 'manifest.json', 'march.pdf']);
    const march = await pageTexts(entries.get('march.pdf')!);
    const april = await pageTexts(entries.get('april.pdf')!);
    expect(march).toHaveLength(3);
    expect(april).toHaveLength(2);
    for (const [i, text] of march.entries()) {
      expect(text).toContain('CONFIDENTIAL ACME FUNDING');
      expect(text).toContain(`STATEMENT LINE page ${i + 1}`);
      expect(text).toMatch(/Sent to Lender X · [0-9A-F]{8}-001/);
      expect(text).toContain('https://broker.example/deal/42');
    }
    for (const text of april) expect(text).toMatch(/Sent to Lender X · [0-9A-F]{8}-002/);
    expect(manifest.map((m) => m.idText)).toEqual([expect.stringMatching(/-001$/), expect.stringMatching(/-002$/)]);
    expect(await pageLinks(entries.get('april.pdf')!)).toEqual([['https://broker.example/deal/42'], ['https://broker.example/deal/42']]);
  });

  it('uses the filename pattern and lists every file in manifest.json, skipped ones with the reason', async () => {
    const broken: ZipSourceFile[] = [
      ...files,
      { fileName: 'locked.pdf', path: await writeTemp(dir, 'locked.pdf', await encryptedPdf()), statements: [] },
      { fileName: 'garbage.pdf', path: await writeTemp(dir, 'garbage.pdf', new TextEncoder().encode('%PDF-1.7\nthis is not a pdf at all')), statements: [] },
      { fileName: 'export.json', path: await writeTemp(dir, 'export.json', new TextEncoder().encode('{"accounts":[]}')), statements: [] },
      { fileName: 'gone.pdf', path: path.join(dir, 'missing.pdf'), statements: [] },
    ];
    const out = collect();
    const manifest = await writeZipArchive(broken, { filenamePattern: 'Acme <account_number_last_4> <month_text> <year>' }, out.stream);
    const entries = await readZip(out.bytes());
    expect([...entries.keys()].sort()).toEqual(['Acme 3333 April 2025.pdf', 'Acme 3333 March 2025.pdf', 'manifest.json']);
    const listed = JSON.parse(entries.get('manifest.json')!.toString()).files as { source: string; skipped?: string }[];
    expect(listed.map((f) => f.source)).toEqual(['march.pdf', 'april.pdf', 'locked.pdf', 'garbage.pdf', 'export.json', 'gone.pdf']);
    expect(manifest.find((m) => m.source === 'locked.pdf')?.skipped).toMatch(/encrypted/);
    expect(manifest.find((m) => m.source === 'garbage.pdf')?.skipped).toMatch(/cannot be read|no pages/);
    expect(manifest.find((m) => m.source === 'export.json')?.skipped).toMatch(/not a PDF/);
    expect(manifest.find((m) => m.source === 'gone.pdf')?.skipped).toMatch(/ENOENT/);
    // Without a watermark the original text is intact and no mark is added.
    const text = (await pageTexts(entries.get('Acme 3333 March 2025.pdf')!)).join(' ');
    expect(text).toContain('STATEMENT LINE page 1');
    expect(text).not.toContain('·');
  });

  it('flattens: no text layer remains, pages keep their size, the URL stays clickable', async () => {
    const out = collect();
    await writeZipArchive(files.slice(0, 1), { watermarkText: 'COPY', watermarkIsFlatten: true, watermarkUrl: 'https://broker.example/x' }, out.stream);
    const pdf = (await readZip(out.bytes())).get('march.pdf')!;
    const texts = await pageTexts(pdf);
    expect(texts).toEqual(['', '', '']);
    expect(await pageLinks(pdf)).toEqual([['https://broker.example/x'], ['https://broker.example/x'], ['https://broker.example/x']]);
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('places a logo on every page and exports a 100-page application to a file atomically', async () => {
    const big: ZipSourceFile[] = [];
    for (let i = 0; i < 4; i++) {
      big.push({ fileName: `m${i}.pdf`, path: await writeTemp(dir, `m${i}.pdf`, await textPdf(25)), statements: [{ accountNumber: '99998888', startDate: `2025-0${i + 1}-01`, endDate: `2025-0${i + 1}-28` }] });
    }
    const options = await parseZipOptions({ watermarkText: 'ACME', watermarkLogo: png(200, 200) });
    const dest = path.join(dir, 'out.zip');
    const progress: number[] = [];
    const manifest = await exportZipToFile(big, options, dest, (p) => progress.push(p.done));
    expect(manifest.reduce((n, m) => n + m.pages, 0)).toBe(100);
    expect(progress).toEqual([0, 1, 2, 3, 4]);
    const entries = await readZip(await readFile(dest));
    const { PDFDocument, PDFName } = await import('pdf-lib');
    const doc = await PDFDocument.load(entries.get('m0.pdf')!);
    for (const page of doc.getPages()) {
      const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
      // The generated originals carry no images: an XObject on every page is the logo.
      expect(xobjects).toBeDefined();
      expect(xobjects!.toString()).toMatch(/\d+ 0 R/);
    }
    await expect(stat(`${dest}.${process.pid}.partial`)).rejects.toThrow();
  });

  it('renders a PNG preview of page 1 with its watermark', async () => {
    const preview = await renderWatermarkPreview(files[0]!, { watermarkText: 'PREVIEW' });
    expect(Buffer.from(preview.subarray(1, 4)).toString()).toBe('PNG');
    expect(preview.length).toBeGreaterThan(1000);
  });
});

describe('parseZipOptions', () => {
  it('converts a GIF logo to PNG and warns about a non-square logo', async () => {
    const c = createCanvas(300, 100);
    c.getContext('2d').fillRect(0, 0, 300, 100);
    const enc = new GifEncoder(300, 100);
    enc.addFrame(new Uint8Array(c.getContext('2d').getImageData(0, 0, 300, 100).data.buffer), 300, 100, {});
    const options = await parseZipOptions({ watermarkLogo: new Uint8Array(enc.finish()) });
    expect(options.watermarkLogo?.mime).toBe('image/png');
    expect(options.warnings[0]).toMatch(/square/);
  });

  it('accepts a data URL logo', async () => {
    const url = `data:image/png;base64,${Buffer.from(png(64, 64)).toString('base64')}`;
    expect((await parseZipOptions({ watermarkLogo: url })).watermarkLogo?.mime).toBe('image/png');
  });

  it.each([
    [{ watermarkLogo: new TextEncoder().encode('hello, not an image') }, /watermarkLogo: is not a PNG, JPG or GIF/],
    [{ watermarkLogo: 'https://example.com/logo.png' }, /watermarkLogo: must be an uploaded/],
    [{ watermarkLogo: new Uint8Array(3 * 1024 * 1024 + 1) }, /watermarkLogo: is 3\.0 MB; the limit is 3 MB/],
    [{ watermarkLogo: 'LARGE' }, /watermarkLogo: is 1300×1300 px; at most 1200 px a side/],
    [{ watermarkLogo: 'STRIP' }, /at most 1:4/],
    [{ filenamePattern: '<account>_<year>' }, /filenamePattern: unknown token <account>/],
    [{ watermarkIsFlatten: 'maybe' }, /watermarkIsFlatten: must be true or false/],
    [{ watermarkUrl: 'javascript:alert(1)' }, /watermarkUrl: must be an http\(s\) URL/],
    [{ watermarkText: 'x'.repeat(121) }, /watermarkText: must be at most 120 characters/],
  ])('refuses %# with a message naming the field', async (fields, message) => {
    const f = { ...fields } as Record<string, string | Uint8Array>;
    if (f.watermarkLogo === 'LARGE') f.watermarkLogo = png(1300, 1300);
    if (f.watermarkLogo === 'STRIP') f.watermarkLogo = png(1000, 100);
    const err = await parseZipOptions(f).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExportInputError);
    expect((err as Error).message).toMatch(message);
  });
});

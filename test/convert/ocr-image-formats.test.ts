/**
 * Image uploads beyond PNG/JPEG/TIFF: WebP, GIF and AVIF (screenshots, messaging apps, web
 * downloads) read by OCR; HEIC refused by name; every image's size read from its header and the
 * pixel limit checked before a byte is decoded. Statements from our generator, scanned.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { deflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { sniffImage } from '../../src/engine/ocr/decode.js';
import { avifSize, gifSize, jpegSize, pngSize, webpSize } from '../../src/engine/ocr/image-size.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { scanImages } from '../fixtures/generator/scan.js';
import { transactionF1 } from '../fixtures/transaction-f1.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const convert = (fileName: string, bytes: Uint8Array) =>
  convertDocument({ fileName, bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });

async function pageCanvas() {
  const r = await renderStatementPdf(makeStatementSpec({ seed: 6, layout: 'usbank', transactionsPerMonth: 12 }));
  const [png] = await scanImages(r.bytes, 'png', { dpi: 200, seed: 5 }, [1]);
  const img = await loadImage(png!);
  const canvas = createCanvas(img.width, img.height);
  canvas.getContext('2d').drawImage(img, 0, 0);
  return { r, canvas };
}

/** A PNG whose header declares width × height gray pixels, its data one tiny compressed row. */
function declaredPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]);
}

describe('image formats', () => {
  it('reads a scanned statement sent as WebP', async () => {
    const { r, canvas } = await pageCanvas();
    const webp = await canvas.encode('webp', 90);
    expect(sniffImage(webp)).toBe('webp');
    const doc = await convert('page.webp', webp);
    expect(doc.error).toBeUndefined();
    expect(doc.pdf).toMatchObject({ image: true, ocrPages: [1] });
    expect(transactionF1(r.truth, doc.statements)).toBeGreaterThanOrEqual(0.9);
  });

  it('reads each format\'s size from its header, as the decoder finds it', async () => {
    const canvas = createCanvas(1234, 567);
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff'; g.fillRect(0, 0, 1234, 567); g.fillStyle = '#000'; g.fillText('Opening balance 1,234.56', 20, 40);
    const sizes: Record<string, unknown> = {};
    for (const [kind, read] of [['png', pngSize], ['jpeg', jpegSize], ['webp', webpSize], ['gif', gifSize], ['avif', avifSize]] as const) {
      const bytes = kind === 'jpeg' || kind === 'webp' ? await canvas.encode(kind, 80) : kind === 'png' ? await canvas.encode('png') : kind === 'gif' ? await canvas.encode('gif') : await canvas.encode('avif');
      expect(sniffImage(bytes)).toBe(kind);
      const img = await loadImage(bytes);
      sizes[kind] = [read(bytes), { width: img.width, height: img.height }];
    }
    for (const [kind, [declared, decoded]] of Object.entries(sizes) as [string, [unknown, unknown]][]) expect(declared, kind).toEqual(decoded);
    // A lossless WebP and a JPEG whose frame header comes after EXIF and comment segments.
    expect(webpSize(await canvas.encode('webp', 100))).toEqual({ width: 1234, height: 567 });
    const jpeg = await canvas.encode('jpeg', 80);
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x10]), Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1')]);
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x07]), Buffer.from('hello', 'latin1')]);
    expect(jpegSize(Buffer.concat([jpeg.subarray(0, 2), exif, comment, jpeg.subarray(2)]))).toEqual({ width: 1234, height: 567 });
  });

  it('refuses an image whose header declares more pixels than the limit, before decoding it', async () => {
    const bomb = declaredPng(40_000, 40_000);
    expect(bomb.length).toBeLessThan(1000);
    await expect(convert('bomb.png', bomb)).rejects.toThrow(/bomb\.png: the image is 40000×40000 pixels, more than the \d+-megapixel limit for OCR/);
    // A header that says no size is refused by name, never decoded blind.
    await expect(convert('cut.png', bomb.subarray(0, 20))).rejects.toThrow(/the PNG image's size cannot be read from its header/);
  });

  it('refuses a HEIC photo by name and says how to send it', async () => {
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0); ftyp.write('ftypheic', 4, 'latin1'); ftyp.write('mif1heic', 16, 'latin1');
    const heic = Buffer.concat([ftyp, Buffer.alloc(200)]);
    expect(sniffImage(heic)).toBe('heic');
    await expect(convert('IMG_0042.HEIC', heic)).rejects.toThrow(/IMG_0042\.HEIC: HEIC photos \(an iPhone's own format\) cannot be read: send the photo as JPEG/);
  });
});

/**
 * Text extraction drops images before pdf.js decodes them (only text is read), and still
 * resolves real font names, which come from the page's operator list that also carries images.
 */
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractPdf } from '../../src/engine/pdf/extract.js';

/** A PNG of w×h RGB pixels, built here (no image library): signature, IHDR, IDAT, IEND. */
function png(w: number, h: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const t = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(t));
    return Buffer.concat([len, t, sum]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows[y * (w * 3 + 1) + 1 + x * 3] = (x * 7 + y) & 0xff;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

describe('text extraction on pages with images', () => {
  it('reads the text and the real font names of a page under a large picture', async () => {
    const doc = await PDFDocument.create();
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const image = await doc.embedPng(png(600, 400));
    const page = doc.addPage([612, 792]);
    page.drawImage(image, { x: 0, y: 300, width: 612, height: 408 });
    page.drawText('Closing balance 1,234.56', { x: 72, y: 700, size: 10, font: bold });
    const text = await extractPdf(await doc.save(), 'picture.pdf');
    expect(text.info.image).toBe(false);
    expect(text.pages[0]!.items.map((i) => [i.str, i.font])).toEqual([['Closing balance 1,234.56', 'Helvetica-Bold']]);
  });
});

/**
 * While the engine reads a PDF, DecompressionStream('deflate') inflates in one synchronous zlib
 * call (pdf/inflate.ts). pdf.js with Node's own DecompressionStream is the reference: the text
 * must come out identical, including a content stream zlib refuses (pdf.js decodes that one
 * with its own decoder, as it does after Node's stream errors).
 */
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { wholeInflateActive, wholeInflateCounts, withWholeInflate } from '../../src/engine/pdf/inflate.js';
import { pdfjs } from '../../src/engine/pdf/pdfjs.js';
import { makeLongStatement } from '../fixtures/generator/index.js';

async function readAll(stream: { readable: ReadableStream<Uint8Array>; writable: WritableStream<BufferSource> }, chunks: Uint8Array[]): Promise<Buffer> {
  const writer = stream.writable.getWriter();
  void (async () => {
    for (const c of chunks) await writer.write(c as Uint8Array<ArrayBuffer>);
    await writer.close();
  })().catch(() => undefined);
  const out: Uint8Array[] = [];
  for await (const c of stream.readable as unknown as AsyncIterable<Uint8Array>) out.push(c);
  return Buffer.concat(out);
}

/** Text of every page through pdf.js directly (no engine code). */
async function pdfjsText(bytes: Uint8Array): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join('|'));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** A one-page PDF whose content stream is FlateDecode; `cut` bytes are dropped from its end (the Adler-32 checksum). */
function flatePdf(text: string, cut: number): Uint8Array {
  const full = deflateSync(Buffer.from(`BT /F1 12 Tf 72 700 Td (${text}) Tj ET`, 'latin1'));
  const data = full.subarray(0, full.length - cut);
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objs.forEach((o, i) => {
    const body = o === null
      ? Buffer.concat([Buffer.from(`${i + 1} 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n', 'latin1')])
      : Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1');
    offsets.push(at);
    parts.push(body);
    at += body.length;
  });
  const xref = `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

describe('whole-stream inflation during extraction', () => {
  it('is in force only while an extraction runs, overlapping ones included, and after a failure it is undone', async () => {
    const node = globalThis.DecompressionStream;
    expect(wholeInflateActive()).toBe(false);
    let release!: () => void;
    const first = withWholeInflate(() => new Promise<void>((r) => { release = r; }));
    expect(wholeInflateActive()).toBe(true);
    await withWholeInflate(async () => { expect(wholeInflateActive()).toBe(true); });
    expect(wholeInflateActive()).toBe(true); // the first one is still under way
    release();
    await first;
    expect(globalThis.DecompressionStream).toBe(node);
    await expect(withWholeInflate(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(globalThis.DecompressionStream).toBe(node);
  });

  it('inflates deflate data written in several chunks, errors on data zlib refuses, and leaves other formats to Node', async () => {
    const text = 'Opening balance 1,234.56\n'.repeat(500);
    const packed = new Uint8Array(deflateSync(text));
    await withWholeInflate(async () => {
      const out = await readAll(new DecompressionStream('deflate'), [packed.subarray(0, 100), packed.subarray(100)]);
      expect(out.toString()).toBe(text);
      const refusedBefore = wholeInflateCounts.refused;
      await expect(readAll(new DecompressionStream('deflate'), [packed.subarray(0, packed.length - 4)])).rejects.toThrow();
      expect(wholeInflateCounts.refused).toBe(refusedBefore + 1);
      const gz = await readAll(new DecompressionStream('gzip'), [new Uint8Array(gzipSync(text))]);
      expect(gz.toString()).toBe(text);
    });
  });

  it('gives pdf.js the same page text as Node\'s DecompressionStream on a generated statement, inflating its streams here', async () => {
    const pdf = await makeLongStatement({ seed: 7, layout: 'chase', pages: 3 });
    const reference = await pdfjsText(pdf.bytes);
    const before = wholeInflateCounts.inflated;
    const ours = await withWholeInflate(() => pdfjsText(pdf.bytes));
    expect(wholeInflateCounts.inflated - before).toBeGreaterThanOrEqual(reference.length);
    expect(ours).toEqual(reference);
    expect(reference.join('').length).toBeGreaterThan(500);
  });

  it('reads a content stream that zlib refuses (checksum cut off) through pdf.js\'s own decoder, as with Node\'s stream', async () => {
    const bytes = flatePdf('Balance forward 42.17', 4);
    const reference = await pdfjsText(bytes);
    expect(reference).toEqual(['Balance forward 42.17']);
    const refusedBefore = wholeInflateCounts.refused;
    const text = await extractPdf(bytes, 'cut.pdf');
    expect(wholeInflateCounts.refused).toBeGreaterThan(refusedBefore);
    expect(text.pages[0]!.items.map((i) => i.str)).toEqual(['Balance forward 42.17']);
    expect(text.pages[0]!.items[0]!.font).toBe('Helvetica');
  });
});

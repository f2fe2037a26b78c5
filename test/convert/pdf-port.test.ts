/**
 * The engine's in-thread pdf.js worker (pdf/in-thread-port.ts) hands text chunks over without
 * a structured clone. pdf.js's own loopback (which clones everything, as a real worker would)
 * is the reference: every page's text content must come out identical, on a generated
 * statement long enough for pages of several chunks.
 */
import { describe, expect, it } from 'vitest';
import { InThreadPort } from '../../src/engine/pdf/in-thread-port.js';
import { inThreadWorker, pdfjs } from '../../src/engine/pdf/pdfjs.js';
import { makeLongStatement } from '../fixtures/generator/index.js';

/** Font ids carry the document's number (g_d3_f1); the rest must match exactly. */
const sameIds = (pages: unknown) => JSON.parse(JSON.stringify(pages).replace(/g_d\d+_/g, 'g_d_'));

async function allText(bytes: Uint8Array, worker?: InstanceType<typeof pdfjs.PDFWorker>) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), worker, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      pages.push(await page.getTextContent());
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

describe('in-thread pdf.js port', () => {
  it('gives the same text content as pdf.js cloning every message, and skips the clone of text chunks', async () => {
    const pdf = await makeLongStatement({ seed: 11, layout: 'wellsfargo', pages: 4 });
    const reference = await allText(pdf.bytes);
    const own = inThreadWorker();
    let ours;
    try {
      ours = await allText(pdf.bytes, own.worker);
    } finally {
      own.close();
    }
    expect(ours.length).toBe(reference.length);
    expect(ours.length).toBeGreaterThanOrEqual(4);
    // Pages of more than 100 items arrive in several chunks; the last chunk must not replace the first.
    expect(Math.max(...reference.map((p) => p.items.length))).toBeGreaterThan(100);
    expect(sameIds(ours)).toEqual(sameIds(reference));
    expect(own.port.uncloned).toBeGreaterThanOrEqual(ours.length);
    // Stream pulls and their answers (primitive values only) are copied without structuredClone.
    expect(own.port.flat).toBeGreaterThanOrEqual(own.port.uncloned);
  });

  it('copies a message of primitive values as structuredClone would, and clones one holding objects', async () => {
    const port = new InThreadPort();
    const got: unknown[] = [];
    port.addEventListener('message', (e) => got.push(e.data));
    const flat = { sourceName: 'a', targetName: 'b', stream: 6, streamId: 3, desiredSize: 90, success: true, reason: null, extra: undefined };
    const nested = { sourceName: 'a', action: 'GetPage', callbackId: 4, data: { pageIndex: 2 } };
    port.postMessage(flat);
    port.postMessage(nested);
    await new Promise((r) => setTimeout(r, 0));
    expect(got).toEqual([structuredClone(flat), structuredClone(nested)]);
    expect(got[0]).not.toBe(flat);
    expect((got[1] as typeof nested).data).not.toBe(nested.data);
    expect(port.flat).toBe(1);
    port.terminate();
  });

  it('leaves the caller its bytes and reads a second document on a fresh worker', async () => {
    const pdf = await makeLongStatement({ seed: 12, layout: 'chase', pages: 2 });
    const before = pdf.bytes.byteLength;
    const a = await allText(pdf.bytes, inThreadWorker().worker);
    const b = await allText(pdf.bytes, inThreadWorker().worker);
    expect(pdf.bytes.byteLength).toBe(before);
    expect(sameIds(b)).toEqual(sameIds(a));
    expect(a.flatMap((p) => p.items).length).toBeGreaterThan(50);
  });
});

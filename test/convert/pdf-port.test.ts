/**
 * The engine's in-thread pdf.js worker (pdf/in-thread-port.ts) hands text chunks over without
 * a structured clone. pdf.js's own loopback (which clones everything, as a real worker would)
 * is the reference: every page's text content must come out identical, on a generated
 * statement long enough for pages of several chunks.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InThreadPort } from '../../src/engine/pdf/in-thread-port.js';
import { inThreadWorker, pdfjs } from '../../src/engine/pdf/pdfjs.js';
import { TEXT_ONLY } from '../../src/engine/pdf/extract.js';
import { makeLongStatement } from '../fixtures/generator/index.js';

const STANDARD_FONTS = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

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

  it('with the engine\'s options: operator lists without their operators, no glyph paths, the page\'s fonts with their real names', async () => {
    const pdf = await makeLongStatement({ seed: 13, layout: 'chase', pages: 2 });
    const own = inThreadWorker();
    const commonObjs: string[] = [];
    const post = own.port.postMessage.bind(own.port);
    own.port.postMessage = (m, t) => {
      const data = (m as { action?: string; data?: unknown[] }).data;
      if ((m as { action?: string }).action === 'commonobj' && Array.isArray(data)) commonObjs.push(String(data[1]));
      post(m, t);
    };
    // pdf.js's copy of the standard fonts gives the generator's Helvetica a font program, as an
    // embedded font has: the case where glyph paths would be built.
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf.bytes), worker: own.worker, ...TEXT_ONLY, standardFontDataUrl: STANDARD_FONTS }).promise;
    try {
      const page = await doc.getPage(1);
      const text = await page.getTextContent();
      const ops = await page.getOperatorList();
      // The engine never reads the operators: none were cloned over, the list says it is complete.
      expect(ops.fnArray).toEqual([]);
      expect((ops as unknown as { lastChunk: boolean }).lastChunk).toBe(true);
      expect(own.port.emptiedOperatorLists).toBeGreaterThan(0);
      // What the list is built for: every font of the page's text is published with its real name.
      const ids = [...new Set(text.items.flatMap((it) => ('fontName' in it ? [it.fontName] : [])))];
      expect(ids.length).toBeGreaterThan(0);
      const names = ids.map((id) => (page.commonObjs.get(id) as { name?: string }).name);
      for (const name of names) expect(name).toMatch(/Helvetica|Times|Courier|Arial/);
      // Fonts were published; no drawing path of a glyph was built for them (disableFontFace: false).
      expect(commonObjs).toContain('Font');
      expect(commonObjs).not.toContain('FontPath');
      // And the text itself is untouched by the operator list's passage.
      expect(sameIds(await page.getTextContent())).toEqual(sameIds(text));
    } finally {
      await doc.destroy();
      own.close();
    }
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

/**
 * The reference's OCR semantics over real HTTP: a scan answers 202 and is fetched with
 * /checkprogress (asyncocr), or waited for (asyncocr false); neverocr reports
 * requiresRerunWithOCR; doocrfile reads a text PDF's pages by OCR; file_status says ocr/image.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAccount, startTestService, type Client, type TestService } from './helpers.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { scanImages, scannedPdf } from '../fixtures/generator/scan.js';

// OCR is slow on a shared 2-core machine: generous bounds, never a speed assertion.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });

let svc: TestService;
let c: Client;
let text: Uint8Array;
let scan: Uint8Array;
beforeAll(async () => {
  svc = await startTestService({ syncWaitMs: 600_000 }); // a synchronous call waits for OCR however busy the machine
  c = await newAccount(svc, 'pdfinsightstp', { conversions: 100 });
  text = (await renderStatementPdf(makeStatementSpec({ seed: 3, layout: 'chase', transactionsPerMonth: 12 }))).bytes;
  scan = await scannedPdf(text, { dpi: 300, skewDeg: 0.8, seed: 3 });
});
afterAll(async () => { await svc?.stop(); });

const pdf = (name: string, bytes: Uint8Array) => ({ name, bytes, type: 'application/pdf' });

describe('OCR over HTTP', () => {
  it('asyncocr (default): a scanned PDF answers 202 as OCR starts; /checkprogress says which page, then returns the OCR results', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'OCR-1', format: 'jsonobject' }, [pdf('scan.pdf', scan)]);
    expect(r.status).toBe(202);
    expect(r.json.message).toMatch(/^OCR in progress/);
    const resfile = r.json.file_status[0].resfile;
    const messages: string[] = [];
    let done: any;
    for (let i = 0; i < 3000 && !done; i++) {
      const p = await c.post('/checkprogress', { appnumber: 'OCR-1', resfile });
      if (p.status === 200) done = p.json;
      else { expect(p.status).toBe(206); messages.push(p.json.message); await new Promise((res) => setTimeout(res, 200)); }
    }
    expect(done).toBeDefined();
    expect(messages.some((m) => /^conversion in progress: OCR page 1\/1$/.test(m))).toBe(true);
    const item = done.file_status[0];
    expect(item).toMatchObject({ ocr: true, image: true, minResolution: 300, maxResolution: 300, reconciled: true, requiresRerunWithOCR: false });
    expect(item.numTransactions).toBe(14);
  });

  it('asyncocr false: the call waits for OCR and answers 200 with the results (a JPEG upload)', async () => {
    const [jpeg] = await scanImages(text, 'jpeg', { dpi: 300, skewDeg: 0.8, seed: 3 });
    const r = await c.post('/uploadpdfs', { appnumber: 'OCR-2', asyncocr: false }, [{ name: 'photo.jpg', bytes: jpeg!, type: 'image/jpeg' }]);
    expect(r.status).toBe(200);
    const item = r.json.file_status[0];
    expect(item).toMatchObject({ ocr: true, image: true, fileName: 'photo.jpg' });
    expect(item.numTransactions).toBeGreaterThan(10);
  });

  it('neverocr: a scanned PDF is not read; its file_status says requiresRerunWithOCR', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'OCR-3', neverocr: true }, [pdf('scan.pdf', scan)]);
    expect(r.status).toBe(200);
    const item = r.json.file_status[0];
    expect(item).toMatchObject({ requiresRerunWithOCR: true, ocr: false, image: true, numTransactions: -1 });
    expect(item.error).toMatch(/neverocr/);
  });

  it('doocrfile: a text PDF is read by OCR instead of its text layer', async () => {
    const plain = await c.post('/uploadpdfs', { appnumber: 'OCR-4' }, [pdf('text.pdf', text)]);
    expect(plain.status).toBe(200);
    expect(plain.json.file_status[0]).toMatchObject({ ocr: false, image: false });
    const r = await c.post('/uploadpdfs', { appnumber: 'OCR-4', doocrfile: true, asyncocr: false }, [pdf('text-again.pdf', text)]);
    expect(r.status).toBe(200);
    expect(r.json.file_status[0]).toMatchObject({ ocr: true, image: false, reconciled: true, numTransactions: 14 });
  });
});

/**
 * Scanned application and tax forms over real HTTP: the generator's forms rendered to scans (a
 * printed page on the glass: slightly turned, grey paper, specks), read by the engine's OCR into
 * the same fields as the printed forms. A figure OCR cannot read is null and named in `unread`,
 * never a wrong number.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORM_FIELDS } from '../../src/contract/api/application-form.js';
import { renderApplicationForm } from '../fixtures/generator/forms/render.js';
import { renderTaxForm } from '../fixtures/generator/forms/tax.js';
import { scanImages, scannedPdf } from '../fixtures/generator/scan.js';
import { newAccount, startTestService, type Client, type TestService } from './helpers.js';

// OCR is slow on a shared 2-core machine: generous bounds, never a speed assertion.
vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });

let svc: TestService;
let c: Client;
beforeAll(async () => {
  svc = await startTestService({ syncWaitMs: 600_000 });
  c = await newAccount(svc, 'pdfinsightstp', { conversions: 100 });
});
afterAll(async () => { await svc?.stop(); });

describe('scanned forms through OCR', () => {
  it('a scanned application form (image-only PDF) is read into every field of its truth', async () => {
    const f = await renderApplicationForm(3, 'labeled');
    const scan = await scannedPdf(f.bytes, { dpi: 300, skewDeg: 0.5, seed: 2 });
    const r = await c.post('/uploadpdfs', { appnumber: 'SCAN-AF', accounttype: 'applicationForm', asyncocr: false }, [{ name: 'application-scan.pdf', bytes: scan, type: 'application/pdf' }]);
    expect(r.status).toBe(200);
    const item = r.json.file_status[0];
    expect(item).toMatchObject({ fail: false, ocr: true, image: true, detectedDocTypeText: 'Application' });
    const wrong = FORM_FIELDS.filter((k) => item.form[k] !== (f.truth[k] ?? '')).map((k) => `${k}: ${JSON.stringify(item.form[k])} ≠ ${JSON.stringify(f.truth[k])}`);
    expect(wrong).toEqual([]);
    expect(item.form.nbFoundFields).toBe(Object.keys(f.truth).length);
    expect(r.json.appinfo.owner).toBe(f.truth.legalName);
  });

  it('a photographed W-2 (PNG) is named and read: year, masked EIN and SSN, withholding; wages never guessed', async () => {
    const t = await renderTaxForm(4, 'W-2');
    const [png] = await scanImages(t.bytes, 'png', { dpi: 300, skewDeg: 0.5, seed: 2 });
    const r = await c.post('/uploadpdfs', { appnumber: 'SCAN-W2', accounttype: 'taxform', asyncocr: false }, [{ name: 'w2.png', bytes: png!, type: 'image/png' }]);
    expect(r.status).toBe(200);
    const item = r.json.file_status[0];
    expect(item).toMatchObject({ fail: false, ocr: true, TaxForms: 'W-2', docType: 1 });
    const form = item.taxForm;
    expect(form.taxYear).toBe(t.truth.taxYear);
    expect(form.ein).toBe(t.truth.ein);
    expect(form.tin).toBe(t.truth.tin);
    expect(form.federalWithheld).toBe(t.truth.figures.federalWithheld);
    // Read right, or empty and named: never another number.
    if (form.wages === null) expect(form.unread).toContain('wages');
    else expect(form.wages).toBe(t.truth.figures.wages);
  });

  it('a scanned pay stub: current gross pay, net pay and year-to-date gross each read from their own box', async () => {
    const t = await renderTaxForm(4, 'Pay Stub');
    const scan = await scannedPdf(t.bytes, { dpi: 300, skewDeg: 0.5, seed: 2 });
    const r = await c.post('/uploadpdfs', { appnumber: 'SCAN-PS', accounttype: 'taxform', asyncocr: false }, [{ name: 'paystub-scan.pdf', bytes: scan, type: 'application/pdf' }]);
    expect(r.status).toBe(200);
    const item = r.json.file_status[0];
    expect(item).toMatchObject({ ocr: true, TaxForms: 'Pay Stub' });
    expect(item.taxForm).toMatchObject({ wages: t.truth.figures.wages, netPay: t.truth.figures.netPay, ytdGross: t.truth.figures.ytdGross });
  });
});

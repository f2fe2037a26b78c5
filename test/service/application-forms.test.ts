import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FIELDS } from '../../src/contract/api/application-form.js';
import { FileStatusSchema } from '../../src/contract/api/file-status.js';
import { maskSensitiveText, maskSsn, maskDob } from '../../src/engine/forms/index.js';
import { FORM_LAYOUTS, renderApplicationForm } from '../fixtures/generator/forms/render.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { newAccount, startTestService, type Client, type TestService } from './helpers.js';

let svc: TestService;
let c: Client;
beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc, 'pdfinsightstp', { conversions: 100 });
});
afterAll(async () => { await svc?.stop(); });

const pdf = (bytes: Uint8Array, name = 'application.pdf') => ({ name, bytes, type: 'application/pdf' });

describe('application forms over HTTP', () => {
  it.each(FORM_LAYOUTS.flatMap((l) => [[l, 'applicationForm'], [l, 'autoDetect']] as const))('%s layout with accounttype=%s: every field of the truth', async (layout, accounttype) => {
    const f = await renderApplicationForm(layout === 'boxed' ? 5 : 3, layout);
    const r = await c.post('/uploadpdfs', { appnumber: `AF-${layout}-${accounttype}`, accounttype }, [pdf(f.bytes)]);
    expect(r.status).toBe(200);
    expect(r.json.file_status).toHaveLength(1);
    const item = r.json.file_status[0];
    expect(() => FileStatusSchema.parse(item)).not.toThrow();
    expect(item).toMatchObject({ fail: false, detectedDocTypeText: 'Application', processedDocTypeText: 'Application', docType: 0 });
    const form = item.form;
    for (const field of FORM_FIELDS) expect(form[field], field).toBe(f.truth[field] ?? '');
    expect(form.nbFoundFields).toBe(Object.keys(f.truth).length);
    expect(form.submissionId).toBe(item.fileConversionId);
    expect(form.fields.find((x: any) => /social security/i.test(x.name))?.value).toBe(f.truth.owner1SSN);
    // appinfo carries the business name.
    expect(r.json.appinfo.owner).toBe(f.truth.legalName);
    expect(r.json.appinfo.totalstatements).toBe(0);
  });

  it('a one-owner form leaves the second owner empty', async () => {
    const f = await renderApplicationForm(9, 'labeled', 1);
    const r = await c.post('/uploadpdfs', { appnumber: 'AF-ONE', accounttype: 'applicationForm' }, [pdf(f.bytes)]);
    const form = r.json.file_status[0].form;
    expect(form.owner1Name).toBe(f.truth.owner1Name);
    expect(form.owner2Name).toBe('');
    expect(form.owner2SSN).toBe('');
  });

  it('a statement sent as applicationForm fails clearly; a statement with autoDetect is still a statement', async () => {
    const st = await renderStatementPdf(makeStatementSpec({ seed: 12, layout: 'chase', months: 1 }));
    const asForm = await c.post('/uploadpdfs', { appnumber: 'AF-NOT', accounttype: 'applicationForm' }, [pdf(st.bytes, 'stmt.pdf')]);
    expect(asForm.json.file_status[0].fail).toBe(true);
    expect(asForm.json.file_status[0].error).toMatch(/application form/);
    const auto = await c.post('/uploadpdfs', { appnumber: 'AF-NOT2', accounttype: 'autoDetect' }, [pdf(st.bytes, 'stmt.pdf')]);
    expect(auto.json.file_status[0].form).toBeUndefined();
    expect(auto.json.file_status[0].numTransactions).toBeGreaterThan(0);
  });

  it('a form next to statements: the statements are converted, the form names the business and types it for dowebsearch', async () => {
    const f = await renderApplicationForm(3, 'fillable');
    const st = await renderStatementPdf(makeStatementSpec({ seed: 14, layout: 'chase', months: 1 }));
    const r = await c.post('/uploadpdfs', { appnumber: 'AF-MIX', accounttype: 'autoDetect', dowebsearch: 'true' }, [pdf(f.bytes), pdf(st.bytes, 'stmt.pdf')]);
    expect(r.status).toBe(200);
    const kinds = r.json.file_status.map((i: any) => i.detectedDocTypeText).sort();
    expect(kinds[0]).toBe('Application');
    expect(r.json.appinfo.totalstatements).toBe(1);
    expect(r.json.appinfo.webSearch.industry.primary.explanation).toMatch(/type of business/);
    expect(r.json.appinfo.webSearch.industry.primary.naics).toBe(484121);
  });
});

describe('masking', () => {
  it('SSNs and dates of birth are masked for logs and messages', () => {
    expect(maskSsn('520-54-0138')).toBe('***-**-0138');
    expect(maskDob('05/12/1992')).toBe('**/**/1992');
    expect(maskSensitiveText('Owner SSN 520-54-0138, DOB: 05/12/1992; SSN: 520540138')).toBe('Owner SSN ***-**-0138, DOB: **/**/1992; SSN: *****0138');
  });
});

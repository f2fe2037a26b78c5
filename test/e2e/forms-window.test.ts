import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dropFiles } from './browser.js';
import { createApplication, openWindowApp, type WindowApp } from './window-app.js';
import { renderTaxForm, type TaxTruth } from '../fixtures/generator/forms/tax.js';
import { renderApplicationForm, type RenderedForm } from '../fixtures/generator/forms/render.js';

/**
 * A W-2, a pay stub and an application form dropped on the window: each is listed with what was
 * read from it (the tax forms' figures, the application's business and owners), and none shows
 * as a statement (a form has no balances to reconcile).
 */
const APP = 'DEAL-TAX-1';
let win: WindowApp;
let page: Page;
let w2: { bytes: Uint8Array; truth: TaxTruth };
let stub: { bytes: Uint8Array; truth: TaxTruth };
let application: RenderedForm;

const usd = (v: number) => v.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

beforeAll(async () => {
  w2 = await renderTaxForm(4, 'W-2');
  stub = await renderTaxForm(4, 'Pay Stub');
  application = await renderApplicationForm(5, 'labeled', 2);
  win = await openWindowApp('forms');
  page = win.page;
});

afterAll(async () => { await win?.close(); });

describe('forms in the window', () => {
  it('lists each form with what was read from it, and no statement for any', async () => {
    await createApplication(page, APP);
    await dropFiles(page, [
      { name: 'w2.pdf', bytes: w2.bytes, type: 'application/pdf' },
      { name: 'paystub.pdf', bytes: stub.bytes, type: 'application/pdf' },
      { name: 'application.pdf', bytes: application.bytes, type: 'application/pdf' },
    ]);
    await page.getByRole('dialog').getByRole('button', { name: 'Add files', exact: true }).click();
    await expect.poll(() => page.getByTestId('batch-text').textContent(), { timeout: 120_000 }).toMatch(/^3 of 3 files finished/);
    const table = page.getByTestId('tax-forms');
    await table.waitFor({ timeout: 30_000 });

    const w2Row = table.locator('tr[data-file="w2.pdf"]');
    expect(await w2Row.getAttribute('data-kind')).toBe('W-2');
    expect(await w2Row.locator('td').nth(2).textContent()).toBe(String(w2.truth.taxYear));
    expect(await w2Row.locator('td').nth(3).textContent()).toBe(w2.truth.ein);
    const w2Figures = {
      'Wages (box 1)': w2.truth.figures.wages!, 'Federal tax withheld (box 2)': w2.truth.figures.federalWithheld!,
      'Social security wages (box 3)': w2.truth.figures.socialSecurityWages!, 'Medicare tax withheld (box 6)': w2.truth.figures.medicareWithheld!,
    };
    for (const [label, value] of Object.entries(w2Figures)) {
      expect(await w2Row.locator(`[data-figure="${label}"] dd`).textContent(), label).toBe(usd(value));
    }

    const stubRow = table.locator('tr[data-file="paystub.pdf"]');
    expect(await stubRow.getAttribute('data-kind')).toBe('Pay Stub');
    expect(await stubRow.locator('[data-figure="Gross pay, this period"] dd').textContent()).toBe(usd(stub.truth.figures.wages!));
    expect(await stubRow.locator('[data-figure="Net pay"] dd').textContent()).toBe(usd(stub.truth.figures.netPay!));
    expect(await stubRow.locator('[data-figure="Gross pay, year to date"] dd').textContent()).toBe(usd(stub.truth.figures.ytdGross!));

    const form = page.getByTestId('application-forms').locator('article[data-file="application.pdf"]');
    const t = application.truth;
    for (const f of ['legalName', 'federalTaxId', 'amountRequested', 'owner1Name', 'owner2Name', 'owner1CredScore']) {
      expect(await form.locator(`[data-field="${f}"] dd`).textContent(), f).toBe(t[f]);
    }
    // The SSN shows its last four digits only.
    expect(await form.locator('[data-field="owner1SSN"] dd').textContent()).toBe(`***-**-${t.owner1SSN!.slice(-4)}`);
    expect(await page.getByTestId('application-forms').textContent()).not.toContain(t.owner1SSN!);

    // Forms are not statements: the summary has none to show, and neither file is "not reconciled".
    expect(await page.getByRole('table', { name: 'Statements summary' }).count()).toBe(0);
    expect(await page.locator('.file-row[data-state="unreconciled"]').count()).toBe(0);
    expect(win.browser.consoleErrors).toEqual([]);
  });
});

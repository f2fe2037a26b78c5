import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startWebApp, type WebApp } from '../../src/main/web/web-app.js';
import { buildRendererTo } from './build-renderer.js';
import { dropFiles, openBrowser, type Browser } from './browser.js';
import { handMtJsonFiles } from '../scorecard/hand-computed.js';

/**
 * An underwriter's deal in Chromium: the hand-computed application of test/scorecard
 * (USD checking with a gap month, overlapping savings statements, a GBP account that does not
 * reconcile) plus a file the service cannot read. The failed file says why and what to do, can
 * be opened and removed; counts never call a failed file done.
 */
const SHOTS = path.resolve('test-results/e2e');
const APP = 'DEAL-UW-1';
const files = handMtJsonFiles().map((f) => ({ name: f.name, bytes: new TextEncoder().encode(f.json), type: 'application/json' }));
const unreadable = { name: 'bank-letter.txt', bytes: new TextEncoder().encode('To whom it may concern: the account is in good standing.'), type: 'text/plain' };

let rendererDir: string;
let dataDir: string;
let app: WebApp;
let browser: Browser;
let page: Page;

export const shot = async (p: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
};

beforeAll(async () => {
  rendererDir = await buildRendererTo();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ld-e2e-uw-'));
  app = await startWebApp({ dataDir, staticDir: rendererDir, core: { probe: { baseMs: 200, capMs: 1000 }, retry: { baseMs: 200, capMs: 2000 } } });
  browser = await openBrowser(app.url);
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (rendererDir && existsSync(rendererDir)) rmSync(rendererDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('an underwriter’s deal', () => {
  it('takes the deal and shows progress and states with counts', async () => {
    await page.getByLabel('New application').fill(APP);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: `Application ${APP}` }).waitFor();
    await dropFiles(page, [...files, unreadable]);
    await page.getByRole('dialog').getByRole('button', { name: 'Add files', exact: true }).click();
    const text = page.getByTestId('batch-text');
    await expect.poll(() => text.textContent(), { timeout: 120_000 }).toMatch(/^4 of 4 files finished/);
    const counts = page.getByTestId('file-counts');
    await expect.poll(() => counts.textContent(), { timeout: 30_000 }).toBe('2 converted1 not reconciled1 failed');
    expect(await page.locator('li[data-file="gbp-3333.json"] [data-status="unreconciled"]').textContent()).toBe('not reconciled');
    expect(await page.locator('li[data-file="checking-1111.json"] [data-status="done"]').textContent()).toBe('converted');
  });

  it('says in full why a file failed and what to do', async () => {
    const row = page.locator(`li[data-file="${unreadable.name}"]`);
    expect(await row.locator('[data-status="failed"]').count()).toBe(1);
    expect(await row.getByTestId('file-error').locator('strong').textContent()).toMatch(/^bank-letter\.txt: unsupported file type/);
    expect(await row.getByTestId('file-advice').textContent()).toMatch(/^What to do: .*bank’s PDF download/);
    await shot(page, 'failed-file');
  });

  it('opens the original of a file', async () => {
    const [tab] = await Promise.all([browser.context.waitForEvent('page'), page.getByRole('button', { name: `View original ${unreadable.name}` }).click()]);
    await tab.waitForLoadState();
    expect(await tab.locator('body').textContent()).toContain('the account is in good standing');
    await tab.close();
  });

  it('lists the application with its files by state', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Applications' }).click();
    const cell = page.locator(`tr[data-app="${APP}"] [data-col="files"]`);
    await expect.poll(() => cell.textContent()).toBe('2 converted1 not reconciled1 failed');
    await page.getByRole('button', { name: `Open ${APP}` }).click();
  });

  it('removes a failed file after confirmation, and a converted one with its statements', async () => {
    await page.getByRole('button', { name: `Remove ${unreadable.name}` }).click();
    const dlg = page.getByRole('alertdialog');
    await dlg.waitFor();
    // Cancel first: nothing happens.
    await dlg.getByRole('button', { name: 'Cancel' }).click();
    expect(app.core.listJobs(APP).some((j) => j.fileName === unreadable.name)).toBe(true);
    await page.getByRole('button', { name: `Remove ${unreadable.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove file' }).click();
    await expect.poll(() => page.locator(`li[data-file="${unreadable.name}"]`).count()).toBe(0);
    expect(app.core.listJobs(APP).map((j) => j.fileName).sort()).toEqual(['checking-1111.json', 'gbp-3333.json', 'savings-2222.json']);

    const before = app.core.getApp(APP).fileStatus.filter((f) => f.fileName === 'savings-2222.json').length;
    expect(before).toBe(2);
    await page.getByRole('button', { name: 'Remove savings-2222.json' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove file' }).click();
    await expect.poll(() => page.locator('li[data-file="savings-2222.json"]').count()).toBe(0);
    // Its two statements left the service's application: the statements table and the scorecard no longer have account 2222.
    await expect.poll(() => page.locator('tr[data-account="2222"]').count(), { timeout: 30_000 }).toBe(0);
    const card = app.core.scorecard(APP) as { accountslist?: { data: Record<string, unknown>[] } };
    expect(JSON.stringify(card.accountslist)).not.toContain('2222');
    expect(await page.getByTestId('file-counts').textContent()).toBe('1 converted1 not reconciled');
  });
});

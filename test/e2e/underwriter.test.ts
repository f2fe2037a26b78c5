import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startWebApp, type WebApp } from '../../src/shell/web/web-app.js';
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
  await p.screenshot({ path: path.join(SHOTS, `deal-${name}.png`), fullPage: false });
};

beforeAll(async () => {
  rendererDir = await buildRendererTo();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ld-e2e-uw-'));
  app = await startWebApp({ dataDir, staticDir: rendererDir, core: { probe: { baseMs: 200, capMs: 1000 }, retry: { baseMs: 200, capMs: 2000 } } });
  browser = await openBrowser(app.url);
  page = browser.page;
});

/** The pictures docs/ui.md and the README show (`LEDGERDROP_UPDATE_SCREENSHOT=1` refreshes them). */
const DOC_SHOTS = ['summary', 'scorecard', 'transactions', 'summary-dark', 'scorecard-dark', 'transactions-dark', 'failed-file'];

afterAll(async () => {
  if (process.env.LEDGERDROP_UPDATE_SCREENSHOT === '1') {
    mkdirSync(path.resolve('docs/screenshots'), { recursive: true });
    for (const n of DOC_SHOTS) {
      const from = path.join(SHOTS, `deal-${n}.png`);
      if (existsSync(from)) copyFileSync(from, path.resolve(`docs/screenshots/${n}.png`));
    }
    if (existsSync(path.join(SHOTS, 'deal-scorecard.png'))) copyFileSync(path.join(SHOTS, 'deal-scorecard.png'), path.resolve('docs/screenshot.png'));
  }
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

  it('puts the checks first on the summary: the gap month, both currencies, the unreconciled statement', async () => {
    const checks = page.getByTestId('checks');
    await checks.waitFor({ timeout: 30_000 });
    const gap = checks.locator('[data-code="coverage_gap"]');
    expect(await gap.textContent()).toMatch(/2025-03/);
    expect(await gap.textContent()).toContain('checking-1111.json');
    const cur = checks.locator('[data-code="several_currencies"]');
    expect(await cur.textContent()).toMatch(/GBP/);
    expect(await cur.textContent()).toMatch(/USD/);
    expect(await checks.locator('[data-code="unreconciled"]').textContent()).toContain('gbp-3333.json');
    // Each statement in its own currency, accounts by bank and last four digits.
    const gbp = page.locator('tr[data-account="3333"]');
    expect(await gbp.locator('[data-col="endBalance"]').textContent()).toBe('£3,600.00');
    expect(await gbp.locator('td').first().textContent()).toBe('First Test Bank ··3333');
    expect(await page.locator('tr[data-account="1111"][data-start="2025-04-01"] [data-col="endBalance"]').textContent()).toBe('$1,121.31');
    await page.setViewportSize({ width: 1360, height: 1000 });
    await shot(page, 'summary');
  });

  it('shows a readable scorecard: no API key, money in its currency, groups, empty sections folded', async () => {
    await page.getByRole('tab', { name: 'Scorecard' }).click();
    const sc = page.locator('.scorecard');
    await sc.getByTestId('period').waitFor({ timeout: 30_000 });
    expect(await sc.getByTestId('period').textContent()).toMatch(/^Figures in USD over 3 statement months/);
    // GBP kept apart, in pounds.
    const gbp = sc.locator('details[data-currency="GBP"]');
    expect(await gbp.textContent()).toContain('£');
    const text = (await sc.innerText());
    for (const key of ['truecredittrans', 'debtsummary', 'combinedsummary', 'mcacompanies', 'dailybalance', 'monthlycashflow', 'accountslist', 'truerev12mo', 'nsftrans']) {
      expect(text, key).not.toMatch(new RegExp(`\\b${key}\\b`));
    }
    for (const g of ['Revenue', 'Debt and MCA', 'Risk', 'Cash flow and balances']) expect(await sc.locator('.section-group', { hasText: g }).count(), g).toBe(1);
    expect(await sc.getByTestId('empty-sections').locator('summary').textContent()).toMatch(/^\d+ empty sections?$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'scorecard');
    await sc.locator('button[data-section="combinedsummary"]').click();
    const table = sc.locator('table[data-section="combinedsummary"]');
    await table.waitFor();
    expect(await sc.locator('h4').textContent()).toBe('All accounts by month');
    // Money right-aligned with thousands separators, in each row's currency.
    const credits = table.locator('tbody tr', { hasText: 'GBP' }).first().locator('td.num').first();
    expect(await credits.count()).toBe(1);
    // January: checking's 17,000.00 and savings' 1.00 (test/scorecard/hand-computed.ts).
    expect(await table.locator('tbody').innerText()).toContain('$17,001.00');
    expect(await table.locator('tbody').innerText()).toContain('£1,500.00');
    expect(await table.locator('td.num').first().evaluate((el) => getComputedStyle(el).textAlign)).toBe('right');
    await shot(page, 'scorecard-sections');
  });

  it('drills from the Debits bar into debits only, with balances filled', async () => {
    const bars = page.locator('[data-chart="monthlycashflow"] .recharts-bar-rectangle');
    await expect.poll(() => bars.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    // Bars are drawn credits first then debits: the debits series is the second layer.
    const debits = page.locator('[data-chart="monthlycashflow"] .recharts-bar').nth(1).locator('.recharts-bar-rectangle').first();
    await debits.click();
    await page.getByTestId('txn-count').waitFor();
    const rows = page.getByTestId('txn-scroll').locator('[role="row"]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const amounts = await rows.locator('.c-amount').allTextContents();
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) expect(a, a).toMatch(/^-/);
    const balances = await rows.locator('.c-balance').allTextContents();
    for (const b of balances) expect(b).not.toBe('—');
    await page.getByRole('button', { name: 'Show all' }).click();
  });

  it('reaches the chart bars with the keyboard: each named with its month and figure, Enter drills in', async () => {
    await page.getByRole('tab', { name: 'Scorecard' }).click();
    const bars = page.locator('[data-chart="monthlycashflow"] [role="button"]');
    await expect.poll(() => bars.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    const names = await bars.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names.some((n) => /^Credits .+: \$[\d,]+\.\d\d, show the transactions$/.test(n ?? ''))).toBe(true);
    expect(names.some((n) => /^Debits /.test(n ?? ''))).toBe(true);
    // Tab from the chart's caption reaches the first bar (bounded: at most 40 steps).
    await page.locator('[data-chart="monthlycashflow"] figcaption').evaluate((el) => { el.setAttribute('tabindex', '-1'); (el as HTMLElement).focus(); });
    let label: string | null = null;
    for (let i = 0; i < 40 && !label?.match(/^(Credits|Debits) /); i++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    }
    expect(label).toMatch(/^(Credits|Debits) /);
    const debit = page.locator('[data-chart="monthlycashflow"] [role="button"][aria-label^="Debits"]').first();
    await debit.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('txn-count').waitFor();
    const rows = page.getByTestId('txn-scroll').locator('[role="row"]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const a of await rows.locator('.c-amount').allTextContents()) expect(a, a).toMatch(/^-/);
    await page.getByRole('button', { name: 'Show all' }).click();
  });

  it('searches transactions by tokens', async () => {
    const count = page.getByTestId('txn-count');
    const search = page.getByLabel('Search transactions');
    // Over 5,000 either way: the two checks, the February card deposit and the loan proceeds; "-loan" leaves the proceeds out.
    await search.fill('>5000');
    await expect.poll(() => count.textContent()).toMatch(/^4 of /);
    await search.fill('>5000 -loan');
    await expect.poll(() => count.textContent()).toMatch(/^3 of /);
    const rows = page.getByTestId('txn-scroll').locator('[role="row"]');
    const texts = await rows.allTextContents();
    expect(texts.some((t) => /LOAN PROCEEDS/.test(t))).toBe(false);
    expect(texts.filter((t) => /CHECK 100[12]/.test(t))).toHaveLength(2);
    await search.fill('2025-04 "mobile deposit"');
    await expect.poll(() => count.textContent()).toMatch(/^1 of /);
    await search.fill('clover');
    await expect.poll(() => count.textContent()).toMatch(/^1 of /);
    await expect.poll(() => rows.first().locator('.c-amount').textContent()).toBe('£1,500.00');
    await search.fill('');
    await shot(page, 'transactions');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'transactions-dark');
    await page.getByRole('tab', { name: 'Scorecard' }).click();
    await page.locator('.scorecard [data-testid="period"]').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'scorecard-dark');
    await page.getByRole('tab', { name: 'Summary' }).click();
    await page.getByTestId('checks').waitFor();
    await shot(page, 'summary-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('exports the scorecard as .xlsx from the window (a download in the browser)', async () => {
    await page.getByRole('tab', { name: 'Summary' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export scorecard (.xlsx)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^DEAL-UW-1-scorecard-.*\.xlsx$/);
    const bytes = readFileSync((await download.path())!);
    // An xlsx is a zip holding the workbook; the Summary sheet names the application.
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]!.name).toBe('Summary');
    expect(JSON.stringify(book.worksheets[0]!.getSheetValues())).toContain('DEAL-UW-1');
    expect(await page.getByTestId('xlsx-saved').textContent()).toContain(path.join(dataDir, 'exports'));
  });

  it('removes a failed file after confirmation, and a converted one with its statements', async () => {
    await page.getByRole('tab', { name: 'Summary' }).click();
    await page.getByRole('button', { name: `Remove ${unreadable.name}` }).click();
    const dlg = page.getByRole('alertdialog');
    await dlg.waitFor();
    // Cancel first: nothing happens.
    await dlg.getByRole('button', { name: 'Cancel' }).click();
    expect(app.core.listJobs(APP).some((j) => j.fileName === unreadable.name)).toBe(true);
    await page.getByRole('button', { name: `Remove ${unreadable.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove file' }).click();
    await expect.poll(() => page.locator(`li[data-file="${unreadable.name}"]`).count(), { timeout: 30_000 }).toBe(0);
    expect(app.core.listJobs(APP).map((j) => j.fileName).sort()).toEqual(['checking-1111.json', 'gbp-3333.json', 'savings-2222.json']);

    const before = app.core.getApp(APP).fileStatus.filter((f) => f.fileName === 'savings-2222.json').length;
    expect(before).toBe(2);
    await page.getByRole('button', { name: 'Remove savings-2222.json' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove file' }).click();
    // Removal deletes its statements on the service and refreshes the results first: longer than poll's 1 s default.
    await expect.poll(() => page.locator('li[data-file="savings-2222.json"]').count(), { timeout: 30_000 }).toBe(0);
    // Its two statements left the service's application: the statements table and the scorecard no longer have account 2222.
    await expect.poll(() => page.locator('tr[data-account="2222"]').count(), { timeout: 30_000 }).toBe(0);
    const card = app.core.scorecard(APP) as { accountslist?: { data: Record<string, unknown>[] } };
    expect(JSON.stringify(card.accountslist)).not.toContain('2222');
    expect(await page.getByTestId('file-counts').textContent()).toBe('1 converted1 not reconciled');
  });
});

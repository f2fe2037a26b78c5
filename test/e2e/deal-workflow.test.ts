import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startWebApp, type WebApp } from '../../src/shell/web/web-app.js';
import { buildRendererTo } from './build-renderer.js';
import { dropFiles, openBrowser, type Browser } from './browser.js';
import { handMtJsonFiles } from '../scorecard/hand-computed.js';

/**
 * An underwriter's deal workflow in Chromium through `npm run web`'s server: the batch
 * notification, deal status and assignee, notes, excluding a statement from the scorecard and
 * putting it back, recategorising and marking a transaction untrue/true with the audit trail,
 * the list sorted and filtered, and an application deleted after confirmation.
 */
const SHOTS = path.resolve('test-results/e2e');
const APP = 'DEAL-WF-E2E';
const files = handMtJsonFiles().map((f) => ({ name: f.name, bytes: new TextEncoder().encode(f.json), type: 'application/json' }));

let rendererDir: string;
let dataDir: string;
let app: WebApp;
let browser: Browser;
let page: Page;
const shot = async (name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `workflow-${name}.png`) });
};
const metric = (label: string) => {
  const row = app.core.scorecard(APP)!.metrics.metricdata.find((r) => r[0] === label);
  return row![1] as number;
};

beforeAll(async () => {
  rendererDir = await buildRendererTo();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ld-e2e-wf-'));
  app = await startWebApp({ dataDir, staticDir: rendererDir, core: { userName: 'dana', probe: { baseMs: 200, capMs: 1000 }, retry: { baseMs: 200, capMs: 2000 } } });
  browser = await openBrowser(app.url);
  page = browser.page;
});

afterAll(async () => {
  if (process.env.LEDGERDROP_UPDATE_SCREENSHOT === '1') {
    for (const n of ['notes-audit', 'apps-list']) {
      const from = path.join(SHOTS, `workflow-${n}.png`);
      if (existsSync(from)) copyFileSync(from, path.resolve(`docs/screenshots/${n}.png`));
    }
  }
  await browser?.close();
  await app?.close();
  if (rendererDir && existsSync(rendererDir)) rmSync(rendererDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('an underwriter’s workflow in the window', () => {
  it('says in the window when the batch has finished, and with the system’s notifications when allowed and the tab is in the background', async () => {
    await browser.context.grantPermissions(['notifications'], { origin: app.url });
    // The tab as if in the background, and the browser's Notification seen (still constructed for real).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      const seen: { title: string; body: string }[] = [];
      (window as unknown as { __notes: typeof seen }).__notes = seen;
      const Real = window.Notification;
      window.Notification = class extends Real {
        constructor(title: string, opts?: NotificationOptions) { super(title, opts); seen.push({ title, body: opts?.body ?? '' }); }
      } as typeof Notification;
    });
    await page.getByLabel('New application').fill(APP);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: `Application ${APP}` }).waitFor();
    await dropFiles(page, files);
    await page.getByRole('dialog').getByRole('button', { name: 'Add files', exact: true }).click();
    const toast = page.getByTestId('batch-toast');
    await toast.waitFor({ timeout: 120_000 });
    expect(await toast.textContent()).toContain(`${APP}: 3 of 3 files converted`);
    expect(await page.evaluate(() => (window as unknown as { __notes: unknown[] }).__notes)).toEqual([{ title: 'Ledgerdrop: batch finished', body: `${APP}: 3 of 3 files converted` }]);
    await page.evaluate(() => { delete (document as unknown as { visibilityState?: string }).visibilityState; });
    await toast.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('sets deal status and assignee, and adds a note; the audit trail names who, when, before and after', async () => {
    const bar = page.getByRole('form', { name: 'Deal' });
    await bar.getByLabel('Deal status').selectOption('in_review');
    await bar.getByLabel('Assignee').fill('Dana');
    await bar.getByLabel('Assignee').press('Enter');
    await expect.poll(() => app.core.deal(APP).assignee).toBe('Dana');
    expect(app.core.deal(APP).status).toBe('in_review');
    await page.getByRole('tab', { name: 'Notes and audit' }).click();
    await page.getByLabel('New note').fill('Asked the broker for the March statement.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => page.getByTestId('notes').textContent()).toContain('Asked the broker for the March statement.');
    expect(await page.getByTestId('notes').textContent()).toContain('dana');
    const status = page.locator('[data-testid="audit"] tr[data-action="deal_status"]');
    expect(await status.locator('[data-col="before"]').textContent()).toBe('New');
    expect(await status.locator('[data-col="after"]').textContent()).toBe('In review');
    expect(await page.locator('[data-testid="audit"] tr[data-action="assignee"] [data-col="before"]').textContent()).toBe('(none)');
  });

  it('excludes a statement from the scorecard (kept, marked; checks change) and includes it back', async () => {
    await page.getByRole('tab', { name: 'Summary' }).click();
    const checks = page.getByTestId('checks');
    await checks.locator('[data-code="several_currencies"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Exclude gbp-3333.json 2025-04-01 from the scorecard' }).click();
    await expect.poll(() => checks.locator('[data-code="several_currencies"]').count(), { timeout: 30_000 }).toBe(0);
    const row = page.locator('tr[data-account="3333"]');
    expect(await row.getAttribute('class')).toBe('excluded');
    expect(await row.locator('[data-col="scorecard"] .chip').textContent()).toBe('excluded');
    expect(app.core.deal(APP).excluded).toHaveLength(1);
    await shot('excluded');
    await page.getByRole('button', { name: 'Include gbp-3333.json 2025-04-01 in the scorecard' }).click();
    await expect.poll(() => checks.locator('[data-code="several_currencies"]').count(), { timeout: 30_000 }).toBe(1);
  });

  it('marks loan proceeds as true revenue and recategorises a debit, with the figures recomputed and the changes audited', async () => {
    const before = metric('True Revenue');
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.getByLabel('Search transactions').fill('loan proceeds');
    await expect.poll(() => page.getByTestId('txn-count').textContent()).toMatch(/^1 of /);
    const row = page.getByTestId('txn-scroll').locator('[role="row"]').first();
    expect(await row.locator('[data-col="revenue"]').textContent()).toBe('untrue');
    await row.getByRole('button', { name: /^Edit transaction 2025-01-03 LOAN PROCEEDS/ }).click();
    const dlg = page.getByRole('dialog', { name: 'Edit transaction' });
    await dlg.getByLabel('true revenue').check();
    await dlg.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.locator('[data-col="revenue"]').textContent(), { timeout: 30_000 }).toBe('trueedited');
    expect(metric('True Revenue')).toBeCloseTo(before + 10_000 / 3, 1);

    await page.getByLabel('Search transactions').fill('kapitus 2025-01');
    await expect.poll(() => page.getByTestId('txn-count').textContent()).toMatch(/^1 of /);
    await page.getByRole('button', { name: /^Edit transaction 2025-01-06 KAPITUS/ }).click();
    await page.getByRole('dialog', { name: 'Edit transaction' }).getByLabel('Category').selectOption('utility');
    await page.getByRole('dialog', { name: 'Edit transaction' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('txn-scroll').locator('[role="row"]').first().locator('.c-categories').textContent(), { timeout: 30_000 }).toMatch(/^utility/);

    await page.getByRole('tab', { name: 'Notes and audit' }).click();
    const trueval = page.locator('[data-testid="audit"] tr[data-action="transaction_trueval"]');
    await trueval.waitFor();
    expect(await trueval.textContent()).toContain('2025-01-03 LOAN PROCEEDS 7781 10000.00');
    expect(await trueval.locator('[data-col="before"]').textContent()).toBe('untrue');
    expect(await trueval.locator('[data-col="after"]').textContent()).toBe('true revenue');
    expect(await page.locator('[data-testid="audit"] tr[data-action="transaction_category"] [data-col="after"]').textContent()).toMatch(/^utility/);
    await shot('notes-audit');
  });

  it('sorts and filters the applications list by status and assignee, and deletes an application after confirmation', async () => {
    app.core.createApp('DEAL-WF-EMPTY');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Applications' }).click();
    const rows = page.locator('table.grid tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.locator(`tr[data-app="${APP}"] [data-col="status"]`).textContent()).toBe('In review');
    expect(await page.locator(`tr[data-app="${APP}"] [data-col="assignee"]`).textContent()).toBe('Dana');
    await page.getByLabel('Filter by deal status').selectOption('in_review');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('Filter by deal status').selectOption('');
    await page.getByLabel('Sort applications by').selectOption('status');
    await expect.poll(async () => (await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-app'))))).toEqual(['DEAL-WF-EMPTY', APP]);
    await page.getByLabel('Filter by assignee').fill('dana');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('Filter by assignee').fill('');
    await expect.poll(() => rows.count()).toBe(2);
    await page.locator('h2').first().click();
    await shot('apps-list');

    await page.getByRole('button', { name: `Delete ${APP}` }).click();
    const dlg = page.getByRole('alertdialog');
    expect(await dlg.textContent()).toMatch(/deleted on the service/);
    await dlg.getByRole('button', { name: 'Cancel' }).click();
    expect(app.core.listApps().map((a) => a.appnumber)).toContain(APP);
    await page.getByRole('button', { name: `Delete ${APP}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete application' }).click();
    await expect.poll(() => page.getByTestId('app-deleted').textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^Deleted ${APP}: 6 statements deleted on the service, 3 files removed`));
    expect(app.core.listApps().map((a) => a.appnumber)).toEqual(['DEAL-WF-EMPTY']);
    expect(browser.consoleErrors).toEqual([]);
  });
});

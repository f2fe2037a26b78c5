import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startWebApp, type WebApp } from '../../src/shell/web/web-app.js';
import { buildRendererTo } from './build-renderer.js';
import { openBrowser, type Browser } from './browser.js';
import { mtjson, startTestService, type Client, type TestService } from '../service/helpers.js';

/**
 * The Briefcase panel in Chromium against the real core: a team service (real, port 0) where
 * "lender" shares an application with "funder"; the window, signed in as funder, lists the
 * offer and accepts it; the service then lets funder read the application.
 */
let svc: TestService;
let lender: Client;
let funder: Client;
let shareid: string;
let appid: number;
let rendererDir: string;
let dataDir: string;
let app: WebApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  svc = await startTestService();
  lender = await svc.addAccount('lender', 'pdfinsightstp', ['briefcase']);
  funder = await svc.addAccount('funder', 'pdfinsightstp', ['briefcase']);
  const made = await lender.call('POST', '/makecsv', {
    appnumber: 'SHARED-1', owner: 'Acme Trucking', accounttype: 'MTJson',
    jsondata: mtjson([{ start: '2026-01-01', end: '2026-01-31', startBalance: 100_000, txns: [{ date: '2026-01-05', description: 'CUSTOMER DEPOSIT', amount: 50_000 }] }]),
  });
  appid = made.json.appinfo.appid;
  const share = await lender.call('POST', '/briefcase/share', { appid: String(appid), connectionid: 'funder', message: 'January statements' });
  expect(share.status).toBe(200);
  shareid = share.json.shareid;

  rendererDir = await buildRendererTo();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ld-e2e-bc-'));
  app = await startWebApp({ dataDir, staticDir: rendererDir, core: { engine: false } });
  await app.core.saveConnection({ name: 'Team service', url: svc.url, username: 'funder', password: 'pw-funder', product: 'pdfinsightstp', makeDefault: true });
  browser = await openBrowser(app.url);
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await svc?.stop();
  if (rendererDir) rmSync(rendererDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the Briefcase panel', () => {
  it('lists the offer and accepts it; the service then lets the receiver read the application', async () => {
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    expect((await funder.call('POST', '/getresults', { appid: String(appid) })).status).toBe(403);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Briefcase' }).click();
    await page.getByRole('heading', { name: 'Briefcase' }).waitFor();
    const row = page.locator(`tr[data-share="${shareid}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('SHARED-1');
    expect(await row.textContent()).toContain('lender');
    expect(await row.textContent()).toContain('January statements');
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('offered');
    await row.getByRole('button', { name: 'Accept SHARED-1 from lender' }).click();
    await row.locator('[data-status="accepted"]').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);

    const apps = await funder.call('GET', '/getapps');
    expect(apps.json).toEqual([expect.objectContaining({ appid, appnumber: 'SHARED-1', briefcase: { shareid, from: 'lender', readOnly: true } })]);
    expect((await funder.call('POST', '/getresults', { appid: String(appid) })).status).toBe(200);
    // The answer reached the sender's side of the history too.
    const sent = await lender.call('GET', '/briefcase/history');
    expect(sent.json[0]).toMatchObject({ shareid, status: 'accepted' });
  });
});

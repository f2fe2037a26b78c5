import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startWebApp, type WebApp } from '../../src/shell/web/web-app.js';
import { buildRendererTo } from './build-renderer.js';
import { openBrowser, type Browser } from './browser.js';

export interface WindowApp { app: WebApp; browser: Browser; page: Page; close(): Promise<void> }

/**
 * The window as a user opens it: the renderer built, the web shell on a fresh data folder with
 * its embedded engine (short probe and retry waits), and Chromium on it. `close` removes it all.
 */
export async function openWindowApp(prefix: string): Promise<WindowApp> {
  const rendererDir = await buildRendererTo();
  const dataDir = mkdtempSync(path.join(tmpdir(), `ld-e2e-${prefix}-`));
  const app = await startWebApp({ dataDir, staticDir: rendererDir, core: { probe: { baseMs: 200, capMs: 1000 }, retry: { baseMs: 200, capMs: 2000 } } });
  const browser = await openBrowser(app.url);
  return {
    app, browser, page: browser.page,
    async close() {
      await browser.close();
      await app.close();
      if (existsSync(rendererDir)) rmSync(rendererDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates an application in the window and waits for its view. */
export async function createApplication(page: Page, appnumber: string): Promise<void> {
  await page.getByLabel('New application').fill(appnumber);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { name: `Application ${appnumber}` }).waitFor();
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, launched the way the project's CI can run it, in a fresh profile. */
export const CHROMIUM = process.env.LEDGERDROP_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** console.error messages and uncaught page errors seen so far. */
  consoleErrors: string[];
  close(): Promise<void>;
}

export async function openBrowser(url: string, viewport = { width: 1360, height: 900 }): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'ld-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport,
    colorScheme: 'light',
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const consoleErrors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  await page.goto(url);
  return {
    context, page, consoleErrors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Drops files on the window the way a user's drag does (DragEvent with a DataTransfer of File objects). */
export async function dropFiles(page: Page, files: { name: string; bytes: Uint8Array; type?: string }[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.type ?? 'application/octet-stream', b64: Buffer.from(f.bytes).toString('base64') }));
  const dt = await page.evaluateHandle((list) => {
    const t = new DataTransfer();
    for (const f of list) {
      const bin = atob(f.b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      t.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return t;
  }, payload);
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent('body', 'dragover', { dataTransfer: dt });
  await page.dispatchEvent('body', 'drop', { dataTransfer: dt });
  await dt.dispose();
}

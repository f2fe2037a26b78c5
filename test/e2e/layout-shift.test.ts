import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWebApp, type WebApp } from '../../src/shell/web/web-app.js';
import { buildRendererTo } from './build-renderer.js';
import { openBrowser, type Browser } from './browser.js';

/**
 * Layout jump while 1,000 files stream into an open application: Chromium's layout-shift
 * entries (the ones behind Cumulative Layout Shift, without user input) summed over the whole
 * stream, the way CLS scores a page. 0.1 is the web's "good" line; the figure is printed.
 */
const APP = 'STREAM-1000';
const FILES = 1000;
const BATCH = 50;

let rendererDir: string;
let dataDir: string;
let app: WebApp;
let browser: Browser;

beforeAll(async () => {
  rendererDir = await buildRendererTo();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ld-e2e-cls-'));
  // No conversions needed: the files are queued on a connection whose service is not there, so
  // the rows stream in and stay (waiting), which is the window's heaviest change of layout.
  app = await startWebApp({ dataDir, staticDir: rendererDir, core: { engine: false, probe: { baseMs: 60_000, capMs: 60_000 } } });
  await app.core.saveConnection({ id: 'away', name: 'Away', url: 'http://127.0.0.1:9', username: 'u', password: 'p', product: 'pdfinsightstp', makeDefault: true });
  browser = await openBrowser(app.url, { width: 1360, height: 900 });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (rendererDir && existsSync(rendererDir)) rmSync(rendererDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('1,000 files streaming into the window', () => {
  it('moves the layout by less than 0.1 (CLS) while they arrive', async () => {
    const page = browser.page;
    app.core.createApp(APP);
    await page.getByRole('button', { name: 'Applications' }).click();
    await page.getByRole('button', { name: `Open ${APP}` }).click();
    await page.getByRole('heading', { name: `Application ${APP}` }).waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { __shift: { value: number; count: number; max: number; sources: string[] } };
      w.__shift = { value: 0, count: 0, max: 0, sources: [] };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }[]) {
          if (e.hadRecentInput) continue;
          // Which element moved and how (for the report when the figure is too high).
          for (const src of e.sources ?? []) {
            const n = src.node as HTMLElement | undefined;
            w.__shift.sources.push(`${e.value.toFixed(3)} ${n ? `${n.tagName.toLowerCase()}.${n.className}${n.dataset?.file ? `[${n.dataset.file}]` : ''}` : '?'} y ${Math.round(src.previousRect.y)}→${Math.round(src.currentRect.y)} h ${Math.round(src.previousRect.height)}→${Math.round(src.currentRect.height)}`);
          }
          w.__shift.value += e.value; w.__shift.count++; w.__shift.max = Math.max(w.__shift.max, e.value);
        }
      }).observe({ type: 'layout-shift', buffered: false });
    });
    for (let i = 0; i < FILES; i += BATCH) {
      await app.core.addBytes(APP, Array.from({ length: BATCH }, (_, k) => ({ name: `statement-${String(i + k).padStart(4, '0')}.txt`, bytes: Buffer.from(`file ${i + k}`) })));
    }
    await expect.poll(() => page.locator('li[data-file]').count().then(() => page.evaluate(() => document.body.innerText.includes('1000'))), { timeout: 120_000 }).toBe(true);
    await page.waitForTimeout(500);
    const shift = await page.evaluate(() => (window as unknown as { __shift: { value: number; count: number; max: number; sources: string[] } }).__shift);
    if (shift.value >= 0.1) console.log(shift.sources.slice(0, 40).join('\n'));
    console.log(`layout shift while ${FILES} files streamed in: CLS ${shift.value.toFixed(4)} over ${shift.count} shifts (largest ${shift.max.toFixed(4)})`);
    expect(shift.value).toBeLessThan(0.1);
  });
});

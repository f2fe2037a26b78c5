import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { dropFiles } from './browser.js';
import { createApplication, openWindowApp, type WindowApp } from './window-app.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { findItem, replaceAmount } from '../fraud/edit-pdf.js';

/**
 * A doctored statement in the window: its fraud reasons that point at a place are listed on the
 * summary, and "Show on page" draws the page of the stored original (pdf.js in the window) with
 * each evidence box outlined exactly where the box says, over the edited amount's ink.
 */
const APP = 'DEAL-FRAUD-1';
let win: WindowApp;
let page: Page;
let edited: Uint8Array;
let printed: { page: number; item: { x: number; y: number; w: number; size: number } };

beforeAll(async () => {
  const spec = makeStatementSpec({ seed: 3, layout: 'chase' });
  const original = (await renderStatementPdf({ ...spec, statements: spec.statements.slice(0, 1) })).bytes;
  const amount = (await renderStatementPdf({ ...spec, statements: spec.statements.slice(0, 1) })).printedAmounts[0]!.find((a, i) => i > 3 && /^\$\d{1,3},\d{3}\.\d{2}$/.test(a))!;
  printed = await findItem(original, amount);
  edited = await replaceAmount(original, { amount, replacement: amount.replace(/^\$(\d)/, (_, d) => `$${(Number(d) + 1) % 10}`), font: StandardFonts.Helvetica, size: 8 });
  win = await openWindowApp('fraud');
  page = win.page;
});

afterAll(async () => { await win?.close(); });

describe('fraud evidence on the page image', () => {
  it('lists the reasons with a place on a page', async () => {
    await createApplication(page, APP);
    await dropFiles(page, [{ name: 'march.pdf', bytes: edited, type: 'application/pdf' }]);
    await page.getByRole('dialog').getByRole('button', { name: 'Add files', exact: true }).click();
    await expect.poll(() => page.getByTestId('batch-text').textContent(), { timeout: 120_000 }).toMatch(/^1 of 1 files? finished/);
    const list = page.getByTestId('fraud-evidence');
    await list.waitFor({ timeout: 30_000 });
    const white = list.locator('li', { hasText: 'White box drawn over printed text' });
    expect(await white.count()).toBe(1);
    expect(await white.textContent()).toMatch(/^march\.pdf \(score \d+\): White box drawn over printed text on page 1/);
  });

  it('draws the page with the white box outlined where the evidence box says, over the retyped amount', async () => {
    const list = page.getByTestId('fraud-evidence');
    await list.locator('li', { hasText: 'White box drawn over printed text' }).getByRole('button', { name: 'Show on page 1' }).click();
    const figure = page.getByTestId('evidence-page');
    await expect.poll(() => figure.getAttribute('data-drawn'), { timeout: 30_000 }).toBe('true');
    const canvas = figure.getByTestId('evidence-canvas');
    const scale = Number(await canvas.getAttribute('data-scale'));
    // A letter page drawn at the stated scale.
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([Math.floor(612 * scale), Math.floor(792 * scale)]);
    const boxes = figure.getByTestId('evidence-box');
    expect(await boxes.count()).toBe(1);
    const box = (await boxes.first().getAttribute('data-box'))!.split(',').map(Number) as [number, number, number, number];
    // The evidence box holds the amount as the generator printed it (points, from the top-left).
    const it0 = printed.item;
    expect(box[0]).toBeLessThanOrEqual(it0.x);
    expect(box[0] + box[2]).toBeGreaterThanOrEqual(it0.x + it0.w);
    expect(box[1]).toBeLessThanOrEqual(it0.y - it0.size * 0.8);
    expect(box[1] + box[3]).toBeGreaterThanOrEqual(it0.y);
    // Its outline sits on the canvas at box × scale (2 px of padding around it).
    const c = (await canvas.boundingBox())!;
    const o = (await boxes.first().boundingBox())!;
    expect(Math.abs(o.x - c.x - (box[0] * scale - 2))).toBeLessThan(1);
    expect(Math.abs(o.y - c.y - (box[1] * scale - 2))).toBeLessThan(1);
    expect(Math.abs(o.width - (box[2] * scale + 4))).toBeLessThan(1);
    expect(Math.abs(o.height - (box[3] * scale + 4))).toBeLessThan(1);
    // What the page shows there is ink (the retyped amount), and an empty margin beside it is not:
    // the drawn page and the outline agree.
    const ink = (x: number, y: number, w: number, h: number) => canvas.evaluate((el: HTMLCanvasElement, r) => {
      const [x0, y0, w0, h0] = r as [number, number, number, number];
      const d = el.getContext('2d')!.getImageData(x0, y0, w0, h0).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! < 128 && d[i + 1]! < 128 && d[i + 2]! < 128) dark++;
      return dark;
    }, [Math.round(x), Math.round(y), Math.max(1, Math.round(w)), Math.max(1, Math.round(h))]);
    expect(await ink(box[0] * scale, box[1] * scale, box[2] * scale, box[3] * scale)).toBeGreaterThan(20);
    expect(await ink(5 * scale, box[1] * scale, 20 * scale, box[3] * scale)).toBe(0);
    mkdirSync(path.resolve('test-results/e2e'), { recursive: true });
    await page.screenshot({ path: path.resolve('test-results/e2e/fraud-evidence.png') });
    expect(win.browser.consoleErrors).toEqual([]);
  });
});

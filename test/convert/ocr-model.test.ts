/**
 * The OCR engine's models: the fast model read out of the package npm installs, and the best
 * model re-reading the numbers the fast one is unsure of. Real engines, real images.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { grayOf } from '../../src/engine/ocr/clean.js';
import { englishModel, tarEntry } from '../../src/engine/ocr/model.js';
import { CHECK_BELOW_CONF, checkNumbers, closeEngines, looksNumeric, recognize, type OcrWord } from '../../src/engine/ocr/tesseract.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { scannedPdf } from '../fixtures/generator/scan.js';
import { SANS } from '../fixtures/generator/canvas-fonts.js';

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

/** A ustar archive of the given files, as `tar` writes one. */
function tar(files: Record<string, string>): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const [name, body] of Object.entries(files)) {
    const h = new Uint8Array(512);
    h.set(Buffer.from(name, 'latin1'), 0);
    h.set(Buffer.from(body.length.toString(8).padStart(11, '0'), 'latin1'), 124);
    h[156] = 0x30;
    h.set(Buffer.from('ustar', 'latin1'), 257);
    blocks.push(h);
    const data = new Uint8Array(Math.ceil(body.length / 512) * 512);
    data.set(Buffer.from(body, 'latin1'));
    blocks.push(data);
  }
  blocks.push(new Uint8Array(1024));
  return Buffer.concat(blocks);
}

describe('the recognition model', () => {
  it('finds a file in a tar archive by its path, and nothing in a cut or foreign archive', () => {
    const a = tar({ 'x/readme.txt': 'hello', 'x/tessdata/eng.traineddata': 'A'.repeat(700) });
    expect(Buffer.from(tarEntry(a, 'tessdata/eng.traineddata')!).toString()).toBe('A'.repeat(700));
    expect(Buffer.from(tarEntry(a, 'readme.txt')!).toString()).toBe('hello');
    expect(tarEntry(a, 'tessdata/fra.traineddata')).toBeNull();
    expect(tarEntry(a.subarray(0, 1100), 'tessdata/eng.traineddata')).toBeNull(); // its data runs past the end
    expect(tarEntry(new Uint8Array(100), 'tessdata/eng.traineddata')).toBeNull();
  });

  it('reads the fast LSTM model out of the installed package: an LSTM network and no legacy classifier', async () => {
    const m = await englishModel();
    // A traineddata file starts with its entry count and one offset per entry (-1: absent).
    const view = new DataView(m.buffer, m.byteOffset, m.byteLength);
    const entries = view.getInt32(0, true);
    const offset = (i: number) => Number(view.getBigInt64(4 + 8 * i, true));
    expect(entries).toBeGreaterThan(17);
    expect(offset(17)).toBeGreaterThan(0); // TESSDATA_LSTM
    expect(offset(3)).toBe(-1); // TESSDATA_INTTEMP: the legacy engine's templates
    expect(m.length).toBeGreaterThan(1_000_000);
    expect(await englishModel()).toBe(m); // read once per thread
  });
});

/** A white strip with `text` printed in a 10-pt sans face at 300 dpi, as gray pixels. */
function printed(text: string) {
  const c = createCanvas(700, 120);
  const g = c.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, c.width, c.height);
  g.fillStyle = '#000000';
  g.font = `42px ${SANS}`;
  g.fillText(text, 60, 80);
  return grayOf(c);
}

describe('numbers checked by the best model', () => {
  it('knows a number from a word', () => {
    expect(['1,234.56', '(45.00)', '$12.00', '08/02', '1.35CR', '-60.00'].every(looksNumeric)).toBe(true);
    expect(['Balance', 'Page', 'ACME', 'Ref123ABC'].some(looksNumeric)).toBe(false);
  });

  it('re-reads a doubtful number on its own strip and keeps the better reading; a sure word is left alone', async () => {
    const img = printed('500.00');
    const [read] = await recognize(img, { timeoutMs: 120_000, maxParallel: 1 });
    expect(read?.text).toBe('500.00');
    // The same box as if the fast model had read it wrongly, once unsure and once sure.
    const unsure: OcrWord = { ...read!, text: '900.00', conf: 40 };
    const sure: OcrWord = { ...read!, text: '900.00', conf: CHECK_BELOW_CONF + 1 };
    expect(await checkNumbers(img, [unsure, sure])).toBe(1);
    expect(unsure.text).toBe('500.00');
    expect(unsure.conf).toBeGreaterThan(40);
    expect(sure).toMatchObject({ text: '900.00', conf: CHECK_BELOW_CONF + 1 });
  });

  it('a 200-dpi scan (0.8° skew, specks) reads to F1 ≥ 0.9 and reconciles', async () => {
    const r = await renderStatementPdf(makeStatementSpec({ seed: 11, layout: 'wellsfargo', transactionsPerMonth: 12 }));
    const scan = await scannedPdf(r.bytes, { dpi: 200, skewDeg: 0.8, seed: 11 });
    const doc = await convertDocument({ fileName: 'scan-200.pdf', bytes: scan, options: defaultConversionOptions({ accounttype: 'Bank' }) });
    expect(doc.error).toBeUndefined();
    const want = r.truth.flatMap((s) => s.transactions.map((t) => `${t.date}|${t.amount}`));
    const have = doc.statements.flatMap((s) => s.transactions.map((t) => `${t.date}|${t.amount}`));
    const tp = have.filter((h) => { const i = want.indexOf(h); if (i < 0) return false; want.splice(i, 1); return true; }).length;
    const p = tp / (have.length || 1), rc = tp / (tp + want.length);
    expect((2 * p * rc) / ((p + rc) || 1)).toBeGreaterThanOrEqual(0.9);
    expect(reconcile(doc.statements[0]!, 0).reconciled).toBe(true);
  });
});

/**
 * A document read by OCR more than once (its rules erased when the first reading gave no
 * statement, ./ocr-rule-erasing.test.ts; a fax thresholded locally) is not recognised again
 * where nothing can come out otherwise (src/engine/ocr/read-pages.ts `PageReadMemo`): a page with
 * no rule to erase keeps its first reading, and a page's way up, found once, is not tried again.
 * The half-turned trial is read without the best model's checks of its figures; they are made
 * only on a turned reading that is kept. A fax whose table header no reading found was
 * recognised nine times a page (composed fax-150 1223: 47 CPU s a page). Nor is a page rendered
 * and prepared again (squared, its blur measured and undone, deskewed): the second pass starts
 * from the pixels the first one prepared, and the images' resolution is still reported.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { closeEngines } from '../../src/engine/ocr/tesseract.js';
import { PDFDocument } from 'pdf-lib';
import { SANS } from '../fixtures/generator/canvas-fonts.js';

const calls = vi.hoisted(() => ({ recognize: 0, readPage: 0, checkNumbers: 0 }));
const prep = vi.hoisted(() => ({ upright: 0, render: 0 }));
vi.mock('../../src/engine/ocr/upright.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/engine/ocr/upright.js')>();
  return { ...m, uprightGrayRead: (...a: Parameters<typeof m.uprightGrayRead>) => { prep.upright++; return m.uprightGrayRead(...a); } };
});
vi.mock('../../src/engine/ocr/render.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/engine/ocr/render.js')>();
  return { ...m, renderPage: (...a: Parameters<typeof m.renderPage>) => { prep.render++; return m.renderPage(...a); } };
});
vi.mock('../../src/engine/ocr/tesseract.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/engine/ocr/tesseract.js')>();
  return {
    ...m,
    recognize: (...a: Parameters<typeof m.recognize>) => { calls.recognize++; return m.recognize(...a); },
    readPage: (...a: Parameters<typeof m.readPage>) => { calls.readPage++; return m.readPage(...a); },
    checkNumbers: (...a: Parameters<typeof m.checkNumbers>) => { calls.checkNumbers++; return m.checkNumbers(...a); },
  };
});

vi.setConfig({ testTimeout: 600_000 });
afterAll(() => closeEngines());

const LINES = [
  'Dear customer, thank you for writing to us about your account.',
  'We have looked into the matter you raised in your letter and',
  'are pleased to confirm that the change you asked for is made.',
  'Please keep this letter with your other papers for reference.',
  'If you have any further questions, our branch staff will help.',
];

/** A letter page (no statement in it) at 300 dpi as a PNG, upside down when `turned`, a rule under its first line when `rule`. */
function letter(turned: boolean, rule: boolean): Uint8Array {
  const c = createCanvas(2550, 3300), g = c.getContext('2d');
  g.fillStyle = '#fff'; g.fillRect(0, 0, c.width, c.height);
  if (turned) { g.translate(c.width, c.height); g.rotate(Math.PI); }
  g.fillStyle = '#000'; g.font = `48px ${SANS}`;
  LINES.forEach((l, i) => g.fillText(l, 250, 400 + i * 110));
  if (rule) g.fillRect(250, 430, 2000, 6);
  return new Uint8Array(c.toBuffer('image/png'));
}

async function convertCounting(bytes: Uint8Array) {
  calls.recognize = 0; calls.readPage = 0; calls.checkNumbers = 0;
  let passes = 0;
  await convertDocument({ fileName: 'letter.png', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }), onProgress: (p) => { if (p.stage === 'ocr' && p.page === 0) passes++; } });
  return { passes, ...calls };
}

describe('a page read again by a second pass', () => {
  it('with no rule to erase keeps its first reading: recognised once in two passes', async () => {
    expect(await convertCounting(letter(false, false))).toEqual({ passes: 2, recognize: 1, readPage: 0, checkNumbers: 0 });
  });

  it('upside down with a rule: tried turned once (unchecked, then checked as kept), read turned at once in the second pass', async () => {
    expect(await convertCounting(letter(true, true))).toEqual({ passes: 2, recognize: 2, readPage: 1, checkNumbers: 1 });
  });
});

describe('a page prepared once for every pass', () => {
  it('an image upload read twice is made upright and cleaned once', async () => {
    prep.upright = 0;
    expect((await convertCounting(letter(false, true))).passes).toBe(2);
    expect(prep.upright).toBe(1);
  });

  it('a scanned PDF read twice is rendered once, and its images\' resolution is still reported', async () => {
    const pdf = await PDFDocument.create();
    const png = await pdf.embedPng(letter(false, true));
    pdf.addPage([612, 792]).drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
    const bytes = await pdf.save();
    prep.upright = 0; prep.render = 0;
    let passes = 0;
    const doc = await convertDocument({ fileName: 'letter.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }), onProgress: (p) => { if (p.stage === 'ocr' && p.page === 0) passes++; } });
    expect(passes).toBe(2);
    expect([prep.render, prep.upright]).toEqual([1, 1]);
    expect([doc.pdf?.minResolution, doc.pdf?.maxResolution]).toEqual([300, 300]);
  });
});

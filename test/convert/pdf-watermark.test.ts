/**
 * A watermark in large type across the page ("DUPLICATE COPY", as an archive or a lender's
 * portal stamps a statement) is no part of its rows: on a row's baseline, its em made the row's
 * gaps look like spaces and its cells one (pdf/lines.ts pageLines). Composer statements and card
 * statements with a tiled watermark (test/fixtures/generator/stamps.ts watermarked) read as
 * without it; a heading or a figure printed large beside the text still reads.
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { pageLines } from '../../src/engine/pdf/lines.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { composeCardPdf } from '../fixtures/generator/composer/card-render.js';
import { scoreReading } from '../fixtures/generator/composer/score.js';
import { watermarked } from '../fixtures/generator/stamps.js';

const read = async (bytes: Uint8Array, opts: Parameters<typeof watermarked>[1] = {}) => convertDocument({ fileName: 'copy.pdf', bytes: await watermarked(bytes, opts), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });

describe('a watermark across a statement', () => {
  // Composer 1-60 watermarked: 34 failing (rows a day off, amounts lost, "27 Jun 2025DUPLICATE
  // COPY…" one cell) -> 0; fresh 201-300: 51 -> 0; cards 1-60: 34 -> 0.
  it.each([57, 58, 59])('bank statement seed %i reads as without it', async (seed) => {
    const pdf = await composeStatementPdf(seed, {});
    const r = scoreReading(pdf, await read(pdf.bytes));
    expect(r.problems.filter((p) => p.kind !== 'description')).toEqual([]);
    expect(r.match.tp).toBe(r.match.want);
  });

  // A short word in the gap between a row's wrapped description and its figures (54 pt), or
  // at two and a half times the body size under a row's reference (20 pt): over no item, yet
  // across the lines around it.
  it.each([[22, 54], [9, 20]])('bank statement seed %i under a "COPY" of %i pt reads as without it', async (seed, size) => {
    const pdf = await composeStatementPdf(seed, {});
    const r = scoreReading(pdf, await read(pdf.bytes, { text: 'COPY', size }));
    expect(r.problems.filter((p) => p.kind !== 'description')).toEqual([]);
    expect(r.match.tp).toBe(r.match.want);
  });

  it.each([2, 6, 7])('card statement seed %i reads as without it', async (seed) => {
    const pdf = await composeCardPdf(seed, {});
    const r = scoreReading(pdf, await read(pdf.bytes));
    expect(r.problems.filter((p) => p.kind !== 'description')).toEqual([]);
    expect(r.match.tp).toBe(r.match.want);
  });
});

const item = (str: string, x: number, y: number, size: number): TextItem => ({ str, x, y, w: str.length * size * 0.55, size, font: 'Helvetica' });
const body = (y: number) => [item('03/11/2025', 50, y, 8), item('CARD PURCHASE TESCO 2291', 120, y, 8), item('295.49', 390, y, 8), item('3,446.76', 520, y, 8)];

describe('outsized text on a page (by example)', () => {
  it('words over a row are dropped and the row keeps its cells', () => {
    const lines = pageLines({ page: 1, width: 612, height: 792, items: [...body(300), ...body(312), ...body(324), item('DUPLICATE COPY', 40, 314, 60)] });
    expect(lines.map((l) => l.cells.length)).toEqual([4, 4, 4]);
    expect(lines.some((l) => /DUPLICATE/.test(l.text))).toBe(false);
  });

  it('a large heading or a balance printed large beside the text stays a line', () => {
    const lines = pageLines({ page: 1, width: 612, height: 792, items: [...body(300), ...body(312), ...body(324), item('Statement', 40, 120, 40), item('$12,345.67', 300, 200, 36)] });
    expect(lines.map((l) => l.text)).toEqual(['Statement', '$12,345.67', ...[0, 1, 2].map(() => '03/11/2025  CARD PURCHASE TESCO 2291  295.49  3,446.76')]);
  });
});

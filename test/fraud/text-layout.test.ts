import { describe, expect, it } from 'vitest';
import type { PageText, TextItem } from '../../src/engine/pdf/extract.js';
import { columnOutliers } from '../../src/service/fraud/text-layout.js';

const W = 4.5; // points per character, close enough for a right-aligned test layout
const item = (str: string, x: number, y: number, font = 'Helvetica', size = 8): TextItem => ({ str, x, y, w: str.length * W, size, font });
const right = (str: string, edge: number, y: number, font = 'Helvetica', size = 8) => item(str, edge - str.length * W, y, font, size);

/** A transaction table: date, description, amount right-aligned at 500, one row every 12 pt. */
function table(rows: { amount: string; font?: string; size?: number; dx?: number; dated?: boolean; descFont?: string }[], top = 200): TextItem[] {
  return rows.flatMap((r, i) => {
    const y = top + i * 12;
    return [
      ...(r.dated === false ? [] : [item(`03/${String(i + 1).padStart(2, '0')}`, 40, y)]),
      item('ACH DEPOSIT CUSTOMER', 90, y, r.descFont ?? 'Helvetica'),
      right(r.amount, 500 + (r.dx ?? 0), y, r.font ?? 'Helvetica', r.size ?? 8),
    ];
  });
}
const page = (items: TextItem[], n = 1): PageText => ({ page: n, width: 612, height: 792, items });
const plain = ['1,234.56', '88.10', '2,500.00', '310.45', '19.99', '4,410.00', '705.12', '63.00'].map((amount) => ({ amount }));

describe('amounts that differ from their column', () => {
  it('a clean table has none', () => {
    expect(columnOutliers([page(table(plain))])).toEqual([]);
  });

  it('an amount in another font or size is named with the column majority', () => {
    const rows = plain.map((r, i) => (i === 3 ? { amount: '9,999.00', font: 'ABCDEF+Arial-BoldMT', size: 9.5 } : r));
    expect(columnOutliers([page(table(rows))])).toEqual([
      { kind: 'font', amount: '9,999.00', page: 1, font: 'Arial-BoldMT', size: 9.5, columnFont: 'Helvetica', columnSize: 8, offset: 0, box: expect.any(Array) },
    ]);
  });

  it('a bold totals row, a summary box and an undated row at the table edge are styling, not edits', () => {
    const items = [
      ...table(plain),
      item('Total deposits', 90, 300, 'Helvetica-Bold'), right('9,999.99', 500, 300, 'Helvetica-Bold'),
      item('New Balance', 300, 100, 'Helvetica-Bold', 9), right('1,830.18', 500, 100, 'Helvetica-Bold', 11),
      item('Previous Balance', 300, 86), right('612.19', 500, 86),
    ];
    expect(columnOutliers([page(items)])).toEqual([]);
  });

  it('an amount a few points off the column edge inside the table is misaligned; a CR-suffixed amount is not judged', () => {
    const rows = plain.map((r, i) => (i === 4 ? { amount: '7,250.00', dx: -6 } : i === 6 ? { amount: '612.19CR', dx: 9 } : r));
    const out = columnOutliers([page(table(rows))]);
    expect(out).toEqual([{ kind: 'align', amount: '7,250.00', page: 1, font: 'Helvetica', size: 8, columnFont: 'Helvetica', columnSize: 8, offset: -6, box: expect.any(Array) }]);
  });

  it('a second table whose amounts end elsewhere (a check table beside the column) is no misalignment', () => {
    const checks = [right('4,693.56', 488, 400), right('2,563.26', 488, 412)];
    expect(columnOutliers([page([...table(plain), ...checks])])).toEqual([]);
  });
});

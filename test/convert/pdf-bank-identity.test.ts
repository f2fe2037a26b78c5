/**
 * The bank a statement is from, by example: its letterhead scored against the bank data
 * (src/engine/data/banks.ts); a counterparty bank in a row, a city of the same name or no
 * known name at all gives Unknown (null), never a wrong name.
 */
import { describe, expect, it } from 'vitest';
import { findBank } from '../../src/engine/pdf/fields.js';
import { documentLines } from '../../src/engine/pdf/lines.js';
import { BANKS } from '../../src/engine/data/banks.js';
import type { TextItem } from '../../src/engine/pdf/text-item.js';

/** Lines of one page, each a row of text at its own height (cells split on runs of 3+ spaces). */
function page(lines: string[]) {
  const items: TextItem[] = [];
  lines.forEach((line, i) => {
    let x = 40;
    for (const cell of line.split(/ {3,}/)) {
      items.push({ str: cell, x, y: 60 + i * 14, w: cell.length * 4.5, size: 9, font: 'Helvetica' });
      x += cell.length * 4.5 + 30;
    }
  });
  return documentLines([{ page: 1, width: 612, height: 792, items }]);
}

const statement = (letterhead: string, rows: string[] = []) => page([
  letterhead, 'Business Checking Statement', 'Account number: 4410229081   Statement period: 03/01/2025 - 03/31/2025',
  'Beginning balance   $12,400.00', ...rows, 'Ending balance   $11,210.55',
]);

describe('bank identity by example', () => {
  it.each([
    ['Frost Bank   P.O. Box 1600, San Antonio TX 78296', 'Frost Bank'],
    ['Zions Bank   One South Main Street, Salt Lake City UT 84133', 'Zions Bank'],
    ['Comerica Bank   comerica.com', 'Comerica Bank'],
    ['First Horizon Bank   firsthorizon.com', 'First Horizon Bank'],
    ['East West Bank   Pasadena CA 91101', 'East West Bank'],
    ['Hancock Whitney   hancockwhitney.com', 'Hancock Whitney Bank'],
    ['Bank OZK   Little Rock AR 72223', 'Bank OZK'],
    ['PenFed Credit Union   penfed.org', 'PenFed Credit Union'],
    ['BECU   P.O. Box 97050, Seattle WA 98124', 'BECU'],
    ['Bluevine Business Checking   bluevine.com', 'Bluevine'],
    ['Relay   relayfi.com', 'Relay'],
    ['NorthOne   northone.com', 'NorthOne'],
    ['CIBC   Toronto ON M5L 1A2', 'CIBC'],
    ['TSB Bank plc   tsb.co.uk', 'TSB Bank'],
    ['National Australia Bank   nab.com.au', 'National Australia Bank'],
  ])('"%s" is %s', (letterhead, name) => {
    expect(findBank(statement(letterhead))?.name).toBe(name);
  });

  it.each([
    ['a payment to another bank in a row', 'Prairie Ridge Bank', ['03/04/2025   ZELLE PAYMENT TO FROST BANK JOHN   -120.00   12,280.00', '03/09/2025   BLUEVINE CAPITAL LOAN PMT   -450.00   11,830.00']],
    ['a city of a bank\'s name', 'Harbour Credit Co-op   1801 Hollis St, Halifax NS B3J 3N4', []],
    ['a word inside a longer address', 'Summit Trust   support@drplumb.com   happyvalley.com', []],
    ['no known name', 'Northgate Commercial Bank', []],
  ])('%s: Unknown', (_what, letterhead, rows) => {
    expect(findBank(statement(letterhead, rows))).toBeNull();
  });
});

describe('the bank data file', () => {
  // A routing number names its bank outright; one mistyped would name a bank wrongly or never
  // match. Every ABA number carries a check digit: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10).
  it('holds only routing numbers whose ABA check digit is right, each given to one bank', () => {
    const all = BANKS.flatMap((b) => (b.routing ?? []).map((r) => [b.name, r] as const));
    expect(all.length).toBeGreaterThan(10);
    for (const [name, r] of all) {
      expect(r, name).toMatch(/^\d{9}$/);
      const d = [...r].map(Number);
      expect((3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + d[2]! + d[5]! + d[8]!) % 10, `${name} ${r}`).toBe(0);
    }
    expect(new Set(all.map(([, r]) => r)).size).toBe(all.length);
  });
});

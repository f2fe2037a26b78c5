/**
 * Captions of check images read as rows (a page of images with no title): a row of only check
 * numbers and dates that repeats a check already read (number, day, amount) is left out; any
 * other row stays. Whole generated statements are in pdf-composed-sectioned.test.ts (seeds 6, 170).
 */
import { describe, expect, it } from 'vitest';
import { findCheckCaptions, type CaptionRow } from '../../src/engine/statement/check-captions.js';

const row = (monthDay: string, cents: number, description: string, checkNumber?: string): CaptionRow => ({ monthDay, cents: [cents], description, ...(checkNumber ? { checkNumber } : {}) });
const ledger = [row('12-2', 727453, 'AMAZON MARKETPLACE PAYMENTS'), row('12-5', 228959, '', '5160'), row('12-9', 10000, 'CHECK 5161')];

describe('check image captions', () => {
  it('leaves out a caption repeating a check of the ledger, by its column or its description', () => {
    expect(findCheckCaptions([...ledger, row('12-5', 228959, '#5160 12/05/24'), row('12-9', 10000, '#5161')])).toEqual([3, 4]);
  });
  it('takes two captions side by side, read as one row, by the check whose amount it carries', () => {
    expect(findCheckCaptions([...ledger, row('12-5', 228959, '#5159 #5160 12/05/24')])).toEqual([3]);
  });
  it('keeps a check paid again on another day, another amount, a check never read, and words beside the number', () => {
    expect(findCheckCaptions([...ledger, row('12-19', 228959, '#5160'), row('12-5', 228900, '#5160'), row('12-5', 228959, '#5170'), row('12-5', 228959, 'CHECK 5160 RETURNED')])).toEqual([]);
  });
  it('captions each check once: a second caption of it is a row', () => {
    expect(findCheckCaptions([...ledger, row('12-5', 228959, '#5160'), row('12-5', 228959, '#5160')])).toEqual([3]);
  });
});

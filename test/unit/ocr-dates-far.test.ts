/**
 * A scan's row dated months away from the rest (a date split by OCR, "20-11-24" read as "20-1",
 * composed low-150 scan 781) was trusted: its statement reconciles, as dates are not reconciled.
 * Such a row's confidence is lowered (ocr/confidence.ts datesFarFromTheRest); a quarter's or a
 * half-year's rows spread over their months are not judged.
 */
import { describe, expect, it } from 'vitest';
import { datesFarFromTheRest } from '../../src/engine/ocr/confidence.js';

const november = ['2024-11-01', '2024-11-04', '2024-11-08', '2024-11-12', '2024-11-19', '2024-11-25', '2024-11-29'];

describe('dates far from the rest (by example)', () => {
  it('a January row among November rows, first or anywhere, is far', () => {
    expect(datesFarFromTheRest(['2024-01-20', ...november])).toEqual([0]);
    expect(datesFarFromTheRest(['2024-01-01', '2024-01-20', ...november])).toEqual([0, 1]);
    expect(datesFarFromTheRest([...november.slice(0, 3), '2025-11-10', ...november.slice(3)])).toEqual([3]);
  });

  it('rows of one month, a month and a half, a quarter or a half-year are not judged; unknown dates are skipped', () => {
    expect(datesFarFromTheRest(november)).toEqual([]);
    expect(datesFarFromTheRest([...november, '2024-12-02', '2024-12-16'])).toEqual([]);
    expect(datesFarFromTheRest(['2024-01-05', '2024-01-25', '2024-02-10', '2024-02-27', '2024-03-12', '2024-03-30'])).toEqual([]);
    expect(datesFarFromTheRest(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30'])).toEqual([]);
    expect(datesFarFromTheRest([undefined, ...november, undefined])).toEqual([]);
    expect(datesFarFromTheRest(['2024-01-20', '2024-11-02', '2024-11-03'])).toEqual([]);
  });
});

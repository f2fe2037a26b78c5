/**
 * Reconciliation as the oracle between readings of one statement: the first reading is kept
 * when it reconciles; another (signs the other way, trailing tables left out) only when it
 * reconciles and the first does not, and never one that more printed running balances disagree with.
 */
import { describe, expect, it } from 'vitest';
import { chooseReading } from '../../src/service/convert/pdf/readings.js';

describe('choosing the reading the balances agree with', () => {
  it('keeps a reconciling first reading as it is', () => {
    const r = chooseReading({ amounts: [500, -200], balances: [1500, 1300], tables: [1, 1], start: 1000, end: 1300 });
    expect(r).toEqual({ amounts: [500, -200], kept: 2, note: null });
  });

  it('reads every sign the other way when only that reconciles (columns swapped)', () => {
    const r = chooseReading({ amounts: [-500, 200], balances: [1500, 1300], tables: [1, 1], start: 1000, end: 1300 });
    expect(r.amounts).toEqual([500, -200]);
    expect(r.note).toMatch(/other sign/);
  });

  it('leaves out a table printed after the closing balance was reached', () => {
    const r = chooseReading({ amounts: [500, -200, 500, -200], balances: [1500, 1300, 1500, 1300], tables: [1, 1, 2, 2], start: 1000, end: 1300 });
    expect(r.kept).toBe(2);
    expect(r.note).toMatch(/2 row\(s\) of a table printed after the closing balance/);
  });

  it('keeps an unreconciled first reading when no other reading reconciles (reported, not forced)', () => {
    const r = chooseReading({ amounts: [500, -250], balances: [1500, 1300], tables: [1, 1], start: 1000, end: 1300 });
    expect(r).toEqual({ amounts: [500, -250], kept: 2, note: null });
  });

  it('does not take a reconciling reading that more printed running balances disagree with', () => {
    // The end balance is misprinted: flipping every sign would reach it, but break both running balances.
    const r = chooseReading({ amounts: [300, -100], balances: [1300, 1200], tables: [1, 1], start: 1000, end: 800 });
    expect(r.note).toBeNull();
    expect(r.amounts).toEqual([300, -100]);
  });
});

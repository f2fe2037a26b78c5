/**
 * The capture traits `defocus-any` and `motion-any` draw their blur's width per seed from a
 * range (test/fixtures/generator/scan.ts drawnBlur), so scan sweeps measure the blur path at
 * every width a phone gives, not only at the one or two a fixed trait draws (`defocus`: σ 2.2 px
 * of the capture; `motion`: 7 px), whose options stay as they were.
 */
import { describe, expect, it } from 'vitest';
import { CAPTURE_TRAITS } from '../fixtures/generator/capture-traits.js';
import { drawnBlur } from '../fixtures/generator/scan.js';

const trait = (name: string) => CAPTURE_TRAITS.find((t) => t.name === name)!.options;

describe('blur widths drawn per seed', () => {
  it('a defocus of any σ in its range, the same for a seed every time, spread over the range', () => {
    const sigmas = Array.from({ length: 60 }, (_, i) => drawnBlur({ ...trait('defocus-any'), seed: 1000 + i }).blur!);
    for (const s of sigmas) expect(s).toBeGreaterThanOrEqual(0.8), expect(s).toBeLessThanOrEqual(3.2);
    expect(drawnBlur({ ...trait('defocus-any'), seed: 1007 }).blur).toBe(sigmas[7]);
    // Every quarter of the range is drawn.
    for (let q = 0; q < 4; q++) expect(sigmas.some((s) => s >= 0.8 + q * 0.6 && s < 1.4 + q * 0.6)).toBe(true);
  });

  it('a smear of any length and direction in its range', () => {
    const d = Array.from({ length: 60 }, (_, i) => drawnBlur({ ...trait('motion-any'), seed: 1000 + i }));
    for (const x of d) {
      expect(x.motionBlur!).toBeGreaterThanOrEqual(3); expect(x.motionBlur!).toBeLessThanOrEqual(14);
      expect(Math.abs(x.motionAngleDeg!)).toBeLessThanOrEqual(25);
    }
    expect(new Set(d.map((x) => Math.round(x.motionBlur!))).size).toBeGreaterThan(8);
  });

  it('the fixed traits keep their one width', () => {
    expect(drawnBlur({ ...trait('defocus'), seed: 5 })).toEqual({ ...trait('defocus'), seed: 5 });
    expect(drawnBlur({ ...trait('motion'), seed: 5 }).motionBlur).toBe(7);
  });
});

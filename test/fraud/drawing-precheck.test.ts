import { describe, expect, it } from 'vitest';
import { mayFillWhite, scanContent } from '../../src/service/fraud/drawing.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const scanFindsWhite = (s: string) => scanContent(bytes(s), 100_000).white.length > 0;

/**
 * The pre-check that spares the full content-stream scan must never say "no white fill" for a
 * stream the full scan finds a white fill in; it may say "maybe" when unsure.
 */
describe('white-fill pre-check on content-stream bytes', () => {
  const whiteFills = [
    '1 g 10 10 50 20 re f',
    '0 g BT /F1 9 Tf (a) Tj ET 1 g 10 10 50 20 re f',
    '1 1 1 rg 10 10 50 20 re f',
    '1.0 1.0 1.0 rg 10 10 50 20 re f',
    '0 0 0 0 k 10 10 50 20 re f*',
    '1 sc 10 10 50 20 re f',
    '1 1 1 scn\n10 10 m 60 10 l 60 30 l h f',
    '1 /Pattern g 10 10 50 20 re f', // a name between operand and operator: the scan still sees 1
    '1 (x) g 10 10 50 20 re f', // likewise a string
    '1 %note\ng 10 10 50 20 re f', // a comment between them
    '1 1.2.3 g 10 10 50 20 re f', // a malformed number the scan skips
    '1\x00g 10 10 50 20 re f',
  ];
  for (const s of whiteFills) {
    it(`says maybe for ${JSON.stringify(s)}`, () => {
      expect(scanFindsWhite(s)).toBe(true);
      expect(mayFillWhite(bytes(s))).toBe(true);
    });
  }

  const noWhite = [
    '0 g 10 10 50 20 re f BT /F1 9 Tf 1 0 0 1 72 700 Tm (Opening balance) Tj ET',
    '0.5 0.5 0.5 rg 10 10 50 20 re f',
    '0 0 0 1 k 10 10 50 20 re f',
    '1 G 1 1 1 RG 10 10 50 20 re S', // white stroke, not fill
    'q 1 0 0 1 5 5 cm 0 g 10 10 50 20 re f Q',
    'BT /F1 1 Tf (eg) Tj ET',
  ];
  for (const s of noWhite) {
    it(`says no for ${JSON.stringify(s)}`, () => {
      expect(scanFindsWhite(s)).toBe(false);
      expect(mayFillWhite(bytes(s))).toBe(false);
    });
  }

  it('agrees with the full scan on every prefix-cut of a mixed stream', () => {
    const s = 'q 0 g BT /F1 9 Tf 72 700 Td (Balance) Tj ET Q 0.2 g 10 10 5 5 re f 1 1 1 rg 70 690 60 15 re f 0 g';
    for (let cut = 0; cut <= s.length; cut++) {
      const part = s.slice(0, cut);
      if (scanFindsWhite(part)) expect(mayFillWhite(bytes(part))).toBe(true);
    }
  });
});

/**
 * Statements whose fonts are embedded TrueType fonts, as nearly every real statement's are
 * (test/fixtures/generator/embedded-fonts.ts: DejaVu from fonts-dejavu-core as a Type0 font with
 * Identity-H and a ToUnicode map, subset or whole; as a simple TrueType font in WinAnsi, with
 * /Differences, or with codes of its own and a ToUnicode map). The generator's standard-14
 * statements never held one. Each kind, on a composed statement, must read exactly: every row's
 * date, signed amount and printed balance, the opening and closing balances, reconciled — and
 * the PDF must hold the font kind it claims (else the test would guard nothing).
 */
import { describe, expect, it } from 'vitest';
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { f1, readComposed, readComposedCard } from '../fixtures/generator/composer/score.js';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { DEJAVU_DIR, EMBEDDED_SEEDS, EMBEDDINGS, type FontEmbedding } from '../fixtures/generator/embedded-fonts.js';
import { keepGlyphs } from '../fixtures/generator/truetype-subset.js';

/** What the font dictionaries of each kind say (pdf-lib writes them uncompressed). */
const SHAPE: Record<Exclude<FontEmbedding, 'standard'>, RegExp[]> = {
  'identity-subset': [/\/Subtype \/Type0/, /\/Encoding \/Identity-H/, /\/BaseFont \/[A-Z]{6}\+DejaVu/, /\/ToUnicode \d+ 0 R/, /\/FontFile2/],
  'identity-full': [/\/Subtype \/Type0/, /\/Encoding \/Identity-H/, /\/BaseFont \/DejaVu/, /\/ToUnicode \d+ 0 R/],
  'winansi-subset': [/\/Subtype \/TrueType/, /\/Encoding \/WinAnsiEncoding/, /\/BaseFont \/[A-Z]{6}\+DejaVu/, /\/FontFile2/],
  'winansi-full': [/\/Subtype \/TrueType/, /\/Encoding \/WinAnsiEncoding/, /\/BaseFont \/DejaVu/, /\/FirstChar 32/],
  'differences-subset': [/\/Subtype \/TrueType/, /\/BaseEncoding \/WinAnsiEncoding/, /\/Differences \[ 128 \//],
  'custom-subset': [/\/Subtype \/TrueType/, /\/BaseFont \/[A-Z]{6}\+DejaVu/, /\/ToUnicode \d+ 0 R/, /\/Flags [4-7]\b/],
};

describe('statements with embedded TrueType fonts', () => {
  for (const kind of EMBEDDINGS) {
    const seed = EMBEDDED_SEEDS[kind];
    it(`${kind} (seed ${seed}): every row, balance and total read exactly`, async () => {
      const r = await readComposed(seed, { fonts: 'embedded', fontEmbedding: kind });
      const text = Buffer.from(r.pdf.bytes).toString('latin1');
      for (const re of SHAPE[kind]) expect(text, `${kind}: ${re}`).toMatch(re);
      if (kind !== 'custom-subset') expect(text).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
      const truth = r.pdf.truth, got = r.doc.statements;
      expect(got.length).toBe(truth.length);
      truth.forEach((t, i) => {
        const s = got[i]!;
        expect({ start: s.startBalance, end: s.endBalance, rows: s.transactions.length }).toEqual({ start: t.startBalance, end: t.endBalance, rows: t.transactions.length });
        // Exactly: a waived fee's 0.00 beside a debit flag is 0, not -0.
        expect(s.transactions.map((x) => [x.date, x.amount, x.balance ?? null, x.description]))
          .toEqual(t.transactions.map((x) => [x.date, x.amount, x.balance ?? null, x.description]));
      });
    }, 120_000);
  }

  it('a monospaced font whose space is wider than 0.6 em gives every word an item of its own (pdf.js breaks the flow there): a figure keeps its currency code and side mark', async () => {
    // Card seed 307 (DejaVu Sans Mono, space 0.602 em): "-CHF 449,40" right-aligned under "Importo",
    // "-CHF" left of the head's edge. Bank seed 593: "CHF 4.848,12 H" under a narrow "Betrag".
    const card = await readComposedCard(307, { fonts: 'embedded' });
    const items = (await extractPdf(card.pdf.bytes, 'card.pdf')).pages[0]!.items.map((i) => i.str);
    expect(items).toContain('-CHF');
    expect(items).toContain('449,40');
    expect(card.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(card.match)).toBe(1);
    const bank = await readComposed(593, { fonts: 'embedded' });
    expect(bank.pdf.traits.font).toBe('courier');
    expect(bank.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
    expect(f1(bank.match)).toBe(1);
  }, 120_000);

  it('a subset that keeps glyph ids keeps the glyphs drawn (and what composites use) and empties the rest', () => {
    const data = new Uint8Array(readFileSync(`${DEJAVU_DIR}/DejaVuSans.ttf`));
    const full = fontkit.create(data);
    const used = [...'Saldo 1.234,56 €é'].map((c) => full.glyphForCodePoint(c.codePointAt(0)!).id);
    const sub = fontkit.create(keepGlyphs(data, used));
    expect(sub.numGlyphs).toBe(full.numGlyphs);
    for (const ch of 'Saldo1.234,56€é') {
      const g = full.glyphForCodePoint(ch.codePointAt(0)!);
      expect(sub.glyphForCodePoint(ch.codePointAt(0)!).id, ch).toBe(g.id);
      expect(sub.getGlyph(g.id).path.toSVG().length, ch).toBe(g.path.toSVG().length);
    }
    expect(sub.glyphForCodePoint('Z'.codePointAt(0)!).path.toSVG()).toBe('');
    expect(sub.getGlyph(full.glyphForCodePoint('Z'.codePointAt(0)!).id).advanceWidth).toBe(full.glyphForCodePoint('Z'.codePointAt(0)!).advanceWidth);
  });
});

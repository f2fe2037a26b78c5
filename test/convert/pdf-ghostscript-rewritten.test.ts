/**
 * Statements as brokers receive them after Ghostscript's pdfwrite re-wrote them (an archive, an
 * optimiser, "print to PDF"): each embedded TrueType font keeps its codes at WinAnsi's places but
 * loses its /Encoding, is marked symbolic and gets no ToUnicode, so pdf.js took the codes as
 * MacRoman ("€" read "Ä", "Crédit" "CrÈdit") and rows with "Ä" beside their amounts were lost.
 * The encoding of such a font is decided by evidence (src/engine/pdf/fast/unstated-encoding.ts):
 * the font's own glyph names, else which reading makes the text hold together. Each case failed
 * before that (F1 0, rows lost). Needs Debian's ghostscript (.ci/run installs it): without `gs`
 * the re-written cases are skipped, saying so; the hand-made fonts below run everywhere.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { extractPdf, withPdfReader } from '../../src/engine/pdf/extract.js';
import { highCodeGlyphNames } from '../../src/engine/pdf/fast/truetype-names.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { f1, scoreReading } from '../fixtures/generator/composer/score.js';
import { compareReaders } from '../fixtures/compare-readers.js';
import { handPdf } from '../fixtures/hand-pdf.js';
import type { FontEmbedding } from '../fixtures/generator/embedded-fonts.js';

const GS = process.env.LEDGERDROP_GS ?? 'gs';
const hasGs = (() => { try { execFileSync(GS, ['--version'], { stdio: 'pipe' }); return true; } catch { return false; } })();
if (!hasGs) console.warn(`pdf-ghostscript-rewritten: ${GS} not found — the Ghostscript cases are skipped (Debian: apt-get install ghostscript)`);

function ghostscript(pdf: Uint8Array): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdrop-gs-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    execFileSync(GS, ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', `-sOutputFile=${join(dir, 'b.pdf')}`, join(dir, 'a.pdf')], { stdio: 'pipe', timeout: 60_000 });
    return new Uint8Array(readFileSync(join(dir, 'b.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seeds of the rewrite sweep (rewrite-sweep.ts 1 30 gs --traits '{"fonts":"embedded"}') with their font kind pinned, and what decides. */
const CASES: { seed: number; kind: Exclude<FontEmbedding, 'standard'>; by: RegExp; what: string }[] = [
  // French, EUR, "416,50 €-": a subset (no glyph names), decided by the text.
  { seed: 4, kind: 'winansi-subset', by: /^text: /, what: 'French subset, € after figures' },
  // German, Courier-like DejaVu Sans Mono whole: the font's post table names its glyphs.
  { seed: 22, kind: 'winansi-full', by: /^glyph names: /, what: 'German whole font, glyph names' },
  // Dutch, "6.183,48 €" in DejaVu Sans Mono subset with /Differences before Ghostscript.
  { seed: 30, kind: 'differences-subset', by: /^text: /, what: 'Dutch subset, € beside figures' },
];

describe.skipIf(!hasGs)('statements re-written by Ghostscript (embedded TrueType fonts without an encoding)', () => {
  for (const c of CASES) {
    it(`seed ${c.seed} (${c.what}): read exactly, fonts decided WinAnsi, both readers alike`, async () => {
      const pdf = await composeStatementPdf(c.seed, { fonts: 'embedded', fontEmbedding: c.kind });
      const bytes = ghostscript(pdf.bytes);
      // The shape that misled: a symbolic TrueType font with neither /Encoding nor ToUnicode.
      const text = await extractPdf(bytes, `gs-${c.seed}.pdf`);
      expect(text.decidedEncodings?.length, 'fonts decided').toBeGreaterThan(0);
      for (const d of text.decidedEncodings!) {
        expect(d.encoding, d.font).toBe('WinAnsiEncoding');
        expect(d.evidence, d.font).toMatch(c.by);
      }
      const all = text.pages.flatMap((p) => p.items.map((i) => i.str)).join(' ');
      expect(all).toContain('€');
      expect(all).not.toMatch(/[a-z][ÄÈÉ]/);
      const doc = await convertDocument({ fileName: `gs-${c.seed}.pdf`, bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      const r = scoreReading(pdf, doc);
      expect(r.problems.map((p) => `${p.kind}: ${p.detail}`)).toEqual([]);
      expect(f1(r.match)).toBe(1);
      for (const s of doc.statements) expect(s.currencyCode).toBe('EUR');
      // pdf.js reads a copy that states the decided encoding: the same items and result.
      const cmp = await compareReaders(bytes, `gs-${c.seed}.pdf`);
      expect({ itemDiffs: cmp.itemDiffs, resultDiff: cmp.resultDiff }).toEqual({ itemDiffs: [], resultDiff: null });
      const slow = await withPdfReader('pdfjs', () => extractPdf(bytes, `gs-${c.seed}.pdf`));
      expect(slow.decidedEncodings).toEqual(text.decidedEncodings);
    }, 120_000);
  }
});

// ---------------------------------------------------------------------------------------------
// Hand-made fonts: a TrueType program holding only a (1,0) cmap (code 0x80 → glyph 1) and a
// format 2 post table naming glyph 1, in a symbolic simple TrueType font without /Encoding or
// ToUnicode, shown as "€ 12,50" would be in WinAnsi.

function table(tag: string, data: Buffer): { tag: string; data: Buffer } { return { tag, data }; }

function trueType(glyphName: string): Buffer {
  const cmap = Buffer.alloc(4 + 8 + 6 + 256);
  cmap.writeUInt16BE(0, 0); cmap.writeUInt16BE(1, 2);
  cmap.writeUInt16BE(1, 4); cmap.writeUInt16BE(0, 6); cmap.writeUInt32BE(12, 8);
  cmap.writeUInt16BE(0, 12); cmap.writeUInt16BE(262, 14); cmap.writeUInt16BE(0, 16);
  cmap[18 + 0x80] = 1;
  const name = Buffer.from(glyphName, 'latin1');
  const post = Buffer.alloc(32 + 2 + 4);
  post.writeUInt32BE(0x00020000, 0);
  post.writeUInt16BE(2, 32); post.writeUInt16BE(0, 34); post.writeUInt16BE(258, 36);
  const postAll = Buffer.concat([post, Buffer.from([name.length]), name]);
  const tables = [table('cmap', cmap), table('post', postAll)];
  const head = Buffer.alloc(12 + 16 * tables.length);
  head.writeUInt32BE(0x00010000, 0); head.writeUInt16BE(tables.length, 4);
  let off = head.length;
  tables.forEach((t, i) => {
    head.write(t.tag, 12 + i * 16, 'latin1');
    head.writeUInt32BE(off, 12 + i * 16 + 8); head.writeUInt32BE(t.data.length, 12 + i * 16 + 12);
    off += t.data.length;
  });
  return Buffer.concat([head, ...tables.map((t) => t.data)]);
}

function statementWith(program: Buffer, shown: string): Uint8Array {
  const content = `BT /F1 10 Tf 40 700 Td (${shown}) Tj ET`;
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    { dict: '/Filter /FlateDecode', stream: deflateSync(Buffer.from(content, 'latin1')) },
    '<< /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Sans /FirstChar 32 /LastChar 128 /Widths [' + Array(97).fill(600).join(' ') + '] /FontDescriptor 6 0 R >>',
    '<< /Type /FontDescriptor /FontName /ABCDEF+Sans /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>',
    { dict: `/Length1 ${program.length} /Filter /FlateDecode`, stream: deflateSync(program) },
  ]);
}

describe('a font without an encoding, decided by its own glyph names before the text', () => {
  it('reads its glyph names through the (1,0) cmap and a format 2 post table', () => {
    expect(highCodeGlyphNames(trueType('Euro'))).toEqual(new Map([[0x80, 'Euro']]));
  });

  it('a glyph named Euro at 0x80: WinAnsi, "€ 12,50"', async () => {
    const text = await withPdfReader('fast', () => extractPdf(statementWith(trueType('Euro'), '\x80 12,50'), 'euro.pdf'));
    expect(text.decidedEncodings?.map((d) => [d.encoding, d.evidence])).toEqual([['WinAnsiEncoding', 'glyph names: 1 codes named as WinAnsi gives them']]);
    expect(text.pages[0]!.items.map((i) => i.str).join('')).toBe('€ 12,50');
  });

  it('a glyph named Adieresis at 0x80: MacRoman, though "€" would fit the text better', async () => {
    const text = await withPdfReader('fast', () => extractPdf(statementWith(trueType('Adieresis'), '\x80 12,50'), 'mac.pdf'));
    expect(text.decidedEncodings?.map((d) => d.encoding)).toEqual(['MacRomanEncoding']);
    expect(text.pages[0]!.items.map((i) => i.str).join('')).toBe('Ä 12,50');
  });

  it('no glyph names: the text decides ("Crédit" against "CrÈdit"); a Mac-made "Crédit" (0x8E) stays MacRoman', async () => {
    const noNames = trueType('');
    const win = await withPdfReader('fast', () => extractPdf(statementWith(noNames, 'Cr\\351dit \\200 12,50'), 'win.pdf'));
    expect(win.decidedEncodings?.map((d) => d.encoding)).toEqual(['WinAnsiEncoding']);
    expect(win.pages[0]!.items.map((i) => i.str).join('')).toBe('Crédit € 12,50');
    const mac = await withPdfReader('fast', () => extractPdf(statementWith(noNames, 'Cr\\216dit'), 'mac.pdf'));
    expect(mac.decidedEncodings?.map((d) => d.encoding)).toEqual(['MacRomanEncoding']);
    expect(mac.pages[0]!.items.map((i) => i.str).join('')).toBe('Crédit');
  });

  it('no evidence either way, or control codes shown (codes of the font\'s own): not decided, read by pdf.js as before', async () => {
    const text = await extractPdf(statementWith(trueType(''), 'Gesch\\200ftskonto'), 'own.pdf');
    expect(text.decidedEncodings).toBeUndefined();
    expect(text.reader?.name).toBe('pdfjs');
    // Control codes shown (a font numbered in glyph order, as pdftops writes them): its codes are
    // its own, whatever a glyph name at 0x80 says.
    const own = await extractPdf(statementWith(trueType('Euro'), '\\001\\200 12,50'), 'order.pdf');
    expect(own.decidedEncodings).toBeUndefined();
    expect(own.reader?.name).toBe('pdfjs');
  });

  it('a damaged or hostile font program gives no names and no exception', () => {
    const good = trueType('Euro');
    for (let cut = 0; cut < good.length; cut += 7) expect(highCodeGlyphNames(good.subarray(0, cut)).size).toBeLessThanOrEqual(1);
    const bad = Buffer.from(good);
    bad.writeUInt16BE(0xffff, 4); // table count
    expect(() => highCodeGlyphNames(bad)).not.toThrow();
    const huge = Buffer.from(good);
    huge.writeUInt16BE(0xffff, huge.readUInt32BE(12 + 16 + 8) + 32); // post's glyph count, past the table's end
    expect(() => highCodeGlyphNames(huge)).not.toThrow();
    let seed = 7;
    for (let n = 0; n < 200; n++) {
      const junk = Buffer.from(good);
      for (let k = 0; k < 8; k++) { seed = (seed * 1103515245 + 12345) >>> 0; junk[seed % junk.length] = seed >>> 24; }
      expect(() => highCodeGlyphNames(junk)).not.toThrow();
    }
  });
});

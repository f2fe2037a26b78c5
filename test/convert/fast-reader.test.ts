/**
 * The fast text reader (src/engine/pdf/fast/) against pdf.js, its oracle: on every layout of
 * the generator and on PDFs written here by hand, the text items (strings, x/y/w within 0.5 pt,
 * size, font name) and the engine's whole result are the same whichever reader read the text;
 * what the fast reader does not read with certainty goes to pdf.js, with the reason recorded;
 * and the limits hold on the fast path as on pdf.js's.
 */
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractPdf, withPdfReader } from '../../src/engine/pdf/extract.js';
import { LimitError } from '../../src/engine/limits.js';
import { LAYOUTS, makeLongStatement, makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { compareReaders, diffItems } from '../fixtures/compare-readers.js';
import { handPdf } from '../fixtures/hand-pdf.js';
import { composeStatementPdf } from '../fixtures/generator/composer/render.js';
import { EMBEDDED_SEEDS, EMBEDDINGS } from '../fixtures/generator/embedded-fonts.js';


/** RunLengthDecode data: literal runs of up to 128 bytes, then the end marker. */
function runLength(text: string): Uint8Array {
  const b = Buffer.from(text, 'latin1');
  const out: number[] = [];
  for (let i = 0; i < b.length; i += 128) { const run = b.subarray(i, i + 128); out.push(run.length - 1, ...run); }
  out.push(128);
  return Uint8Array.from(out);
}

/** Catalog, pages, one page with `content` and `resources`: objects 1–4, more from 5 on. */
function onePage(content: string, resources: string, extra: (string | { dict: string; stream: Uint8Array | string })[] = [], pageExtra = ''): Uint8Array {
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents 4 0 R ${pageExtra} >>`,
    { dict: '/Filter /FlateDecode', stream: deflateSync(Buffer.from(content, 'latin1')) },
    ...extra,
  ]);
}

const HELVETICA = '<< /Font << /F1 5 0 R >> >>';
const helveticaFont = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

const round3 = (n: number) => Math.round(n * 1000) / 1000;

async function both(bytes: Uint8Array) {
  const auto = await extractPdf(bytes, 'x.pdf');
  const slow = await withPdfReader('pdfjs', () => extractPdf(bytes, 'x.pdf'));
  return { auto, slow, diffs: diffItems(auto, slow) };
}

describe('the fast reader gives pdf.js\'s text and the same engine result', () => {
  it('on every layout of the generator and a 20-page statement', async () => {
    const files = [
      ...(await Promise.all(LAYOUTS.map(async (layout) => ({ name: layout, bytes: (await renderStatementPdf(makeStatementSpec({ seed: 5, layout }))).bytes })))),
      { name: 'chase-20', bytes: (await makeLongStatement({ seed: 6, layout: 'chase', pages: 20 })).bytes },
    ];
    for (const f of files) {
      const r = await compareReaders(f.bytes, `${f.name}.pdf`);
      expect({ name: f.name, reader: r.reader, reason: r.reason }).toEqual({ name: f.name, reader: 'fast', reason: undefined });
      expect(r.items, f.name).toBeGreaterThan(20);
      expect(r.itemDiffs, f.name).toEqual([]);
      expect(r.resultDiff, f.name).toBeNull();
    }
  }, 300_000);

  it('on statements with embedded TrueType fonts of every kind the generator draws (Type0 Identity-H, simple WinAnsi, Differences, own codes; subset and whole)', async () => {
    for (const kind of EMBEDDINGS) {
      const seed = EMBEDDED_SEEDS[kind];
      const pdf = await composeStatementPdf(seed, { fonts: 'embedded', fontEmbedding: kind });
      const r = await compareReaders(pdf.bytes, `${kind}.pdf`);
      expect({ kind, reader: r.reader, reason: r.reason }).toEqual({ kind, reader: 'fast', reason: undefined });
      expect(r.items, kind).toBeGreaterThan(50);
      expect(r.itemDiffs, kind).toEqual([]);
      expect(r.resultDiff, kind).toBeNull();
    }
  }, 300_000);

  it('reads a classic cross-reference table and an incremental update that replaces the Info dictionary', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    doc.setProducer('First producer');
    const page = doc.addPage([612, 792]);
    page.drawText('Opening balance 1,234.56', { x: 50, y: 700, size: 11, font });
    const classic = Buffer.from(await doc.save({ useObjectStreams: false }));
    const text = classic.toString('latin1');
    const size = Number(/\/Size (\d+)/.exec(text)![1]);
    const root = /\/Root (\d+ \d+ R)/.exec(text)![1];
    const prev = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
    const infoAt = classic.length;
    const info = `${size} 0 obj\n<< /Producer (Updated producer) >>\nendobj\n`;
    const xrefAt = infoAt + info.length;
    const update = `${info}xref\n${size} 1\n${String(infoAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const bytes = new Uint8Array(Buffer.concat([classic, Buffer.from(update, 'latin1')]));
    const { auto, diffs } = await both(bytes);
    expect(auto.reader).toEqual({ name: 'fast' });
    expect(auto.info.producer).toBe('Updated producer');
    expect(auto.pages[0]!.items.map((i) => i.str)).toEqual(['Opening balance 1,234.56']);
    expect(auto.pages[0]!.items[0]!.font).toBe('Times-Roman');
    expect(diffs).toEqual([]);
  });

  it('reads Differences, TJ spacing, Tz/Tc/Tw/Ts, q/Q and cm, a Form XObject and an inline image as pdf.js does', async () => {
    const form = 'BT /F1 8 Tf 10 10 Td (Inside the form) Tj ET';
    const content = [
      'q 1 0 0 1 20 0 cm BT /F1 10 Tf 1 0 0 1 40 700 Tm [(Date)-3000(Amount)] TJ ET Q',
      'BT /F1 10 Tf 40 680 Td 2 Tc (Spaced) Tj 0 Tc 150 Tz 4 Tw ( wide words) Tj 100 Tz 0 Tw 3 Ts (raised) Tj 0 Ts ET',
      'BT /F2 10 Tf 40 660 Td <8081> Tj ( caf\\351) Tj ET',
      'q 1 0 0 1 300 300 cm /X1 Do Q',
      'q 10 0 0 10 400 400 cm BI /W 4 /H 1 /BPC 8 /CS /G ID \x00EI\x01 EI Q',
      'BT /F1 10 Tf 40 640 Td (After the image) Tj ET',
    ].join('\n');
    const bytes = onePage(content, '<< /Font << /F1 5 0 R /F2 6 0 R >> /XObject << /X1 7 0 R >> >>', [
      helveticaFont,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [128 /Euro /sterling] >> >>',
      { dict: '/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >>', stream: form },
    ]);
    const { auto, diffs } = await both(bytes);
    expect(auto.reader).toEqual({ name: 'fast' });
    expect(diffs).toEqual([]);
    const strs = auto.pages[0]!.items.map((i) => i.str);
    expect(strs).toEqual(expect.arrayContaining(['Date', 'Amount', '€£ café', 'Inside the form', 'After the image']));
  });

  it('takes resources from several levels of the page tree as pdf.js does: each entry from the nearest level', async () => {
    const form = 'BT /F1 8 Tf 10 10 Td (Form from the tree) Tj ET';
    const fonts = '/Font << /F1 5 0 R >>';
    const tree = (pagesResources: string, pageResources: string, content: string) => handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources ${pagesResources} >>`,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${pageResources} /Contents 4 0 R >>`,
      { dict: '/Filter /FlateDecode', stream: deflateSync(Buffer.from(content, 'latin1')) },
      helveticaFont,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>',
      { dict: '/Type /XObject /Subtype /Form /BBox [0 0 200 200]', stream: form },
      `<< ${fonts} /ProcSet [/PDF /Text] >>`,
    ]);
    // LibreOffice: one dictionary on the /Pages node and on each page.
    const same = tree('8 0 R', '8 0 R', 'BT /F1 10 Tf 40 700 Td (Shared resources) Tj ET');
    // Fonts on the page; the form only above it; /F1 on both levels names different fonts.
    const split = tree('<< /Font << /F1 6 0 R >> /XObject << /X1 7 0 R >> >>', `<< ${fonts} >>`,
      'BT /F1 10 Tf 40 700 Td (Page font) Tj ET q 1 0 0 1 300 300 cm /X1 Do Q');
    for (const [bytes, words] of [[same, ['Shared resources']], [split, ['Page font', 'Form from the tree']]] as const) {
      const { auto, diffs } = await both(bytes);
      expect(auto.reader).toEqual({ name: 'fast' });
      expect(diffs).toEqual([]);
      expect(auto.pages[0]!.items.map((i) => i.str)).toEqual(expect.arrayContaining([...words]));
    }
    // The page's /Font is the nearest: Helvetica, not the Times-Roman of the /Pages node.
    const { auto } = await both(split);
    expect(auto.pages[0]!.items.find((i) => i.str === 'Page font')!.font).toMatch(/Helvetica/);
  });

  it('reads a Type0 Identity-H font through its ToUnicode map and /W widths', async () => {
    const cmap = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '1 begincodespacerange <0000> <FFFF> endcodespacerange',
      '2 beginbfchar <0003> <0020> <0011> <0024> endbfchar',
      '1 beginbfrange <0024> <0026> <0041> endbfrange',
      '1 beginbfrange <0030> <0031> [<0031> <0032>] endbfrange',
      'endcmap CMapName currentdict /CMap defineresource pop end end',
    ].join('\n');
    const bytes = onePage('BT /F1 12 Tf 50 700 Td <00240025002600030011003000310031> Tj ET', '<< /Font << /F1 5 0 R >> >>', [
      '<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Sans /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 8 0 R >>',
      '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Sans /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 7 0 R /DW 500 /W [36 [600 650 700] 48 49 550] >>',
      '<< /Type /FontDescriptor /FontName /ABCDEF+Sans /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>',
      { dict: '', stream: cmap },
    ]);
    const { auto, diffs } = await both(bytes);
    expect(auto.reader).toEqual({ name: 'fast' });
    expect(diffs).toEqual([]);
    expect(auto.pages[0]!.items.map((i) => [i.str, i.font])).toEqual([['ABC $122', 'ABCDEF+Sans']]);
  });

  // Where the descriptor's /FontName and the font's /BaseFont differ, pdf.js (translateFont) names
  // the font by /FontName unless /BaseFont starts with it or only /BaseFont is a name it knows.
  // wkhtmltopdf (Qt) writes the subset tag in /FontName only: the first case.
  const NAME_PAIRS: [string, string, string, string][] = [
    ['the subset tag in /FontName only (wkhtmltopdf)', 'QXAAAA+DejaVuSans', 'DejaVuSans', 'QXAAAA+DejaVuSans'],
    ['only /BaseFont a name pdf.js knows', 'ABCDEF+Arial', 'Arial', 'Arial'],
    ['/BaseFont starting with /FontName', 'Arial', 'Arial,Bold', 'Arial,Bold'],
    ['both names known', 'Helvetica', 'Arial', 'Helvetica'],
    ['neither name known', 'Sans', 'Serif', 'Sans'],
  ];
  for (const [what, fontName, baseFont, name] of NAME_PAIRS) {
    it(`names a font whose /FontName and /BaseFont differ as pdf.js does: ${what}`, async () => {
      const cmap = [
        '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
        '1 begincodespacerange <0000> <FFFF> endcodespacerange',
        '1 beginbfrange <0024> <0026> <0041> endbfrange',
        'endcmap CMapName currentdict /CMap defineresource pop end end',
      ].join('\n');
      const bytes = onePage('BT /F1 12 Tf 50 700 Td <002400250026> Tj /F2 10 Tf 0 -20 Td (Simple) Tj ET', '<< /Font << /F1 5 0 R /F2 9 0 R >> >>', [
        `<< /Type /Font /Subtype /Type0 /BaseFont /${baseFont} /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 8 0 R >>`,
        `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${baseFont} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 7 0 R /DW 500 /W [36 [600 650 700]] >>`,
        `<< /Type /FontDescriptor /FontName /${fontName} /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>`,
        { dict: '', stream: cmap },
        `<< /Type /Font /Subtype /TrueType /BaseFont /${baseFont} /FirstChar 32 /LastChar 126 /Widths [${Array.from({ length: 95 }, (_, i) => 400 + (i % 7) * 50).join(' ')}] /Encoding /WinAnsiEncoding /FontDescriptor 10 0 R >>`,
        `<< /Type /FontDescriptor /FontName /${fontName} /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>`,
      ]);
      const { auto, diffs } = await both(bytes);
      expect(auto.reader).toEqual({ name: 'fast' });
      expect(diffs).toEqual([]);
      expect(auto.pages[0]!.items.map((i) => [i.str, i.font])).toEqual([['ABC', name], ['Simple', name]]);
    });
  }

  it('knows the font names pdf.js knows (known-font-names.ts is the installed pdf.js\'s tables: bin/generate-known-font-names.mjs)', async () => {
    // @ts-expect-error: a plain ES module of the build scripts, without types
    const { pdfjsKnownFontNames } = await import('../../bin/pdfjs-font-tables.mjs');
    const { PDFJS_KNOWN_FONT_NAMES } = await import('../../src/engine/pdf/fast/known-font-names.js');
    expect([...PDFJS_KNOWN_FONT_NAMES]).toEqual(pdfjsKnownFontNames(fileURLToPath(new URL('../..', import.meta.url))));
  });

  it('reads the standard ZapfDingbats through its built-in encoding (names and widths from data), as pdf.js does', async () => {
    const doc = await PDFDocument.create();
    const helvetica = await doc.embedFont(StandardFonts.Helvetica);
    const dingbats = await doc.embedFont(StandardFonts.ZapfDingbats);
    const page = doc.addPage([612, 792]);
    // ✓ ✔ ■ are the glyphs a19, a20 and a73, at codes '3', '4' and 'n'; the space is `space`.
    page.drawText('\u2713\u2714 \u25a0\u25a0\u25a0', { x: 40, y: 700, size: 12, font: dingbats });
    page.drawText('Opening balance 1,234.56', { x: 120, y: 700, size: 10, font: helvetica });
    page.drawText('\u25a0\u25a0', { x: 40, y: 680, size: 8, font: dingbats });
    const { auto, diffs } = await both(await doc.save());
    expect(auto.reader).toEqual({ name: 'fast' });
    expect(diffs).toEqual([]);
    // pdf.js's glyph list has no character for the dingbats' names: its text is the code itself.
    expect(auto.pages[0]!.items.filter((i) => i.font === 'ZapfDingbats').map((i) => [i.str, Math.round(i.w * 1000) / 1000]))
      .toEqual([['34 nnn', round3(12 * (755 + 846 + 278 + 3 * 761) / 1000)], ['nn', round3(8 * 2 * 761 / 1000)]]);
  });

  it('keeps a page without text as a page for OCR, as before', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([612, 792]).drawText('Statement period', { x: 50, y: 700, size: 10, font });
    doc.addPage([612, 792]);
    const { auto, slow, diffs } = await both(await doc.save());
    expect(auto.reader).toEqual({ name: 'fast' });
    expect(diffs).toEqual([]);
    expect([auto.info.image, auto.info.uselessPages, auto.pages[1]!.items.length]).toEqual([false, 1, 0]);
    expect([slow.info.image, slow.info.uselessPages]).toEqual([false, 1]);
  });
});

describe('what the fast reader does not read with certainty goes to pdf.js', () => {
  const cases: [string, () => Uint8Array, RegExp][] = [
    ['a content stream under RunLengthDecode', () => handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${HELVETICA} /Contents 4 0 R >>`,
      { dict: '/Filter /RunLengthDecode', stream: runLength('BT /F1 10 Tf 40 700 Td (Run length) Tj ET') }, helveticaFont,
    ]), /filter RunLengthDecode/],
    ['a Type 3 font', () => onePage('BT /F1 10 Tf 40 700 Td (a) Tj ET', HELVETICA, [
      '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1 1] /FontMatrix [1 0 0 1 0 0] /CharProcs << >> /Encoding << /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1] >>',
    ]), /Type3 font/],
    ['a glyph name outside the known tables', () => onePage('BT /F1 10 Tf 40 700 Td <41> Tj ET', HELVETICA, [
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /g123] >> >>',
    ]), /g123/],
    ['a rotated page', () => onePage('BT /F1 10 Tf 40 700 Td (Rotated) Tj ET', HELVETICA, [helveticaFont], '/Rotate 90'), /rotated page/],
    ['a cross-reference offset that points elsewhere', () => {
      const good = Buffer.from(onePage('BT /F1 10 Tf 40 700 Td (Moved) Tj ET', HELVETICA, [helveticaFont]));
      const text = good.toString('latin1');
      const at = text.lastIndexOf('startxref');
      return new Uint8Array(Buffer.from(`${text.slice(0, at)}startxref\n${Number(/startxref\s+(\d+)/.exec(text.slice(at))![1]) - 7}\n%%EOF\n`, 'latin1'));
    }, /cross-reference/],
    ['a font shown without ToUnicode or encoding', () => onePage('BT /F1 10 Tf 40 700 Td (abc) Tj ET', HELVETICA, [
      '<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>',
    ]), /font Symbol has neither ToUnicode nor a named encoding/],
    ['a ZapfDingbats code whose text pdf.js would give as a character outside ASCII', () => onePage('BT /F1 10 Tf 40 700 Td <6EA1> Tj ET', HELVETICA, [
      '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>',
    ]), /character code 161 of font ZapfDingbats/],
    ['ZapfDingbats with /Widths of its own', () => onePage('BT /F1 10 Tf 40 700 Td (n) Tj ET', HELVETICA, [
      '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats /FirstChar 110 /LastChar 110 /Widths [500] >>',
    ]), /ZapfDingbats with \/Widths/],
  ];
  for (const [name, make, reason] of cases) {
    it(name, async () => {
      const bytes = make();
      const auto = await extractPdf(bytes, 'x.pdf');
      expect(auto.reader?.name).toBe('pdfjs');
      expect(auto.reader?.name === 'pdfjs' ? auto.reader.reason : '').toMatch(reason);
      const slow = await withPdfReader('pdfjs', () => extractPdf(bytes, 'x.pdf'));
      expect(diffItems(auto, slow)).toEqual([]);
      await expect(withPdfReader('fast', () => extractPdf(bytes, 'x.pdf'))).rejects.toThrow(reason);
    });
  }

  it('an encrypted PDF is refused as before, naming the password', async () => {
    const src = ['%PDF-1.4', '1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj', '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj',
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>> endobj',
      `4 0 obj <</Filter/Standard/V 1/R 2/O <${'a1'.repeat(32)}>/U <${'b2'.repeat(32)}>/P -4>> endobj`,
      `trailer <</Root 1 0 R/Size 5/Encrypt 4 0 R/ID[<${'0f'.repeat(16)}><${'0f'.repeat(16)}>]>>`, '%%EOF', ''].join('\n');
    await expect(extractPdf(new TextEncoder().encode(src), 'locked.pdf')).rejects.toThrow(/encrypted with a password/);
  });
});

describe('limits on the fast path', () => {
  it('maxTextItems, maxOperators, maxPages and maxInflatedStreamBytes stop a document the fast reader reads, naming the limit', async () => {
    const { bytes } = await makeLongStatement({ seed: 7, layout: 'chase', pages: 3 });
    expect((await extractPdf(bytes, 's.pdf')).reader).toEqual({ name: 'fast' });
    const limitOf = (limits: Record<string, number>) => extractPdf(bytes, 's.pdf', { limits }).then(() => null, (e: unknown) => e as LimitError);
    const items = await limitOf({ maxTextItems: 50 });
    expect(items).toBeInstanceOf(LimitError);
    expect([items!.limit, items!.message]).toEqual(['maxTextItems', expect.stringMatching(/^s\.pdf: its pages 1–1 already hold [\d,]+ text items, over the limit maxTextItems = 50/)]);
    expect((await limitOf({ maxOperators: 100 }))!.limit).toBe('maxOperators');
    expect((await limitOf({ maxPages: 2 }))!.message).toMatch(/the PDF has \d+ pages to read, over the limit maxPages = 2/);
    expect((await limitOf({ maxInflatedStreamBytes: 1000 }))!.limit).toBe('maxInflatedStreamBytes');
  }, 60_000);

  it('a content stream nesting q deeper than maxNestingDepth stops the fast reader too', async () => {
    const bytes = onePage(`${'q '.repeat(300)}BT /F1 10 Tf 40 700 Td (Deep) Tj ET${' Q'.repeat(300)}`, HELVETICA, [helveticaFont]);
    const err = await extractPdf(bytes, 'deep.pdf').then(() => null, (e: unknown) => e as LimitError);
    expect(err).toBeInstanceOf(LimitError);
    expect(err!.limit).toBe('maxNestingDepth');
  });

  // Ghostscript stores TrueType programs, some without compression; their tables hold lone 'q'
  // bytes between NULs. Read by pdf.js (here: a symbolic font without ToUnicode), a statement it
  // re-wrote was refused as nesting graphics states thousands deep.
  it('counts nesting in content streams only, not in a font program pdf.js inflates or finds stored', async () => {
    const program = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.from('\0q\0'.repeat(2000), 'latin1')]);
    const font = (file: string) => [
      '<< /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Sans /FirstChar 65 /LastChar 65 /Widths [600] /FontDescriptor 6 0 R >>',
      `<< /Type /FontDescriptor /FontName /ABCDEF+Sans /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>`,
      { dict: `/Length1 ${program.length}${file}`, stream: file ? deflateSync(program) : program },
    ];
    for (const file of ['', ' /Filter /FlateDecode']) {
      const bytes = onePage('BT /F2 10 Tf 40 700 Td (A) Tj ET', '<< /Font << /F2 5 0 R >> >>', font(file));
      const text = await withPdfReader('pdfjs', () => extractPdf(bytes, 'font.pdf'));
      expect(text.pages).toHaveLength(1);
    }
    // The same bytes as a page's content, stored or compressed, are refused on either reader.
    const deep = `${'q '.repeat(300)}BT /F1 10 Tf 40 700 Td (Deep) Tj ET${' Q'.repeat(300)}`;
    const stored = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${HELVETICA} /Contents 4 0 R >>`,
      { dict: '', stream: deep }, helveticaFont,
    ]);
    for (const bytes of [stored, onePage(deep, HELVETICA, [helveticaFont])]) {
      const err = await withPdfReader('pdfjs', () => extractPdf(bytes, 'deep.pdf')).then(() => null, (e: unknown) => e as LimitError);
      expect(err?.limit).toBe('maxNestingDepth');
    }
  });
});

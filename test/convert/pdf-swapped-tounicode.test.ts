/**
 * A ToUnicode map whose values are written little-endian (Ghostscript's pdfwrite writes a
 * ligature's text "fi" as <66006900>): both readers decode it big-endian, as the standard says,
 * and "Saldo ﬁnal" read "Saldo 昀椀nal". The closing balance's label then named nothing and its
 * line was read as a row (a composed statement re-written by Ghostscript, seed 16). Runs of such
 * code points are read back as ASCII (pdf/swapped-utf16.ts).
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, PDFRawStream, PDFDict } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { unswappedText } from '../../src/engine/pdf/swapped-utf16.js';
import { DEJAVU_DIR } from '../fixtures/generator/embedded-fonts.js';

const ROWS: [string, string, string, string][] = [
  ['02/06/2025', 'TRANSFERENCIA RECIBIDA', '', '9.413,79'],
  ['03/06/2025', 'CHEQUE 2016', '3.087,00', ''],
  ['', 'RECIBO LUZ', '506,73', ''],
];

/**
 * A Spanish statement in embedded DejaVu, each day's date printed once, its opening and closing
 * balances under the rows at the dates' edge, the closing's label with the "ﬁ" ligature.
 */
async function statement(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(`${DEJAVU_DIR}/DejaVuSans.ttf`), { subset: true });
  const page = doc.addPage([612, 792]);
  let y = 740;
  const text = (s: string, x: number) => page.drawText(s, { x, y, size: 9, font });
  const right = (s: string, xr: number) => page.drawText(s, { x: xr - font.widthOfTextAtSize(s, 9), y, size: 9, font });
  text('Banco Ejemplo', 40); y -= 14;
  text('Extracto de cuenta corriente', 40); y -= 14;
  text('Cuenta: 6696020216', 40); y -= 14;
  text('Periodo: 01/06/2025 - 30/06/2025', 40); y -= 24;
  text('Fecha', 40); text('Concepto', 110); right('Debe', 400); right('Haber', 470); right('Saldo', 540); y -= 14;
  let balance = 2_860_866;
  for (const [d, desc, out, inn] of ROWS) {
    const cents = Math.round(Number((inn || out).replace(/\./g, '').replace(',', '.')) * 100);
    balance += inn ? cents : -cents;
    if (d) text(d, 40);
    text(desc, 110); if (out) right(out, 400); if (inn) right(inn, 470);
    right(`${Math.floor(balance / 100).toLocaleString('de-DE')},${String(balance % 100).padStart(2, '0')}`, 540); y -= 12;
  }
  y -= 14;
  text('Saldo anterior', 40); right('28.608,66', 300); y -= 12;
  text('Saldo ﬁnal', 40); right('34.428,72', 300);
  return swapLigatureText(await doc.save());
}

/** The ToUnicode maps of `bytes` with the "ﬁ" ligature's text written as Ghostscript writes it: "fi", little-endian. */
async function swapLigatureText(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  let swapped = 0;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    const ref = obj.get(PDFName.of('ToUnicode'));
    const stream = ref && doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const cmap = inflateSync(stream.contents).toString('latin1');
    const changed = cmap.replace(/<fb01>/gi, () => { swapped++; return '<66006900>'; });
    doc.context.assign(ref as never, doc.context.stream(changed));
  }
  if (!swapped) throw new Error('no ToUnicode entry for the ligature');
  return doc.save();
}

describe('a ToUnicode map written little-endian', () => {
  it('reads the ligature\'s label, and its line is no row', async () => {
    const [s] = (await convertDocument({ fileName: 'extracto.pdf', bytes: await statement(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) })).statements;
    expect(s!.transactions.map((t) => t.amount)).toEqual([941379, -308700, -50673]);
    expect(s!.endBalance).toBe(3_442_872);
    expect(reconcile(s!, 0).reconciled).toBe(true);
  });

  it('turns runs of swapped code points back, and leaves an ideograph alone', () => {
    expect(unswappedText('Saldo 昀椀nal')).toBe('Saldo final');
    expect(unswappedText('一')).toBe('一');
    expect(unswappedText('Total — 1.234,56 €')).toBe('Total — 1.234,56 €');
  });
});

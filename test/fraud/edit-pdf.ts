import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { extractPdf, type TextItem } from '../../src/engine/pdf/extract.js';

/**
 * Edits made the way a forger makes them, on PDFs the tests generate: cover a printed amount
 * with a white box and type another over it (pdf-lib rewrites the file), or append an
 * incremental update that replaces the Info dictionary.
 */
export interface AmountEdit {
  /** The printed amount to cover (first occurrence). */
  amount: string;
  replacement: string;
  font: StandardFonts;
  size: number;
  /** Points to shift the replacement's right edge (0 = same right edge as the original). */
  dx?: number;
  producer?: string;
  modDate?: Date;
  /** Type over the printed value without covering it first (default: cover it with a white box). */
  noBox?: boolean;
  /** Points to move the replacement's baseline down (0 = the original's baseline). */
  dy?: number;
}

/** The first text item printing exactly `str`, with its page. */
export async function findItem(bytes: Uint8Array, str: string): Promise<{ page: number; item: TextItem; height: number }> {
  const text = await extractPdf(bytes, 'find.pdf');
  for (const pg of text.pages) {
    const item = pg.items.find((i) => i.str.trim() === str);
    if (item) return { page: pg.page, item, height: pg.height };
  }
  throw new Error(`amount ${str} is not printed in the PDF`);
}

export async function replaceAmount(bytes: Uint8Array, edit: AmountEdit): Promise<Uint8Array> {
  const { page, item } = await findItem(bytes, edit.amount);
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const p = doc.getPage(page - 1);
  const { height } = p.getSize();
  const font = await doc.embedFont(edit.font);
  const baseline = height - item.y;
  if (!edit.noBox) p.drawRectangle({ x: item.x - 1, y: baseline - 2, width: item.w + 2, height: item.size + 3, color: rgb(1, 1, 1) });
  const w = font.widthOfTextAtSize(edit.replacement, edit.size);
  p.drawText(edit.replacement, { x: item.x + item.w - w + (edit.dx ?? 0), y: baseline - (edit.dy ?? 0), size: edit.size, font, color: rgb(0, 0, 0) });
  if (edit.producer) doc.setProducer(edit.producer);
  if (edit.modDate) doc.setModificationDate(edit.modDate);
  return doc.save({ useObjectStreams: false });
}

const pdfDate = (d: Date) => `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * Appends an incremental update (new Info object, xref section, trailer with /Prev, startxref,
 * %%EOF) to a PDF written with a classic xref table, as editors that "save" do.
 */
export function appendInfoUpdate(bytes: Uint8Array, info: { producer: string; created: Date; modified: Date; redefineInfo?: boolean }): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const prevXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer)?.[1];
  const oldInfo = Number(/\/Info\s+(\d+)\s+\d+\s+R/.exec(trailer)?.[1]);
  if (!Number.isFinite(prevXref) || !size || !root) throw new Error('not a PDF with a classic xref table');
  const num = info.redefineInfo === false || !oldInfo ? size : oldInfo;
  const newSize = num === size ? size + 1 : size;
  let out = text.endsWith('\n') ? text : `${text}\n`;
  const objAt = out.length;
  out += `${num} 0 obj\n<< /Producer (${info.producer}) /CreationDate (${pdfDate(info.created)}) /ModDate (${pdfDate(info.modified)}) >>\nendobj\n`;
  const xrefAt = out.length;
  out += `xref\n0 1\n0000000000 65535 f \n${num} 1\n${String(objAt).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${newSize} /Root ${root} /Info ${num} 0 R /Prev ${prevXref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** Rewrites the file's Info dictionary (one save, as a converter that re-writes the whole file). */
export async function setInfo(bytes: Uint8Array, info: { producer?: string; creator?: string; created?: Date }): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  if (info.producer !== undefined) doc.setProducer(info.producer);
  if (info.creator !== undefined) doc.setCreator(info.creator);
  if (info.created) { doc.setCreationDate(info.created); doc.setModificationDate(info.created); }
  return doc.save({ useObjectStreams: false });
}

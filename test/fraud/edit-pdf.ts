import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, StandardFonts, decodePDFRawStream, rgb } from 'pdf-lib';
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

/** One printed string to change in place: where it is (page, baseline from the top), what it says, what it will say and where it will start. */
export interface StringEdit { page: number; y: number; from: string; to: string; x: number }

const hexOf = (s: string) => Buffer.from(s, 'latin1').toString('hex').toUpperCase();

/**
 * Changes printed strings inside the pages' content streams, as a forger with a content-stream
 * editor does: no box, no second layer of text, the same font; only the string and its start
 * (so a right-aligned value keeps its right edge). Works on the generator's streams, where each
 * string is `1 0 0 1 X Y Tm <HEX> Tj`. `save`: 'incremental' appends the new streams as an
 * update that redefines their objects (what "Save" does in most editors); 'rewrite' writes the
 * whole file again, keeping the metadata as it was.
 */
export async function editContentStrings(bytes: Uint8Array, edits: StringEdit[], save: 'incremental' | 'rewrite'): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const changed: { ref: PDFRef; content: Uint8Array }[] = [];
  const left = new Set(edits);
  doc.getPages().forEach((page, p) => {
    const { height } = page.getSize();
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      if (!(ref instanceof PDFRef)) continue;
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      let text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      const before = text;
      for (const e of [...left].filter((x) => x.page === p + 1)) {
        const re = new RegExp(`1 0 0 1 ([\\d.]+) ([\\d.]+) Tm\\n<${hexOf(e.from)}> Tj`, 'g');
        const hit = [...text.matchAll(re)].find((m) => Math.abs(height - Number(m[2]) - e.y) < 0.5);
        if (!hit) continue;
        text = text.slice(0, hit.index) + `1 0 0 1 ${Math.round(e.x * 10000) / 10000} ${hit[2]} Tm\n<${hexOf(e.to)}> Tj` + text.slice(hit.index! + hit[0].length);
        left.delete(e);
      }
      if (text !== before) changed.push({ ref, content: new Uint8Array(Buffer.from(text, 'latin1')) });
    }
  });
  if (left.size) throw new Error(`not found in the content streams: ${[...left].map((e) => e.from).join(', ')}`);
  if (save === 'rewrite') {
    for (const c of changed) doc.context.assign(c.ref, doc.context.flateStream(c.content));
    return doc.save({ useObjectStreams: false });
  }
  return appendStreamUpdate(bytes, changed.map((c) => ({ num: c.ref.objectNumber, content: c.content })));
}

/** Appends an incremental update that redefines stream objects (Flate-compressed), to a PDF written with a classic xref table. */
export function appendStreamUpdate(bytes: Uint8Array, objects: { num: number; content: Uint8Array }[]): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const prevXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer)?.[1];
  const info = /\/Info\s+(\d+\s+\d+\s+R)/.exec(trailer)?.[1];
  if (!Number.isFinite(prevXref) || !size || !root) throw new Error('not a PDF with a classic xref table');
  const parts: Buffer[] = [Buffer.from(text.endsWith('\n') ? text : `${text}\n`, 'latin1')];
  let at = parts[0]!.length;
  const offsets: [number, number][] = [];
  for (const o of objects) {
    const data = deflateSync(o.content);
    const chunk = Buffer.concat([Buffer.from(`${o.num} 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
    offsets.push([o.num, at]);
    parts.push(chunk);
    at += chunk.length;
  }
  let xref = 'xref\n0 1\n0000000000 65535 f \n';
  for (const [num, off] of offsets.sort((a, b) => a[0] - b[0])) xref += `${num} 1\n${String(off).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${size} /Root ${root}${info ? ` /Info ${info}` : ''} /Prev ${prevXref} >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** Covers each string with a white box and types its new value over it in the standard font of that name (one pdf-lib rewrite, metadata kept). */
export async function coverAndRetype(bytes: Uint8Array, edits: (StringEdit & { size: number; w: number; x0: number })[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const e of edits) {
    const p = doc.getPage(e.page - 1);
    const baseline = p.getSize().height - e.y;
    p.drawRectangle({ x: e.x0 - 1, y: baseline - 2, width: e.w + 2, height: e.size + 3, color: rgb(1, 1, 1) });
    p.drawText(e.to, { x: e.x, y: baseline, size: e.size, font, color: rgb(0, 0, 0) });
  }
  return doc.save({ useObjectStreams: false });
}

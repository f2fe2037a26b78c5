import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdfStructure } from '../../src/service/fraud/pdf-structure.js';
import { appendInfoUpdate } from './edit-pdf.js';

async function onePage(xmp?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Statement', { x: 20, y: 100, size: 10 });
  if (xmp) {
    const stream = doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
    doc.catalog.set(doc.context.obj('Metadata'), doc.context.register(stream));
  }
  return doc.save({ useObjectStreams: false });
}

describe('PDF structure', () => {
  it('a file written once has one revision and no redefined objects', async () => {
    const s = readPdfStructure(await onePage());
    expect(s).toEqual({ revisions: 1, linearized: false, redefinedObjects: [], xmpTools: [], xmpCreateDate: '', xmpModifyDate: '', xmpProducer: '', xmpEdits: 0 });
  });

  it('each incremental update adds a revision; redefining an object is seen, adding one is not', async () => {
    const created = new Date(Date.UTC(2025, 0, 1));
    const base = await onePage();
    const added = appendInfoUpdate(base, { producer: 'Sejda', created, modified: created, redefineInfo: false });
    expect(readPdfStructure(added)).toMatchObject({ revisions: 2, redefinedObjects: [] });
    const twice = appendInfoUpdate(appendInfoUpdate(base, { producer: 'Sejda', created, modified: created }), { producer: 'Sejda', created, modified: created });
    const s = readPdfStructure(twice);
    expect(s.revisions).toBe(3);
    expect(s.redefinedObjects).toHaveLength(1);
  });

  it("a later section that defines no object (Word's hybrid-reference trailer) is no save", async () => {
    const base = Buffer.from(await onePage()).toString('latin1');
    const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(base)![1];
    const trailer = base.slice(base.lastIndexOf('trailer'), base.lastIndexOf('startxref'));
    const at = base.length;
    const hybrid = `${base}xref\r\n0 0\r\n${trailer.replace('>>', ` /Prev ${prev} >>`)}startxref\r\n${at}\r\n%%EOF\r\n`;
    expect(readPdfStructure(new Uint8Array(Buffer.from(hybrid, 'latin1')))).toMatchObject({ revisions: 1, redefinedObjects: [] });
  });

  it('tool names from the XMP packet (element and attribute forms, history agents)', async () => {
    const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmp:CreatorTool="Chase Statement Printer"><pdf:Producer>Adobe PDF Library 15.0</pdf:Producer>
<xmpMM:History><rdf:Seq><rdf:li stEvt:action="saved" stEvt:softwareAgent="Adobe Acrobat Pro DC 23.1"/></rdf:Seq></xmpMM:History></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
    const s = readPdfStructure(await onePage(xmp));
    expect(s.xmpTools.sort()).toEqual(['Adobe Acrobat Pro DC 23.1', 'Adobe PDF Library 15.0', 'Chase Statement Printer']);
  });
});

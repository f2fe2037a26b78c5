/**
 * What the PDF bytes say about how the file was saved, read without a parser: the number of
 * revisions (each incremental update appends objects, an xref section or stream, a trailer,
 * `startxref` and `%%EOF`), the objects a later revision redefines, and the XMP packet's
 * producer/creator tool names. One pass of regular expressions over the latin1 text.
 */
export interface PdfStructure {
  /** Revisions in the file: 1 = written once; more = saved again (incremental updates that add or replace objects). */
  revisions: number;
  linearized: boolean;
  /** Object numbers (without generation) defined in more than one revision. */
  redefinedObjects: number[];
  /** Tool names from the XMP packet (CreatorTool, Producer, softwareAgent of its history). */
  xmpTools: string[];
  /** The XMP packet's own dates and producer ('' when absent). */
  xmpCreateDate: string;
  xmpModifyDate: string;
  xmpProducer: string;
  /** Events in the XMP history that edited the file ("saved", "edited", "modified" after its creation). */
  xmpEdits: number;
}

const OBJ = /(?:^|[\s>\]])(\d{1,7})\s+(\d{1,5})\s+obj\b/g;
const EOF_MARK = /%%EOF/g;
const XMP_VALUE = /<(?:xmp:CreatorTool|pdf:Producer|stEvt:softwareAgent)>([^<]{1,200})</g;
const XMP_ATTR = /(?:xmp:CreatorTool|pdf:Producer|stEvt:softwareAgent)\s*=\s*"([^"]{1,200})"/g;

/** The bytes as latin1 text (one character per byte), which both byte readers search. */
export function latin1Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** `text`: the bytes already as latin1 (see latin1Of), when the caller has them. */
export function readPdfStructure(bytes: Uint8Array, text = latin1Of(bytes)): PdfStructure {
  const linearized = /\/Linearized\s/.test(text.slice(0, 2048));
  // A revision ends at a %%EOF that follows a startxref; trailing bytes after the last one are not a revision.
  const ends: number[] = [];
  for (const m of text.matchAll(EOF_MARK)) {
    const before = text.lastIndexOf('startxref', m.index);
    if (before >= 0 && (ends.length === 0 || before > ends[ends.length - 1]!)) ends.push(m.index);
  }
  // A linearized file carries a first-page xref section of its own: that is not an edit.
  const bounds = linearized && ends.length > 1 ? ends.slice(1) : ends;

  const firstSeen = new Map<number, number>(); // object number → revision where first defined
  const redefined = new Set<number>();
  const withObjects = new Set<number>();
  let rev = 0;
  for (const m of text.matchAll(OBJ)) {
    while (rev < bounds.length - 1 && m.index > bounds[rev]!) rev++;
    withObjects.add(rev);
    const num = Number(m[1]);
    const seen = firstSeen.get(num);
    if (seen === undefined) firstSeen.set(num, rev);
    else if (seen !== rev) redefined.add(num);
  }
  // A later section that defines no object (Word's hybrid-reference trailer pointing at its
  // xref stream) changes nothing: only sections with objects count as saves.
  let revisions = 1;
  for (let r = 1; r < bounds.length; r++) if (withObjects.has(r)) revisions++;

  const tools = new Set<string>();
  let xmpCreateDate = '', xmpModifyDate = '', xmpProducer = '', xmpEdits = 0;
  // The last packet is the current one (an update appends a new packet rather than rewriting).
  const xmpStart = text.lastIndexOf('<x:xmpmeta');
  if (xmpStart >= 0) {
    const xmp = text.slice(xmpStart, text.indexOf('</x:xmpmeta>', xmpStart) + 12 || undefined);
    for (const m of xmp.matchAll(XMP_VALUE)) tools.add(m[1]!.trim());
    for (const m of xmp.matchAll(XMP_ATTR)) tools.add(m[1]!.trim());
    xmpCreateDate = xmpField(xmp, 'xmp:CreateDate');
    xmpModifyDate = xmpField(xmp, 'xmp:ModifyDate');
    xmpProducer = xmpField(xmp, 'pdf:Producer');
    xmpEdits = [...xmp.matchAll(/stEvt:action\s*(?:=\s*"|>)\s*(saved|edited|modified)\b/gi)].length;
  }
  return { revisions, linearized, redefinedObjects: [...redefined].sort((a, b) => a - b), xmpTools: [...tools].filter(Boolean), xmpCreateDate, xmpModifyDate, xmpProducer, xmpEdits };
}

/** One XMP property, as an element or an attribute. */
function xmpField(xmp: string, name: string): string {
  const m = new RegExp(`<${name}>([^<]{1,200})<|${name}\\s*=\\s*"([^"]{1,200})"`).exec(xmp);
  return (m?.[1] ?? m?.[2] ?? '').trim();
}

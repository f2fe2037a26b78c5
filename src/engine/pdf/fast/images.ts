/**
 * Where a page paints its images, read with the fast reader's parser: each image XObject and
 * inline image is the unit square under the transform in force where it is painted (q/Q, cm,
 * and Form XObjects with their /Matrix), as pdf.js's operator list places them
 * (../../ocr/image-text.ts reads that list), soft masks' groups included. Used to learn cheaply that a page paints no image
 * of some kind, before pdf.js is asked to build the page's operator list (which loads every font
 * and decodes every image of the page). It may list more images than pdf.js places (pdf.js
 * groups repeated small masks and skips 1×1 ones); never fewer: anything it does not follow as
 * pdf.js would (a rotated or cropped page, annotations, which pdf.js paints with the page, a
 * filtered inline image, more operators than pdf.js's list is read for) gives null, "ask pdf.js".
 */
import { Cmd, Dict, Lexer, Name, Ref, Stream, type PdfObj } from './objects.js';
import type { PdfFile } from './document.js';
import { mul, skipInlineImage } from './text.js';
import { Unsupported } from './unsupported.js';
import { rect } from './boxes.js';

/** What this reads of an opened document: index.ts's FastDocument (not imported: index.ts exports this file). */
interface OpenedPages {
  numPages: number;
  pageObjects(p: number): { file: PdfFile; dict: Dict; resources: Dict | null; mediaBox: PdfObj; cropBox: PdfObj; rotate: PdfObj };
}

type M = [number, number, number, number, number, number];

/** Operators read on one page, Form XObjects included (image-text.ts reads pdf.js's list this far). */
const MAX_OPERATORS = 200_000;
/** Form XObjects inside one another. */
const MAX_FORM_DEPTH = 16;
/** Saved states followed; deeper nesting is left to pdf.js. */
const MAX_SAVES = 4096;

/** Boxes in points from the page's top-left corner (x, y, width, height), clipped to the page, and the page's size. */
export interface ImagePlacements {
  boxes: [number, number, number, number][];
  page: { width: number; height: number };
}

/**
 * The images page `n` (1-based) paints, or null where this reading may not see what pdf.js
 * sees (see above). Throws nothing: a file the parser does not follow gives null too.
 */
export function imagePlacements(doc: OpenedPages, n: number): ImagePlacements | null {
  try {
    if (n < 1 || n > doc.numPages) return null;
    const { file, dict, resources, mediaBox, cropBox, rotate } = doc.pageObjects(n);
    const r = file.resolve(rotate);
    if (r !== null && r !== 0) return null;
    const media = rect(file, mediaBox);
    if (!media || media[2] - media[0] <= 0 || media[3] - media[1] <= 0) return null;
    if (cropBox !== null) {
      const crop = rect(file, cropBox);
      if (!crop || !crop.every((v, i) => v === media[i])) return null;
    }
    const annots = file.resolve(dict.get('Annots'));
    if (annots !== null && !(Array.isArray(annots) && annots.length === 0)) return null;
    const contents = file.resolve(dict.get('Contents'));
    const parts: Uint8Array[] = [];
    for (const s of Array.isArray(contents) ? contents.map((c) => file.resolve(c)) : contents === null ? [] : [contents]) {
      if (!(s instanceof Stream)) return null;
      parts.push(file.streamBytes(s, true));
    }
    const width = media[2] - media[0], height = media[3] - media[1];
    const boxes: ImagePlacements['boxes'] = [];
    const place = (ctm: M) => {
      // The unit square's corners on the page, top-left origin (pdf.js's viewport at scale 1).
      const xs: number[] = [], ys: number[] = [];
      for (const [u, v] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        xs.push(ctm[0] * u + ctm[2] * v + ctm[4] - media[0]);
        ys.push(media[3] - (ctm[1] * u + ctm[3] * v + ctm[5]));
      }
      const x0 = Math.max(0, Math.min(...xs)), y0 = Math.max(0, Math.min(...ys));
      const x1 = Math.min(width, Math.max(...xs)), y1 = Math.min(height, Math.max(...ys));
      if (x1 - x0 > 0 && y1 - y0 > 0) boxes.push([x0, y0, x1 - x0, y1 - y0]);
    };
    const counter = { ops: 0 };
    run(file, parts.length === 1 ? parts[0]! : Buffer.concat(parts), resources, [1, 0, 0, 1, 0, 0], 0, new Set(), counter, place);
    return { boxes, page: { width, height } };
  } catch {
    return null;
  }
}

function run(file: PdfFile, content: Uint8Array, resources: Dict | null, start: M, depth: number, forms: Set<number>, counter: { ops: number }, place: (ctm: M) => void): void {
  let ctm = start;
  const stack: M[] = [];
  const args: PdfObj[] = [];
  const lx = new Lexer(content);
  const xobject = (name: string): { ref: PdfObj; obj: PdfObj } => {
    const group = resources ? file.get(resources, 'XObject') : null;
    const ref = group instanceof Dict ? group.get(name) ?? null : null;
    return { ref, obj: file.resolve(ref) };
  };
  // A Form XObject (or a soft mask's group) runs where it is painted. Its /Matrix is tried both
  // applied and not: pdf.js hands it to its list as a typed array, which image-text.ts's
  // placement does not apply; either way its images are among those listed.
  const form = (ref: PdfObj, obj: Stream): void => {
    if (!(ref instanceof Ref) || forms.has(ref.num) || depth >= MAX_FORM_DEPTH) throw new Unsupported('Form XObjects nested too deep or in a loop');
    const matrix = file.get(obj.dict, 'Matrix');
    const valid = Array.isArray(matrix) && matrix.length === 6 && matrix.every((v) => typeof v === 'number');
    if (!valid && matrix !== null) throw new Unsupported('a Form XObject with a malformed /Matrix');
    const res = file.get(obj.dict, 'Resources');
    const bytes = file.streamBytes(obj, true);
    forms.add(ref.num);
    run(file, bytes, res instanceof Dict ? res : resources, ctm, depth + 1, forms, counter, place);
    const m = matrix as M;
    if (valid && !(m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0)) {
      run(file, bytes, res instanceof Dict ? res : resources, mul(ctm, m), depth + 1, forms, counter, place);
    }
    forms.delete(ref.num);
  };
  for (;;) {
    const t = lx.next(false);
    if (t === undefined) {
      // pdf.js closes a stream's open saves itself: only balanced streams are read here.
      if (stack.length) throw new Unsupported('a stream that leaves states saved');
      return;
    }
    if (!(t instanceof Cmd)) { args.push(t); continue; }
    if (++counter.ops > MAX_OPERATORS) throw new Unsupported('more operators than are read');
    switch (t.op) {
      case 'q':
        if (stack.length >= MAX_SAVES) throw new Unsupported('states nested too deep');
        stack.push(ctm);
        break;
      case 'Q': {
        const saved = stack.pop();
        if (!saved) throw new Unsupported('a restore without a save');
        ctm = saved;
        break;
      }
      case 'cm':
        if (args.length === 6 && args.every((a) => typeof a === 'number')) ctm = mul(ctm, args as M);
        else throw new Unsupported('a malformed cm');
        break;
      case 'BI': place(ctm); skipInlineImage(lx); break;
      case 'Do': {
        const n = args[args.length - 1];
        if (!(n instanceof Name)) throw new Unsupported('Do without a name');
        const { ref, obj } = xobject(n.name);
        if (!(obj instanceof Stream)) break;
        const subtype = file.get(obj.dict, 'Subtype');
        if (!(subtype instanceof Name)) throw new Unsupported('an XObject without a subtype');
        if (subtype.name === 'Image') { place(ctm); break; }
        if (subtype.name === 'Form') form(ref, obj);
        break;
      }
      case 'gs': {
        // A soft mask set by a graphics state: pdf.js puts its group's operators (images too)
        // into the page's list where the state is set.
        const n = args[args.length - 1];
        if (!(n instanceof Name)) break;
        const states = resources ? file.get(resources, 'ExtGState') : null;
        const g = states instanceof Dict ? file.resolve(states.get(n.name)) : null;
        if (!(g instanceof Dict)) break;
        const smask = file.get(g, 'SMask');
        if (!(smask instanceof Dict)) break;
        const ref = smask.get('G') ?? null;
        const group = file.resolve(ref);
        if (group instanceof Stream) form(ref, group);
        else throw new Unsupported('a soft mask without its group');
        break;
      }
      default: break;
    }
    args.length = 0;
  }
}

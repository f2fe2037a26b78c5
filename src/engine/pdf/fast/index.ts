/**
 * The fast text reader: a PDF's pages as the raw text items pdf.js's getTextContent would list
 * (same strings, positions, widths and font names), read straight from the file without
 * loading pdf.js. It reads the common case only — a file anyone may open (unencrypted, or
 * encrypted with an owner password only) with an intact cross-reference, Flate or plain streams,
 * simple fonts with a known encoding or a ToUnicode map, Identity-H fonts with a ToUnicode map,
 * unrotated pages — and throws Unsupported for anything else, so the caller reads the whole document with pdf.js instead.
 */
import { Dict, Name, Ref, Stream, type PdfObj } from './objects.js';
import { PdfFile, textString } from './document.js';
import { pageText, type PageContext, type RawItem } from './text.js';
import type { FastFont } from './fonts.js';
import type { InflateBudget } from '../inflate.js';
import { Unsupported } from './unsupported.js';
import { rect } from './boxes.js';
import { decideUnstatedEncodings, type EncodingDecision } from './unstated-encoding.js';

export { Unsupported } from './unsupported.js';
export { OverBudget } from './document.js';
export type { RawItem } from './text.js';
export { Dict, Name, Stream } from './objects.js';
export { imagePlacements, type ImagePlacements } from './images.js';
export type { PdfFile } from './document.js';
export type { EncodingDecision } from './unstated-encoding.js';

export interface FastPage {
  page: number;
  view: [number, number, number, number];
  items: RawItem[];
  /** Items pdf.js would list for this page, spaces and line ends included. */
  listed: number;
}

export interface FastDocument {
  numPages: number;
  /** Encrypted, and opened with the empty user password. */
  encrypted: boolean;
  info: { producer?: string; creator?: string; creationDate?: string; modDate?: string };
  /** Reads pages first…last (1-based) in order, calling `onPage` after each (limits are checked there). */
  readPages(first: number, last: number, onPage: (p: FastPage) => void): void;
  /**
   * Page p (1-based) as stored, for checks that read more of a page than its text (the OCR-layer
   * check, ../../ocr/ocr-layer.ts): the file, the page's dictionary, its resources and media box
   * as inherited. Unsupported where a node of the page tree is not typed /Pages or /Page (a
   * reader that goes by the types, as pdf-lib does, could see other pages).
   */
  pageObjects(p: number): { file: PdfFile; dict: Dict; resources: Dict | null; mediaBox: PdfObj; cropBox: PdfObj; rotate: PdfObj };
  /**
   * The encodings decided by evidence for the fonts the PDF leaves unstated (./unstated-encoding.ts),
   * once per document: the fast reader reads those fonts with them, and pdf.js is given a copy of
   * the file that states them (../font-encoding-update.ts).
   */
  unstatedEncodings(): ReadonlyMap<number, EncodingDecision>;
  /** The decisions unstatedEncodings made, without making them (empty when no font needed them). */
  decidedEncodings(): EncodingDecision[];
  /** The file as parsed (its trailer and objects), for a copy that restates decided fonts. */
  file: PdfFile;
}

interface PageNode { dict: Dict; resources: Dict | null; mediaBox: PdfObj; cropBox: PdfObj; rotate: PdfObj }

/** Page-tree nodes one document may have (pages and intermediate nodes). */
const MAX_TREE_NODES = 1_000_000;
const MAX_TREE_DEPTH = 64;

/** What opening a file reads once: its structure, the page tree's leaves, the Info entries. */
interface Opened {
  file: PdfFile;
  leaves: PageNode[];
  /** Every node of the page tree is typed /Pages or /Page. */
  typedTree: boolean;
  info: FastDocument['info'];
  /** The decisions on unstated font encodings, once made (the same for every reading of the file). */
  decisions?: ReadonlyMap<number, EncodingDecision>;
}

/**
 * The file the last openFast of this thread opened (one, so bounded): the checks that read more
 * of a file right after the reader read its text (the OCR-layer check, ../../ocr/ocr-layer.ts)
 * reopen it with reopenFast instead of parsing its cross-reference data and page tree again.
 */
let lastOpened: { bytes: Uint8Array; opened: Opened } | null = null;

export function openFast(bytes: Uint8Array, budget: InflateBudget): FastDocument {
  lastOpened = null;
  const opened = openStructure(bytes, budget);
  lastOpened = { bytes, opened };
  return fastDocument(opened, opened.file);
}

/**
 * openFast for a file this thread's last openFast opened (the same bytes object): its parsed
 * structure is shared, and the streams read through the document returned count towards `budget`
 * (a check's own, as a fresh open's would; the objects already parsed are not inflated again).
 * Any other file is opened afresh.
 */
export function reopenFast(bytes: Uint8Array, budget: InflateBudget): FastDocument {
  const last = lastOpened;
  if (last && last.bytes === bytes) return fastDocument(last.opened, last.opened.file.withBudget(budget));
  return openFast(bytes, budget);
}

/**
 * A node's resources with those it inherits, as pdf.js takes them: each top-level entry (/Font,
 * /XObject, …) from the nearest level that has it, the entry's dictionary not merged further.
 * LibreOffice writes the same dictionary on the /Pages node and on each page; other writers put
 * fonts on the page and images higher up.
 */
function inheritResources(own: Dict | undefined, inherited: Dict | null): Dict | null {
  if (!own) return inherited;
  if (!inherited || inherited === own) return own;
  return new Dict(new Map([...inherited.map, ...own.map]));
}

function openStructure(bytes: Uint8Array, budget: InflateBudget): Opened {
  const file = new PdfFile(bytes, budget);
  const root = file.get(file.trailer, 'Root');
  if (!(root instanceof Dict)) throw new Unsupported('no document catalog');
  const pagesRef = root.get('Pages');
  const pagesRoot = file.resolve(pagesRef);
  if (!(pagesRoot instanceof Dict)) throw new Unsupported('no page tree');
  if (root.has('Collection')) throw new Unsupported('a PDF portfolio');

  const leaves: PageNode[] = [];
  const seen = new Set<number>();
  let nodes = 0;
  let typedTree = true;
  const walk = (node: Dict, inherited: Omit<PageNode, 'dict'>, depth: number): void => {
    if (++nodes > MAX_TREE_NODES || depth > MAX_TREE_DEPTH) throw new Unsupported('a page tree too large or too deep');
    const own = (k: string): PdfObj | undefined => (node.has(k) ? node.get(k)! : undefined);
    const res = own('Resources');
    const resolved = res !== undefined ? file.resolve(res) : undefined;
    if (resolved !== undefined && !(resolved instanceof Dict)) throw new Unsupported('page-tree resources that are not a dictionary');
    const here = {
      resources: inheritResources(resolved, inherited.resources),
      mediaBox: own('MediaBox') ?? inherited.mediaBox,
      cropBox: own('CropBox') ?? inherited.cropBox,
      rotate: own('Rotate') ?? inherited.rotate,
    };
    const type = file.get(node, 'Type');
    const kids = file.get(node, 'Kids');
    if (type instanceof Name && type.name === 'Page' || (!(type instanceof Name) && !Array.isArray(kids))) {
      if (!(type instanceof Name)) typedTree = false;
      leaves.push({ dict: node, ...here });
      return;
    }
    if (!(type instanceof Name) || type.name !== 'Pages') typedTree = false;
    if (!Array.isArray(kids)) throw new Unsupported('a page-tree node without /Kids');
    for (const k of kids) {
      if (!(k instanceof Ref)) throw new Unsupported('a page-tree kid that is not a reference');
      if (seen.has(k.num)) throw new Unsupported('a page tree that loops');
      seen.add(k.num);
      const kid = file.fetch(k);
      if (!(kid instanceof Dict)) throw new Unsupported('a page-tree kid that is not a dictionary');
      walk(kid, here, depth + 1);
    }
  };
  if (pagesRef instanceof Ref) seen.add(pagesRef.num);
  walk(pagesRoot, { resources: null, mediaBox: null, cropBox: null, rotate: null }, 0);
  const count = file.get(pagesRoot, 'Count');
  if (count !== leaves.length) throw new Unsupported('a page tree whose /Count disagrees with its pages');

  const infoDict = file.info();
  const info: FastDocument['info'] = {};
  if (infoDict) {
    const s = (k: string) => textString(file.get(infoDict, k));
    info.producer = s('Producer');
    info.creator = s('Creator');
    info.creationDate = s('CreationDate');
    info.modDate = s('ModDate');
  }
  return { file, leaves, typedTree, info };
}

/** The document over an opened structure, its streams read through `file` (the structure's own, or one sharing it under another budget). */
function fastDocument(opened: Opened, file: PdfFile): FastDocument {
  const { leaves, typedTree, info } = opened;
  const fonts = new Map<string, FastFont>();
  const formBytes = new Map<number, Uint8Array>();
  const unstatedEncodings = (): ReadonlyMap<number, EncodingDecision> => {
    // Its streams read under a budget of their own with the same caps: the pages' content is read
    // again by the reader, and a statement near a limit is not to reach it for being read twice.
    opened.decisions ??= decideUnstatedEncodings(file.withBudget({ ...file.budget, inflated: 0, operators: 0, hit: null }),
      leaves.map((l) => ({ contents: l.dict.get('Contents') ?? null, resources: l.resources })));
    return opened.decisions;
  };
  const decided = (ref: number) => unstatedEncodings().get(ref);
  return {
    numPages: leaves.length,
    encrypted: file.encrypted,
    info,
    readPages(first, last, onPage) {
      for (let p = first; p <= last; p++) {
        const node = leaves[p - 1]!;
        const rotate = file.resolve(node.rotate);
        if (rotate !== null && rotate !== 0) throw new Unsupported('a rotated page');
        const view = pageView(file, node);
        const contents = file.resolve(node.dict.get('Contents'));
        const parts: Uint8Array[] = [];
        const streams = Array.isArray(contents) ? contents.map((c) => file.resolve(c)) : contents === null ? [] : [contents];
        for (const s of streams) {
          if (!(s instanceof Stream)) throw new Unsupported('page contents that are not a stream');
          // pdf.js merges resources a content stream names itself into the page's.
          if (s.dict.has('Resources')) throw new Unsupported('a content stream with resources of its own');
          parts.push(file.streamBytes(s, true));
        }
        const ctx: PageContext = { file, view, fonts, formBytes, decided, items: [], listed: 0 };
        pageText(ctx, parts.length === 1 ? parts[0]! : Buffer.concat(parts), node.resources);
        onPage({ page: p, view, items: ctx.items, listed: ctx.listed });
      }
    },
    unstatedEncodings,
    decidedEncodings: () => [...(opened.decisions?.values() ?? [])].filter((d) => !d.asciiOnly),
    file,
    pageObjects(p) {
      if (!typedTree) throw new Unsupported('a page-tree node without its /Type');
      const node = leaves[p - 1];
      if (!node) throw new Unsupported(`no page ${p}`);
      return { file, dict: node.dict, resources: node.resources, mediaBox: node.mediaBox, cropBox: node.cropBox, rotate: node.rotate };
    },
  };
}

/** A box with an area (a page of no width or height has none to read). */
function sizedRect(file: PdfFile, v: PdfObj): [number, number, number, number] | null {
  const box = rect(file, v);
  return box && box[2] - box[0] > 0 && box[3] - box[1] > 0 ? box : null;
}

/** The page's visible box: the crop box within the media box (pdf.js's `view`). */
function pageView(file: PdfFile, node: PageNode): [number, number, number, number] {
  const media = sizedRect(file, node.mediaBox);
  if (!media) throw new Unsupported('a page without a usable /MediaBox');
  if (node.cropBox === null) return media;
  const crop = sizedRect(file, node.cropBox);
  if (!crop) throw new Unsupported('a page with an unusable /CropBox');
  if (crop.every((v, i) => v === media[i])) return media;
  const box: [number, number, number, number] = [Math.max(crop[0], media[0]), Math.max(crop[1], media[1]), Math.min(crop[2], media[2]), Math.min(crop[3], media[3])];
  if (box[2] - box[0] > 0 && box[3] - box[1] > 0) return box;
  throw new Unsupported('a crop box outside the media box');
}

/**
 * A scan read twice (as printed, and with its ruling lines erased: ./forms.ts) whose erased
 * reading is kept keeps, page by page, the printed reading of a page the erased one tells no kind
 * of and the printed one does. A lending package's pages differ: a form's boxes hide its values
 * until its rules are erased (the W-2: its page stays erased, as every page of a kind told
 * there), while erasing took a cheque's words with its rules, and the cheque went to the licence
 * before it as its second page. Only pages read by OCR differ between the readings.
 */
import type { PdfText } from '../pdf/extract.js';
import { classifyPages, type PageKind } from '../pdf/doc-type.js';
import { documentLines } from '../pdf/lines.js';

const told = (p: PageKind | undefined): boolean => !!p?.kind;

/**
 * The erased reading with each page whose kind only the printed reading tells taken from the
 * printed one, and the pages so taken; null when there is none.
 */
export function pagesByKind(printed: PdfText, erased: PdfText): { text: PdfText; pages: number[] } | null {
  const kindsOf = (t: PdfText) => new Map(classifyPages(documentLines(t.pages)).map((k) => [k.page, k]));
  const a = kindsOf(printed), b = kindsOf(erased);
  const byNumber = new Map(printed.pages.map((p) => [p.page, p]));
  const taken: number[] = [];
  const pages = erased.pages.map((p) => {
    const other = byNumber.get(p.page);
    if (!other || told(b.get(p.page)) || !told(a.get(p.page))) return p;
    taken.push(p.page);
    return other;
  });
  return taken.length ? { text: { ...erased, pages }, pages: taken } : null;
}

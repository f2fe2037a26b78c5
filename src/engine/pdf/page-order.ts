/**
 * Pages filed out of order. A scanned stack fed face up comes out last page first; a broker's
 * merge or a re-scan of one sheet puts a page elsewhere. Read in the file's order, such a
 * statement's running balances break at every page turn and its rows come out of sequence.
 * Where every page of a run prints its own number ("Page 2 of 3", "Seite 1 von 3"), the run
 * is read in the printed order. Only a whole run is moved: the pages of one numbering, each
 * numbered once, 1 to n, side by side in the file. A page without a number, two pages with
 * the same one, or a run with a page missing leave the file's order as it is (a missing page
 * is no reason to guess where the others go).
 */
import { PAGE_NUMBER_TAIL } from '../data/labels.js';
import type { Line } from './lines.js';

/** A page count past which no printed number is taken as a statement's (a misread "Page 1 of 1000"). */
const MAX_PRINTED_PAGES = 500;

interface Numbered { at: number; of: number }

/** The page number a line prints at its end ("… Page 2 of 5"), OCR's lookalikes of 1 read as 1. */
export function printedPageNumber(text: string): Numbered | null {
  const m = PAGE_NUMBER_TAIL.exec(text.trim().replace(/[.,]$/, ''));
  if (!m) return null;
  const figures = m[0].match(/(?:\d+|[lI|])/g);
  if (!figures || figures.length < 2) return null;
  const [at, of] = figures.slice(-2).map((f) => (/\d/.test(f) ? Number(f) : 1)) as [number, number];
  if (at < 1 || of < 2 || of > MAX_PRINTED_PAGES || at > of) return null;
  return { at, of };
}

/** Each page's one printed number (a page printing two different ones has none). */
function pageNumbers(lines: readonly Line[]): Map<number, Numbered | null> {
  const seen = new Map<number, Map<string, Numbered>>();
  for (const l of lines) {
    const n = printedPageNumber(l.text);
    let on = seen.get(l.page);
    if (!on) seen.set(l.page, (on = new Map()));
    if (n) on.set(`${n.at}/${n.of}`, n);
  }
  return new Map([...seen].map(([page, on]) => [page, on.size === 1 ? [...on.values()][0]! : null]));
}

export interface PageOrder {
  /** The file's page numbers in the order they are read. */
  order: number[];
  /** Runs moved: their pages in the file's order, and the number each prints. */
  moved: { filed: number[]; prints: number[] }[];
}

/**
 * The order to read `pages` (the file's page numbers, in its order) in: the file's, except runs
 * of pages numbered 1 to n that the file holds in another order. Null when nothing moves.
 */
export function printedPageOrder(pages: readonly number[], lines: readonly Line[]): PageOrder | null {
  const numbers = pageNumbers(lines);
  const order: number[] = [];
  const moved: PageOrder['moved'] = [];
  for (let k = 0; k < pages.length;) {
    const first = numbers.get(pages[k]!);
    const run = first ? pages.slice(k, k + first.of) : [];
    const at = run.map((p) => numbers.get(p));
    const whole = first && run.length === first.of && at.every((n) => n && n.of === first.of) && new Set(at.map((n) => n!.at)).size === first.of;
    if (!whole) { order.push(pages[k]!); k++; continue; }
    const printed = run.slice().sort((a, b) => numbers.get(a)!.at - numbers.get(b)!.at);
    if (printed.some((p, i) => p !== run[i])) moved.push({ filed: run, prints: at.map((n) => n!.at) });
    order.push(...printed);
    k += run.length;
  }
  return moved.length ? { order, moved } : null;
}

/** The lines read in `order` of their pages, numbered again through the document. */
export function linesInPageOrder(lines: readonly Line[], order: readonly number[]): Line[] {
  const byPage = new Map<number, Line[]>();
  for (const l of lines) {
    let list = byPage.get(l.page);
    if (!list) byPage.set(l.page, (list = []));
    list.push(l);
  }
  const out: Line[] = [];
  for (const p of order) for (const l of byPage.get(p) ?? []) out.push({ ...l, index: out.length });
  return out;
}

/** What a statement read so says of its pages. */
export function pageOrderHint(o: PageOrder): string {
  const out = o.moved.flatMap((m) => m.filed.flatMap((p, i) => (m.prints[i] === i + 1 ? [] : [`page ${p} prints ${m.prints[i]} of ${m.filed.length}`])));
  return `The file's pages are out of order (${out.join(', ')}): read in their printed order, the file's pages ${o.order.join(', ')}.`;
}

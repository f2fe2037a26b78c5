import type { PageText } from '../../engine/pdf/extract.js';
import { identityOf } from './data/bank-identity.js';
import { LETTERHEAD_MARKS } from './data/letterhead-marks.js';
import type { Finding } from './finding.js';
import { lineBox, type Line } from './page-lines.js';
import { FRAUD_THRESHOLDS as T } from './reasons.js';

/**
 * The logo's text: what the top of each page prints large (the letterhead) and which bank's
 * mark it is. A forger who moves a statement to another bank's paper, or pastes a page from
 * another statement, leaves a letterhead that names one bank while the rest of the document
 * (its name, site, phones, codes, read by the engine and ./identity.ts) says another, or two
 * pages whose letterheads name different banks. Text is read here; a logo drawn as a picture on
 * page 1 is read by OCR in ./letterhead-image.ts (`fromImage`, its box the image's).
 */
export interface Letterhead { page: number; text: string; bank: string; box: [number, number, number, number]; fromImage?: true }

/** How a finding names a letterhead: what it reads, and that OCR read it from a picture when it did. */
const reads = (h: Letterhead) => h.fromImage
  ? `The logo image on page ${h.page} reads "${h.text}" (read by OCR)`
  : `The letterhead on page ${h.page} reads "${h.text}"`;

const letters = (s: string) => s.toLowerCase().normalize('NFD').replace(/[^a-z0-9]/g, '');

/** Marks by their letters, longest first, so "Bank of America" wins over a shorter mark inside it. */
const MARKS = Object.entries(LETTERHEAD_MARKS).flatMap(([bank, marks]) => marks.map((m) => ({ bank, mark: m, key: letters(m) })))
  .filter((m) => m.key.length >= 3).sort((a, b) => b.key.length - a.key.length);

/** The bank whose mark the text mostly is (the mark a whole word, at least letterheadMarkShare of its letters), or null. */
export function bankOfMark(text: string): { bank: string; mark: string } | null {
  const all = letters(text);
  if (!all) return null;
  const words = ` ${text.toLowerCase().normalize('NFD').replace(/[^a-z0-9&]+/g, ' ').trim()} `;
  for (const m of MARKS) {
    if (m.key.length / all.length < T.letterheadMarkShare || !all.includes(m.key)) continue;
    // A short mark must stand as its own word(s): "citi" is no part of "cities".
    const spaced = ` ${m.mark.toLowerCase().normalize('NFD').replace(/[^a-z0-9&]+/g, ' ').trim()} `;
    if (m.key.length <= 5 && !words.includes(spaced) && !words.includes(` ${m.key} `)) continue;
    return { bank: m.bank, mark: m.mark };
  }
  return null;
}

/** The median font size of a page's items, by counting sizes (a page holds few distinct sizes): no sort of every item. */
function medianSize(items: { size: number }[]): number {
  const counts = new Map<number, number>();
  for (const it of items) counts.set(it.size, (counts.get(it.size) ?? 0) + 1);
  let seen = 0;
  const half = Math.floor(items.length / 2);
  for (const [size, n] of [...counts].sort((a, b) => a[0] - b[0])) { seen += n; if (seen > half) return size; }
  return items[0]!.size;
}

/** Each page's letterhead that names a bank: large text in the page's top band, consecutive large lines read together ("WELLS" / "FARGO"). */
export function letterheads(pages: PageText[], lines: Line[]): Letterhead[] {
  const out: Letterhead[] = [];
  const byPage = new Map<number, Line[]>();
  for (const l of lines) {
    const list = byPage.get(l.page);
    if (list) list.push(l); else byPage.set(l.page, [l]);
  }
  for (const pg of pages) {
    if (!pg.items.length) continue;
    const median = medianSize(pg.items);
    const top = (byPage.get(pg.page) ?? []).filter((l) => l.y <= pg.height * T.letterheadTopShare);
    // Per line only its large items, in runs apart from each other (a logo on the left, a title on the right).
    type Item = Line['items'][number];
    const runs: { text: string; items: Item[] }[] = [];
    for (const l of top) {
      let cur: Item[] = [];
      const flush = () => { if (cur.length) runs.push({ text: cur.map((i) => i.str.trim()).join(' '), items: cur }); cur = []; };
      for (const it of l.items) {
        if (it.size < median * T.letterheadSizeRatio) { flush(); continue; }
        const prev = cur[cur.length - 1];
        if (prev && it.x - (prev.x + prev.w) > 2 * it.size) flush();
        cur.push(it);
      }
      flush();
    }
    // A logo stacked on two lines ("WELLS" over "FARGO"): same left edge, the next line down.
    // Bounded: a letterhead is a few runs; a page whose top holds hundreds is read by its first ones.
    runs.length = Math.min(runs.length, 40);
    const single = runs.length;
    for (let i = 0; i < single; i++) {
      const a = runs[i]!, a0 = a.items[0]!;
      const b = runs.slice(0, single).find((r) => r !== a && Math.abs(r.items[0]!.x - a0.x) < 2 && r.items[0]!.y > a0.y && r.items[0]!.y - a0.y <= 2.5 * a0.size);
      if (b) runs.push({ text: `${a.text} ${b.text}`, items: [...a.items, ...b.items] });
    }
    const named = runs.map((r) => ({ r, hit: bankOfMark(r.text) })).filter((x) => x.hit)
      .sort((a, b) => letters(b.hit!.mark).length - letters(a.hit!.mark).length);
    const best = named[0];
    if (best) out.push({ page: pg.page, text: best.r.text, bank: best.hit!.bank, box: lineBox(best.r.items) });
  }
  return out;
}

/**
 * The letterheads against the bank the document is read as (`bankName`, from the engine, which
 * ./identity.ts checks against the printed contacts and codes) and against each other.
 */
export function letterheadFindings(heads: Letterhead[], bankName: string): Finding[] {
  const out: Finding[] = [];
  const own = identityOf(bankName);
  const known = own && LETTERHEAD_MARKS[bankName]?.length;
  const other = known ? heads.filter((h) => h.bank !== bankName) : [];
  if (other.length) {
    const h = other[0]!;
    out.push({
      key: 'letterhead-other-bank',
      text: `${reads(h)}, ${h.bank}'s mark, but the statement is ${bankName}'s${other.length > 1 ? ` (and ${other.length - 1} more page${other.length === 2 ? '' : 's'})` : ''}`,
      evidence: other.slice(0, 10).map((x) => ({ page: x.page, box: x.box })),
    });
    return out;
  }
  // Whatever the bank, every page's letterhead names the same one.
  const first = heads[0];
  const odd = first ? heads.filter((h) => h.bank !== first.bank) : [];
  if (first && odd.length) {
    const h = odd[0]!;
    out.push({
      key: 'letterhead-other-bank',
      text: `${reads(h)} (${h.bank}), but on page ${first.page} "${first.text}" (${first.bank})${first.fromImage ? ' (its logo image, read by OCR)' : ''}`,
      evidence: [{ page: h.page, box: h.box }, { page: first.page, box: first.box }],
    });
  }
  return out;
}

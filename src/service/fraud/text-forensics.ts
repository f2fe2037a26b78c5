import type { PageText, TextItem } from '../../engine/pdf/extract.js';
import type { PdfInfo } from '../../contract/model.js';
import { OFFICE_FONTS, OFFICE_FONT_SHARE, PLACEHOLDERS } from './data/composed-documents.js';
import { itemBox, type Finding } from './finding.js';
import type { Line } from './page-lines.js';
import type { PdfStructure } from './pdf-structure.js';
import { FRAUD_THRESHOLDS as T } from './reasons.js';
import { fontLabel } from './text-layout.js';

const MONEY = /^[-+(]?[$£€]?\s?(\d{1,3}([,.]\d{3})+|\d+)[.,]\d{2}\)?(-|\s?CR|\s?DR)?$/i;

/** Text printed over other, different text at the same place (the hidden value is still in the text layer). */
export function overlaidText(pages: PageText[]): Finding[] {
  const hits: { page: number; a: TextItem; b: TextItem }[] = [];
  for (const pg of pages) {
    const items = pg.items.filter((i) => i.str.trim().length >= 2 && i.w > 0).sort((a, b) => a.y - b.y);
    for (let i = 0; i < items.length && hits.length < 50; i++) {
      const a = items[i]!;
      for (let j = i + 1; j < items.length && items[j]!.y - a.y < Math.max(a.size, 2); j++) {
        const b = items[j]!;
        const sa = a.str.trim(), sb = b.str.trim();
        if (sa === sb || sa.includes(sb) || sb.includes(sa)) continue;
        const ix = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
        const iy = Math.min(a.y, b.y) - Math.max(a.y - a.size, b.y - b.size);
        if (ix <= 0 || iy <= 0) continue;
        const smaller = Math.min(a.w * a.size, b.w * b.size);
        if ((ix * iy) / smaller >= T.overlapShare) hits.push({ page: pg.page, a, b });
      }
    }
  }
  if (!hits.length) return [];
  const h = hits[0]!;
  return [{
    key: 'overlaid-text',
    text: `"${h.b.str.trim()}" is printed over "${h.a.str.trim()}" on page ${h.page} at x ${Math.round(h.a.x)}, y ${Math.round(h.a.y)}${hits.length > 1 ? ` (and ${hits.length - 1} more)` : ''}`,
    evidence: hits.slice(0, 10).map((x) => ({ page: x.page, box: itemBox(x.a) })),
  }];
}

/** Amounts whose baseline sits a little off the rest of their row (set by hand, not by the row's layout). */
export function misalignedBaselines(lines: Line[]): Finding[] {
  const hits: { line: Line; it: TextItem; off: number }[] = [];
  for (const line of lines) {
    if (line.items.length < 3) continue;
    const counts = new Map<number, number>();
    for (const it of line.items) { const k = Math.round(it.y * 10); counts.set(k, (counts.get(k) ?? 0) + 1); }
    let base = 0, best = 0;
    for (const [k, c] of counts) if (c > best) { best = c; base = k / 10; }
    if (best < 2) continue;
    for (const it of line.items) {
      const off = it.y - base;
      if (Math.abs(off) < T.baselineMin || Math.abs(off) > T.baselineMax || !MONEY.test(it.str.trim())) continue;
      // Alone at its baseline, off a row set in its own font and size: placed by hand. (A
      // group of cells off together is another table's row; another font has its own metrics.)
      if (line.items.some((o) => o !== it && Math.abs(o.y - it.y) < 0.1)) continue;
      const peers = line.items.filter((o) => Math.abs(o.y - base) < 0.1 && o.font === it.font && Math.abs(o.size - it.size) < 0.1);
      if (peers.length >= 2) hits.push({ line, it, off });
    }
  }
  if (!hits.length) return [];
  const h = hits[0]!;
  return [{
    key: 'misaligned-baseline',
    text: `Amount ${h.it.str.trim()} on page ${h.line.page} sits ${Math.abs(Math.round(h.off * 10) / 10)} pt ${h.off > 0 ? 'below' : 'above'} its row's baseline${hits.length > 1 ? ` (and ${hits.length - 1} more)` : ''}`,
    evidence: hits.slice(0, 10).map((x) => ({ page: x.line.page, box: itemBox(x.it) })),
  }];
}

/** Most of the text in desktop office fonts. */
export function officeFonts(pages: PageText[]): Finding[] {
  const chars = new Map<string, number>();
  let total = 0;
  for (const pg of pages) for (const it of pg.items) { const n = it.str.length; total += n; const f = fontLabel(it.font); chars.set(f, (chars.get(f) ?? 0) + n); }
  let office = 0;
  const names: string[] = [];
  for (const [f, n] of [...chars].sort((a, b) => b[1] - a[1])) if (OFFICE_FONTS.test(f)) { office += n; names.push(f); }
  if (!total || office / total < OFFICE_FONT_SHARE) return [];
  return [{ key: 'office-fonts', text: `${Math.round((office / total) * 100)} % of the text is set in desktop office fonts (${names.slice(0, 3).join(', ')})`, evidence: [] }];
}

/** Template placeholders left in the text. */
export function placeholders(lines: Line[]): Finding[] {
  for (const line of lines) {
    for (const re of PLACEHOLDERS) {
      const m = re.exec(line.text);
      if (m) return [{ key: 'template-placeholders', text: `Template placeholder "${m[0]}" on page ${line.page}`, evidence: [{ page: line.page, box: itemBox(line.items.find((i) => i.str.includes(m[0].slice(0, 4))) ?? line.items[0]!) }] }];
    }
  }
  return [];
}

const when = (iso: string) => (iso ? Date.parse(iso) : NaN);

/** XMP metadata that disagrees with the Info dictionary, or records an edit. */
export function metadataEdited(info: PdfInfo, s: PdfStructure): Finding[] {
  const out: string[] = [];
  const zoned = (d: string) => /(Z|[+-]\d\d:?\d\d)$/.test(d);
  const pairs: [string, string, string][] = [['creation', info.cdate, s.xmpCreateDate], ['modification', info.mdate, s.xmpModifyDate]];
  for (const [what, a, b] of pairs) {
    // Without a time zone on both, the two can only be compared to the day (±14 hours).
    const tol = zoned(a) && zoned(b) ? T.modifiedAfterSeconds * 1000 : 14 * 3_600_000;
    const x = when(a), y = when(b);
    if (Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) > tol) out.push(`the ${what} date is ${a.slice(0, 10)} in the Info dictionary and ${b.slice(0, 10)} in the XMP metadata`);
  }
  const norm = (v: string) => v.toLowerCase().replace(/[^a-z0-9]+/g, '');
  if (s.xmpProducer && info.producer && norm(s.xmpProducer) !== norm(info.producer)) out.push(`the producer is "${info.producer}" in the Info dictionary and "${s.xmpProducer}" in the XMP metadata`);
  if (s.xmpEdits > 0) out.push(`the XMP history records ${s.xmpEdits} edit${s.xmpEdits === 1 ? '' : 's'} ("saved"/"modified")`);
  if (!out.length) return [];
  return [{ key: 'metadata-edited', text: `Metadata edited: ${out.join('; ')}`, evidence: [] }];
}

import type { PdfInfo } from '../../contract/model.js';
import { editingToolOf } from './editing-tools.js';
import type { PdfStructure } from './pdf-structure.js';
import { FRAUD_THRESHOLDS as T } from './reasons.js';
import type { ColumnOutlier } from './text-layout.js';
import type { Finding } from './finding.js';

export type { Finding, Evidence } from './finding.js';

const DAY = 86_400_000;

function describeGap(ms: number): string {
  const days = Math.round(ms / DAY);
  if (days >= 1) return `${days} day${days === 1 ? '' : 's'}`;
  const hours = Math.round(ms / 3_600_000);
  if (hours >= 1) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.max(1, Math.round(ms / 60_000))} minutes`;
}

const when = (iso: string): number => (iso ? Date.parse(iso) : NaN);

/** Signals of the whole file: the software and dates in its metadata, how it was saved, its type. */
export function fileFindings(info: PdfInfo, structure: PdfStructure, outliers: ColumnOutlier[]): Finding[] {
  const out: Finding[] = [];
  const created = when(info.cdate);
  const modified = when(info.mdate);
  const gap = Number.isFinite(created) && Number.isFinite(modified) ? modified - created : NaN;

  const software = [info.producer, info.creator ?? '', ...structure.xmpTools].filter((s) => s.trim());
  const tool = software.map((s) => ({ s, t: editingToolOf(s) })).find((x) => x.t);
  if (tool) {
    out.push({
      key: 'editing-tool',
      text: gap > T.modifiedAfterSeconds * 1000
        ? `Modified with "${tool.t!.name}" ${describeGap(gap)} after creation`
        : `Produced with "${tool.t!.name}" (${tool.s.trim()}), software that edits PDFs or composes documents, not a bank's statement system`,
    });
  }
  if (gap > T.modifiedAfterSeconds * 1000) {
    out.push({ key: 'modified-after-creation', text: `Modified ${describeGap(gap)} after creation (created ${info.cdate.slice(0, 10)}, modified ${info.mdate.slice(0, 10)})` });
  } else if (gap < -T.modifiedAfterSeconds * 1000) {
    out.push({ key: 'modified-after-creation', text: `Modification date ${info.mdate.slice(0, 10)} is before the creation date ${info.cdate.slice(0, 10)}` });
  }
  if (structure.revisions > 1) {
    const n = structure.revisions - 1;
    out.push({ key: 'incremental-updates', text: `Saved ${n} more time${n === 1 ? '' : 's'} after creation (${structure.revisions} xref/trailer sections)` });
  }
  if (structure.redefinedObjects.length) {
    const ids = structure.redefinedObjects;
    out.push({ key: 'redefined-objects', text: `${ids.length} object${ids.length === 1 ? '' : 's'} redefined by a later update (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})` });
  }
  const fonts = outliers.filter((o) => o.kind === 'font');
  if (fonts.length) {
    const o = fonts[0]!;
    const more = fonts.length > 1 ? ` (and ${fonts.length - 1} more amount${fonts.length === 2 ? '' : 's'})` : '';
    out.push({ key: 'font-differs-in-column', text: `Amount ${o.amount} on page ${o.page} uses font ${o.font} ${o.size} pt; the column uses ${o.columnFont} ${o.columnSize} pt${more}`, evidence: fonts.slice(0, 10).map((f) => ({ page: f.page, box: f.box })) });
  }
  const aligns = outliers.filter((o) => o.kind === 'align');
  if (aligns.length) {
    const o = aligns[0]!;
    const more = aligns.length > 1 ? ` (and ${aligns.length - 1} more amount${aligns.length === 2 ? '' : 's'})` : '';
    out.push({ key: 'misaligned-amount', text: `Amount ${o.amount} on page ${o.page} ends ${Math.abs(o.offset)} pt ${o.offset < 0 ? 'left' : 'right'} of its column's edge${more}`, evidence: aligns.slice(0, 10).map((f) => ({ page: f.page, box: f.box })) });
  }
  return out;
}

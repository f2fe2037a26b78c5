import type { Line } from '../pdf/lines.js';
import { BUSINESS_SECTION, OWNER_SECTION } from './data/form-labels.js';
import { fieldForLabel, isKnownLabel } from './labels.js';

export interface FoundPair { label: string; value: string; field: string | null }

/** Lines read at most: an application form is a few pages. */
const MAX_LINES = 3_000;
const BLANK = /^[_\s.\-/]*$/;

function sectionOf(text: string): 0 | 1 | 2 | null {
  const m = OWNER_SECTION.exec(text);
  if (m) return m[1] === '2' || /second/i.test(m[2] ?? '') || /co-?owner/i.test(m[0]) ? 2 : 1;
  if (BUSINESS_SECTION.test(text)) return 0;
  return null;
}

/**
 * Label/value pairs of a text application form, from the engine's lines (cells split at wide
 * gaps): "Label: value" cells (several per line), "Label:" followed by its value cell, and
 * two-cell rows "Label  value" (a table without colons) when the label is a known one. A
 * heading line ("Owner 1 Information", "Principal #2", "Business Information") switches the
 * section owner fields are read into.
 */
export function readTextForm(lines: Line[]): FoundPair[] {
  const out: FoundPair[] = [];
  let section: 0 | 1 | 2 = 0;
  for (const line of lines.slice(0, MAX_LINES)) {
    const cells = line.cells.map((c) => c.text.trim()).filter(Boolean);
    if (!cells.length) continue;
    if (cells.length === 1 && !cells[0]!.includes(':')) {
      const s = sectionOf(cells[0]!);
      if (s !== null) { section = s; continue; }
    }
    for (let i = 0; i < cells.length; i++) {
      const text = cells[i]!;
      const colon = /^([^:]{1,60}?)\s*:\s*(.*)$/.exec(text);
      let label: string | null = null, value = '';
      if (colon) {
        label = colon[1]!;
        value = colon[2]!;
        if (!value && i + 1 < cells.length && !/^[^:]{1,60}:/.test(cells[i + 1]!)) value = cells[++i]!;
      } else if (isKnownLabel(text) && i + 1 < cells.length && !cells[i + 1]!.includes(':') && !isKnownLabel(cells[i + 1]!)) {
        label = text;
        value = cells[++i]!;
      }
      if (label === null) continue;
      value = value.trim();
      if (BLANK.test(value)) value = '';
      out.push({ label, value, field: fieldForLabel(label, section) });
    }
  }
  return out;
}

import { BUSINESS_FIELD_LABELS, OWNER_FIELD_LABELS } from './data/form-labels.js';

/** A label reduced for comparison: lower case, letters, digits, % and # only, single spaces. */
export function labelKey(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9%#]+/g, ' ').trim();
}

const business = new Map<string, string>();
for (const [field, labels] of Object.entries(BUSINESS_FIELD_LABELS)) for (const l of labels) if (!business.has(labelKey(l))) business.set(labelKey(l), field);
const owner = new Map<string, string>();
for (const [field, labels] of Object.entries(OWNER_FIELD_LABELS)) for (const l of labels) if (!owner.has(labelKey(l))) owner.set(labelKey(l), field);

/** The reference field a printed label names in the given section (null = none). */
export function fieldForLabel(label: string, section: 0 | 1 | 2): string | null {
  const k = labelKey(label.replace(/[:*]+\s*$/, ''));
  if (!k) return null;
  if (section) {
    const o = owner.get(k);
    if (o) return `owner${section}${o}`;
  }
  return business.get(k) ?? null;
}

/** Whether text is a label this reader knows (in any section). */
export function isKnownLabel(text: string): boolean {
  const k = labelKey(text.replace(/[:*]+\s*$/, ''));
  return business.has(k) || owner.has(k);
}

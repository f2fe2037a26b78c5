import { FORM_FIELDS, type ApplicationForm } from '../../contract/api/application-form.js';
import type { Line } from '../pdf/lines.js';
import { readAcroForm, hasAcroForm } from './acroform.js';
import { readTextForm, type FoundPair } from './text-form.js';

export { hasAcroForm } from './acroform.js';
export { maskDob, maskSensitiveText, maskSsn } from './mask.js';

/** Fewer reference fields than this and the document is not read as an application form. */
export const MIN_FORM_FIELDS = 3;

/**
 * Reads an application form: the fields of a fillable PDF first (AcroForm), then the printed
 * text; a field's first non-empty value wins. Every reference field is present ('' when the form
 * does not hold it); `fields` lists every label or field name seen with its value as printed.
 * Returns null when fewer than `minFields` reference fields have a value.
 */
export async function readApplicationForm(bytes: Uint8Array, lines: Line[], minFields = MIN_FORM_FIELDS): Promise<ApplicationForm | null> {
  const pairs: FoundPair[] = [];
  if (hasAcroForm(bytes)) pairs.push(...(await readAcroForm(bytes)));
  pairs.push(...readTextForm(lines));
  const form: Record<string, string> = Object.fromEntries(FORM_FIELDS.map((f) => [f, '']));
  for (const p of pairs) if (p.field && p.value && !form[p.field]) form[p.field] = p.value;
  const found = FORM_FIELDS.filter((f) => form[f]).length;
  if (found < minFields) return null;
  const seen = new Set<string>();
  const fields = pairs.filter((p) => p.value || !seen.has(p.label)).filter((p) => {
    const k = `${p.label}\u0000${p.value}`;
    if (seen.has(k)) return false;
    seen.add(k); seen.add(p.label);
    return true;
  }).map((p) => ({ name: p.label, value: p.value }));
  return { ...form, submissionId: 0, nbFoundFields: found, fields } as ApplicationForm;
}

import type { ApplicationForm } from '../../contract/api/application-form.js';
import { FORM_FIELDS } from '../../contract/api/form-field-names.js';
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
  for (const p of pairs) {
    const value = cleanValue(p.value);
    if (p.field && value && !form[p.field]) form[p.field] = value;
  }
  const found = FORM_FIELDS.filter((f) => form[f]).length;
  if (found < minFields) return null;
  const seen = new Set<string>();
  const fields = pairs.filter((p) => p.value || !seen.has(p.label)).filter((p) => {
    const k = `${p.label}\u0000${p.value}`;
    if (seen.has(k)) return false;
    seen.add(k); seen.add(p.label);
    return true;
  }).map((p) => ({ name: p.label, value: cleanValue(p.value) }));
  return { ...form, submissionId: 0, nbFoundFields: found, fields } as ApplicationForm;
}

/** A token made only of marks: a box edge or a speck as OCR reads it, never a word. */
const MARKS_ONLY = /^[|[\]{}.,:;'"`~_•·»«-]+$/;

/**
 * A value as printed, without the stray marks a scan adds at its ends: a lone "|" or "-" beside
 * it, a box edge glued to it ("|Springfield"), a speck read as a full stop after an amount
 * ("$205,000." → "$205,000"). Marks inside the value and a word's own full stop ("Acme Co.") stay.
 */
export function cleanValue(raw: string): string {
  const tokens = raw.trim().split(/\s+/);
  while (tokens.length && MARKS_ONLY.test(tokens[0]!)) tokens.shift();
  while (tokens.length && MARKS_ONLY.test(tokens[tokens.length - 1]!)) tokens.pop();
  if (!tokens.length) return '';
  const head = raw.trim();
  let v = head.slice(head.indexOf(tokens[0]!), head.lastIndexOf(tokens[tokens.length - 1]!) + tokens[tokens.length - 1]!.length);
  v = v.replace(/^[|[\]{}•·»«]+/, '').replace(/[|[\]{}•·»«]+$/, '');
  // A speck after an amount or a state code ("IL.") is no full stop of theirs.
  if (/^\$?\d[\d,]*(\.\d{2})?\.$/.test(v) || /^[A-Z]{2}\.$/.test(v)) v = v.slice(0, -1);
  return v;
}

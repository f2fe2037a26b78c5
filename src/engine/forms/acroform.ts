import type { PDFDocument } from 'pdf-lib';
import { FORM_FIELDS } from '../../contract/api/form-field-names.js';
import { fieldForLabel } from './labels.js';
import type { FoundPair } from './text-form.js';

/** Fields read at most from one form. */
const MAX_FIELDS = 2_000;
const OWNER_PREFIX = /^(?:owner|principal|guarantor)\s*#?\s*([12])\b[\s._:-]*/i;
const DIRECT = new Map(FORM_FIELDS.map((f) => [f.toLowerCase(), f]));

/** Whether the file has an interactive form at all (cheap: a byte search, no parsing). */
export function hasAcroForm(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/AcroForm');
}

/**
 * Values of a fillable PDF's fields (AcroForm), read directly from the form rather than from
 * the page text (where viewers draw them but the text layer may not hold them). A field maps to
 * the reference's `form` by its name: the reference's own names (`legalName`, `owner1SSN`), or a
 * label spelling ("Legal Business Name", "Owner 2 Date of Birth").
 */
export async function readAcroForm(bytes: Uint8Array): Promise<FoundPair[]> {
  // pdf-lib (~250 ms of CPU to load) only for a file that has a form: hasAcroForm said so.
  const { PDFCheckBox, PDFDocument, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField } = await import('pdf-lib');
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return [];
  }
  const out: FoundPair[] = [];
  for (const f of doc.getForm().getFields().slice(0, MAX_FIELDS)) {
    const full = f.getName();
    let value = '';
    if (f instanceof PDFTextField) value = f.getText() ?? '';
    else if (f instanceof PDFCheckBox) value = f.isChecked() ? 'Yes' : '';
    else if (f instanceof PDFDropdown || f instanceof PDFOptionList) value = f.getSelected().join(', ');
    else if (f instanceof PDFRadioGroup) value = f.getSelected() ?? '';
    else continue;
    const name = full.split('.').pop() ?? full;
    const direct = DIRECT.get(name.replace(/[^A-Za-z0-9]/g, '').toLowerCase());
    let field = direct ?? null;
    if (!field) {
      const m = OWNER_PREFIX.exec(name);
      field = m ? fieldForLabel(name.slice(m[0].length), Number(m[1]) as 1 | 2) : fieldForLabel(name, 0);
    }
    out.push({ label: name, value: value.trim(), field });
  }
  return out;
}

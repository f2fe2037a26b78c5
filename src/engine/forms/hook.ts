import type { ParsedDocument } from '../../contract/model.js';
import type { ConvertInput } from '../engine.js';
import { documentLines } from '../pdf/lines.js';
import { extractedText, textReadFrom } from '../pdf/index.js';
import { hasAcroForm, MIN_FORM_FIELDS, readApplicationForm } from './index.js';
import { readTaxForm, recogniseTaxForm } from './tax-forms.js';
import { secondLook } from './second-look.js';

/**
 * After the engine has decided a PDF's type: an application form (asked with
 * accounttype=applicationForm, or found by autoDetect — the engine's decision, or a fillable
 * form whose fields are application fields) is read into `form` instead of statements.
 * One call from convertDocument, so the engine's own type decision stays where it is.
 */
export async function readFormDocument(input: ConvertInput, doc: ParsedDocument): Promise<ParsedDocument> {
  if (doc.format !== 'pdf') return doc;
  if (doc.parts) return await readPackageForms(input, doc);
  const taxDoc = await readTaxDocument(input, doc);
  if (taxDoc) return taxDoc;
  const asked = input.options.accounttype === 'applicationForm';
  // autoDetect: the engine's word, or a PDF it could not read as a statement, or a fillable form.
  const auto = input.options.accounttype === 'autoDetect'
    && (doc.detectedDocType === 'Application' || doc.statements.length === 0 || hasAcroForm(input.bytes));
  if (!asked && !auto) return doc;
  const lines = formLines(input, doc);
  // Without the engine's word, more fields must agree before a document counts as a form.
  const form = await readApplicationForm(input.bytes, lines, asked || doc.detectedDocType === 'Application' ? MIN_FORM_FIELDS : 2 * MIN_FORM_FIELDS);
  if (!form) {
    if (!asked) return doc;
    return { ...doc, statements: [], detectedDocType: doc.detectedDocType, error: `${input.fileName}: no application form fields were found (looked for printed labels such as "Legal Business Name" and for fillable form fields)` };
  }
  const { error: _dropped, ...rest } = doc;
  return { ...rest, detectedDocType: 'Application', statements: [], form };
}

/** A tax form (accounttype=taxform, or the engine's word or no statement with autoDetect) read into `taxForm`; null = not one. */
async function readTaxDocument(input: ConvertInput, doc: ParsedDocument): Promise<ParsedDocument | null> {
  const asked = input.options.accounttype === 'taxform';
  const auto = input.options.accounttype === 'autoDetect' && (doc.detectedDocType === 'Tax Form' || doc.statements.length === 0);
  if (!asked && !auto) return null;
  const lines = formLines(input, doc);
  const found = recogniseTaxForm(lines);
  if ('refused' in found) {
    return { ...doc, statements: [], detectedDocType: 'Tax Form', error: `${input.fileName}: ${refusedMessage(found.refused)}` };
  }
  if ('none' in found) {
    return asked ? { ...doc, statements: [], detectedDocType: 'Tax Form', error: `${input.fileName}: ${NOT_READ}` } : null;
  }
  const { error: _dropped, ...rest } = doc;
  return { ...rest, detectedDocType: 'Tax Form', statements: [], taxForm: await secondLook(input, doc, lines, found.kind, readTaxForm(lines, found.kind)) };
}

const NOT_READ = 'not a tax form this service reads (W-2, 1099-NEC/MISC/K, 1040 Schedule C, 1120, 1120-S, 1065, pay stub)';
const refusedMessage = (name: string) => `a ${name} is not a form this service reads (it reads W-2, 1099-NEC/MISC/K, 1040 Schedule C, 1120, 1120-S, 1065, pay stub)`;

/**
 * A package's tax-form parts (and pay stubs) read each from its own pages. With no statement in
 * the package, the first tax form read is the document's, as for a file that holds only one.
 */
async function readPackageForms(input: ConvertInput, doc: ParsedDocument): Promise<ParsedDocument> {
  // OCR's words of scanned pages: the text layer of a scanned package is empty.
  const text = textReadFrom(doc) ?? extractedText(doc);
  if (!text) return doc;
  const parts = [];
  for (const part of doc.parts!) {
    if (part.kind !== 'Tax Form' && part.kind !== 'Pay Stub') { parts.push(part); continue; }
    const pages = new Set(part.pages);
    const lines = documentLines(text.pages.filter((p) => pages.has(p.page)), { spacingfactor: input.options.spacingfactor });
    const found = recogniseTaxForm(lines);
    if ('refused' in found) { parts.push({ ...part, kind: 'Tax Form', error: refusedMessage(found.refused) }); continue; }
    if ('none' in found) { parts.push({ ...part, error: NOT_READ }); continue; }
    const taxForm = await secondLook(input, doc, lines, found.kind, readTaxForm(lines, found.kind));
    parts.push({ ...part, readAs: 'taxForm' as const, taxForm });
  }
  const firstTax = parts.find((p) => p.taxForm)?.taxForm;
  if (doc.statements.length || !firstTax) return { ...doc, parts };
  const { error: _dropped, ...rest } = doc;
  return { ...rest, parts, detectedDocType: 'Tax Form', taxForm: firstTax };
}

/** The lines of the text the document was read from: its text layer, or OCR's words of a scan or photo. */
function formLines(input: ConvertInput, doc: ParsedDocument) {
  const text = textReadFrom(doc) ?? extractedText(doc);
  return text ? documentLines(text.pages, { spacingfactor: input.options.spacingfactor }) : [];
}

import type { ParsedDocument } from '../../contract/model.js';
import type { ConvertInput } from '../engine.js';

/**
 * Whether a scan's ruling lines are whitened before OCR (./rules.ts). A form's boxes hide their
 * values from the OCR engine, so a form is read with its rules erased; a statement's scan or
 * photo is not: on a photo, shadows and thick strokes pass for rules and whole rows of text
 * went with them (a photographed French statement read no row at all under autoDetect).
 * - `first`: how the pages are read first — erased when a form was asked for
 *   (applicationForm, taxform), as printed otherwise;
 * - `again`: with autoDetect, a document that gave no statement from its first reading (a form,
 *   or nothing recognised), or statements without a row (a table's heads read as one run-together
 *   word over a rule: composed scan 137), is read once more with its rules erased;
 * - `keepSecond`: that reading is kept when the first gave no statement, or it reads more rows.
 */
export function ruleErasing(input: ConvertInput): { first: boolean; again: (doc: ParsedDocument) => boolean; keepSecond: (second: ParsedDocument, first: ParsedDocument) => boolean } {
  const t = input.options.accounttype;
  const asked = t === 'applicationForm' || t === 'taxform';
  return {
    first: asked,
    again: (doc) => t === 'autoDetect' && doc.statements.every((s) => !s.transactions.length),
    keepSecond: (second, first) => !first.statements.length || rowsOf(second) > rowsOf(first),
  };
}

function rowsOf(doc: ParsedDocument): number {
  return doc.statements.reduce((n, s) => n + s.transactions.length, 0);
}

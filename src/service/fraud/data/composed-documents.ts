/**
 * Traces of a document composed by hand rather than printed by a bank's statement system.
 * Data, tested by example in test/fraud/identity.test.ts.
 */

/**
 * Desktop office fonts: the defaults of word processors and spreadsheets (Calibri, Cambria and
 * Aptos are Microsoft Office's body and heading fonts). Arial and Times New Roman are absent on
 * purpose: statement systems use them too; so are the free fonts Linux renderers default to
 * (Liberation, DejaVu), which print genuine web and e-statements.
 */
export const OFFICE_FONTS = /^(Calibri|Cambria|Aptos|Candara|Constantia|Corbel|Segoe ?UI|Century ?Gothic|Comic ?Sans|Bahnschrift)/i;

/** Share of the printed characters in office fonts above which the document is set in them. */
export const OFFICE_FONT_SHARE = 0.5;

/** Placeholders a template leaves where a value belongs. */
export const PLACEHOLDERS: readonly RegExp[] = [
  /\[(?:your |customer |account ?holder'?s? |company |bank )?(?:name|address|account(?: number)?|date|amount|bank(?: name)?|logo|phone|city|zip|balance)\]/i,
  /\{\{?\s*[a-z_ ]{2,30}\s*\}?\}/i,
  /<<\s*[a-z_ ]{2,30}\s*>>/i,
  /\blorem ipsum\b/i,
  /\byour bank(?:'s)? name\b|\bbank name here\b|\binsert (?:logo|name|address|date)\b|\b(?:name|address|logo) here\b/i,
  // Runs of X with no digits after them (a masked number "XXXX XXXX 1234" is no placeholder).
  /\b(?:X{4}[- ]?){2,}(?![- ]?[X\d])|:\s*_{6,}/,
];

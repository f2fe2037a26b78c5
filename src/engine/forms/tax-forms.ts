import type { Line } from '../pdf/lines.js';
import { NAMED_UNREAD_TAX_FORMS, REFUSED_TAX_FORMS, REFUSED_TITLE_LINES, TAX_FORM_KINDS, type TaxFigure, type TaxFormKind } from './data/tax-form-kinds.js';
import { findPhrase, hasPhrase } from './phrase-match.js';
import { valueInColumn } from './table-figure.js';
import type { TaxFormFigures } from '../../contract/api/tax-form.js';

const MAX_LINES = 3_000;
const MONEY = /\(?-?\$?\s?\d{1,3}(?:,\d{3})*(?:\.\d{2})?\)?|\(?-?\$?\d+(?:\.\d{2})?\)?/;
// Grouped: the alternation inside MONEY must sit between both anchors ("14-44-9485" is no figure).
const MONEY_ONLY = new RegExp(`^(?:${MONEY.source})$`);
/** A form's box number standing alone ("2", "12a"): never an amount. */
const BOX_NUMBER = /^\d{1,2}[a-d]?$/i;
const TIN = /\b(\d{2}-\d{7}|\d{3}-\d{2}-\d{4}|\*{3}-\*{2}-\d{4}|\*{2}-\*{3}\d{4}|X{3}-X{2}-\d{4})\b/i;

/** Lines of a form's head where its title is looked for. */
const TITLE_LINES = 400;

const titled = (text: string, title: Array<string | string[]>) => title.every((t) => hasPhrase(text, t));

/**
 * Which tax form the text is, by its identifying phrases (null: none): a form this service
 * reads, or `refused` naming a tax form it does not read (a W-9, a W-4), so that form is never
 * read as the one it resembles.
 */
export function taxFormKind(lines: Line[]): TaxFormKind | null {
  const r = recogniseTaxForm(lines);
  return 'kind' in r ? r.kind : null;
}

export function recogniseTaxForm(lines: Line[]): { kind: TaxFormKind } | { refused: string } | { none: true } {
  const text = lines.slice(0, TITLE_LINES).map((l) => l.text).join(' \n ');
  // A refused form by its own title at the top: a 1099's back page that names "Form W-9" in its
  // instructions is still a 1099.
  const head = lines.slice(0, REFUSED_TITLE_LINES).map((l) => l.text).join(' \n ');
  const refused = REFUSED_TAX_FORMS.find((k) => titled(head, k.title));
  if (refused) return { refused: refused.name };
  const kind = TAX_FORM_KINDS.find((k) => titled(text, k.title));
  if (kind) return { kind };
  const named = NAMED_UNREAD_TAX_FORMS.find((k) => titled(head, k.title));
  return named ? { refused: named.name } : { none: true };
}

/** Cents of a printed amount; parentheses or a minus make it negative. */
function cents(s: string): number | null {
  const neg = /^\(.*\)$/.test(s.trim()) || s.trim().startsWith('-');
  const digits = s.replace(/[^\d.]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(digits)) return null;
  const [whole, frac = ''] = digits.split('.');
  const c = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return neg ? -c : c;
}

/** An EIN or SSN and nothing else. */
export const TIN_ONLY = /^(\d{2}-\d{7}|\d{3}-\d{2}-\d{4})$/;

/**
 * Cents of a text that is one printed amount and nothing else (null otherwise); with
 * `needCents`, only an amount printed with its cents ("1,234.00"), as forms print them.
 */
export function parseFigure(raw: string, needCents = false): number | null {
  const t = raw.trim();
  if (!MONEY_ONLY.test(t)) return null;
  if (needCents && !/\.\d{2}\)?$/.test(t)) return null;
  return cents(t);
}

/** The value printed after a label on its line, or in the box below it (overlapping columns). */
function valueAfter(lines: Line[], labels: string[], pattern: RegExp, otherLabels: string[] = []): string | null {
  // Another box's label, or printed words: the value to the right or below is not this label's.
  // A lone garbled word ("racianeine", "eenenee": a scan's leader dots) is passed over.
  const blocks = (text: string) => /[a-z]{3}[^a-z]+[a-z]{3}/i.test(text) || otherLabels.some((l) => findPhrase(text, l));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    for (let ci = 0; ci < line.cells.length; ci++) {
      const cell = line.cells[ci]!;
      // Labels as OCR reads them too ("Net Ray", "amountof paymentcard"): ./phrase-match.ts.
      let hit = null;
      for (const l of labels) if ((hit = findPhrase(cell.text, l))) break;
      if (!hit) continue;
      const after = cell.text.slice(hit.end).replace(/^\)/, '');
      const inCell = pattern.exec(after.replace(/^[\s.:]+/, ''));
      if (inCell && after.replace(/^[\s.:]+/, '').startsWith(inCell[0])) return inCell[0];
      // A whole cell holding only the value: a neighbouring box's label ("2 Federal income …") is
      // not one, nor its number alone in a cell of its own ("2", "12a"), as OCR often splits it.
      const whole = (text: string) => {
        // A box edge read as "|" or a bracket beside the value, or a speck after it ("72,638.71 -"), is not part of it.
        const t = text.trim().replace(/^[|[\]]+\s*|\s*[|[\]]+$/g, '').replace(/\s+[-—_.|]+$/, '');
        if (BOX_NUMBER.test(t)) return null;
        const m = pattern.exec(t);
        return m && m[0] === t ? m[0] : null;
      };
      // A value printed there but not readable ("— $ 452.43") ends the search: the next amount
      // along is another column's ("year to date"), never this label's.
      const unreadable = (text: string) => /\d.*\d/.test(text) && !BOX_NUMBER.test(text.trim());
      // To the right: the first value, unless another label comes first (its value is not this one's).
      for (const next of line.cells.slice(ci + 1)) {
        const v = whole(next.text);
        if (v) return v;
        if (blocks(next.text) || unreadable(next.text)) break;
      }
      // The box below: its value, unless another box's label comes first (that box's value is not this one's).
      // The box runs from the label's left to whatever is printed next on the label's line: a
      // short label's value may sit right of its last letter (a W-2's EIN under "b Employer
      // identification number (EIN)"), never under the next box's label.
      const boxRight = Math.max(cell.x1 + 2, (line.cells[ci + 1]?.x0 ?? cell.x1 + 4) - 2);
      below: for (const next of lines.slice(i + 1, i + 3)) {
        if (next.page !== line.page) break;
        for (const c of next.cells) {
          if (c.x1 < cell.x0 - 2 || c.x0 > boxRight) continue;
          const v = whole(c.text);
          if (v) return v;
          if (blocks(c.text) || unreadable(c.text)) break below;
        }
      }
    }
  }
  return null;
}

/** Every label of the kind but the given ones. */
function allLabels(kind: TaxFormKind, except: string[]): string[] {
  return [...Object.values(kind.figures), ...Object.values(kind.ids)].flat().filter((l): l is string => !!l && !except.includes(l));
}

/** An EIN or SSN shown with only its last four digits. */
export function maskTaxId(v: string): string {
  const d = v.replace(/\D/g, '');
  if (d.length < 4) return '';
  return /^\d{2}-/.test(v) ? `**-***${d.slice(-4)}` : `***-**-${d.slice(-4)}`;
}

/**
 * Key figures of a recognised tax form: tax year (a year printed near the title), wages, gross
 * receipts, income, expenses, net profit, net pay (what the kind prints), EIN/TIN masked to their
 * last four digits. A figure the form should print but that cannot be read is null and named in
 * `unread` — never guessed.
 */
export function readTaxForm(lines: Line[], kind: TaxFormKind): TaxFormFigures {
  const head = lines.slice(0, MAX_LINES);
  const out: TaxFormFigures = { kind: kind.name, isReturn: kind.isReturn, taxYear: null, ein: '', tin: '', unread: [] };
  const yearText = head.slice(0, 15).map((l) => l.text).join(' ');
  // Digits apart, not words: OCR runs the year into the title ("TaxStatement2023").
  const year = /(?<!\d)(20[0-4]\d|19[89]\d)(?!\d)/.exec(yearText.replace(/\d{2}-\d{7}|\d{3}-\d{2}-\d{4}/g, ''));
  out.taxYear = year ? Number(year[1]) : null;
  if (out.taxYear === null) out.unread.push('taxYear');
  for (const [fig, labels] of Object.entries(kind.figures) as Array<[TaxFigure, string[]]>) {
    const table = kind.tables?.[fig];
    const raw = valueAfter(head, labels, MONEY, allLabels(kind, labels)) ?? (table ? valueInColumn(head, table.rows, table.columns, MONEY) : null);
    const c = raw && MONEY_ONLY.test(raw.trim()) ? cents(raw) : null;
    out[fig] = c === null ? null : c / 100;
    if (c === null) out.unread.push(fig);
  }
  for (const [id, labels] of Object.entries(kind.ids) as Array<['ein' | 'tin', string[]]>) {
    const raw = valueAfter(head, labels, TIN, allLabels(kind, labels));
    out[id] = raw ? maskTaxId(raw) : '';
    if (!raw) out.unread.push(id);
  }
  return out;
}

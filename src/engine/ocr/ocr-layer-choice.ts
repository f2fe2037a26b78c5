import type { ParsedDocument } from '../../contract/model.js';
import type { ConvertInput } from '../engine.js';
import type { PdfText } from '../pdf/extract.js';
import { reconcile } from '../statement/reconcile.js';
import { mayHoldPageImages, ocrLayerPages } from './ocr-layer.js';
import { unreadableTextPages } from '../pdf/readable-text.js';

/**
 * How well a reading holds together, compared in order: statements that reconcile, statements
 * whose opening and closing balances were both found, printed running balances that agree,
 * statements with transactions. Reconciliation is the judge between two readings of one page,
 * never the number of rows (a noisy layer can give more of them).
 */
function standing(doc: ParsedDocument): number[] {
  if (doc.error) return [0, 0, 0, 0];
  let reconciled = 0, balances = 0, checked = 0, withRows = 0;
  for (const s of doc.statements) {
    const r = reconcile(s, 0);
    if (r.reconciled) reconciled++;
    if (r.balancesValid) balances++;
    if (!r.firstBroken) checked += r.checkedBalances;
    if (s.transactions.length) withRows++;
  }
  return [reconciled, balances, checked, withRows];
}

function better(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/**
 * A PDF read from its text layer that did not hold together (a statement that does not
 * reconcile, or none), whose pages include another program's OCR layer (./ocr-layer.ts), or
 * that found no transaction in a text layer that reads as gibberish (../pdf/readable-text.ts):
 * those pages are read by our OCR and the reading that holds together better is kept, with a
 * hint naming the pages. Returns null when the text layer's reading stands (the usual case: it is
 * checked first, so a text PDF that reconciles never gets here).
 */
export async function rereadOcrLayer(input: ConvertInput, text: PdfText, doc: ParsedDocument, read: (t: PdfText) => ParsedDocument): Promise<{ text: PdfText; doc: ParsedDocument } | null> {
  const { options } = input;
  if (options.neverocr || options.doocrfile) return null;
  const was = standing(doc);
  if (!doc.error && doc.statements.length && was[0] === doc.statements.length) return null;
  const already = new Set(text.info.ocrPages ?? []);
  const candidates = text.pages.filter((p) => p.items.length && !already.has(p.page)).map((p) => p.page);
  if (!candidates.length) return null;
  const layered = mayHoldPageImages(input.bytes) ? await ocrLayerPages(input.bytes, candidates) : [];
  // A text layer that reads as gibberish (fonts mapping glyphs to the wrong characters) is read
  // by OCR only when the text reading found no transactions at all: OCR then costs nothing a
  // reading that found something would lose.
  const noRows = doc.statements.every((s) => !s.transactions.length);
  const gibberish = noRows ? unreadableTextPages(text.pages.filter((p) => candidates.includes(p.page) && !layered.includes(p.page))) : [];
  const pages = [...layered, ...gibberish].sort((a, b) => a - b);
  if (!pages.length) return null;
  const { withOcrPages } = await import('./pdf-pages.js');
  const { text: ours } = await withOcrPages(input, text, false, pages);
  const again = read(ours);
  if (!better(standing(again), was)) return null;
  const hints: string[] = [];
  if (layered.length) hints.push(`Page(s) ${layered.join(', ')} carry another program's OCR text over a page image; they were read by this engine's OCR instead, whose reading holds together better.`);
  if (gibberish.length) hints.push(`The text layer of page(s) ${gibberish.join(', ')} does not read as text (its fonts map glyphs to the wrong characters); they were read by OCR instead.`);
  for (const s of again.statements) s.hints = [...(s.hints ?? []), ...hints];
  return { text: ours, doc: again };
}

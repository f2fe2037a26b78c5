import type { ParsedDocument } from '../../contract/model.js';
import { formatCents, type Cents } from '../../contract/money.js';
import type { PageText } from '../pdf/extract.js';
import { parseMoneyCell } from '../pdf/tokens.js';
import { LOW_CONFIDENCE } from './limits.js';

/** Per OCR page: |amount| in cents → the lowest confidence among the words printing it. */
function amountWords(pages: PageText[]): Map<number, Map<Cents, number>> {
  const out = new Map<number, Map<Cents, number>>();
  for (const p of pages) {
    const m = new Map<Cents, number>();
    for (const it of p.items) {
      if (it.conf === undefined) continue;
      const money = parseMoneyCell(it.str) ?? parseMoneyCell(it.str, true);
      if (!money) continue;
      const k = Math.abs(money.cents);
      m.set(k, Math.min(m.get(k) ?? 100, it.conf));
    }
    if (m.size) out.set(p.page, m);
  }
  return out;
}

/**
 * Gives each transaction read from an OCR page the confidence of the word that printed its
 * amount, and counts the amounts (transactions and printed balances) read with low confidence
 * as the statement's `suspectCount`, with a hint naming the first of them: the caller sees
 * that the figures need a look (previewRequired), never a silently trusted guess.
 */
export function markOcrConfidence(doc: ParsedDocument, pages: PageText[]): void {
  const words = amountWords(pages);
  if (!words.size) return;
  const confOf = (cents: Cents, page?: number): number | undefined => {
    if (page !== undefined) return words.get(page)?.get(Math.abs(cents));
    let low: number | undefined;
    for (const m of words.values()) { const c = m.get(Math.abs(cents)); if (c !== undefined) low = Math.min(low ?? 100, c); }
    return low;
  };
  for (const s of doc.statements) {
    const low: string[] = [];
    for (const t of s.transactions) {
      const c = confOf(t.amount, t.page);
      if (c === undefined) continue;
      t.amountConfidence = c;
      if (c < LOW_CONFIDENCE) low.push(`${t.date} ${formatCents(t.amount)} (${c} %)`);
    }
    for (const [label, v] of [['starting balance', s.startBalance], ['ending balance', s.endBalance]] as const) {
      if (v === null) continue;
      const c = confOf(v);
      if (c !== undefined && c < LOW_CONFIDENCE) low.push(`${label} ${formatCents(v)} (${c} %)`);
    }
    if (!low.length) continue;
    s.suspectCount = (s.suspectCount ?? 0) + low.length;
    s.hints = [...(s.hints ?? []), `${low.length} amount(s) read by OCR with low confidence, check them: ${low.slice(0, 5).join(', ')}${low.length > 5 ? ', …' : ''}.`];
  }
}

/**
 * A currency mark its font names wrong. A font whose stated encoding is not its own gives "€" as
 * some other character (Ghostscript's re-written fonts: "8.646,27 Å"), and a figure with a
 * character after it that no list names is no figure: every amount and balance of such a
 * statement was lost. One character printed beside a good share of the document's figures, and
 * beside nothing else, is their currency's mark whatever it reads as: it is taken off them, as
 * a known mark would be (the currency itself is decided from the rest of the document, as for a
 * figure printed without a mark). Only a character that cannot be a sign (no dash, no letter
 * A–Z: "S"/"H", "CR" are signs) and that no figure already reads with.
 */
import type { PageText } from './extract.js';
import { isMoneyText } from './tokens.js';

/** A figure with one character before or after it, a space between or none. */
const MARKED_FIGURE = /^(?:([^\s\d\-−+(])\s?)?([-−(]?\d[\d.,'’ \u00a0]*[.,]\d{2}\)?[-−]?)(?:\s?([^\s\d]))?$/;
/** Characters that are or may be a sign or a figure's part, or a mark the reader knows. */
const NOT_A_MARK = /[\x00-\x7f\p{Pd}$£€₹¥]/u;
/** Figures with the mark, at least. */
const MIN_MARKED = 3;
/** Share of the document's figures that carry it, at least. */
const MIN_SHARE = 0.25;

export interface MisreadMark { mark: string; figures: number }

/** The pages with a misread currency mark taken off the figures it stands beside (the pages themselves when there is none). */
export function withoutMisreadCurrencyMark(pages: PageText[]): { pages: PageText[]; misread: MisreadMark | null } {
  let figures = 0;
  const marked = new Map<string, number>();
  for (const p of pages) {
    for (const it of p.items) {
      if (it.conf !== undefined || it.str.length > 30) continue;
      const m = MARKED_FIGURE.exec(it.str.trim());
      if (!m) continue;
      figures++;
      const mark = m[1] && m[3] ? null : m[1] ?? m[3];
      if (!mark || NOT_A_MARK.test(mark) || isMoneyText(it.str)) continue;
      marked.set(mark, (marked.get(mark) ?? 0) + 1);
    }
  }
  let best: MisreadMark | null = null;
  for (const [mark, n] of marked) if (n >= MIN_MARKED && n >= figures * MIN_SHARE && (!best || n > best.figures)) best = { mark, figures: n };
  if (!best) return { pages, misread: null };
  const { mark } = best;
  const out = pages.map((p) => ({
    ...p,
    items: p.items.map((it) => {
      const m = it.conf === undefined ? MARKED_FIGURE.exec(it.str.trim()) : null;
      if (!m || !(m[1] === mark || m[3] === mark) || (m[1] && m[3])) return it;
      // The figure keeps its own place: the mark's share of the item's width (by characters) goes.
      const text = it.str.trim(), kept = m[2]!.length / text.length;
      return { ...it, str: m[2]!, w: it.w * kept, x: m[1] ? it.x + it.w * (1 - kept) : it.x };
    }),
  }));
  return { pages: out, misread: best };
}

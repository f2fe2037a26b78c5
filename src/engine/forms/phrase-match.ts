/**
 * Finding a printed phrase ("Gross receipts or sales", "Wage and Tax") in text read by OCR,
 * which misreads letters ("Net Ray", "Psat Tax Return"), runs words together ("W-2Wageand",
 * "SCHEDULEC", "amountof paymentcard") and splits them. Exact matching lost most scanned forms
 * (a form not recognised at all; see docs/ocr.md). The phrase and the text are compared on
 * their letters and digits only (case, spaces and punctuation set aside), with a few edits
 * allowed — about one per five letters — under rules that keep it from finding what is not there:
 * - digits are never edited: "1120" is not "1126", "W-2" is not "W-3";
 * - a phrase's one- or two-letter words ("c" of "Schedule C", "s" of "1120-S") are never
 *   edited away, so "Form 1120" is not read as "Form 1120-S";
 * - a match starts and ends at a word's edge (or where letters meet digits): "net pay" is not
 *   found inside "internet payment".
 */

/** A phrase found in a text: where it starts and ends in the text (offsets of the original string) and its edits. */
export interface PhraseHit { start: number; end: number; edits: number }

const APOSTROPHES = /['’‘`]/g;
const INF = 1 << 20;
const MAX_EDITS = 3;
/** Texts longer than this are compared on their first this-many characters (a form's label is short; a page's head is a few thousand). */
const MAX_TEXT = 20_000;

interface Squeezed { chars: string; at: number[]; startOk: boolean[]; endOk: boolean[] }

/** The text's letters and digits in lower case, each with its offset in the original, and where a word may start or end. */
function squeeze(text: string): Squeezed {
  const src = text.slice(0, MAX_TEXT).replace(APOSTROPHES, (m) => ' '.repeat(m.length));
  let chars = '';
  const at: number[] = [], startOk: boolean[] = [], endOk: boolean[] = [];
  let prevKind = '';
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!.toLowerCase();
    const kind = ch >= '0' && ch <= '9' ? 'd' : ch >= 'a' && ch <= 'z' ? 'a' : '';
    if (!kind) { if (chars.length) endOk[chars.length - 1] = true; prevKind = ''; continue; }
    const boundary = prevKind !== kind;
    if (boundary && chars.length) endOk[chars.length - 1] = true;
    // A capital after a small letter starts a word run into the one before it ("W-2Wageand", "taxReturn").
    const camel = kind === 'a' && prevKind === 'a' && src[i] !== ch && src[i - 1] === src[i - 1]!.toLowerCase();
    if (camel && chars.length) endOk[chars.length - 1] = true;
    startOk.push(boundary || camel);
    endOk.push(false);
    at.push(i);
    chars += ch;
    prevKind = kind;
  }
  if (chars.length) endOk[chars.length - 1] = true;
  return { chars, at, startOk, endOk };
}

interface Pattern { chars: string; guarded: boolean[]; budget: number }

const patterns = new Map<string, Pattern>();
function pattern(phrase: string): Pattern {
  let p = patterns.get(phrase);
  if (p) return p;
  const words = phrase.toLowerCase().replace(APOSTROPHES, '').split(/[^a-z0-9]+/).filter(Boolean);
  let chars = '';
  const guarded: boolean[] = [];
  for (const w of words) {
    for (const ch of w) { chars += ch; guarded.push(w.length <= 2 || (ch >= '0' && ch <= '9')); }
  }
  // About one edit per five letters, three at most (more and a whole word can be swapped for
  // another: "Income" for the "U.S. Psat" before it); a short phrase ("net pay") gets one,
  // four letters or fewer none.
  const letters = chars.replace(/\d/g, '').length;
  p = { chars, guarded, budget: Math.min(MAX_EDITS, Math.floor(letters / 5)) };
  if (patterns.size < 5_000) patterns.set(phrase, p);
  return p;
}

const isDigit = (ch: string) => ch >= '0' && ch <= '9';

/**
 * The best place `phrase` is printed in `text` (fewest edits, then the first), or null when it
 * is not there within its edit allowance. `maxEdits` lowers the allowance (0: exact, spaces and
 * punctuation aside).
 */
export function findPhrase(text: string, phrase: string, maxEdits = Infinity): PhraseHit | null {
  const p = pattern(phrase);
  const t = squeeze(text);
  const m = p.chars.length, n = t.chars.length;
  if (!m || !n) return null;
  const budget = Math.min(p.budget, maxEdits);
  // Sellers' approximate matching: a column per text character, a row per phrase character;
  // row 0 is free only where a word may start. `from` carries each cell's match start.
  let prev = new Array<number>(m + 1), cur = new Array<number>(m + 1);
  let prevFrom = new Array<number>(m + 1), curFrom = new Array<number>(m + 1);
  const delCost = (i: number) => (p.guarded[i - 1] ? INF : 1);
  prev[0] = 0; prevFrom[0] = 0;
  for (let i = 1; i <= m; i++) { prev[i] = Math.min(INF, prev[i - 1]! + delCost(i)); prevFrom[i] = 0; }
  let best: PhraseHit | null = null;
  for (let j = 1; j <= n; j++) {
    const tc = t.chars[j - 1]!;
    // A match may start before text character j-1 only at a word's edge.
    cur[0] = j < n && t.startOk[j] ? 0 : INF;
    curFrom[0] = j;
    for (let i = 1; i <= m; i++) {
      const pc = p.chars[i - 1]!;
      const same = pc === tc;
      const subCost = same ? 0 : p.guarded[i - 1] || isDigit(tc) ? INF : 1;
      let v = prev[i - 1]! + subCost, f = prevFrom[i - 1]!;
      const ins = isDigit(tc) ? INF : prev[i]! + 1; // an extra text character inside the match
      if (ins < v) { v = ins; f = prevFrom[i]!; }
      const del = cur[i - 1]! + delCost(i); // a phrase character OCR dropped
      if (del < v) { v = del; f = curFrom[i - 1]!; }
      cur[i] = Math.min(v, INF);
      curFrom[i] = f;
    }
    const edits = cur[m]!;
    if (edits <= budget && t.endOk[j - 1] && t.startOk[curFrom[m]!] !== false) {
      const start = curFrom[m]!;
      if (!best || edits < best.edits) best = { start: t.at[start]!, end: t.at[j - 1]! + 1, edits };
      if (edits === 0) break;
    }
    [prev, cur] = [cur, prev];
    [prevFrom, curFrom] = [curFrom, prevFrom];
  }
  return best;
}

/** Whether any of `phrases` is printed in `text` (within each one's edit allowance). */
export function hasPhrase(text: string, phrases: string | readonly string[]): boolean {
  return (typeof phrases === 'string' ? [phrases] : phrases).some((ph) => findPhrase(text, ph) !== null);
}

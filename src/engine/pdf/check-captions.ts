import type { Line } from './lines.js';
import { isCurrencyMark, parseMoneyCell } from './tokens.js';

/**
 * The captions under a statement's check images ("#5160 12/05/24 $2,289.59", two checks to a
 * line when the images stand side by side). Under a title ("CHECK IMAGES") they are no table
 * (data/labels.ts HEADING_WORDS.balances); on a page with no title they look like rows of the
 * table before them, and each would count its check a second time (or, two to a line, one
 * check's number with the other's amount). A check is paid once: a line printing nothing but
 * marked check numbers ("#5160"), dates and one amount per number, each number printed again
 * with its amount on a line of the ledger, is captions. A caption whose check no ledger line
 * prints stays a line (it may be the only record of the check), and so does a ledger that
 * marks its own check numbers with "#": none of its lines then has another line to repeat.
 */

/** Words a caption may print beside its figures ("Check 5160  Date 12/05/24  Amount $2,289.59"). */
const LABEL = /^(?:check|cheque|chk|ck|no\.?|nr\.?|number|date|amount|#)$/i;
const MARKED_NUMBER = /^(?:#|no\.?)(\d{2,10})$/i;
const NUMBER = /^#?(\d{2,10})\*?$/;
const DATE = /^\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?$/;
/** Checks captioned on one line, at most (images stand one to three abreast). */
const MAX_GROUPS = 4;

interface Caption { number: string; cents: number }

const digits = (n: string) => n.replace(/^0+(?=\d)/, '');

/** The checks a line captions (number and amount of each), or null when it prints anything else. */
function captions(line: Line, decimalComma: boolean): Caption[] | null {
  const out: Caption[] = [];
  let open: string | null = null;
  for (const word of line.text.split(/\s+/)) {
    if (!word || isCurrencyMark(word) || DATE.test(word)) continue;
    const n = MARKED_NUMBER.exec(word);
    if (n) {
      if (open !== null || out.length >= MAX_GROUPS) return null;
      open = digits(n[1]!);
      continue;
    }
    if (LABEL.test(word)) continue;
    const m = parseMoneyCell(word, decimalComma);
    if (!m || open === null) return null;
    out.push({ number: open, cents: Math.abs(m.cents) });
    open = null;
  }
  return out.length && open === null ? out : null;
}

/** Whether a ledger line prints the check's number and its amount. */
function printsCheck(line: Line, c: Caption, decimalComma: boolean): boolean {
  let number = false, amount = false;
  for (const word of line.text.split(/\s+/)) {
    const n = NUMBER.exec(word);
    if (n && digits(n[1]!) === c.number) number = true;
    else if (!amount) { const m = parseMoneyCell(word, decimalComma); if (m && Math.abs(m.cents) === c.cents) amount = true; }
    if (number && amount) return true;
  }
  return false;
}

/** The lines without the captions of checks their ledger lists, and those captions. */
export function splitCheckCaptions(lines: Line[], decimalComma: boolean): { lines: Line[]; captions: Line[] } {
  const found = new Map<Line, Caption[]>();
  for (const l of lines) {
    const c = captions(l, decimalComma);
    if (c) found.set(l, c);
  }
  if (!found.size) return { lines, captions: [] };
  const ledger = lines.filter((l) => !found.has(l));
  const dropped = new Set<Line>();
  for (const [l, cs] of found) if (cs.every((c) => ledger.some((x) => printsCheck(x, c, decimalComma)))) dropped.add(l);
  if (!dropped.size) return { lines, captions: [] };
  return { lines: lines.filter((l) => !dropped.has(l)), captions: [...dropped] };
}

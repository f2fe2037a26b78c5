/**
 * The captions under a statement's check images ("#5160 12/05/24 $2,289.59", two checks to a
 * line when the images stand side by side). Under a title ("CHECK IMAGES") they are no table
 * (data/labels.ts HEADING_WORDS.balances); on a page with no title they look like rows of the
 * table before them, and each would count its check a second time. A check is paid once: a row
 * that prints nothing but check numbers and dates, whose amount, date and one of its numbers
 * are those of a check the statement already read, is that check's caption. A row naming a
 * check no earlier row holds, or another amount or day, stays a row (a re-presented check is
 * paid on another day).
 */

/** One row as the rule needs it. */
export interface CaptionRow {
  /** Month and day as printed (a caption prints the year, the ledger may not). */
  monthDay: string;
  /** Amounts the row carries, without sign, in cents. */
  cents: number[];
  description: string;
  /** The check number the row was read with (a check column), if any. */
  checkNumber?: string;
}

/** "#5160", "No. 5160", "Check 5160" or a bare number: a check number as a caption or a ledger prints it. */
const NUMBER = /^(?:#|no\.?|nr\.?|check|cheque|chk|ck)?#?(\d{2,10})$/i;
const MARK = /^(?:#|no\.?|nr\.?|check|cheque|chk|ck|number)$/i;
const DATE = /^\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?$/;

/** The check numbers a caption-shaped description names, or null when it prints anything else. */
function captionNumbers(description: string): string[] | null {
  const numbers: string[] = [];
  for (const word of description.trim().split(/\s+/)) {
    if (!word || MARK.test(word) || DATE.test(word)) continue;
    const m = NUMBER.exec(word);
    if (!m) return null;
    numbers.push(m[1]!.replace(/^0+(?=\d)/, ''));
  }
  return numbers.length ? numbers : null;
}

/** The check number a row holds: its check column's, else a description that is only one. */
function checkOf(r: CaptionRow): string | null {
  if (r.checkNumber) return r.checkNumber.replace(/^0+(?=\d)/, '');
  const n = captionNumbers(r.description);
  return n && n.length === 1 ? n[0]! : null;
}

/** Indexes of the rows that are captions of checks read in earlier rows (each earlier check captioned once). */
export function findCheckCaptions(rows: CaptionRow[]): number[] {
  const out: number[] = [];
  const captioned = new Set<number>();
  const dropped = new Set<number>();
  for (let i = 0; i < rows.length; i++) {
    const numbers = captionNumbers(rows[i]!.description);
    if (!numbers) continue;
    const r = rows[i]!;
    const j = rows.findIndex((e, k) => k < i && !captioned.has(k) && !dropped.has(k) && e.monthDay === r.monthDay
      && numbers.includes(checkOf(e) ?? '') && e.cents.some((c) => c > 0 && r.cents.includes(c)));
    if (j < 0) continue;
    captioned.add(j);
    dropped.add(i);
    out.push(i);
  }
  return out;
}

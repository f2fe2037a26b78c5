import type { ParsedDocument, ParsedStatement } from '../../contract/model.js';
import { formatCents, type Cents } from '../../contract/money.js';
import { isUnreconciledReason, reconcile, unreconciledReason } from '../statement/reconcile.js';
import { closingFromRows, dropDerivedOpening, openingFromRows } from '../pdf/derived-balances.js';
import { LOW_CONFIDENCE, SURE_CONFIDENCE } from './limits.js';

/** Figures taken from the balances per statement at most: past that the page is not misread here and there, it is unreadable. */
const MAX_REPAIRS = 3;
/** Digits an OCR misreading may have changed, added or lost ("0.26" read "26": two lost). */
const MAX_DIGIT_EDITS = 2;

/** The digits of an amount as printed with two decimals, no leading zeros ("0.26" → "26", "500.00" → "50000"). */
const digits = (c: Cents) => String(Math.abs(c));

/** Edit distance of two short digit strings (amounts: at most ~12 digits), cut off past `max`. */
function digitEdits(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Whether `want` is a figure OCR could have read as `read`: the same digits with at most two
 * changed, added or lost ("0.26" → "26", "500.00" → "900.00"), the sign read or lost either way.
 */
function misreadOf(read: Cents, want: Cents): boolean {
  return read !== want && want !== 0 && digitEdits(digits(read), digits(want), MAX_DIGIT_EDITS) <= MAX_DIGIT_EDITS;
}

/**
 * Reconciliation as the judge of OCR's figures. A statement read from page images that does not
 * reconcile is checked for the two misreadings OCR makes: a transaction amount that breaks the
 * printed running balances where the balances before and after it agree (the amount they
 * imply is taken when it differs from the reading by at most two digits — "0.26" read as "26"),
 * and an opening or closing balance whose sign was read wrong (taken only when the other sign
 * reconciles the statement exactly, or, for the opening, mends the first running balance exactly
 * and the next one agrees). Each figure so taken is named in a hint, its confidence
 * set to 0 and counted in `suspectCount`: the caller sees it, never a silent change. Only rows
 * of `ocrPages` are touched; at most MAX_REPAIRS figures a statement.
 */
export function repairByBalances(doc: ParsedDocument, ocrPages: number[]): void {
  if (!ocrPages.length) return;
  const onOcr = new Set(ocrPages);
  for (const s of doc.statements) { repairStatement(s, onOcr); repairConfirmedSpans(s, onOcr); dropUncheckedOpening(s, onOcr); }
}

/** Indices of the rows that print a running balance. */
const balanced = (s: ParsedStatement) => s.transactions.flatMap((t, i) => (t.balance !== undefined && t.balance !== null ? [i] : []));

/**
 * Amounts the printed balances on both sides of them confirm, wherever they stand. The pass
 * above takes figures in order from the first break and stops at the first break it cannot
 * mend (a row lost, a balance misread) or after MAX_REPAIRS: past that, the misread digits of
 * a poor scan's later rows stayed as read ("3,944.25" read "7,944.25" at 59 between two
 * balances read right, composed 611 faxed at 150 dpi). Here each span of rows between two
 * printed balances that does not add up is mended on its own, when all of this holds: the
 * balance opening the span is confirmed by the span before it adding up exactly (or is the
 * printed opening), the balance closing it by the span after it (or is the printed closing),
 * neither of them taken from the rows; exactly one row of the span, on an OCR page and not
 * read surely, is a misreading (MAX_DIGIT_EDITS) of the amount that makes the span add up. A row
 * read surely whose other side alone makes it add up counts too: its digits are confirmed by
 * the reading and the balances alike, and its side is the reader's inference (a column, a
 * letter), not a glyph read surely (composed 650 faxed: two "-3,731.00" read as credits at 90).
 * Both neighbours then vouch for the figure independently of every other repair (a span
 * mended here confirms no other), so no cap of MAX_REPAIRS: one pass over the spans bounds it.
 * Each figure so taken is flagged (confidence 0), counted and named in a hint, as above.
 */
function repairConfirmedSpans(s: ParsedStatement, onOcr: Set<number>): void {
  if (reconcile(s, 0).reconciled) return;
  const at = balanced(s);
  if (at.length < 2) return;
  const rows = s.transactions;
  const sum = (from: number, to: number) => rows.slice(from, to).reduce((a, t) => a + t.amount, 0);
  // Span k runs from the balance at[k-1] (or the opening, k = 0) to at[k] (or the closing, k = at.length).
  const spanAddsUp: boolean[] = [];
  for (let k = 0; k <= at.length; k++) {
    const from = k === 0 ? (openingFromRows(s) ? null : s.startBalance) : rows[at[k - 1]!]!.balance!;
    const to = k === at.length ? (closingFromRows(s) ? null : s.endBalance) : rows[at[k]!]!.balance!;
    const lo = k === 0 ? 0 : at[k - 1]! + 1, hi = k === at.length ? rows.length : at[k]! + 1;
    spanAddsUp.push(from !== null && to !== null && from + sum(lo, hi) === to);
  }
  const notes: string[] = [];
  for (let k = 1; k < at.length; k++) {
    if (spanAddsUp[k] || !spanAddsUp[k - 1] || !spanAddsUp[k + 1]) continue;
    const lo = at[k - 1]! + 1, hi = at[k]! + 1;
    const short = rows[at[k]!]!.balance! - rows[at[k - 1]!]!.balance! - sum(lo, hi);
    const could = rows.slice(lo, hi).filter((t) => t.page !== undefined && onOcr.has(t.page)
      && ((t.amountConfidence ?? 100) < SURE_CONFIDENCE || t.amount + short === -t.amount) && misreadOf(t.amount, t.amount + short));
    if (could.length !== 1) continue;
    const t = could[0]!, read = t.amount;
    t.amount = read + short;
    t.amountConfidence = 0;
    notes.push(`${t.date} amount read as ${formatCents(read)}, taken as ${formatCents(t.amount)} (the balances before and after it agree)`);
  }
  if (!notes.length) return;
  s.suspectCount = (s.suspectCount ?? 0) + notes.length;
  const reason = unreconciledReason(s);
  s.hints = [...(s.hints ?? []).filter((h) => !isUnreconciledReason(h)), ...(reason ? [reason] : []), `${notes.length} figure(s) read by OCR did not agree with the printed balances on both sides of them and were taken as those balances imply, check them: ${notes.join('; ')}.`];
}

/**
 * An opening balance not printed (or not read) is worked out from the first row: its printed
 * balance less its amount. Then that amount is checked by nothing: the first running balance
 * holds by construction, and the closing one only sums the rows after it. A text layer's amount
 * is as printed; an OCR reading of it may not be. From an OCR page whose first amount was read
 * with low confidence (or taken as the balances imply), the opening is kept only when the
 * printed summary totals, which count the first row, agree with the rows; else it is left
 * unread, and the hint gives the figure it would be: a guess is not reported reconciled.
 */
function dropUncheckedOpening(s: ParsedStatement, onOcr: Set<number>): void {
  const first = s.transactions[0];
  if (!openingFromRows(s) || s.startBalance === null || !first || first.page === undefined || !onOcr.has(first.page)) return;
  // An amount OCR read surely stands on its own reading; one it was unsure of (or one taken as the
  // balances imply) would make the opening a guess.
  if (reconcile(s, 0).printedTotalsMatch === true || (first.amountConfidence ?? 100) >= LOW_CONFIDENCE) return;
  const would = s.startBalance;
  s.startBalance = null;
  dropDerivedOpening(s);
  // Without an opening nothing is reconciled: the reason given for the figures as they were goes.
  s.hints = [...(s.hints ?? []).filter((h) => !isUnreconciledReason(h)), `The opening balance is not read: worked out from the first row it would be ${formatCents(would)}, but that row's amount, read by OCR, is checked by no printed figure.`];
}

/**
 * A statement whose rows no running balance checks, whose printed summary totals carry the
 * opening to the closing balance exactly, and whose rows fall short of one side's total by D
 * while meeting the other's: the one row of that side that OCR could have read off by D (the
 * same digits give or take two: "2,979.77" read "2,919.77") is taken as the total implies, when
 * exactly one row could be (or, of several, exactly one was read unsure) and the statement then
 * reconciles (composed scan 128). Returns the note, null when none.
 */
function takenByTotals(s: ParsedStatement, onOcr: Set<number>): string | null {
  const pt = s.printedTotals;
  if (pt?.credits === undefined || pt.debits === undefined || s.startBalance === null || s.endBalance === null) return null;
  if (s.startBalance + pt.credits - pt.debits !== s.endBalance) return null;
  if (s.transactions.some((t) => t.balance !== undefined && t.balance !== null)) return null;
  let credits = 0, debits = 0;
  for (const t of s.transactions) if (t.amount > 0) credits += t.amount; else debits -= t.amount;
  const side = credits !== pt.credits && debits === pt.debits ? 1 : debits !== pt.debits && credits === pt.credits ? -1 : 0;
  if (!side) return null;
  const short = side > 0 ? pt.credits - credits : pt.debits - debits;
  let could = s.transactions.filter((t) => Math.sign(t.amount) === side && t.page !== undefined && onOcr.has(t.page)
    && Math.abs(t.amount) + short > 0 && misreadOf(Math.abs(t.amount), Math.abs(t.amount) + short));
  // Several rows could be: the one OCR itself was unsure of, when it is the only one. A row read
  // surely is never changed (a row lost on that side is likelier, as in repairStatement).
  if (could.length > 1) could = could.filter((t) => (t.amountConfidence ?? 100) < LOW_CONFIDENCE);
  could = could.filter((t) => (t.amountConfidence ?? 0) < SURE_CONFIDENCE);
  if (could.length !== 1) return null;
  const t = could[0]!, read = t.amount;
  t.amount = side * (Math.abs(read) + short);
  if (!reconcile(s, 0).reconciled) { t.amount = read; return null; }
  t.amountConfidence = 0;
  return `${t.date} amount read as ${formatCents(read)}, taken as ${formatCents(t.amount)} (the printed totals imply it)`;
}

/** After a figure taken at row `index`: the statement reconciles, or the next printed balance after that row agrees. */
function holdsAfter(s: ParsedStatement, index: number): boolean {
  const again = reconcile(s, 0);
  const next = s.transactions.findIndex((x, i) => i > index && x.balance !== undefined && x.balance !== null);
  return again.reconciled || (next >= 0 && (!again.firstBroken || again.firstBroken.index > next));
}

/**
 * A printed running balance misread alone: the amounts before it give `expected`, a misreading
 * of the same digits ("3 855,19" read "855,19": Courier at 7 pt, composed scan 53), and the
 * next printed balance agrees with `expected` and the amounts between. The amounts are then
 * right, and the balance is left unread (never taken as the amounts give: a balance is no row's
 * figure to make up). Returns the note, null when the balances say otherwise.
 */
function unreadBalance(s: ParsedStatement, index: number, expected: Cents): string | null {
  const t = s.transactions[index]!, read = t.balance;
  if (read === undefined || read === null || !misreadOf(read, expected)) return null;
  const next = s.transactions.findIndex((x, i) => i > index && x.balance !== undefined && x.balance !== null);
  if (next < 0) return null;
  t.balance = null;
  const again = reconcile(s, 0);
  if (again.reconciled || !again.firstBroken || again.firstBroken.index > next) return `${t.date} running balance read as ${formatCents(read)} agrees with no balance around it (the amounts give ${formatCents(expected)}): left unread`;
  t.balance = read;
  return null;
}

/**
 * A row that no figure of the page prints as such (a speck read as a lone "7" on a wrapped
 * description line, taken as 7.00; its confidence 0) between the last agreeing running balance
 * and the first one that breaks, by exactly its amount: the row is no transaction, and the
 * figures around it are right (composed scan 525 under the keystone capture: the oracle took the
 * next row's surely read "-343,28" as "-350.28" to carry the speck's 7.00, and the statement
 * reconciled on a made-up row). It is left out, listed in nonTransactions, when the balances
 * after it then agree. Only a row whose amount OCR read at confidence 0 and that prints no
 * balance of its own. Returns the note, null when no such row mends the break.
 */
function unprintedRowOut(s: ParsedStatement, index: number, excess: Cents): string | null {
  if (excess === 0) return null;
  let from = index - 1;
  while (from >= 0 && (s.transactions[from]!.balance === undefined || s.transactions[from]!.balance === null)) from--;
  const could = s.transactions.slice(from + 1, index).filter((t) => t.amount === excess && t.amountConfidence === 0 && (t.balance === undefined || t.balance === null));
  if (could.length !== 1) return null;
  const t = could[0]!, at = s.transactions.indexOf(t);
  s.transactions.splice(at, 1);
  if (holdsAfter(s, index - 1)) {
    s.nonTransactions = [...(s.nonTransactions ?? []), `figure no word prints, left out (the running balances agree without it): ${t.date} ${formatCents(t.amount)} ${t.description}`];
    return `${t.date} ${formatCents(t.amount)} (printed by no word of the page) left out: the running balances agree without it`;
  }
  s.transactions.splice(at, 0, t);
  return null;
}

function repairStatement(s: ParsedStatement, onOcr: Set<number>): void {
  const notes: string[] = [];
  // Breaks a surely read amount stands beside, the balances implying a row lost before it.
  const lost: string[] = [];
  for (let step = 0; step < MAX_REPAIRS; step++) {
    const r = reconcile(s, 0);
    if (r.reconciled) break;
    const f = r.firstBroken;
    if (f) {
      const t = f.transaction;
      if (t.page === undefined || !onOcr.has(t.page)) break;
      const anchored = s.transactions.slice(0, f.index).some((x) => x.balance !== undefined && x.balance !== null);
      // A break at the first running balance that the opening's other sign mends exactly: the
      // opening's minus read from a speck, or lost (composed scan 102: "24 136,51" read
      // "-24 136,51"). Kept only when the balances after it agree too, as an amount taken is.
      if (!anchored && s.startBalance && f.expected - 2 * s.startBalance === f.printed) {
        const read = s.startBalance;
        s.startBalance = -read;
        if (holdsAfter(s, f.index)) { notes.push(`opening balance read as ${formatCents(read)}, taken as ${formatCents(-read)}`); continue; }
        s.startBalance = read;
      }
      // A running balance whose sign a speck gave or took ("3'613.55-" in a column of
      // "-769.45": Courier at 9 pt, composed scan 138) where the amounts before it give exactly
      // its other sign: that sign, kept only when the balances after it agree too.
      if (f.printed !== 0 && f.expected === -f.printed && t.balance !== undefined && t.balance !== null) {
        const read = t.balance;
        t.balance = -read;
        if (holdsAfter(s, f.index)) { notes.push(`${t.date} running balance read as ${formatCents(read)}, taken as ${formatCents(-read)}`); continue; }
        t.balance = read;
      }
      const dropped = unprintedRowOut(s, f.index, f.expected - f.printed);
      if (dropped) { notes.push(dropped); continue; }
      const before = f.expected - t.amount;
      const want = f.printed - before;
      // Before the first printed running balance, `before` comes from the opening balance, which
      // OCR may have misread instead: when it too is a misreading of what the row implies, the
      // balances cannot say which figure is wrong (composed scan 88: the opening "-776.65" read
      // "-716.65", and the right amount "4,939.20" was taken as "4,879.20"). Left as read.
      // After the last printed balance, with the closing taken from that same balance, nothing
      // but the balance the amount is to agree with checks it: which of the two was misread the
      // balances cannot say (composed scan 437 shaken: its last row's "-2.351,40" read right
      // was taken as "-2.361,40" to meet its balance misread 26.082,65, which was then the
      // closing, and the statement reconciled on it). Left as read.
      const checked = s.transactions.some((x, i) => i > f.index && x.balance !== undefined && x.balance !== null) || (s.endBalance !== null && !closingFromRows(s));
      if (checked && misreadOf(t.amount, want) && !(!anchored && s.startBalance !== null && misreadOf(s.startBalance, s.startBalance + want - t.amount))) {
        const read = t.amount;
        t.amount = want;
        // An amount OCR read surely is not changed: what the balances then imply is most often a
        // row lost (or one too many) just before it, not a misreading (composed scans 432, 525:
        // "12,49" read at 91 taken as "-128,99" to carry a lost row's share, and the statement
        // reconciled with a row missing and the one figure right flagged). It stays as read, the
        // statement unreconciled, and the hint names the row the difference likely is.
        if ((t.amountConfidence ?? 0) >= SURE_CONFIDENCE) {
          const held = holdsAfter(s, f.index);
          t.amount = read;
          if (held) lost.push(`row ${f.index + 1} (${t.date} ${t.description.slice(0, 40)}): its amount ${formatCents(read)} was read surely (OCR confidence ${t.amountConfidence}), and the printed balances around it give ${formatCents(want)}: a row of ${formatCents(want - read)} just before it was likely not read, or one of ${formatCents(read - want)} read that is not printed`);
          break;
        }
        // Kept only when the balances after it agree too: the next printed balance, or the closing one.
        if (holdsAfter(s, f.index)) {
          t.amountConfidence = 0;
          notes.push(`${t.date} amount read as ${formatCents(read)}, taken as ${formatCents(want)}`);
          continue;
        }
        t.amount = read;
      }
      const unread = unreadBalance(s, f.index, f.expected);
      if (unread) { notes.push(unread); continue; }
      break;
    }
    // No running balance breaks: an opening or closing balance read with the wrong sign.
    if (!r.balancesValid) break;
    const flipped = ([['opening', 'startBalance'], ['closing', 'endBalance']] as const).find(([, k]) => {
      const v = s[k];
      if (!v) return false;
      s[k] = -v;
      const ok = reconcile(s, 0).reconciled;
      s[k] = v;
      return ok;
    });
    if (!flipped) {
      const taken = takenByTotals(s, onOcr);
      if (taken) { notes.push(taken); continue; }
      break;
    }
    const [label, k] = flipped;
    notes.push(`${label} balance read as ${formatCents(s[k]!)}, taken as ${formatCents(-s[k]!)}`);
    s[k] = -s[k]!;
  }
  if (lost.length) s.hints = [...(s.hints ?? []), `Likely a row not read: ${lost.join('; ')}.`];
  if (!notes.length) return;
  s.suspectCount = (s.suspectCount ?? 0) + notes.length;
  // The reason given when the statement was assembled is replaced by the one that now holds.
  const reason = unreconciledReason(s);
  s.hints = [...(s.hints ?? []).filter((h) => !isUnreconciledReason(h)), ...(reason ? [reason] : []), `${notes.length} figure(s) read by OCR did not agree with the printed balances and were taken as the balances imply, check them: ${notes.join('; ')}.`];
}

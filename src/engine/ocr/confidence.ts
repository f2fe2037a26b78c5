import type { ParsedDocument, ParsedStatement } from '../../contract/model.js';
import { formatCents, type Cents } from '../../contract/money.js';
import type { PageText } from '../pdf/extract.js';
import { parseMoneyCell } from '../pdf/tokens.js';
import { compact, oneSpacedFigure } from '../pdf/lines.js';
import { MONTHS } from '../data/labels.js';
import { LOW_CONFIDENCE } from './limits.js';
import { markReadForDigit } from './mark-for-digit.js';
import { SIGN_LETTER_MISREAD } from '../pdf/misread-flags.js';
import { AMOUNT_FROM_BALANCES } from '../pdf/unread-amounts.js';
import { closingFromRows, dropDerivedClosing } from '../pdf/derived-balances.js';
import { isUnreconciledReason, reconcile } from '../statement/reconcile.js';

/**
 * Per OCR page: |amount| in cents → the lowest confidence among the words printing it. A figure
 * printed in two or three words of one line (a space between its groups: "25 185,91") counts
 * with the least sure of them.
 */
function amountWords(pages: PageText[]): Map<number, Map<Cents, number>> {
  const out = new Map<number, Map<Cents, number>>();
  for (const p of pages) {
    const m = new Map<Cents, number>();
    const note = (text: string, conf: number) => {
      const money = parseMoneyCell(text) ?? parseMoneyCell(text, true);
      if (!money) return;
      const k = Math.abs(money.cents);
      m.set(k, Math.min(m.get(k) ?? 100, conf));
    };
    const items = p.items.filter((it) => it.conf !== undefined);
    for (let i = 0; i < items.length; i++) {
      const it = items[i]!;
      // A currency mark its column prints nowhere else is a first digit misread (./mark-for-digit.ts).
      const own = markReadForDigit(items, i) ? Math.min(it.conf!, LOW_CONFIDENCE - 1) : it.conf!;
      note(it.str, own);
      let text = it.str, conf = own, right = it.x + it.w;
      for (let j = i + 1; j < Math.min(items.length, i + 3); j++) {
        const n = items[j]!;
        if (Math.abs(n.y - it.y) > 0.4 * it.size || n.x < right || (n.x - right > 0.8 * it.size && !oneSpacedFigure(text, n.str, n.x - right, Math.max(it.size, n.size)))) break;
        text += ` ${n.str}`; conf = Math.min(conf, n.conf!); right = n.x + n.w;
        note(text, conf);
      }
    }
    if (m.size) out.set(p.page, m);
  }
  return out;
}

/**
 * Distinct figures (not zero) on the OCR pages past which a statement without a row cannot be an
 * account without activity: such a statement prints its two balances and a few zero or repeated
 * totals; a page of transactions prints one or two figures a row.
 */
const FIGURES_OF_A_TABLE = 12;

/** Days a row may fall before its statement's printed period starts (a posting date before it). */
const PERIOD_SLACK_DAYS = 45;
/**
 * Days a row may fall after its statement's printed period ends (a value date a few days late):
 * a statement is drawn up when its period ends and lists nothing booked later, so a row dated a
 * month past it is a date misread ("15/1" read "15/2" at 93 % beside its value date "15/1" on a
 * statement ending 15/1/2025: composed 942 faxed at 150 dpi, reconciled with the row wrong).
 */
const PAST_END_SLACK_DAYS = 10;
function farOutsidePeriod(date: string, start: string | undefined, end: string | undefined): boolean {
  if (!start || !end) return false;
  const d = Date.parse(date), a = Date.parse(start), b = Date.parse(end);
  if ([d, a, b].some(Number.isNaN)) return false;
  const day = 86_400_000;
  return d < a - PERIOD_SLACK_DAYS * day || d > b + PAST_END_SLACK_DAYS * day;
}

/**
 * A date printed at a description's start: a day, a word of a month's length and a year ("07
 * jany. 2025"), or all figures; or a month name, a day OCR garbled and a year ("Dec 1b9 2024",
 * "Dec AS) 2024": composed scan 138), or a year-first date ("2024:11.25").
 */
const DATE_IN_DESCRIPTION = /^\s*\d{1,2}[\s./-]+\p{L}{3,6}\.?[\s./-]+\d{2,4}\b|^\s*\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|^\s*(\p{L}{3,9})\.?\s+\S{1,4}\s+(?:19|20)\d{2}\b|^\s*(?:19|20)\d{2}\W\d{2}\W\d{2}\b/u;
const MONTH_WORDS = new Set(Object.values(MONTHS).flat(2));

/**
 * Rows of OCR pages whose date breaks the order the statement's dates run in (up or down, as
 * most neighbouring rows run), where the rows around it agree with each other: "2024-11-29"
 * between two rows of the 22nd and a row of the 25th is a digit misread ("22" read "29").
 * Reconciliation never sees a date, so such a row reconciles with the rest; it is the one sign
 * left. The first and last rows are judged against the two rows after or before them.
 */
export function datesOutOfOrder(dates: (string | undefined)[]): number[] {
  let up = 0, down = 0;
  for (let i = 1; i < dates.length; i++) {
    const a = dates[i - 1], b = dates[i];
    if (!a || !b || a === b) continue;
    if (a < b) up++; else down++;
  }
  if (up === down) return [];
  // Read as if the dates ran up: descending statements compared the other way.
  const le = (a: string, b: string) => (up > down ? a <= b : a >= b);
  const out: number[] = [];
  for (let i = 0; i < dates.length; i++) {
    const d = dates[i];
    if (!d) continue;
    const p = dates[i - 1], n = dates[i + 1];
    if (p && n) {
      if (le(p, n) && (!le(p, d) || !le(d, n))) out.push(i);
      continue;
    }
    // An end row: out of order with both rows next to it, which themselves agree.
    if (!p && n && dates[i + 2] && le(n, dates[i + 2]!) && !le(d, n) && !le(d, dates[i + 2]!)) out.push(i);
    if (p && !n && dates[i - 2] && le(dates[i - 2]!, p) && !le(p, d) && !le(dates[i - 2]!, d)) out.push(i);
  }
  return out;
}

/** Days from the rows' middle date past which a row's date is far from the rest … */
const FAR_DAYS = 62;
/** … where this share of the rows at least lies within NEAR_DAYS of it (a month's statement). */
const NEAR_SHARE = 2 / 3;
const NEAR_DAYS = 31;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * Rows of OCR pages dated months away from the rest where the rest keep to about a month:
 * "20-11-24" read as "20-1" and "1-24" dated 20 January in a November statement whose period
 * was misread too (composed low-150 scan 781), at first in order (January before November) and
 * so not out of order. Reconciliation never sees a date. A quarter's or a half-year's rows,
 * spread over their months, are not near enough to their middle for any to be judged.
 */
export function datesFarFromTheRest(dates: (string | undefined)[]): number[] {
  const days = dates.map((d) => (d ? dayOf(d) : NaN));
  const known = days.filter((d) => !Number.isNaN(d)).sort((a, b) => a - b);
  if (known.length < 5) return [];
  const middle = known[known.length >> 1]!;
  if (known.filter((d) => Math.abs(d - middle) <= NEAR_DAYS).length < known.length * NEAR_SHARE) return [];
  return days.flatMap((d, i) => (Math.abs(d - middle) > FAR_DAYS ? [i] : []));
}

/**
 * Gives each transaction read from an OCR page the confidence of the word that printed its
 * amount, and counts the amounts (transactions and printed balances) read with low confidence
 * as the statement's `suspectCount`, with a hint naming the first of them: the caller sees
 * that the figures need a look (previewRequired), never a silently trusted guess. A row dated
 * far outside the printed period is counted so too (its date misread).
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
  // Figures the OCR pages print: a statement read from them with balances and not one row,
  // while they print many figures, is a table that was not read, not an account without activity.
  const printed = new Set<Cents>();
  for (const m of words.values()) for (const k of m.keys()) if (k !== 0) printed.add(k);
  for (const s of doc.statements) {
    if (!s.transactions.length && s.startBalance !== null && s.endBalance !== null && printed.size >= FIGURES_OF_A_TABLE) {
      // Its balances would "reconcile" by themselves (nothing between them): a blurred page's one
      // figure read as both (composed scan 409, defocus) was a statement said to be in order.
      s.hints = [...(s.hints ?? []), `No transaction row could be read though the page prints ${printed.size} figures: the balances read (opening ${formatCents(s.startBalance)}, closing ${formatCents(s.endBalance)}) are left out; check the page.`];
      s.suspectCount = (s.suspectCount ?? 0) + 2;
      s.startBalance = null;
      s.endBalance = null;
      continue;
    }
    const low: string[] = [];
    for (const t of s.transactions) {
      const c = confOf(t.amount, t.page);
      // Lowered by the reader already: the row's printed date was not read (pdf/rows.ts dateUnread),
      // or its debit/credit letter was read from a misreading (pdf/misread-flags.ts).
      if (t.amountConfidence !== undefined && t.amountConfidence < LOW_CONFIDENCE) {
        t.amountConfidence = Math.min(t.amountConfidence, c ?? 0);
        low.push(`${t.date} ${formatCents(t.amount)} (${AMOUNT_FROM_BALANCES.has(t) ? 'its printed amount not read: the balances around it give it' : SIGN_LETTER_MISREAD.has(t) ? 'its debit/credit letter misread' : 'its printed date not read'})`);
        continue;
      }
      if (c === undefined) {
        // An amount of an OCR page that no word of it prints (a lone digit taken as whole
        // units, a figure pieced together): nothing read it surely.
        if (t.page === undefined || !words.has(t.page)) continue;
        t.amountConfidence = 0;
        low.push(`${t.date} ${formatCents(t.amount)} (not printed so)`);
        continue;
      }
      t.amountConfidence = c;
      if (c < LOW_CONFIDENCE) low.push(`${t.date} ${formatCents(t.amount)} (${c} %)`);
      else if (farOutsidePeriod(t.date, s.startDate, s.endDate)) {
        // A row dated months or years off the printed period is a date misread ("2022-03-12" in
        // a March 2025 statement): the one confidence a row carries is lowered, so the row is
        // checked, never taken as read.
        t.amountConfidence = LOW_CONFIDENCE - 1;
        low.push(`${t.date} ${formatCents(t.amount)} (dated outside the period)`);
      }
    }
    // A row whose description starts with a date its reader could not take ("07 jany. 2025
    // ONLINE TRANSFER": "janv." misread) was dated from the rows around it: its date is a guess.
    for (const t of s.transactions) {
      if (t.page === undefined || !words.has(t.page) || (t.amountConfidence ?? 100) < LOW_CONFIDENCE) continue;
      const lost = DATE_IN_DESCRIPTION.exec(t.description);
      if (!lost || (lost[1] && !MONTH_WORDS.has(compact(lost[1])))) continue;
      t.amountConfidence = LOW_CONFIDENCE - 1;
      low.push(`${t.date} ${formatCents(t.amount)} (its printed date "${lost[0].trim()}" not read)`);
    }
    const onOcr = s.transactions.map((t) => (t.page !== undefined && words.has(t.page) ? t.date : undefined));
    for (const i of datesOutOfOrder(onOcr)) {
      const t = s.transactions[i]!;
      if ((t.amountConfidence ?? 100) < LOW_CONFIDENCE) continue;
      // The one confidence a row carries is lowered: its date is what is in doubt.
      t.amountConfidence = LOW_CONFIDENCE - 1;
      low.push(`${t.date} ${formatCents(t.amount)} (dated out of order with the rows around it)`);
    }
    for (const i of datesFarFromTheRest(onOcr)) {
      const t = s.transactions[i]!;
      if ((t.amountConfidence ?? 100) < LOW_CONFIDENCE) continue;
      t.amountConfidence = LOW_CONFIDENCE - 1;
      low.push(`${t.date} ${formatCents(t.amount)} (dated months away from the other rows)`);
    }
    for (const [label, v] of [['starting balance', s.startBalance], ['ending balance', s.endBalance]] as const) {
      if (v === null) continue;
      const c = confOf(v);
      if (c !== undefined && c < LOW_CONFIDENCE) low.push(`${label} ${formatCents(v)} (${c} %)`);
    }
    dropUnsureClosing(s, confOf);
    if (!low.length) continue;
    s.suspectCount = (s.suspectCount ?? 0) + low.length;
    s.hints = [...(s.hints ?? []), `${low.length} amount(s) read by OCR with low confidence, check them: ${low.slice(0, 5).join(', ')}${low.length > 5 ? ', …' : ''}.`];
  }
}

/**
 * A closing balance not printed (or not read) is the last row's printed balance; read by OCR
 * unsure, it is a guess that nothing checks: the running balances above it lead to it, so the
 * statement reconciles by construction even when a row at its end was not read (composed scan
 * 429 shaken at 200 dpi: its last row lost, the balance before it, read at 77 %, taken for the
 * closing; with its first row lost too, the statement reconciled on two wrong balances). Such a
 * closing, when the statement reconciles with it, is left unread and the hint gives the figure
 * it would be (the mirror of the balance oracle's unchecked opening, ./balance-oracle.ts).
 */
function dropUnsureClosing(s: ParsedStatement, confOf: (cents: Cents, page?: number) => number | undefined): void {
  const last = s.transactions[s.transactions.length - 1];
  if (!closingFromRows(s) || s.endBalance === null || !last) return;
  const c = confOf(s.endBalance, last.page);
  if (c === undefined || c >= LOW_CONFIDENCE) return;
  // Only a statement the figure makes reconcile is at stake (one that does not is reported so,
  // the figure kept with its doubt: composed scan 331 read its true closing at 76 %); printed
  // totals that agree with the rows count the last row too: then nothing was lost.
  const r = reconcile(s, 0);
  if (!r.reconciled || r.printedTotalsMatch === true) return;
  const would = s.endBalance;
  s.endBalance = null;
  dropDerivedClosing(s);
  s.hints = [...(s.hints ?? []).filter((h) => !isUnreconciledReason(h)), `The closing balance is not read: taken from the last row's printed balance it would be ${formatCents(would)}, but OCR read that figure unsure (${c} %) and no printed figure checks it.`];
  s.suspectCount = (s.suspectCount ?? 0) + 1;
}

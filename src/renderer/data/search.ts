/** What a search reads of a transaction row (transactions.ts's TxnRow has these and more). */
export interface SearchableRow {
  date: string;
  description: string;
  amount: number;
  categories: string[];
}

/**
 * The transactions search box, token by token (all must hold):
 *   word / "two words"   description contains it (any case)
 *   -word                description does not contain it
 *   >500 <100 >=50 <=75  amount (its size, sign ignored) compared in dollars
 *   100..200             amount size between, both ends included
 *   2025-03              date in that month; 2025-03-14 that day
 *   2025-01-01..2025-02-15  date between, both ends included
 * Amounts are compared in integer cents.
 */
export type SearchTerm =
  | { kind: 'word'; text: string; negate: boolean }
  | { kind: 'amount'; min: number | null; max: number | null; strictMin: boolean; strictMax: boolean }
  | { kind: 'date'; from: string; to: string };

const MONEY = String.raw`\$?(\d{1,12}(?:,\d{3})*(?:\.\d{1,2})?)`;
const cents = (s: string) => {
  const [w, f = ''] = s.replace(/,/g, '').split('.');
  return Number(w) * 100 + Number((f + '00').slice(0, 2));
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const endOfMonth = (m: string) => `${m}-31`;

export function parseSearch(q: string): SearchTerm[] {
  const out: SearchTerm[] = [];
  const re = /(-?)"([^"]*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  let guard = 0;
  while ((m = re.exec(q)) && guard++ < 200) {
    if (m[2] !== undefined) { if (m[2].trim()) out.push({ kind: 'word', text: m[2].toLowerCase(), negate: m[1] === '-' }); continue; }
    const t = m[3]!;
    let r: RegExpExecArray | null;
    if ((r = new RegExp(`^(>=|<=|>|<)${MONEY}$`).exec(t))) {
      const v = cents(r[2]!);
      out.push(r[1]!.startsWith('>') ? { kind: 'amount', min: v, max: null, strictMin: r[1] === '>', strictMax: false } : { kind: 'amount', min: null, max: v, strictMin: false, strictMax: r[1] === '<' });
    } else if ((r = new RegExp(`^${MONEY}\\.\\.${MONEY}$`).exec(t))) {
      const a = cents(r[1]!); const b = cents(r[2]!);
      out.push({ kind: 'amount', min: Math.min(a, b), max: Math.max(a, b), strictMin: false, strictMax: false });
    } else if ((r = /^(\d{4}-\d{2}(?:-\d{2})?)\.\.(\d{4}-\d{2}(?:-\d{2})?)$/.exec(t))) {
      const from = r[1]!; const to = r[2]!;
      out.push({ kind: 'date', from: MONTH.test(from) ? `${from}-01` : from, to: MONTH.test(to) ? endOfMonth(to) : to });
    } else if (DAY.test(t)) out.push({ kind: 'date', from: t, to: t });
    else if (MONTH.test(t)) out.push({ kind: 'date', from: `${t}-01`, to: endOfMonth(t) });
    else if (t.length > 1 && t.startsWith('-')) out.push({ kind: 'word', text: t.slice(1).toLowerCase(), negate: true });
    else out.push({ kind: 'word', text: t.toLowerCase(), negate: false });
  }
  return out;
}

export function matchesSearch(r: SearchableRow, terms: SearchTerm[]): boolean {
  for (const t of terms) {
    if (t.kind === 'word') {
      const hit = r.description.toLowerCase().includes(t.text) || r.categories.some((c) => c.toLowerCase() === t.text);
      if (hit === t.negate) return false;
    } else if (t.kind === 'amount') {
      const a = Math.abs(r.amount);
      if (t.min !== null && (t.strictMin ? a <= t.min : a < t.min)) return false;
      if (t.max !== null && (t.strictMax ? a >= t.max : a > t.max)) return false;
    } else if (r.date < t.from || r.date > t.to) return false;
  }
  return true;
}

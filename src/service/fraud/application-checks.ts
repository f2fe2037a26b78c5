import { formatCents } from '../../contract/money.js';
import type { Finding } from './finding.js';
import type { StatementFingerprint as F } from './fingerprint.js';

/**
 * Statements of the same account compared with each other: within an application they must
 * chain and keep the holder, address, product, account-number format, fonts, page size and
 * producer; across applications the same statement must not come back in another file.
 */

/** Same account: equal account numbers, or a masked one whose visible digits end the other. */
export function sameAccount(a: F, b: F): boolean {
  const da = a.accountNumber.replace(/[^0-9A-Za-z*xX]/g, ''), db = b.accountNumber.replace(/[^0-9A-Za-z*xX]/g, '');
  if (!da || !db) return false;
  if (a.bankName !== b.bankName) return false;
  if (da === db) return true;
  const tail = (s: string) => s.replace(/^[*xX]+/, '');
  const ta = tail(da), tb = tail(db);
  if (ta.length < 4 || tb.length < 4) return false;
  return (da !== ta && tb.endsWith(ta)) || (db !== tb && ta.endsWith(tb));
}

const DAY = 86_400_000;
const day = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY;
/** Producer without version numbers ("Actuate … 5.0.00" and "… 5.1" are one system). */
const system = (p: string) => p.toLowerCase().replace(/[\d._-]+/g, ' ').replace(/\s+/g, ' ').trim();

function jaccard(a: string[], b: string[]): number {
  const sa = new Set(a), sb = new Set(b);
  let inter = 0;
  for (const x of sa) if (sb.has(x)) inter++;
  return inter / (sa.size + sb.size - inter || 1);
}

const both = (cur: F, other: F) => [{ file: cur.fileName }, { file: other.fileName }];

/** Findings of `cur` against the other statements of its application (any file, itself excluded). */
export function withinApplication(cur: F, others: F[]): Finding[] {
  const out: Finding[] = [];
  const same = others.filter((o) => sameAccount(cur, o));
  if (!same.length) return out;

  // Chain: the statement just before must close at this one's opening, the one just after open at its closing.
  if (cur.startDate && cur.endDate) {
    const before = same.filter((o) => o.endDate && o.endDate < cur.startDate && day(cur.startDate) - day(o.endDate) <= 5).sort((a, b) => b.endDate.localeCompare(a.endDate))[0];
    const after = same.filter((o) => o.startDate && o.startDate > cur.endDate && day(o.startDate) - day(cur.endDate) <= 5).sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
    if (before && before.endBalance !== null && cur.startBalance !== null && before.endBalance !== cur.startBalance) {
      out.push({ key: 'statements-do-not-chain', text: `Opening balance ${formatCents(cur.startBalance)} (${cur.startDate}, "${cur.fileName}") differs from the closing balance ${formatCents(before.endBalance)} of the statement before (${before.endDate}, "${before.fileName}")`, evidence: both(cur, before) });
    } else if (after && after.startBalance !== null && cur.endBalance !== null && after.startBalance !== cur.endBalance) {
      out.push({ key: 'statements-do-not-chain', text: `Closing balance ${formatCents(cur.endBalance)} (${cur.endDate}, "${cur.fileName}") differs from the opening balance ${formatCents(after.startBalance)} of the statement after (${after.startDate}, "${after.fileName}")`, evidence: both(cur, after) });
    }
  }

  const fields: [keyof F, string][] = [['holder', 'holder'], ['address', 'address'], ['product', 'product name'], ['accountFormat', 'account number format']];
  for (const [field, what] of fields) {
    const diff = same.find((o) => cur[field] && o[field] && cur[field] !== o[field]);
    if (diff) {
      out.push({ key: 'account-details-changed', text: `The ${what} is "${String(cur[field])}" in "${cur.fileName}" but "${String(diff[field])}" in "${diff.fileName}", a statement of the same account`, evidence: both(cur, diff) });
      break;
    }
  }

  const style = same.find((o) => o.fileName !== cur.fileName && (
    (cur.pageSize && o.pageSize && cur.pageSize !== o.pageSize)
    || (cur.fonts.length >= 2 && o.fonts.length >= 2 && jaccard(cur.fonts, o.fonts) < 0.5)
    || (cur.producer && o.producer && system(cur.producer) !== system(o.producer))));
  if (style) {
    const what = cur.pageSize !== style.pageSize ? `page size ${cur.pageSize} vs ${style.pageSize}`
      : system(cur.producer) !== system(style.producer) ? `producer "${cur.producer}" vs "${style.producer}"`
        : `fonts ${cur.fonts.slice(0, 3).join(', ')} vs ${style.fonts.slice(0, 3).join(', ')}`;
    out.push({ key: 'document-style-changed', text: `"${cur.fileName}" and "${style.fileName}", statements of the same account, differ: ${what}`, evidence: both(cur, style) });
  }
  return out;
}

/** The same statement (account, period, balances) in a different file of another application. */
export function acrossApplications(cur: F, others: { appnumber: string; fp: F }[]): Finding[] {
  const hits = others.filter(({ fp }) => fp.sha256 !== cur.sha256 && sameAccount(cur, fp) && fp.startDate === cur.startDate && fp.endDate === cur.endDate
    && cur.startDate !== '' && fp.startBalance === cur.startBalance && fp.endBalance === cur.endBalance);
  if (!hits.length) return [];
  const h = hits[0]!;
  return [{
    key: 'same-statement-other-application',
    text: `The statement ${cur.startDate} – ${cur.endDate} of account ${cur.accountNumber} was uploaded before to application "${h.appnumber}" as "${h.fp.fileName}" (another file)${hits.length > 1 ? ` and to ${hits.length - 1} more` : ''}`,
    evidence: [{ file: cur.fileName }, ...hits.slice(0, 5).map((x) => ({ file: x.fp.fileName, appnumber: x.appnumber }))],
  }];
}

import { ConversionError, type ConvertInput, type FormatConverter } from '../engine.js';
import type { AccountTypeStr, DocTypeText, ParsedDocument, ParsedStatement, ParsedTransaction, PostalAddress } from '../../contract/model.js';
import type { Cents } from '../../contract/money.js';
import { addDays, daysInMonth, monthKey, toIso, type IsoDate } from '../../contract/dates.js';
import { addressLines, FieldProblems, isRecord, knownBank, parseJsonInput, sniffJson } from './helpers.js';
import { isMissing, optText, readAmount, readDate, type Read } from './json-fields.js';

/**
 * Plaid asset report (`/asset_report/get`): `report.items[].accounts[]` with balances,
 * historical_balances and transactions. A report has no statements, so each account's data is
 * split into calendar-month statements here.
 *
 * - Sign: Plaid's amounts are positive for money out; we flip them (credits positive).
 * - Balances of credit and loan accounts are amounts owed; they are negated so that, as for
 *   every credit-card statement of the engine, the balance is in the holder's point of view.
 * - Pending transactions are excluded: they are not posted yet, can still change or vanish,
 *   and Plaid's `current` balance does not include them.
 * - Month balances: the end-of-day balance of any date comes from the nearest balance Plaid
 *   states on or after it (a historical_balances entry, or `current` on the report date),
 *   minus the posted transactions between the two dates. So a month's end balance is the
 *   balance on its last day and its start balance the balance at the end of the day before;
 *   where historical_balances cover those days they are used as given.
 */
const LABEL = 'Plaid';

function accepts(input: ConvertInput): boolean {
  const { accounttype, schema } = input.options;
  if (accounttype === 'Plaid' || schema.trim().toLowerCase() === 'plaid') return true;
  if (accounttype === 'MTJson') return false;
  const json = sniffJson(input);
  if (!json) return false;
  const report = isRecord(json.report) ? json.report : undefined;
  return (!!report && Array.isArray(report.items)) || (Array.isArray(json.accounts) && Array.isArray(json.transactions));
}

interface Anchor { date: IsoDate; balance: Cents }

/** Plaid type/subtype → our account type, document type and whether balances are amounts owed. */
export function plaidAccountKind(type: string, subtype: string): { accountTypeStr: AccountTypeStr; docType: DocTypeText; owed: boolean } {
  const t = type.toLowerCase(), s = subtype.toLowerCase();
  if (t === 'credit') return { accountTypeStr: 'CCard', docType: 'Credit Card Statement', owed: true };
  if (t === 'loan') return { accountTypeStr: 'Line of Credit', docType: 'Bank Statement', owed: true };
  if (t === 'investment' || t === 'brokerage') return { accountTypeStr: 'Savings', docType: 'Investment Statement', owed: false };
  if (s === 'savings' || s === 'cd' || s === 'hsa') return { accountTypeStr: 'Savings', docType: 'Bank Statement', owed: false };
  if (s === 'money market') return { accountTypeStr: 'MoneyMarket', docType: 'Bank Statement', owed: false };
  return { accountTypeStr: 'Checking', docType: 'Bank Statement', owed: false };
}

function take<T>(problems: FieldProblems, path: string, r: Read<T>): T | undefined {
  if (r.ok) return r.value;
  problems.add(path, r.problem);
  return undefined;
}

function ownerOf(owners: unknown): { name?: string; lines: string[]; address?: PostalAddress } {
  const first = Array.isArray(owners) ? owners[0] : undefined;
  if (!isRecord(first)) return { lines: [] };
  const names = Array.isArray(first.names) ? first.names.filter((n): n is string => typeof n === 'string' && n.trim() !== '') : [];
  const addresses = Array.isArray(first.addresses) ? first.addresses.filter(isRecord) : [];
  const chosen = addresses.find((a) => a.primary === true) ?? addresses[0];
  let address: PostalAddress | undefined;
  if (chosen && isRecord(chosen.data)) {
    const d = chosen.data;
    address = {
      address1: optText(d.street), city: optText(d.city), state: optText(d.region),
      postalcode: optText(d.postal_code), country: optText(d.country),
    };
  }
  return { name: names[0], lines: [...names, ...(address ? addressLines(address) : [])], address };
}

/** End-of-day balance on `day` from the nearest anchor on/after it (else the latest before it). */
function balanceAt(day: IsoDate, anchors: Anchor[], txs: ParsedTransaction[]): Cents | null {
  const after = anchors.find((a) => a.date >= day);
  if (after) {
    let b = after.balance;
    for (const t of txs) if (t.date > day && t.date <= after.date) b -= t.amount;
    return b;
  }
  const before = anchors[anchors.length - 1];
  if (!before) return null;
  let b = before.balance;
  for (const t of txs) if (t.date > before.date && t.date <= day) b += t.amount;
  return b;
}

function lastDayOfMonth(key: string): IsoDate {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return toIso(y, m, daysInMonth(y, m));
}

function nextMonthKey(key: string): string {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * A `/transactions/get` response (top-level `accounts` and `transactions` joined by
 * `account_id`) seen as a one-item report, so both Plaid shapes convert the same way.
 */
function asReport(json: Record<string, unknown>): Record<string, unknown> {
  if (isRecord(json.report) || !Array.isArray(json.accounts) || !Array.isArray(json.transactions)) return json;
  const txs = json.transactions.filter(isRecord);
  const item = isRecord(json.item) ? json.item : {};
  const accounts = json.accounts.filter(isRecord).map((a) => ({ ...a, transactions: txs.filter((t) => t.account_id === a.account_id) }));
  return { report: { items: [{ institution_name: item.institution_name ?? item.institution_id, accounts }] } };
}

export function parsePlaidReport(input: unknown): ParsedDocument {
  if (!isRecord(input)) throw new ConversionError(`${LABEL}: the JSON must be an object holding an asset report ("report": {"items": [...]})`);
  const json = asReport(input);
  const report = isRecord(json.report) ? json.report : Array.isArray(json.items) ? json : undefined;
  const base = report === json ? '' : 'report.';
  if (!report || !Array.isArray(report.items)) throw new ConversionError(`${LABEL}: report.items is missing (expected a Plaid asset report)`);
  const reportDate = typeof report.date_generated === 'string' ? readDate(report.date_generated) : undefined;
  const problems = new FieldProblems(LABEL);
  const statements: ParsedStatement[] = [];
  let numAccounts = 0;

  report.items.forEach((item, ii) => {
    const ip = `${base}items[${ii}]`;
    if (!isRecord(item)) { problems.add(ip, 'must be an object'); return; }
    const bankName = optText(item.institution_name) ?? 'Unknown';
    const known = knownBank(bankName);
    if (!Array.isArray(item.accounts)) { problems.add(`${ip}.accounts`, 'is missing (expected an array)'); return; }
    item.accounts.forEach((acct, ai) => {
      const ap = `${ip}.accounts[${ai}]`;
      if (!isRecord(acct)) { problems.add(ap, 'must be an object'); return; }
      numAccounts++;
      const kind = plaidAccountKind(optText(acct.type) ?? '', optText(acct.subtype) ?? '');
      const sign = kind.owed ? -1 : 1;
      const balances = isRecord(acct.balances) ? acct.balances : {};
      const anchors: Anchor[] = [];
      if (Array.isArray(acct.historical_balances)) {
        acct.historical_balances.forEach((h, hi) => {
          const hp = `${ap}.historical_balances[${hi}]`;
          if (!isRecord(h)) { problems.add(hp, 'must be an object'); return; }
          const date = take(problems, `${hp}.date`, readDate(h.date));
          const current = take(problems, `${hp}.current`, readAmount(h.current));
          if (date !== undefined && current !== undefined) anchors.push({ date, balance: sign * current });
        });
      }

      const transactions: ParsedTransaction[] = [];
      const rawTxs = Array.isArray(acct.transactions) ? acct.transactions : [];
      rawTxs.forEach((t, ti) => {
        const tp = `${ap}.transactions[${ti}]`;
        if (!isRecord(t)) { problems.add(tp, 'must be an object'); return; }
        if (t.pending === true) return; // pending: not posted, excluded (see the header comment)
        const date = take(problems, `${tp}.date`, readDate(t.date));
        const amount = take(problems, `${tp}.amount`, readAmount(t.amount));
        const original = optText(t.original_description);
        const name = optText(t.name) ?? optText(t.merchant_name);
        const description = original ?? name;
        if (!description) problems.add(`${tp}.original_description`, 'is missing (and there is no name)');
        if (date === undefined || amount === undefined || !description) return;
        const tx: ParsedTransaction = { date, description, amount: amount === 0 ? 0 : -amount, balance: null };
        if (name && name !== description) tx.memo = name;
        const type = optText(t.transaction_type) ?? optText(t.payment_channel);
        if (type) tx.type = type;
        const check = optText(t.check_number);
        if (check) tx.checkNumber = check;
        transactions.push(tx);
      });
      if (problems.count > 0) return;
      transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

      // `current` is today's balance: as of the report date, else of the latest date the report knows.
      if (!isMissing(balances.current)) {
        const current = take(problems, `${ap}.balances.current`, readAmount(balances.current));
        const latest = [...anchors.map((a) => a.date), ...transactions.map((t) => t.date)].reduce<IsoDate>((m, d) => (d > m ? d : m), '');
        const asOf = reportDate?.ok ? reportDate.value : latest;
        if (current !== undefined && asOf && !anchors.some((a) => a.date === asOf)) anchors.push({ date: asOf, balance: sign * current });
      }
      anchors.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

      // The report covers every day it gives data for: transactions and stated balances.
      const dates = [...transactions.map((t) => t.date), ...anchors.map((a) => a.date)];
      // days_available: how far back the report's history for this account reaches.
      const daysAvailable = typeof acct.days_available === 'number' && Number.isInteger(acct.days_available) && acct.days_available > 0 ? acct.days_available : 0;
      if (daysAvailable && reportDate?.ok) dates.push(addDays(reportDate.value, -(daysAvailable - 1)));
      if (dates.length === 0) return;
      const windowStart = dates.reduce((m, d) => (d < m ? d : m));
      const windowEnd = dates.reduce((m, d) => (d > m ? d : m));

      const mask = optText(acct.mask);
      const accountNumber = mask ?? optText(acct.account_id) ?? '';
      const owner = ownerOf(acct.owners);
      const currencyCode = optText(balances.iso_currency_code) ?? optText(balances.unofficial_currency_code);
      const hints = anchors.length === 0 ? ['Plaid report gives no balance for this account: start and end balances unknown.'] : [];

      for (let key = monthKey(windowStart); key <= monthKey(windowEnd); key = nextMonthKey(key)) {
        const monthStart = `${key}-01`;
        const monthEnd = lastDayOfMonth(key);
        const startDate = windowStart > monthStart ? windowStart : monthStart;
        const endDate = windowEnd < monthEnd ? windowEnd : monthEnd;
        const inMonth = transactions.filter((t) => monthKey(t.date) === key);
        statements.push({
          docType: kind.docType,
          accountTypeStr: kind.accountTypeStr,
          bankName,
          ...(known ? { bankURL: known.url, bankPhones: known.phones } : {}),
          accountNumber,
          isStrongAccountNo: false, // Plaid only gives the last digits (mask)
          accountTitle: optText(acct.official_name) ?? optText(acct.name),
          ownerName: owner.name,
          accountOwner: owner.lines,
          address: owner.address,
          startDate, endDate,
          startBalance: balanceAt(addDays(startDate, -1), anchors, transactions),
          endBalance: balanceAt(endDate, anchors, transactions),
          currencyCode,
          isMonthToDate: endDate < monthEnd,
          transactions: inMonth,
          columnsValid: true,
          headerValid: bankName !== 'Unknown' && accountNumber !== '',
          hints: [...hints],
        });
      }
    });
  });
  problems.throwIfAny();
  if (numAccounts === 0) throw new ConversionError(`${LABEL}: the report has no accounts`);
  const docType: DocTypeText = statements.some((s) => s.docType === 'Bank Statement') ? 'Bank Statement' : statements[0]?.docType ?? 'Bank Statement';
  return { format: 'plaid', detectedDocType: docType, statements };
}

export const plaidConverter: FormatConverter = {
  name: 'plaid',
  accepts,
  async convert(input) {
    return parsePlaidReport(parseJsonInput(input, LABEL));
  },
};

import { ConversionError, type ConvertInput, type FormatConverter } from '../engine.js';
import type { ParsedDocument, ParsedStatement, ParsedTransaction, PostalAddress } from '../../contract/model.js';
import {
  accountTypeFromText, addressLines, docTypeFor, field, FieldProblems, isRecord, isStrongAccountNumber,
  knownBank, parseAddressLine, parseJsonInput, sniffJson,
} from './helpers.js';
import { isMissing, optText, readAmount, readDate, readText, type Read } from './json-fields.js';
import { CREDIT_WORDS, DEBIT_WORDS } from './sign-words.js';

/**
 * MTJson, the service's own statement JSON (domain notes, "Input formats"):
 *   { accounts: [{ bank_name, account_name, account_number, account_type, account_owner,
 *     account_address, currency (optional ISO 4217, default USD), statements: [{ start_date, end_date, start_balance, end_balance,
 *     transactions: [{ date, type, description, memo, check_number, amount, balance, customer_id }] }] }] }
 * Field names are accepted in snake_case and camelCase. Credits are positive. Every missing or
 * malformed required field is reported with its path, e.g. `accounts[0].statements[1].transactions[3].amount`.
 */
const LABEL = 'MTJson';

function accepts(input: ConvertInput): boolean {
  const { accounttype, schema } = input.options;
  if (accounttype === 'MTJson') return true;
  if (accounttype === 'Plaid' || schema.trim() !== '') return false;
  const json = sniffJson(input);
  if (!json || !Array.isArray(json.accounts)) return false;
  // a Plaid /transactions/get response also has `accounts`, but its transactions sit beside them
  const first: unknown = json.accounts[0];
  return !Array.isArray(json.transactions) || (isRecord(first) && field(first, 'statements') !== undefined);
}

function readOwner(v: unknown): { ownerName?: string; lines: string[] } {
  if (typeof v === 'string' && v.trim()) {
    const lines = v.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    return { ownerName: lines[0], lines };
  }
  if (Array.isArray(v)) {
    const lines = v.filter((l): l is string => typeof l === 'string' && l.trim() !== '').map((l) => l.trim());
    return { ownerName: lines[0], lines };
  }
  return { lines: [] };
}

function readAddress(v: unknown): PostalAddress | undefined {
  if (typeof v === 'string' && v.trim()) return parseAddressLine(v);
  if (Array.isArray(v)) {
    const text = v.filter((l) => typeof l === 'string').join(', ');
    return text ? parseAddressLine(text) : undefined;
  }
  if (isRecord(v)) {
    const a: PostalAddress = {
      address1: optText(field(v, 'address1') ?? v.street ?? v.line1),
      address2: optText(field(v, 'address2') ?? v.line2),
      city: optText(v.city),
      state: optText(v.state ?? v.region),
      postalcode: optText(field(v, 'postal_code') ?? v.postalcode ?? v.zip ?? v.zipcode),
      country: optText(v.country),
    };
    return Object.values(a).some(Boolean) ? a : undefined;
  }
  return undefined;
}

function take<T>(problems: FieldProblems, path: string, r: Read<T>): T | undefined {
  if (r.ok) return r.value;
  problems.add(path, r.problem);
  return undefined;
}

function readTransaction(t: unknown, path: string, problems: FieldProblems): ParsedTransaction | undefined {
  if (!isRecord(t)) { problems.add(path, 'must be an object'); return undefined; }
  const date = take(problems, `${path}.date`, readDate(field(t, 'date')));
  const description = take(problems, `${path}.description`, readText(field(t, 'description')));
  const amount = take(problems, `${path}.amount`, readAmount(field(t, 'amount')));
  const rawBalance = field(t, 'balance');
  const balance = isMissing(rawBalance) ? null : take(problems, `${path}.balance`, readAmount(rawBalance));
  if (date === undefined || description === undefined || amount === undefined || balance === undefined) return undefined;
  const tx: ParsedTransaction = { date, description, amount, balance };
  const memo = optText(field(t, 'memo'));
  if (memo) tx.memo = memo;
  const type = optText(field(t, 'type'));
  if (type) tx.type = type;
  const checkNumber = optText(field(t, 'check_number'));
  if (checkNumber) tx.checkNumber = checkNumber;
  const customerId = optText(field(t, 'customer_id'));
  if (customerId) tx.customerId = customerId;
  return tx;
}

/**
 * MTJson amounts are signed (credits positive). Some producers write every amount positive and
 * say debit/credit in `type`; when all amounts are positive, every type says which, the
 * statement does not reconcile as given and does once debits are negated, negate them.
 */
function signDebitsByType(txs: ParsedTransaction[], start: number, end: number): boolean {
  if (txs.length === 0 || txs.some((t) => t.amount < 0)) return false;
  if (!txs.every((t) => t.type && (DEBIT_WORDS.test(t.type) || CREDIT_WORDS.test(t.type)))) return false;
  if (!txs.some((t) => DEBIT_WORDS.test(t.type!))) return false;
  const asGiven = start + txs.reduce((s, t) => s + t.amount, 0);
  const signed = start + txs.reduce((s, t) => s + (DEBIT_WORDS.test(t.type!) ? -t.amount : t.amount), 0);
  if (asGiven === end || signed !== end) return false;
  for (const t of txs) if (DEBIT_WORDS.test(t.type!) && t.amount !== 0) t.amount = -t.amount;
  return true;
}

export function parseMtJson(json: unknown): ParsedDocument {
  const problems = new FieldProblems(LABEL);
  if (!isRecord(json)) throw new ConversionError(`${LABEL}: the JSON must be an object with an "accounts" array`);
  const accounts = json.accounts;
  if (!Array.isArray(accounts)) throw new ConversionError(`${LABEL}: accounts is missing (expected an array of accounts)`);
  if (accounts.length === 0) throw new ConversionError(`${LABEL}: accounts is empty (expected at least one account)`);
  const statements: ParsedStatement[] = [];
  accounts.forEach((acct, ai) => {
    const ap = `accounts[${ai}]`;
    if (!isRecord(acct)) { problems.add(ap, 'must be an object'); return; }
    const bankName = take(problems, `${ap}.bank_name`, readText(field(acct, 'bank_name')));
    const accountNumber = take(problems, `${ap}.account_number`, readText(field(acct, 'account_number')));
    const accountTypeText = optText(field(acct, 'account_type'));
    const accountTypeStr = accountTypeFromText(accountTypeText);
    const owner = readOwner(field(acct, 'account_owner'));
    const address = readAddress(field(acct, 'account_address'));
    const accountTitle = optText(field(acct, 'account_name'));
    // Optional ISO 4217 code of the account (default USD): the scorecard never averages across currencies.
    const currencyText = optText(field(acct, 'currency'));
    if (currencyText !== undefined && !/^[A-Za-z]{3}$/.test(currencyText)) problems.add(`${ap}.currency`, `(${currencyText}) must be a 3-letter ISO 4217 code such as USD or GBP`);
    const currencyCode = currencyText?.toUpperCase();
    const stmts = field(acct, 'statements');
    if (!Array.isArray(stmts)) { problems.add(`${ap}.statements`, 'is missing (expected an array)'); return; }
    stmts.forEach((st, si) => {
      const sp = `${ap}.statements[${si}]`;
      if (!isRecord(st)) { problems.add(sp, 'must be an object'); return; }
      const startDate = take(problems, `${sp}.start_date`, readDate(field(st, 'start_date')));
      const endDate = take(problems, `${sp}.end_date`, readDate(field(st, 'end_date')));
      const startBalance = take(problems, `${sp}.start_balance`, readAmount(field(st, 'start_balance')));
      const endBalance = take(problems, `${sp}.end_balance`, readAmount(field(st, 'end_balance')));
      if (startDate && endDate && startDate > endDate) problems.add(`${sp}.start_date`, `(${startDate}) is after end_date (${endDate})`);
      const txs = field(st, 'transactions') ?? [];
      if (!Array.isArray(txs)) { problems.add(`${sp}.transactions`, 'must be an array'); return; }
      const transactions: ParsedTransaction[] = [];
      txs.forEach((t, ti) => {
        const tx = readTransaction(t, `${sp}.transactions[${ti}]`, problems);
        if (tx) transactions.push(tx);
      });
      if (problems.count > 0) return;
      const outside = transactions.filter((t) => t.date < startDate! || t.date > endDate!).length;
      const hints = outside ? [`${outside} transaction${outside === 1 ? ' is' : 's are'} dated outside the statement period ${startDate} to ${endDate}.`] : [];
      if (signDebitsByType(transactions, startBalance!, endBalance!)) {
        hints.push('All amounts were positive; debits were made negative from their "type", which makes the statement reconcile.');
      }
      const known = knownBank(bankName);
      statements.push({
        docType: docTypeFor(accountTypeStr),
        accountTypeStr,
        bankName: bankName!,
        ...(known ? { bankURL: known.url, bankPhones: known.phones } : {}),
        accountNumber: accountNumber!,
        isStrongAccountNo: isStrongAccountNumber(accountNumber!),
        accountTitle: accountTitle ?? accountTypeText,
        ...(currencyCode ? { currencyCode } : {}),
        ownerName: owner.ownerName,
        accountOwner: [...owner.lines, ...(address ? addressLines(address) : [])],
        address,
        startDate, endDate,
        startBalance: startBalance!, endBalance: endBalance!,
        transactions,
        columnsValid: true,
        headerValid: true,
        hints,
      });
    });
  });
  problems.throwIfAny();
  const first = statements[0];
  return {
    format: 'mtjson',
    detectedDocType: first ? first.docType : 'Bank Statement',
    statements,
  };
}

export const mtjsonConverter: FormatConverter = {
  name: 'mtjson',
  accepts,
  async convert(input) {
    return parseMtJson(parseJsonInput(input, LABEL));
  },
};

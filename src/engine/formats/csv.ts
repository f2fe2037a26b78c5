import { ConversionError, type ConvertInput, type FormatConverter } from '../engine.js';
import type { ConversionOptions } from '../../contract/api/conversion-options.js';
import type { AccountTypeStr, ParsedDocument, ParsedStatement, ParsedTransaction } from '../../contract/model.js';
import type { Cents } from '../../contract/money.js';
import type { IsoDate } from '../../contract/dates.js';
import { accountTypeFromText, decodeText, isStrongAccountNumber, knownBank, looksLikeJsonObject } from './helpers.js';
import { NOT_POSTED_STATUSES, mapColumns, normalizeHeader, type ColumnRole, type CsvLayout } from './csv-columns.js';
import { CREDIT_WORDS, DEBIT_WORDS } from './sign-words.js';
import { detectDelimiter, parseRecords } from './csv-records.js';
import { dateOrder, dateShape, resolveDate, type DateShape } from './csv-dates.js';
import { reportedAccountNumber } from '../statement/account-number.js';
import { detectDecimalComma, readCsvAmount } from './csv-amounts.js';
import { inferColumns } from './csv-infer.js';
import { cardExportScore, chargeSide, usedCardColumn, type UsedCards } from './csv-card.js';
import { brokerageExportEvidence } from './csv-brokerage.js';
import { readPreamble } from './csv-preamble.js';
import { orderChronologically } from './order.js';
import { DAY_FIRST_CURRENCIES } from '../data/currencies.js';

export { orderChronologically } from './order.js';

/**
 * CSV (and TSV) exports of bank and card transactions. Steps: decode (UTF-8 with or without
 * BOM, UTF-16 with BOM, else cp1252); detect the delimiter; find the header row (the first row
 * naming a date column and an amount, debit or credit column, skipping preamble rows; without
 * one, the columns are inferred from the data); read every row under it; decide D-M-Y vs M-D-Y
 * and the decimal mark for the whole file; then one statement per value of an account column
 * (or one), in date order, its balances from the running-balance column when there is one.
 */
const LABEL = 'CSV';
const HEADER_SEARCH_ROWS = 30;

interface Row {
  line: number;               // 1-based record number in the file
  date: IsoDate;
  amount: Cents;
  balance: Cents | null;
  description: string;
  memo?: string;
  type?: string;
  check?: string;
  account: string;
  currency?: string;
  fee?: Cents;                // a charge printed in its own column beside the amount
}

function accepts(input: ConvertInput): boolean {
  const name = input.fileName.toLowerCase();
  const b = input.bytes;
  if (name.endsWith('.pdf') || new TextDecoder('latin1').decode(b.subarray(0, 1024)).includes('%PDF-')) return false;
  if (name.endsWith('.csv') || name.endsWith('.tsv')) return true;
  if (looksLikeJsonObject(b)) return false;
  const head = b.subarray(0, 2048);
  const utf16 = head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
  if (!utf16 && head.includes(0)) return false; // binary
  const text = decodeText(b.subarray(0, 16 * 1024)).text;
  if (/<OFX>|OFXHEADER/i.test(text)) return false;
  try {
    return findLayout(parseRecords(text, detectDelimiter(text), HEADER_SEARCH_ROWS + 20)) !== undefined;
  } catch {
    return false;
  }
}

/** The header row and column roles, or undefined when neither a header nor the data tell them. */
export function findLayout(records: string[][]): CsvLayout | undefined {
  for (let i = 0; i < Math.min(records.length, HEADER_SEARCH_ROWS); i++) {
    const header = records[i]!;
    if (header.length < 2) continue;
    const { roles, memo } = mapColumns(header);
    if (roles.date !== undefined && (roles.amount !== undefined || roles.debit !== undefined || roles.credit !== undefined)) {
      return { headerIndex: i, header, roles, memo };
    }
  }
  return inferColumns(records);
}

function cellOf(cells: string[], idx: number | undefined): string {
  return idx === undefined ? '' : (cells[idx] ?? '').trim();
}

function fail(line: number, column: string, problem: string): never {
  throw new ConversionError(`${LABEL}: row ${line}, column "${column}": ${problem}`);
}

const NOT_POSTED = new Set(NOT_POSTED_STATUSES);

/**
 * What says a file comes from a country that prints dates day first, when its dates alone do
 * not: decimal-comma amounts (no month-first country writes them), amounts in £, € or ₹, or a
 * currency column of such a currency. Undefined when nothing does.
 */
function dayFirstEvidence(decimalComma: boolean, moneyCells: string[], currencies: string[]): string | undefined {
  if (decimalComma) return 'decimal-comma amounts';
  const symbol = moneyCells.find((c) => /[£€₹]/.test(c));
  if (symbol) return `amounts in ${/[£€₹]/.exec(symbol)![0]}`;
  const code = currencies.find((c) => DAY_FIRST_CURRENCIES.has(c.trim().toUpperCase()));
  return code ? `a currency column of ${code.trim().toUpperCase()}` : undefined;
}

/** The currency of a statement's rows when a currency column names one for all of them. */
function currencyOf(rows: Row[]): string | undefined {
  const first = rows[0]?.currency;
  return first && rows.every((r) => r.currency === first) ? first : undefined;
}

/** True when most consecutive running balances move opposite to the amounts between them. */
export function balanceRunsAgainstAmounts(rows: { amount: Cents; balance: Cents | null }[]): boolean {
  let along = 0, against = 0;
  for (let i = 1; i < rows.length; i++) {
    const prev = rows[i - 1]!.balance, cur = rows[i]!.balance, amount = rows[i]!.amount;
    if (prev === null || cur === null || amount === 0) continue;
    if (cur === prev + amount) along++;
    else if (cur === prev - amount) against++;
  }
  return against > along && against >= 2;
}

/**
 * Whether the fees of a fee column are inside the amounts: on rows with a fee whose balance
 * follows a printed one, the balance moves by the amount alone (inside) or by the amount and
 * the fee (apart). Signs are not settled yet, so sizes are compared; file order and date order
 * are both tried (newest-first files). Inside when the balances say so more often; null when
 * no balance says either.
 */
export function feesWithinAmounts(rows: { date: IsoDate; amount: Cents; balance: Cents | null; fee?: Cents }[]): boolean | null {
  let inside = 0, apart = 0;
  const vote = (prev: Cents | null, r: { amount: Cents; balance: Cents | null; fee?: Cents }) => {
    if (prev === null || r.balance === null || !r.fee) return;
    const moved = Math.abs(r.balance - prev), amount = Math.abs(r.amount), fee = Math.abs(r.fee);
    if (moved === amount) inside++;
    else if (moved === amount + fee || moved === Math.abs(amount - fee)) apart++;
  };
  const newestFirst = rows.length > 1 && rows[0]!.date > rows[rows.length - 1]!.date;
  for (let i = 0; i < rows.length; i++) {
    const prev = newestFirst ? rows[i + 1] : rows[i - 1];
    if (prev) vote(prev.balance, rows[i]!);
  }
  return inside === 0 && apart === 0 ? null : inside > apart;
}

export function parseCsv(text: string, options: Pick<ConversionOptions, 'accounttype' | 'readUSdates'>): ParsedDocument {
  if (!text.trim()) throw new ConversionError(`${LABEL}: the file is empty`);
  // Excel's "sep=;" first line names the delimiter.
  const sep = /^sep=([,;\t|])\r?\n/i.exec(text);
  if (sep) text = text.slice(sep[0].length);
  const delimiter = sep ? sep[1]! : detectDelimiter(text);
  const records = parseRecords(text, delimiter);
  const layout = findLayout(records);
  if (!layout) {
    throw new ConversionError(`${LABEL}: no header row naming a date column and an amount (or debit/credit) column in the first ${HEADER_SEARCH_ROWS} rows, and the columns could not be told from the data`);
  }
  const { roles, memo: memoCols, header } = layout;
  const colName = (idx: number | undefined) => (idx === undefined ? '' : (header[idx] ?? `column ${idx + 1}`).trim() || `column ${idx + 1}`);
  const hints: string[] = [];
  const nonTransactions: string[] = [];
  const preambleRows = records.slice(0, Math.max(0, layout.headerIndex));
  const preamble = readPreamble(preambleRows, options.readUSdates);
  const fallbackAccount = preamble.account ?? '';
  const bank = knownBank(preambleRows.map((r) => r.join(' ')).join('\n'));

  // 1. rows with a date
  const dated: { line: number; cells: string[]; shape: DateShape }[] = [];
  records.slice(layout.headerIndex + 1).forEach((cells, k) => {
    const line = layout.headerIndex + 2 + k;
    if (cells.every((c) => c.trim() === '')) return;
    const shape = dateShape(cellOf(cells, roles.date));
    if (!shape) { nonTransactions.push(cells.map((c) => c.trim()).filter(Boolean).join(' | ')); return; }
    // Values past the header's last column: a field held the delimiter unquoted ("1,250.00" in a
    // comma file), so every later value sits one column over and no figure of the row can be trusted.
    if (layout.headerIndex >= 0 && cells.slice(header.length).some((c) => c.trim() !== '')) {
      throw new ConversionError(`${LABEL}: row ${line} has ${cells.length} fields where the header has ${header.length}: a value holds the delimiter ${delimiter === '\t' ? '(a tab)' : `"${delimiter}"`} without quotes (an amount like "1,250.00" must be quoted), so its columns cannot be told apart`);
    }
    dated.push({ line, cells, shape });
  });
  if (dated.length === 0) {
    throw new ConversionError(`${LABEL}: no transaction rows: no row under the header has a date in column "${colName(roles.date)}"`);
  }

  // A card-number column filled on some rows only names the card used for those (a bank
  // export's debit-card rows), not an account: splitting by it would cut one account in two.
  const accountCol = roles.account;
  if (accountCol !== undefined && /^card\b/.test(normalizeHeader(header[accountCol] ?? ''))) {
    const filled = dated.filter((d) => cellOf(d.cells, accountCol) !== '').length;
    if (filled > 0 && filled < dated.length) {
      delete roles.account;
      hints.push(`The "${colName(accountCol)}" column is filled on some rows only: the card used, not an account.`);
    }
  }
  // A column naming the card used on each row ("Card Used For Transaction") names no account:
  // an account's cards (the holder's, an additional card member's) share one statement.
  const usedCol = usedCardColumn(header);
  let used: UsedCards | undefined;
  if (usedCol !== undefined) {
    const cards = [...new Set(dated.map((d) => cellOf(d.cells, usedCol)).filter(Boolean))];
    used = { column: usedCol, everyRow: cards.length > 0 && dated.every((d) => cellOf(d.cells, usedCol) !== '') };
    if (roles.account === usedCol && cards.length > 1) {
      delete roles.account;
      hints.push(`The "${colName(usedCol)}" column names the card used on each row (${cards.slice(0, 4).join(', ')}${cards.length > 4 ? ', …' : ''}), not an account: one statement for them.`);
    }
  }

  // 2. whole-file decisions: decimal mark, date order
  const moneyCols = [roles.amount, roles.debit, roles.credit, roles.balance].filter((c): c is number => c !== undefined);
  const moneyCells = dated.flatMap((d) => moneyCols.map((c) => cellOf(d.cells, c)));
  const decimalComma = detectDecimalComma(moneyCells);
  const order = dateOrder(dated.map((d) => d.shape), options.readUSdates, dayFirstEvidence(decimalComma, moneyCells, dated.map((d) => cellOf(d.cells, roles.currency))));
  if (order.conflict) {
    const dmy = dated.find((d) => d.shape.kind === 'numeric' && d.shape.a > 12)!;
    const mdy = dated.find((d) => d.shape.kind === 'numeric' && d.shape.b > 12)!;
    throw new ConversionError(`${LABEL}: column "${colName(roles.date)}" mixes D-M-Y dates ("${cellOf(dmy.cells, roles.date)}", row ${dmy.line}) and M-D-Y dates ("${cellOf(mdy.cells, roles.date)}", row ${mdy.line}); set readUSdates to say which`);
  }
  // Dates none of which settles the order are read by the evidence around them: said, so a reader can check.
  if (order.settledBy !== 'readUSdates' && !order.settledBy.startsWith('a day above 12') && dated.some((d) => d.shape.kind === 'numeric')) {
    hints.push(`Dates read ${order.order === 'MDY' ? 'month first (M-D-Y)' : 'day first (D-M-Y)'} by ${order.settledBy}: no date has a day above 12 to settle it (readUSdates says otherwise).`);
  }

  const amountOf = (line: number, cells: string[], col: number | undefined): Cents | null => {
    if (col === undefined) return null;
    const r = readCsvAmount(cellOf(cells, col), decimalComma);
    if ('problem' in r) fail(line, colName(col), r.problem);
    return 'cents' in r ? r.cents : null;
  };

  // 3. rows → transactions
  const split = roles.debit !== undefined || roles.credit !== undefined;
  const descriptions = dated.map((d) => cellOf(d.cells, roles.description));
  const constantDescription = roles.description !== undefined && dated.length >= 3 && memoCols.length > 0 && descriptions.every((v) => v === descriptions[0]);
  const rows: Row[] = [];
  const notPosted = new Map<string, number>();
  let feeRows = 0;
  for (const d of dated) {
    const { line, cells } = d;
    const status = cellOf(cells, roles.status);
    if (status && NOT_POSTED.has(status.toLowerCase())) {
      notPosted.set(status, (notPosted.get(status) ?? 0) + 1);
      nonTransactions.push(cells.map((c) => c.trim()).filter(Boolean).join(' | '));
      continue;
    }
    const date = resolveDate(d.shape, order.order);
    if (!date) fail(line, colName(roles.date), `"${cellOf(cells, roles.date)}" is not a valid date (read as ${order.order === 'MDY' ? 'M-D-Y' : 'D-M-Y'}, ${order.settledBy})`);
    let amount: Cents | null;
    if (split) {
      const dr = amountOf(line, cells, roles.debit);
      const cr = amountOf(line, cells, roles.credit);
      amount = dr === null && cr === null ? amountOf(line, cells, roles.amount) : Math.abs(cr ?? 0) - Math.abs(dr ?? 0);
    } else amount = amountOf(line, cells, roles.amount);
    if (amount === null) { nonTransactions.push(cells.map((c) => c.trim()).filter(Boolean).join(' | ')); continue; }
    const memoParts = memoCols.map((c) => cellOf(cells, c)).filter(Boolean);
    let description = constantDescription ? '' : cellOf(cells, roles.description);
    if (!description) description = memoParts.shift() ?? cellOf(cells, roles.type) ?? '';
    const row: Row = {
      line, date, amount: amount === 0 ? 0 : amount, balance: amountOf(line, cells, roles.balance),
      description: description.replace(/\s+/g, ' ').trim() || 'Transaction',
      account: cellOf(cells, roles.account) || fallbackAccount,
    };
    const currency = cellOf(cells, roles.currency).toUpperCase();
    if (/^[A-Z]{3}$/.test(currency)) row.currency = currency;
    const memo = memoParts.filter((m) => m !== row.description).join(' ').replace(/\s+/g, ' ').trim();
    if (memo) row.memo = memo;
    const type = cellOf(cells, roles.type);
    if (type) row.type = type;
    const check = cellOf(cells, roles.check);
    if (check && /\d/.test(check)) row.check = check;
    const fee = amountOf(line, cells, roles.fee);
    if (fee) row.fee = fee;
    rows.push(row);
  }
  // A fee beside the amount is either money out of its own (a wallet's export: the balance
  // moves by both) or a breakdown of an amount that already holds it (a broker's: the balance
  // moves by the amount alone). The running balance says which; without one, the kind of export.
  if (rows.some((r) => r.fee)) {
    // Where no balance tells, a broker's amounts are the net of the trade (fees within); a
    // wallet's and a bank's are not.
    const byBalance = feesWithinAmounts(rows);
    if (byBalance ?? brokerageExportEvidence(rows).length > 0) {
      const n = rows.filter((r) => r.fee).length;
      const why = byBalance === null ? 'a broker\'s amounts are the net of each trade' : 'the running balance moves by the amount alone';
      hints.push(`Fees of the "${colName(roles.fee)}" column are already within the amounts (${why}): not counted again (${n === 1 ? '1 row' : `${n} rows`}).`);
      for (const r of rows) delete r.fee;
    } else {
      // The printed balance is the one after both, so it goes on the fee's row.
      const withFees: Row[] = [];
      for (const r of rows) {
        if (!r.fee) { withFees.push(r); continue; }
        const { fee, ...plain } = r;
        withFees.push({ ...plain, balance: null });
        withFees.push({ ...plain, amount: -Math.abs(fee), description: `Fee: ${r.description}`, memo: undefined, check: undefined });
        feeRows++;
      }
      rows.splice(0, rows.length, ...withFees);
    }
  }
  if (feeRows) hints.push(`Fees of the "${colName(roles.fee)}" column read as debits of their own (${feeRows === 1 ? '1 row' : `${feeRows} rows`}).`);
  if (notPosted.size) {
    const n = [...notPosted.values()].reduce((a, b) => a + b, 0);
    hints.push(`${n === 1 ? '1 row' : `${n} rows`} set aside by the "${colName(roles.status)}" column (${[...notPosted].map(([k, v]) => `${k} ${v}`).join(', ')}): no money moved.`);
  }
  if (rows.length === 0) throw new ConversionError(`${LABEL}: no transaction rows: every dated row has an empty amount${notPosted.size ? ' or a status that moved no money' : ''}`);

  // 4. signs: a type column (DR/CR) over unsigned amounts; card exports that print purchases positive
  let donegate = false;
  let signsFromType = false;
  if (!split && roles.type !== undefined && rows.every((r) => r.amount >= 0)) {
    const typed = rows.filter((r) => r.type && (DEBIT_WORDS.test(r.type) || CREDIT_WORDS.test(r.type)));
    if (typed.length >= rows.length * 0.8) {
      for (const r of rows) if (r.type && DEBIT_WORDS.test(r.type)) r.amount = -r.amount;
      signsFromType = true;
      hints.push(`Signs taken from the "${colName(roles.type)}" column.`);
    }
  }
  // A card by the option, or by evidence when the file is not declared anything else.
  const scored = options.accounttype === 'Bank' || options.accounttype === 'autoDetect' ? cardExportScore(header, rows, roles.balance !== undefined, roles.account, used) : { score: 0, evidence: [] };
  const evidence = scored.score >= 2 ? scored.evidence : [];
  if (evidence.length) hints.push(`Read as a credit card export: ${evidence.join(', ')}.`);
  // Some evidence, too little to tell: said, not guessed.
  else if (scored.score === 1) hints.push(`Read as a bank account; ${scored.evidence.join(', ')} may say a card's export, too little to tell (accounttype CCard reads it as a card).`);
  const card = options.accounttype === 'CCard' || evidence.length > 0;
  const brokerage = !card && options.accounttype === 'autoDetect' ? brokerageExportEvidence(rows) : [];
  if (brokerage.length) hints.push(`Read as the cash of a brokerage account (an investment statement): ${brokerage.join(', ')}.`);
  const side = card && !split && !signsFromType ? chargeSide(rows) : null;
  // Rows of one sign and no payment among them: only their number says they are charges.
  if (side?.by === 'count' && (rows.every((r) => r.amount >= 0) || rows.every((r) => r.amount <= 0))) {
    hints.push('No payment or credit in the file tells which side its amounts are printed from: they are read as charges, as most of a card\'s rows are.');
  }
  if (side?.positive) {
    hints.push('Charges are printed positive (the issuer\'s side): signs turned to the card holder\'s (charges money out, payments money in).');
    for (const r of rows) {
      r.amount = r.amount === 0 ? 0 : -r.amount;
      if (r.balance !== null) r.balance = r.balance === 0 ? 0 : -r.balance;
    }
    donegate = true;
  }

  // 5. one statement per account
  const byAccount = new Map<string, Row[]>();
  for (const r of rows) {
    const list = byAccount.get(r.account) ?? [];
    list.push(r);
    byAccount.set(r.account, list);
  }
  const statements: ParsedStatement[] = [];
  for (const [account, list] of byAccount) {
    let ordered = orderChronologically(list);
    const stmtHints = [...hints];
    // The running balance says which way the amounts go. When it moves against them, either
    // the card's balance is an amount owed (negate balances) or the amounts are inverted.
    if (balanceRunsAgainstAmounts(ordered)) {
      if (card) {
        for (const r of ordered) if (r.balance !== null) r.balance = r.balance === 0 ? 0 : -r.balance;
        stmtHints.push('Balances are amounts owed; shown negative (card holder\'s view).');
      } else {
        for (const r of ordered) r.amount = r.amount === 0 ? 0 : -r.amount;
        stmtHints.push('Amounts moved against the running balance; their signs were flipped.');
      }
      ordered = orderChronologically(ordered);
    }
    const transactions: ParsedTransaction[] = ordered.map((r) => {
      const t: ParsedTransaction = { date: r.date, description: r.description, amount: r.amount, balance: r.balance };
      if (r.memo) t.memo = r.memo;
      if (r.type) t.type = r.type;
      if (r.check) t.checkNumber = r.check;
      return t;
    });
    const firstBal = ordered.findIndex((r) => r.balance !== null);
    let startBalance: Cents | null = null, endBalance: Cents | null = null;
    if (firstBal >= 0) {
      startBalance = ordered[firstBal]!.balance! - ordered.slice(0, firstBal + 1).reduce((s, r) => s + r.amount, 0);
      let lastBal = ordered.length - 1;
      while (ordered[lastBal]!.balance === null) lastBal--;
      endBalance = ordered[lastBal]!.balance! + ordered.slice(lastBal + 1).reduce((s, r) => s + r.amount, 0);
    }
    // A summary above the header (one account only) gives the printed period, balances and totals.
    const summary = byAccount.size === 1 ? preamble : {};
    if (summary.startBalance !== undefined) startBalance = summary.startBalance;
    if (summary.endBalance !== undefined) endBalance = summary.endBalance;
    if (startBalance === null && endBalance === null) stmtHints.push('The CSV has no balance column: start and end balances unknown.');
    const printedTotals = summary.credits !== undefined || summary.debits !== undefined ? { credits: summary.credits, debits: summary.debits } : undefined;
    const typeFromName = /[a-z]{4,}/i.test(account) ? accountTypeFromText(account, 'Checking') : 'Checking';
    const accountTypeStr: AccountTypeStr = card ? 'CCard' : typeFromName;
    statements.push({
      docType: accountTypeStr === 'CCard' ? 'Credit Card Statement' : brokerage.length ? 'Investment Statement' : 'Bank Statement',
      accountTypeStr,
      bankName: bank?.name ?? 'Unknown',
      ...(bank ? { bankURL: bank.url, bankPhones: bank.phones } : {}),
      accountNumber: reportedAccountNumber(account),
      isStrongAccountNo: isStrongAccountNumber(account),
      accountTitle: /[a-z]{4,}/i.test(account) && !/\d/.test(account) ? account : undefined,
      startDate: summary.startDate ?? transactions[0]!.date,
      endDate: summary.endDate ?? transactions[transactions.length - 1]!.date,
      ...(printedTotals ? { printedTotals } : {}),
      startBalance, endBalance,
      donegate,
      transactions,
      nonTransactions: nonTransactions.length ? [...nonTransactions] : undefined,
      ...(currencyOf(ordered) ? { currencyCode: currencyOf(ordered) } : {}),
      columnsValid: true,
      hints: stmtHints,
    });
  }
  return {
    format: 'csv',
    detectedDocType: statements.some((s) => s.docType === 'Bank Statement') ? 'Bank Statement' : brokerage.length ? 'Investment Statement' : 'Credit Card Statement',
    statements,
  };
}

export const csvConverter: FormatConverter = {
  name: 'csv',
  accepts,
  async convert(input) {
    return parseCsv(decodeText(input.bytes).text, input.options);
  },
};

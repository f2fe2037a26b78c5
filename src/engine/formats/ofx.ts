import { ConversionError, type ConvertInput, type FormatConverter } from '../engine.js';
import type { AccountTypeStr, ParsedDocument, ParsedStatement, ParsedTransaction } from '../../contract/model.js';
import type { Cents } from '../../contract/money.js';
import { daysBetween, isIsoDate, type IsoDate } from '../../contract/dates.js';
import { bankOfOfxOrg, decodeText, FieldProblems, isStrongAccountNumber, knownBank } from './helpers.js';
import { find, findAll, parseOfxTree, textOf, type OfxNode } from './ofx-tree.js';
import { orderChronologically } from './order.js';
import { reportedAccountNumber } from '../statement/account-number.js';

/**
 * OFX / QFX (Quicken's OFX) bank and credit-card downloads, SGML v1 and XML v2.
 * Every STMTRS (bank) and CCSTMTRS (credit card) response becomes one statement: account from
 * BANKACCTFROM/CCACCTFROM, period from BANKTRANLIST DTSTART/DTEND, end balance from LEDGERBAL.
 * OFX gives no opening balance, so the start balance is the end balance minus the
 * transactions of the list, unless the transactions carry running balances (ACCTBAL, a
 * common extension), in which case the first one fixes it. OFX amounts are already signed in
 * the account holder's view (credit-card purchases negative), which is our convention.
 */
const LABEL = 'OFX';

function accepts(input: ConvertInput): boolean {
  const name = input.fileName.toLowerCase();
  if (name.endsWith('.ofx') || name.endsWith('.qfx')) return true;
  const head = new TextDecoder('latin1').decode(input.bytes.subarray(0, 4096));
  return /^\s*(\uFEFF|ï»¿)?\s*OFXHEADER\s*:/.test(head) || /<\?OFX\s/i.test(head) || /^\s*(<\?xml[^>]*>\s*)?<OFX>/i.test(head);
}

/** An OFX datetime `YYYYMMDD[HHMMSS[.XXX]][[±h:TZ]]` → ISO date, or a problem text. */
export function ofxDate(raw: string | undefined): { date?: IsoDate; problem?: string } {
  if (raw === undefined || raw.trim() === '') return { problem: 'is missing' };
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(raw.trim());
  const date = m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
  if (!date || !isIsoDate(date)) return { problem: `is not a valid OFX date: "${raw.trim()}"` };
  return { date };
}

/**
 * An OFX amount: optional sign, digits, `.` or `,` decimal mark. Cents exactly; more than two
 * decimals are accepted only when the extra digits are zeros.
 */
export function ofxAmount(raw: string | undefined): { cents?: Cents; problem?: string } {
  if (raw === undefined || raw.trim() === '') return { problem: 'is empty' };
  const s = raw.trim();
  const m = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return { problem: `is not a decimal number: "${s}"` };
  const frac = m[3] ?? '';
  if (/[1-9]/.test(frac.slice(2))) return { problem: `has more than 2 decimals: "${s}"` };
  const cents = Number(m[2] || '0') * 100 + Number((frac + '00').slice(0, 2));
  if (!Number.isSafeInteger(cents)) return { problem: `is too large: "${s}"` };
  return { cents: m[1] === '-' && cents !== 0 ? -cents : cents };
}

const ACCOUNT_TYPES: Record<string, AccountTypeStr> = {
  CHECKING: 'Checking', SAVINGS: 'Savings', MONEYMRKT: 'MoneyMarket', CREDITLINE: 'Line of Credit', CD: 'Savings',
};

interface StatementContext {
  bankName: string;
  bankURL?: string;
  bankPhones?: string[];
  index: number;    // 0-based among the statements of the file
  card: boolean;
  problems: FieldProblems;
}

function fail(ctx: StatementContext, where: string, problem: string): void {
  ctx.problems.add(`statement ${ctx.index + 1} (${ctx.card ? 'CCSTMTRS' : 'STMTRS'}): ${where}`, problem);
}

function readTransaction(node: OfxNode, n: number, ctx: StatementContext): ParsedTransaction | undefined {
  const fitid = textOf(node, 'FITID');
  const where = `transaction ${n + 1}${fitid ? ` (FITID ${fitid})` : ''}`;
  const posted = ofxDate(textOf(node, 'DTPOSTED') || textOf(node, 'DTUSER'));
  if (posted.problem) fail(ctx, `${where}: DTPOSTED`, posted.problem);
  const amount = ofxAmount(textOf(node, 'TRNAMT'));
  if (amount.problem) fail(ctx, `${where}: TRNAMT`, amount.problem);
  if (posted.problem || amount.problem) return undefined;
  const payee = find(node, 'PAYEE');
  const name = textOf(node, 'NAME') || (payee ? textOf(payee, 'NAME') : undefined) || '';
  const memo = textOf(node, 'MEMO') || '';
  const type = textOf(node, 'TRNTYPE') || '';
  const description = (name || memo || type || 'Transaction').replace(/\s+/g, ' ').trim();
  const tx: ParsedTransaction = { date: posted.date!, description, amount: amount.cents!, balance: null };
  if (memo && memo !== name) tx.memo = memo.replace(/\s+/g, ' ').trim();
  if (type) tx.type = type.toUpperCase();
  const check = textOf(node, 'CHECKNUM');
  if (check && /[1-9A-Za-z]/.test(check)) tx.checkNumber = check;
  const acctBal = textOf(node, 'ACCTBAL');
  if (acctBal) {
    const b = ofxAmount(acctBal);
    if (b.problem) { fail(ctx, `${where}: ACCTBAL`, b.problem); return undefined; }
    tx.balance = b.cents!;
  }
  return tx;
}

function readStatement(rs: OfxNode, ctx: StatementContext, currencyFallback?: string): ParsedStatement {
  const from = find(rs, ctx.card ? 'CCACCTFROM' : 'BANKACCTFROM') ?? find(rs, 'BANKACCTFROM') ?? find(rs, 'CCACCTFROM');
  const accountNumber = reportedAccountNumber(textOf(from, 'ACCTID') ?? '');
  if (!accountNumber) fail(ctx, `${ctx.card ? 'CCACCTFROM' : 'BANKACCTFROM'}.ACCTID`, 'is missing');
  const acctType = (textOf(from, 'ACCTTYPE') ?? '').toUpperCase();
  const accountTypeStr: AccountTypeStr = ctx.card ? 'CCard' : ACCOUNT_TYPES[acctType] ?? 'Checking';

  const list = find(rs, 'BANKTRANLIST');
  let startDate: IsoDate | undefined, endDate: IsoDate | undefined;
  if (list) {
    const ds = textOf(list, 'DTSTART'), de = textOf(list, 'DTEND');
    if (ds) { const d = ofxDate(ds); if (d.problem) fail(ctx, 'BANKTRANLIST.DTSTART', d.problem); startDate = d.date; }
    if (de) { const d = ofxDate(de); if (d.problem) fail(ctx, 'BANKTRANLIST.DTEND', d.problem); endDate = d.date; }
  }
  let transactions = list ? findAll(list, 'STMTTRN').map((t, i) => readTransaction(t, i, ctx)).filter((t): t is ParsedTransaction => !!t) : [];
  // Lists may be newest first; oldest first, same-day rows in running-balance order when given.
  transactions = orderChronologically(transactions.map((t) => ({ ...t, balance: t.balance ?? null })));
  const last = transactions[transactions.length - 1];

  const hints: string[] = [];
  const sum = transactions.reduce((s, t) => s + t.amount, 0);
  const ledger = find(rs, 'LEDGERBAL');
  let endBalance: Cents | null = null;
  const lastWithBalance = [...transactions].reverse().find((t) => t.balance !== null && t.balance !== undefined);
  if (ledger) {
    const raw = textOf(ledger, 'BALAMT');
    const amt = ofxAmount(raw);
    if (amt.problem) {
      // An empty ledger balance is tolerated only when running balances say what it is.
      if (!(raw ?? '').trim() && lastWithBalance) endBalance = lastWithBalance.balance!;
      else fail(ctx, 'LEDGERBAL.BALAMT', amt.problem);
    } else endBalance = amt.cents!;
  } else if (lastWithBalance) {
    endBalance = lastWithBalance.balance!;
  } else {
    hints.push('The OFX file gives no ledger balance (LEDGERBAL): balances unknown.');
  }
  const firstTx = transactions[0];
  let startBalance: Cents | null = null;
  if (firstTx && firstTx.balance !== null && firstTx.balance !== undefined) startBalance = firstTx.balance - firstTx.amount;
  else if (endBalance !== null) {
    startBalance = endBalance - sum;
    if (transactions.length) hints.push('OFX gives no opening balance: the start balance is the ledger balance less the transactions listed.');
  }

  const fitids = list ? findAll(list, 'STMTTRN').map((t) => textOf(t, 'FITID')).filter((f): f is string => !!f) : [];
  const seen = new Set<string>();
  const dup = fitids.find((f) => (seen.has(f) ? true : (seen.add(f), false)));
  if (dup) hints.push(`Transaction id (FITID) ${dup} appears more than once: a transaction may be duplicated.`);
  // A list period years away from its transactions (exporters write 19700101 or "all history")
  // is not a statement period: the transactions' own dates are used instead.
  if (startDate && firstTx && daysBetween(startDate, firstTx.date) > 366) {
    hints.push(`BANKTRANLIST.DTSTART ${startDate} is over a year before the first transaction; the period starts at ${firstTx.date}.`);
    startDate = firstTx.date;
  }
  if (endDate && last && daysBetween(last.date, endDate) > 366) {
    hints.push(`BANKTRANLIST.DTEND ${endDate} is over a year after the last transaction; the period ends at ${last.date}.`);
    endDate = last.date;
  }
  // A list period that does not hold its own transactions (a card download whose DTSTART and
  // DTEND are both the moment of download) is widened to them: a period never leaves rows out.
  if (startDate && firstTx && firstTx.date < startDate) {
    hints.push(`BANKTRANLIST.DTSTART ${startDate} is after the first transaction; the period starts at ${firstTx.date}.`);
    startDate = firstTx.date;
  }
  if (endDate && last && last.date > endDate) {
    hints.push(`BANKTRANLIST.DTEND ${endDate} is before the last transaction; the period ends at ${last.date}.`);
    endDate = last.date;
  }
  if (!startDate && firstTx) startDate = firstTx.date;
  if (!endDate && last) endDate = transactions[transactions.length - 1]!.date;
  if (!endDate && ledger) endDate = ofxDate(textOf(ledger, 'DTASOF')).date;
  if (!startDate && !firstTx) startDate = endDate;

  const currency = textOf(rs, 'CURDEF') || currencyFallback;
  return {
    docType: ctx.card ? 'Credit Card Statement' : 'Bank Statement',
    accountTypeStr,
    bankName: ctx.bankName,
    ...(ctx.bankURL ? { bankURL: ctx.bankURL, bankPhones: ctx.bankPhones } : {}),
    accountNumber,
    isStrongAccountNo: isStrongAccountNumber(accountNumber),
    accountTitle: acctType ? acctType.charAt(0) + acctType.slice(1).toLowerCase() : undefined,
    startDate, endDate,
    startBalance, endBalance,
    currencyCode: currency ? currency.toUpperCase() : undefined,
    transactions,
    columnsValid: true,
    headerValid: ctx.bankName !== 'Unknown',
    hints,
  };
}

/**
 * Bank: the FI organisation of the sign-on, else a BANKID that is a name rather than a routing
 * number; a bank of the shared bank data file (by its OFX ORG code, else by name) is given its
 * canonical name, web address and phones.
 */
function bankOf(tree: OfxNode): { bankName: string; bankURL?: string; bankPhones?: string[] } {
  const sonrs = find(tree, 'SONRS');
  const org = textOf(sonrs ? find(sonrs, 'FI') : undefined, 'ORG');
  const bankId = textOf(tree, 'BANKID');
  const named = org && !/^(blah|none|fake|test)$/i.test(org) ? org
    : bankId && /^[A-Za-z][A-Za-z &.'-]{2,}$/.test(bankId) ? bankId : undefined;
  const known = bankOfOfxOrg(named) ?? knownBank(named);
  if (known) return { bankName: known.name, bankURL: known.url, bankPhones: known.phones };
  return { bankName: named ?? 'Unknown' };
}

export function parseOfx(text: string): ParsedDocument {
  if (!/<OFX[\s>]/i.test(text)) throw new ConversionError(`${LABEL}: no <OFX> element found: the file is not an OFX/QFX download`);
  const tree = parseOfxTree(text);
  const bank = bankOf(tree);
  const responses: { node: OfxNode; card: boolean }[] = [];
  const collect = (n: OfxNode) => {
    for (const c of n.children) {
      if (c.name === 'STMTRS') responses.push({ node: c, card: false });
      else if (c.name === 'CCSTMTRS') responses.push({ node: c, card: true });
      else collect(c);
    }
  };
  collect(tree);
  const investments = findAll(tree, 'INVSTMTRS');
  if (responses.length === 0) {
    if (investments.length > 0) {
      const message = `${LABEL}: this is an investment statement (INVSTMTRS: holdings and trades), not a bank or credit-card statement; Ledgerdrop converts bank and credit-card OFX only`;
      return { format: 'ofx', detectedDocType: 'Investment Statement', statements: [], error: message };
    }
    const signonError = textOf(find(tree, 'SONRS'), 'CODE');
    if (find(tree, 'INTRARS') || find(tree, 'INTRATRNRS')) throw new ConversionError(`${LABEL}: the file holds transfer requests (INTRARS), not a statement (no STMTRS or CCSTMTRS)`);
    if (find(tree, 'ACCTINFO')) throw new ConversionError(`${LABEL}: the file lists accounts (ACCTINFO) but holds no statement (no STMTRS or CCSTMTRS)`);
    throw new ConversionError(`${LABEL}: the file holds no bank or credit-card statement (no STMTRS or CCSTMTRS)${signonError && signonError !== '0' ? `; sign-on status code ${signonError}` : ''}`);
  }
  const problems = new FieldProblems(LABEL);
  const statements = responses.map((r, index) => readStatement(r.node, { ...bank, index, card: r.card, problems }));
  problems.throwIfAny();
  if (investments.length > 0) {
    for (const s of statements) s.hints = [...(s.hints ?? []), 'The file also holds an investment statement, which was not converted.'];
  }
  return {
    format: 'ofx',
    detectedDocType: statements.some((s) => s.docType === 'Bank Statement') ? 'Bank Statement' : 'Credit Card Statement',
    statements,
  };
}

/** Text of an OFX file in the character set its header declares (SGML CHARSET/ENCODING, XML encoding). */
export function decodeOfx(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const xmlEncoding = /<\?xml[^>]*encoding="([^"]+)"/i.exec(head)?.[1]?.toLowerCase();
  const sgmlEncoding = /^\s*ENCODING:\s*(\S+)/im.exec(head)?.[1]?.toUpperCase();
  const charset = /^\s*CHARSET:\s*(\S+)/im.exec(head)?.[1]?.toUpperCase();
  const singleByte = (xmlEncoding && /1252|8859-1|latin/.test(xmlEncoding))
    || (sgmlEncoding !== 'UTF-8' && charset !== undefined && /^(1252|ISO-8859-1|8859-1|LATIN1)$/.test(charset));
  if (singleByte) return new TextDecoder('windows-1252').decode(bytes);
  return decodeText(bytes).text;
}

export const ofxConverter: FormatConverter = {
  name: 'ofx',
  accepts,
  async convert(input) {
    return parseOfx(decodeOfx(input.bytes));
  },
};

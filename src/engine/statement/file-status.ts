import { centsToAmount, formatCents } from '../../contract/money.js';
import type { FileStatus } from '../../contract/api/file-status.js';
import { DOC_TYPE_CODES } from '../../contract/api/doc-type-codes.js';
import type { ConversionOptions } from '../../contract/api/conversion-options.js';
import type { ParsedDocument } from '../../contract/model.js';
import { reconcile } from './reconcile.js';
import type { SequencedStatement } from './select.js';

/** Identifiers and counters the service knows when it builds a file_status item. */
export interface FileStatusContext {
  fileName: string;
  fileConversionId: number;
  resfile: string;
  statementid: number | null;
  tid: string;
  trackingId: string;
  remaining: number;
  numInLast3Days: number;
  webhook: string;
  nsfcount?: number;
  /** Reseller customer ID (option `customerid`), returned as given. */
  customerid?: string;
  /** Address notified when the conversion completes (field `email`). */
  email?: string;
}

const NSF = /\b(NSF|non[- ]?sufficient|insufficient funds|overdraft (fee|charge|item)|od fee|returned item fee)\b/i;

function base(ctx: FileStatusContext, doc: ParsedDocument | null): FileStatus {
  const pdf = doc?.pdf;
  const docText = doc?.detectedDocType ?? 'Bank Statement';
  return {
    fileConversionId: ctx.fileConversionId, fileName: ctx.fileName, resfile: ctx.resfile,
    detectedDocTypeText: docText, processedDocTypeText: docText,
    detectedDocType: DOC_TYPE_CODES[docText] ?? 0, processedDocType: DOC_TYPE_CODES[docText] ?? 0,
    docType: docText === 'Tax Form' ? 1 : 0, accounttype: 0, accounttypestr: 'Checking', accounttitle: '',
    statementid: ctx.statementid, tid: ctx.tid, trackingId: ctx.trackingId, TaxForms: '', returnType: 3,
    chargevalue: 0, uncounted: 0, uselessPages: pdf?.uselessPages ?? 0, fail: false, negate: false, donegate: false,
    reconciled: false, columnsValid: true, balancesValid: false, headerValid: false, isStrongAccountNo: false,
    likelyMissingTransactions: false, nonTransactions: '', isMonthToDate: false,
    requiresRerunWithOCR: doc?.requiresRerunWithOCR ?? false, previewRequired: false, numTypos: 0, suspectCount: 0,
    webReport: pdf?.webReport ?? false, suggestion: '', firstBrokenBalanceRow: null,
    numTransactions: 0, numCredits: 0, numDebits: 0, nsfcount: 0, startBalance: 0, endBalance: 0,
    endBalanceCalc: 0, endBalancePDF: 0, totCredits: 0, totDebits: 0, overDraftLimit: null,
    firstDate: '', lastDate: '', startDate: '', endDate: '', cdate: pdf?.cdate ?? '', mdate: pdf?.mdate ?? '',
    numMonths: 0, monthSequence: 0, numAccounts: 0, accountSequence: 0,
    accountNumber: '', bankName: 'Unknown', bankURL: '', accountOwner: [], isBusiness: false, name: '', company: '',
    address1: '', address2: '', city: '', state: '', postalcode: '', country: '',
    fdicaddress: '', fdiccity: '', fdicstate: '', fdiczipcode: '', bankphones: [], currencycode: 'USD', language: 'en',
    pagecount: pdf?.pagecount ?? 0, minResolution: pdf?.minResolution ?? 0, maxResolution: pdf?.maxResolution ?? 0, producer: pdf?.producer ?? '',
    ocr: (pdf?.ocrPages?.length ?? 0) > 0, image: pdf?.image ?? false, email: ctx.email ?? '', webhook: ctx.webhook, remaining: ctx.remaining,
    transactions: null, filePreviouslySeen: String(ctx.numInLast3Days), numInLast3Days: ctx.numInLast3Days,
    customerid: ctx.customerid ?? '',
    ...(doc?.parts ? { documentParts: doc.parts } : {}),
  };
}

/** The file_status item of a file that could not be converted: numTransactions < 0 and a message. */
export function errorFileStatus(ctx: FileStatusContext, message: string, doc: ParsedDocument | null = null): FileStatus {
  return { ...base(ctx, doc), fail: true, numTransactions: -1, suggestion: message, error: message };
}

/** The file_status item of one converted statement, reconciled with `alloweddiff`. */
export function statementFileStatus(
  ctx: FileStatusContext, doc: ParsedDocument, seq: SequencedStatement, options: ConversionOptions,
): FileStatus {
  const s = seq.statement;
  const r = reconcile(s, Math.round(options.alloweddiff * 100));
  const txns = s.transactions;
  const dates = txns.map((t) => t.date).sort();
  const firstDate = dates[0] ?? '';
  const lastDate = dates[dates.length - 1] ?? '';
  const hints = [...(s.hints ?? [])];
  if (!r.balancesValid) hints.push(s.startBalance === null ? 'Starting balance not found.' : 'Ending balance not found.');
  else if (!r.reconciled) hints.push(`Does not reconcile: computed ending balance ${formatCents(r.endBalanceCalc)} vs printed ${formatCents(r.endBalancePrinted)} (difference ${formatCents(r.difference)}).`);
  if (r.firstBroken) {
    const b = r.firstBroken;
    hints.push(`Running balance breaks at row ${b.index + 1} (${b.transaction.date} "${b.transaction.description}"): expected ${formatCents(b.expected)}, printed ${formatCents(b.printed)}.`);
  }
  if (r.printedTotalsMatch === false) hints.push('Totals printed on the statement differ from the sum of the transactions read.');
  const nsfcount = ctx.nsfcount ?? txns.filter((t) => t.amount < 0 && NSF.test(`${t.description} ${t.memo ?? ''}`)).length;
  const isCard = s.accountTypeStr === 'CCard';
  return {
    ...base(ctx, doc),
    detectedDocTypeText: s.docType, processedDocTypeText: s.docType,
    detectedDocType: DOC_TYPE_CODES[s.docType] ?? 0, processedDocType: DOC_TYPE_CODES[s.docType] ?? 0,
    docType: s.docType === 'Tax Form' ? 1 : 0,
    accounttype: isCard ? 2 : 0, accounttypestr: s.accountTypeStr, accounttitle: s.accountTitle ?? '',
    donegate: s.donegate ?? false, negate: s.donegate ?? false,
    reconciled: r.reconciled, balancesValid: r.balancesValid,
    columnsValid: s.columnsValid ?? true, headerValid: s.headerValid ?? (s.bankName !== 'Unknown' && !!s.accountNumber),
    isStrongAccountNo: s.isStrongAccountNo,
    likelyMissingTransactions: (r.balancesValid && !r.reconciled) || r.printedTotalsMatch === false
      || (s.printedTotals?.numCredits !== undefined && s.printedTotals.numCredits !== r.numCredits)
      || (s.printedTotals?.numDebits !== undefined && s.printedTotals.numDebits !== r.numDebits),
    nonTransactions: (s.nonTransactions ?? []).join('\n'),
    isMonthToDate: s.isMonthToDate ?? false,
    numTypos: s.numTypos ?? 0, suspectCount: s.suspectCount ?? 0,
    previewRequired: (s.numTypos ?? 0) > 0 || (s.suspectCount ?? 0) > 0,
    suggestion: hints.join(' '),
    firstBrokenBalanceRow: r.firstBroken ? {
      index: r.firstBroken.index, date: r.firstBroken.transaction.date, description: r.firstBroken.transaction.description,
      expectedBalance: centsToAmount(r.firstBroken.expected), printedBalance: centsToAmount(r.firstBroken.printed),
    } : null,
    numTransactions: txns.length, numCredits: r.numCredits, numDebits: r.numDebits, nsfcount,
    startBalance: centsToAmount(r.startBalance), endBalance: centsToAmount(r.endBalancePrinted),
    endBalanceCalc: centsToAmount(r.endBalanceCalc), endBalancePDF: centsToAmount(r.endBalancePrinted),
    totCredits: centsToAmount(r.totCredits), totDebits: centsToAmount(r.totDebits),
    overDraftLimit: s.overDraftLimit !== undefined ? centsToAmount(s.overDraftLimit) : null,
    firstDate, lastDate, startDate: s.startDate ?? firstDate, endDate: s.endDate ?? lastDate,
    numMonths: seq.numMonths, monthSequence: seq.monthSequence, numAccounts: seq.numAccounts, accountSequence: seq.accountSequence,
    accountNumber: s.accountNumber, bankName: s.bankName || 'Unknown', bankURL: s.bankURL ?? '',
    accountOwner: s.accountOwner ?? [], isBusiness: s.isBusiness ?? false, name: s.ownerName ?? '', company: s.company ?? '',
    address1: s.address?.address1 ?? '', address2: s.address?.address2 ?? '', city: s.address?.city ?? '',
    state: s.address?.state ?? '', postalcode: s.address?.postalcode ?? '', country: s.address?.country ?? '',
    fdicaddress: s.fdic?.address ?? '', fdiccity: s.fdic?.city ?? '', fdicstate: s.fdic?.state ?? '', fdiczipcode: s.fdic?.zipcode ?? '',
    // A PDF whose currency could not be told stays empty (the suggestion says why), never a
    // guessed USD. The structured formats (the service's JSON, CSV, Plaid) carry no currency
    // unless they say one, and the API's default for them is USD.
    bankphones: s.bankPhones ?? [], currencycode: s.currencyCode ?? (doc.format === 'pdf' ? '' : 'USD'), language: s.language ?? (options.language || 'en'),
  };
}

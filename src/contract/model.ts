import type { Cents } from './money.js';
import type { IsoDate } from './dates.js';

/**
 * The engine's output, before anything is stored. Every converter (PDF, OFX, CSV, MTJson,
 * Plaid) produces a ParsedDocument; `src/engine/statement/file-status.ts` turns each
 * ParsedStatement into a reconciled `file_status` item. Money is integer cents; credits are
 * positive, debits negative (for a credit card: payments positive, purchases negative, i.e.
 * already in the card holder's point of view; `donegate` says the printed values were negated).
 */
export interface ParsedTransaction {
  date: IsoDate;
  description: string;
  memo?: string;
  amount: Cents;
  /** Running balance after this row, when the document prints or provides one. */
  balance?: Cents | null;
  checkNumber?: string;
  /** Source-specific type: e.g. OFX TRNTYPE, a PDF section heading such as "Checks Paid". */
  type?: string;
  customerId?: string;
  /** 1-based page the row was read from (PDF only). */
  page?: number;
  /** Read by OCR: the engine's confidence (0–100) in the printed amount's word. */
  amountConfidence?: number;
}

export type DocTypeText = 'Bank Statement' | 'Credit Card Statement' | 'Application' | 'Investment Statement' | 'Tax Form';
export type AccountTypeStr = 'Checking' | 'Savings' | 'MoneyMarket' | 'Line of Credit' | 'CCard';

export interface PostalAddress {
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postalcode?: string;
  country?: string;
}

export interface ParsedStatement {
  docType: DocTypeText;
  accountTypeStr: AccountTypeStr;
  bankName: string;               // 'Unknown' when not found
  bankURL?: string;
  bankPhones?: string[];
  fdic?: { address?: string; city?: string; state?: string; zipcode?: string };
  accountNumber: string;
  isStrongAccountNo: boolean;
  accountTitle?: string;
  ownerName?: string;
  company?: string;
  accountOwner?: string[];        // the printed owner/address block, line by line
  address?: PostalAddress;
  isBusiness?: boolean;
  startDate?: IsoDate;            // statement period as printed
  endDate?: IsoDate;
  startBalance: Cents | null;     // as printed / provided (null = not found)
  endBalance: Cents | null;
  printedTotals?: { credits?: Cents; debits?: Cents; numCredits?: number; numDebits?: number };
  overDraftLimit?: Cents;
  currencyCode?: string;
  language?: string;
  donegate?: boolean;
  isMonthToDate?: boolean;
  transactions: ParsedTransaction[];
  /** Rows that looked like money but are not transactions (daily balance tables, summaries). */
  nonTransactions?: string[];
  firstPage?: number;
  lastPage?: number;
  /** Quality signals the converter measured. */
  columnsValid?: boolean;
  headerValid?: boolean;
  numTypos?: number;
  suspectCount?: number;
  hints?: string[];
  /**
   * Pages that list again transactions of earlier pages (a page scanned twice, a listing
   * reprinted by type): `rows` of theirs were left out, not counted twice; `kept` counts the
   * rows found only there (no earlier row resembles them), which are kept.
   */
  repeatedListings?: { page: number; rows: number; sameAs: number[]; kept: number }[];
}

export interface PdfInfo {
  producer: string;
  creator?: string;
  cdate: string;   // ISO 8601 or ''
  mdate: string;
  pagecount: number;
  image: boolean;  // no text layer
  /** Pages read by OCR (1-based); absent when none was. */
  ocrPages?: number[];
  /** Lowest and highest resolution (dpi) of the page images read by OCR. */
  minResolution?: number;
  maxResolution?: number;
  encrypted?: boolean;
  webReport?: boolean;
  uselessPages?: number;
}

export interface ParsedDocument {
  /** Which converter read it. */
  format: 'pdf' | 'ofx' | 'csv' | 'mtjson' | 'plaid';
  detectedDocType: DocTypeText;
  /** Why the document was taken for that kind: the phrases that decided it (PDFs read by autoDetect). */
  docTypeEvidence?: string;
  statements: ParsedStatement[];
  pdf?: PdfInfo;
  /** A whole-file problem (encrypted, corrupt, not financial, image-only …). */
  error?: string;
  requiresRerunWithOCR?: boolean;
  /** An application form's fields (reference 2.2 `form`), when the document is one. */
  form?: import('./api/application-form.js').ApplicationForm;
  /** A tax form's key figures, when the document is one. */
  taxForm?: import('./api/tax-form.js').TaxFormFigures;
  /** A PDF of several documents (a lending package): how it was split, each part read by its own reader. */
  parts?: DocumentPart[];
}

/** One document of a package PDF. */
export interface DocumentPart {
  /** 1-based pages, in order. */
  pages: number[];
  /** What the part is: a document type, a kind no reader takes ('Pay Stub', 'Identity Document', 'Cheque', 'Insurance Form'), or 'Unknown'. */
  kind: string;
  /** The phrases that decided the kind. */
  evidence: string;
  /** How it was read: into statements (`statements` of the document's, in order), into a tax form, or not at all. */
  readAs: 'statements' | 'taxForm' | 'unrecognised';
  statements?: number;
  taxForm?: import('./api/tax-form.js').TaxFormFigures;
  /** Why a part that should have been read was not. */
  error?: string;
}

/** A transaction as stored by the service, with its identity and classification. */
export interface StoredTransaction extends ParsedTransaction {
  id: number;
  statementId: number;
  /** 0-based index of the account within the application (order of first appearance). */
  accountIdx: number;
  /** Category keys from the rulebook (src/scorecard/rules), e.g. 'mca', 'payroll'. */
  categories: string[];
  /** True credit (counts as revenue); null for debits. */
  trueval: boolean | null;
}

/** A statement as stored, with `/updatesummary` edits applied to the summary figures. */
export interface StoredStatement {
  id: number;
  tid: string;
  fileName: string;
  accountIdx: number;
  accountNumber: string;
  accountTypeStr: AccountTypeStr;
  bankName: string;
  ownerName: string;
  startDate: IsoDate;
  endDate: IsoDate;
  startBalance: Cents;
  endBalance: Cents;
  totCredits: Cents;
  totDebits: Cents;
  reconciled: boolean;
  /** True while transactions of this statement failed validation and were left out. */
  excludedTransactions: boolean;
  transactions: StoredTransaction[];
  /** Fraud score 0–100 of the statement's file (src/service/fraud); null/absent = not scored (image PDF, data formats). */
  fraudScore?: number | null;
  /** The reasons behind the fraud score: index (file_status tpreasonsIndexes) and sentence. */
  fraudReasons?: { index: number; text: string }[];
  /** ISO 4217 code of the statement's money as read (absent/null = not stated: USD). */
  currency?: string | null;
}

/** Everything the scorecard needs about one application. */
export interface ScorecardInput {
  appid: number;
  appnumber: string;
  statements: StoredStatement[];
  numFileConversionsInProgress: number;
}

import type { PageText } from '../../engine/pdf/extract.js';
import type { ParsedStatement, PdfInfo } from '../../contract/model.js';
import { fontLabel } from './text-layout.js';

/**
 * What one statement looks like and says about its account, kept beside it so the statements
 * of an application can be compared: the same account's statements come from one system (same
 * fonts, page size, producer), name the same holder, address and product, and chain.
 */
export interface StatementFingerprint {
  fileName: string;
  sha256: string;
  bankName: string;
  accountNumber: string;
  /** The account number's shape: digits → 9, letters → A ("****1234" → "****9999"). */
  accountFormat: string;
  holder: string;
  address: string;
  product: string;
  startDate: string;
  endDate: string;
  startBalance: number | null;
  endBalance: number | null;
  producer: string;
  /** Fonts of the statement's pages, most printed characters first (at most 6). */
  fonts: string[];
  /** Page size in points, "612x792". */
  pageSize: string;
}

/** Traits read from the PDF for one statement (in the conversion worker, where the text is). */
export type StatementTraits = Pick<StatementFingerprint, 'producer' | 'fonts' | 'pageSize'>;

export function statementTraits(s: ParsedStatement, pages: PageText[], info: PdfInfo): StatementTraits {
  const own = pages.filter((p) => (!s.firstPage || p.page >= s.firstPage) && (!s.lastPage || p.page <= s.lastPage));
  const chars = new Map<string, number>();
  for (const p of own) for (const it of p.items) { const f = fontLabel(it.font); chars.set(f, (chars.get(f) ?? 0) + it.str.length); }
  const fonts = [...chars].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([f]) => f);
  const first = own[0] ?? pages[0];
  const pageSize = first ? `${Math.round(first.width)}x${Math.round(first.height)}` : '';
  return { producer: [info.producer, info.creator ?? ''].filter((x) => x.trim()).join(' / '), fonts, pageSize };
}

const norm = (v: string | undefined) => (v ?? '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();

/** `dates`: the period as stored (printed, else the first and last transaction dates). */
export function fingerprintOf(s: ParsedStatement, traits: StatementTraits, file: { fileName: string; sha256: string }, dates: { startDate: string; endDate: string }): StatementFingerprint {
  return {
    fileName: file.fileName, sha256: file.sha256, bankName: s.bankName, accountNumber: s.accountNumber,
    accountFormat: s.accountNumber.replace(/\d/g, '9').replace(/[A-Za-z]/g, 'A'),
    holder: norm(s.ownerName ?? s.company), address: norm(s.address?.address1), product: norm(s.accountTitle),
    startDate: dates.startDate, endDate: dates.endDate, startBalance: s.startBalance, endBalance: s.endBalance, ...traits,
  };
}

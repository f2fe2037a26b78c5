import type { ConversionOptions } from '../../contract/api/conversion-options.js';
import type { ParsedDocument, ParsedStatement } from '../../contract/model.js';
import { extractPdf, type PageText } from '../convert/pdf/extract.js';
import type { Reconciliation } from '../convert/statement/reconcile.js';
import { fileFindings, type Finding } from './file-signals.js';
import { readPdfStructure } from './pdf-structure.js';
import { scoreFindings, type FraudFields } from './score.js';
import { ownerFindings, statementFindings } from './statement-signals.js';
import { columnOutliers } from './text-layout.js';

export type { Finding } from './file-signals.js';
export type { FraudFields } from './score.js';
export { FRAUD_REASONS, FRAUD_BANDS, bandOf } from './reasons.js';

/**
 * Which documents get a fraud score: text PDFs only. Image PDFs have no text to check (the
 * reference: no fraud score for image documents); MTJson, Plaid, OFX and CSV are data a
 * system exported, with no document of their own to inspect, so they get none either.
 */
export function scoresDocument(doc: ParsedDocument): boolean {
  return doc.format === 'pdf' && !!doc.pdf && !doc.pdf.image && !doc.error;
}

/**
 * Runs in the conversion worker after the conversion: the whole-file signals (metadata,
 * revisions, type and alignment of amounts). Null when the document gets no score.
 * `pages`: the text the PDF engine already extracted, when it hands it over; otherwise the
 * text is read again here (that second read is nearly all of the fraud score's cost).
 */
export async function analyzeFile(bytes: Uint8Array, fileName: string, doc: ParsedDocument, options: Pick<ConversionOptions, 'firstpage' | 'lastpage'>, pages?: PageText[]): Promise<Finding[] | null> {
  if (!scoresDocument(doc)) return null;
  const structure = readPdfStructure(bytes);
  const text = pages ?? (await extractPdf(bytes, fileName, { firstpage: options.firstpage, lastpage: options.lastpage })).pages;
  return fileFindings(doc.pdf!, structure, columnOutliers(text));
}

/** Where else the same file was seen (numInLast3Days counts repeats in this application already). */
export interface SeenElsewhere { appnumbers: string[] }

/** The fraud-score fields of one statement: the file's signals plus the statement's own. */
export function scoreStatement(file: Finding[], s: ParsedStatement, all: ParsedStatement[], r: Reconciliation, seen: SeenElsewhere): FraudFields {
  const findings = [...file, ...statementFindings(s, r), ...ownerFindings(s, all)];
  if (seen.appnumbers.length) {
    const list = seen.appnumbers.slice(0, 3).map((a) => `"${a}"`).join(', ');
    findings.push({ key: 'seen-in-other-application', text: `The same file was uploaded before to application${seen.appnumbers.length === 1 ? '' : 's'} ${list}${seen.appnumbers.length > 3 ? ', …' : ''}` });
  }
  return scoreFindings(findings);
}

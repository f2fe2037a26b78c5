import type { ConversionOptions } from '../../contract/api/conversion-options.js';
import type { ParsedDocument, ParsedStatement } from '../../contract/model.js';
import { extractPdf, type PageText } from '../../engine/pdf/extract.js';
import { reconcile, type Reconciliation } from '../../engine/statement/reconcile.js';
import type { Query } from '../store/query.js';
import { acrossApplications, withinApplication } from './application-checks.js';
import { mayCoverText } from './cover-precheck.js';
import { coverFindings, coveringBoxes } from './drawing.js';
import { fileFindings, type Finding } from './file-signals.js';
import { fingerprintOf, statementTraits, type StatementTraits } from './fingerprint.js';
import { identityFindings } from './identity.js';
import { letterheadFindings, letterheads } from './letterhead.js';
import { imageLetterhead } from './letterhead-image.js';
import { pageLines } from './page-lines.js';
import { latin1Of, readPdfStructure } from './pdf-structure.js';
import { FRAUD_THRESHOLDS } from './reasons.js';
import { scoreFindings, type FraudFields } from './score.js';
import { otherApplicationsWithFile } from './seen-before.js';
import { fileDateFindings, ownerFindings, statementFindings, totalsFindings } from './statement-signals.js';
import { fingerprintsElsewhere, fingerprintsOfApplication, saveFingerprint, saveStatementFraud } from './store.js';
import { metadataEdited, misalignedBaselines, officeFonts, overlaidText, placeholders } from './text-forensics.js';
import { columnOutliers } from './text-layout.js';

export type { Finding, Evidence } from './file-signals.js';
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

/** What the conversion worker learns from the file: whole-file findings, and per statement (same order as doc.statements) its own findings and traits. */
export interface FileAnalysis {
  file: Finding[];
  statements: { findings: Finding[]; traits: StatementTraits }[];
}

/**
 * Runs in the conversion worker after the conversion: metadata, saves, drawing, type and
 * alignment of amounts, the bank's identity, printed totals. Null when the document gets no
 * score. `pages`: the text the PDF engine already extracted, when it hands it over; otherwise
 * the text is read again here (that second read is nearly all of the fraud score's cost).
 */
export async function analyzeFile(bytes: Uint8Array, fileName: string, doc: ParsedDocument, options: Pick<ConversionOptions, 'firstpage' | 'lastpage'>, pages?: PageText[]): Promise<FileAnalysis | null> {
  if (!scoresDocument(doc)) return null;
  const info = doc.pdf!;
  const raw = latin1Of(bytes);
  const structure = readPdfStructure(bytes, raw);
  const text = pages ?? (await extractPdf(bytes, fileName, { firstpage: options.firstpage, lastpage: options.lastpage })).pages;
  const lines = pageLines(text);
  const descriptions = doc.statements.flatMap((s) => s.transactions.map((t) => `${t.description} ${t.memo ?? ''}`)).join('\n').toUpperCase();
  const banks = doc.statements.map((s) => s.bankName);
  const bankName = banks.sort((a, b) => banks.filter((x) => x === b).length - banks.filter((x) => x === a).length)[0] ?? 'Unknown';
  const heads = letterheads(text, lines);
  // A first page whose logo is a picture: read by OCR (only when an image lies in its top band).
  const logo = await imageLetterhead(bytes, text, heads, undefined, raw);
  const file = [
    ...fileFindings(info, structure, columnOutliers(text)),
    // Parsing the object graph is the dearest step: only when the bytes say a cover may be there.
    ...(mayCoverText(bytes, FRAUD_THRESHOLDS.maxContentBytes, raw) ? coverFindings(await coveringBoxes(bytes, text), text) : []),
    ...overlaidText(text),
    ...misalignedBaselines(lines),
    ...metadataEdited(info, structure),
    ...officeFonts(text),
    ...placeholders(lines),
    ...identityFindings({ lines, bankName, descriptions, accountNumbers: doc.statements.map((s) => s.accountNumber), info }),
    ...letterheadFindings(logo ? [logo, ...heads] : heads, bankName),
  ];
  // Printed totals are judged against the rows as printed (no allowed difference).
  return { file, statements: doc.statements.map((s) => ({ findings: [...totalsFindings(s, reconcile(s, 0), lines), ...fileDateFindings(s, info.cdate)], traits: statementTraits(s, text, info) })) };
}

/** Where else the same file was seen (numInLast3Days counts repeats in this application already). */
export interface SeenElsewhere { appnumbers: string[] }

/** The fraud-score fields of one statement from its own document: the file's signals plus the statement's own. */
export function scoreStatement(analysis: FileAnalysis, s: ParsedStatement, all: ParsedStatement[], r: Reconciliation, seen: SeenElsewhere, more: Finding[] = []): FraudFields {
  const own = analysis.statements[all.indexOf(s)]?.findings ?? [];
  const findings = [...analysis.file, ...own, ...statementFindings(s, r), ...ownerFindings(s, all), ...more];
  if (seen.appnumbers.length) {
    const list = seen.appnumbers.slice(0, 3).map((a) => `"${a}"`).join(', ');
    findings.push({ key: 'seen-in-other-application', text: `The same file was uploaded before to application${seen.appnumbers.length === 1 ? '' : 's'} ${list}${seen.appnumbers.length > 3 ? ', …' : ''}`, evidence: seen.appnumbers.slice(0, 3).map((a) => ({ appnumber: a })) });
  }
  return scoreFindings(findings);
}

/**
 * Scores a stored statement inside its application (the service's worker manager calls this in
 * the transaction that stores it): the document's own signals, then comparisons with the
 * application's other statements and the account's other applications; stores the score and
 * the statement's fingerprint.
 */
export async function scoreStoredStatement(db: Query, ctx: { appId: number; statementId: number; fileName: string; sha256: string; startDate: string; endDate: string },
  analysis: FileAnalysis, s: ParsedStatement, all: ParsedStatement[], r: Reconciliation): Promise<FraudFields> {
  const traits = analysis.statements[all.indexOf(s)]?.traits ?? { producer: '', fonts: [], pageSize: '' };
  const fp = fingerprintOf(s, traits, ctx, ctx);
  const more = [
    ...withinApplication(fp, await fingerprintsOfApplication(db, ctx.appId, ctx.statementId)),
    ...(ctx.startDate && ctx.endDate ? acrossApplications(fp, await fingerprintsElsewhere(db, ctx.appId, ctx.startDate, ctx.endDate)) : []),
  ];
  const fraud = scoreStatement(analysis, s, all, r, { appnumbers: await otherApplicationsWithFile(db, ctx.appId, ctx.sha256) }, more);
  await saveStatementFraud(db, ctx.statementId, fraud);
  await saveFingerprint(db, ctx.statementId, fp);
  return fraud;
}

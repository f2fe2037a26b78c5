import type { Query } from '../store/query.js';
import { appRevision, type Application } from '../store/applications.js';
import { loadStatements } from '../store/statements.js';
import type { FileStatus } from '../../contract/api/file-status.js';
import type { MultiFileResults as ContractResults } from '../../contract/api/endpoints.js';
import type { Product } from '../../contract/products.js';
import { FRAUD_SCORE_PRODUCTS } from '../../contract/products.js';
import type { ScorecardFormat } from '../../scorecard/types.js';
import { buildAppInfo, type AppInfo } from './appinfo.js';
import { withDocuments } from './appinfo-documents.js';
import { buildAppScorecard, checksForProduct } from './app-scorecard.js';
import { summarizeStatement, type StatementSummary } from './summaries.js';
import { transactionsByAccount, type AccountTransactions } from './transactions.js';
import { consistencyChecks, type Check } from '../../scorecard/index.js';

export interface ResultsOptions {
  includescorecard: boolean;
  includetransactions: boolean;
  includebalance: boolean;
  showtranstype: boolean;
  format: ScorecardFormat;
  sections?: string[];
  /** true = /updatesummary edits applied (live figures); false = as converted (/getresults). */
  edits: boolean;
}

/** The multi-file results object (reference 2.3) as the contract describes it; the service always adds its consistency checks. */
export type MultiFileResults = ContractResults & { checks: Check[] };

const FRAUD_FIELDS = ['fraudscore', 'tpreasonsIndexes', 'tpreasons', 'tpevidence'] as const;

/** `pdfinsights` never sees fraud-score fields. */
export function forProduct<T extends Record<string, unknown>>(item: T, product: Product): T {
  if (FRAUD_SCORE_PRODUCTS.includes(product)) return item;
  const copy: Record<string, unknown> = { ...item };
  for (const f of FRAUD_FIELDS) delete copy[f];
  delete copy.fraud_score;
  return copy as T;
}


export async function appInfoOf(db: Query, app: Application): Promise<AppInfo> {
  const revision = await appRevision(db, app.id);
  return await withDocuments(db, app, buildAppInfo(app, await loadStatements(db, app.id, { edits: true, transactions: false }), revision));
}

/** The multi-file results object (reference 2.3) for the given file_status items. */
export async function buildResults(db: Query, app: Application, product: Product, fileStatus: FileStatus[], opts: ResultsOptions, profileSections?: string[]): Promise<MultiFileResults> {
  const revision = await appRevision(db, app.id);
  const withDuplicates = await loadStatements(db, app.id, { edits: opts.edits, duplicates: true });
  // Duplicates are listed (marked) in the summaries and counted nowhere else.
  const statements = withDuplicates.filter((s) => !s.duplicateOf);
  const out: MultiFileResults = {
    file_status: fileStatus.map((f) => forProduct(f, product)),
    statement_summaries: withDuplicates.map((s) => forProduct(summarizeStatement(s) as unknown as Record<string, unknown>, product) as unknown as StatementSummary),
    appinfo: await withDocuments(db, app, buildAppInfo(app, statements, revision)),
    checks: checksForProduct(consistencyChecks(statements), product),
  };
  if (product === 'thumbprint') return out;
  if (opts.includescorecard) {
    out.scorecard = await buildAppScorecard(db, app, statements, { format: opts.format, sections: opts.sections, profileSections, product });
  }
  if (opts.includetransactions) out.transactions = transactionsByAccount(statements, { includebalance: opts.includebalance, showtranstype: opts.showtranstype });
  return out;
}

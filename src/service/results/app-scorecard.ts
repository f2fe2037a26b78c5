import type { Query } from '../store/query.js';
import type { Application } from '../store/applications.js';
import type { StatementRecord } from '../store/statements.js';
import { countInProgress } from '../store/conversions.js';
import { FRAUD_SCORE_PRODUCTS, type Product } from '../../contract/products.js';
import type { Scorecard, ScorecardFormat } from '../../scorecard/types.js';
import type { ScorecardInput } from '../../contract/model.js';
import { buildScorecard, type Check } from '../../scorecard/index.js';
import { taxFormsOfApp } from './stored-forms.js';
import { taxFormRows, withTaxForms } from './tax-score.js';

/** Checks a product may see: `pdfinsights` never sees fraud scores. */
export function checksForProduct(checks: Check[], product: Product): Check[] {
  return FRAUD_SCORE_PRODUCTS.includes(product) ? checks : checks.filter((c) => c.code !== 'fraud_score');
}

export function scorecardInput(app: Application, statements: StatementRecord[], inProgress: number): ScorecardInput {
  return { appid: app.id, appnumber: app.appnumber, statements, numFileConversionsInProgress: inProgress };
}

export interface AppScorecardOptions {
  format: ScorecardFormat;
  /** Sections the request asked for; empty or absent = the account profile's, else all. */
  sections?: string[] | undefined;
  profileSections?: string[] | undefined;
  /** The product asking: its checks are filtered (checksForProduct); absent = every check. */
  product?: Product | undefined;
}

/**
 * The application's scorecard as every answer gives it (/scorecard, /makexls, the signed page,
 * and the scorecard inside /uploadpdfs and /getresults): built from the given statements, with
 * the application's tax forms and the checks the product may see. One builder, so the answers
 * built in the results worker and on the event loop cannot drift apart.
 */
export async function buildAppScorecard(db: Query, app: Application, statements: StatementRecord[], opts: AppScorecardOptions): Promise<Scorecard> {
  const chosen = opts.sections?.length ? opts.sections : opts.profileSections;
  const card = buildScorecard(scorecardInput(app, statements, await countInProgress(db, app.id)), { format: opts.format, ...(chosen?.length ? { sections: chosen } : {}) });
  if (opts.product) card.checks = checksForProduct(card.checks ?? [], opts.product);
  return withTaxForms(card, taxFormRows(await taxFormsOfApp(db, app.id), statements), opts.format);
}

import type { Query } from '../store/query.js';
import { appById, type Application } from '../store/applications.js';
import type { Product } from '../../contract/products.js';
import type { FileStatus } from '../../contract/api/file-status.js';
import { appInfoOf, buildResults, forProduct, type ResultsOptions } from './build.js';

/**
 * What an upload answers once its conversions finished, and what its webhook POSTs: the
 * multi-file results of /uploadpdfs, or file_status and appinfo of /makecsv, with `userdata`.
 * Kept with a webhook batch (store/webhook-batches.ts) so any instance builds the same body.
 */
export interface FinalSettings {
  endpoint: 'uploadpdfs' | 'makecsv';
  product: Product;
  results: ResultsOptions;
  userdata?: unknown;
}

export async function finalResults(db: Query, accountId: number, app: Application, profileSections: string[] | undefined, s: FinalSettings, items: FileStatus[]): Promise<Record<string, unknown>> {
  const fresh = await appById(db, accountId, app.id) ?? app;
  if (s.endpoint === 'makecsv') {
    const out: Record<string, unknown> = { file_status: items.map((i) => forProduct(i, s.product)), appinfo: await appInfoOf(db, fresh) };
    if (s.userdata !== undefined) out.userdata = s.userdata;
    return out;
  }
  const results = await buildResults(db, fresh, s.product, items, s.results, profileSections) as unknown as Record<string, unknown>;
  if (s.userdata !== undefined) results.userdata = s.userdata;
  return results;
}

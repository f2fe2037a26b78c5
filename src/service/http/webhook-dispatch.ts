import type { ServiceContext } from './context.js';
import type { Account } from '../store/accounts.js';
import type { Product } from '../../contract/products.js';
import { dispatchConversionWebhook } from '../webhooks/index.js';

/**
 * Hands conversion results to the webhook module (src/service/webhooks/): it builds the body
 * for the product / whonlynotify, signs it, delivers with bounded retries and records attempts.
 */
export async function dispatchResults(ctx: ServiceContext, account: Account, appId: number, url: string, results: Record<string, unknown>, product: Product, whonlynotify: boolean): Promise<void> {
  await dispatchConversionWebhook({ db: ctx.db, accountId: account.id, appId, url, secret: account.webhookSecret, results, product, whonlynotify });
}

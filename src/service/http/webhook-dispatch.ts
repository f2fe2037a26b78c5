import type { ServiceContext } from './context.js';
import type { Account } from '../store/accounts.js';
import type { Product } from '../auth/products.js';
import { loadOptional } from '../results/modules.js';

/**
 * Hands conversion results to the webhook module (src/service/webhooks/index.ts, built by the
 * service-edges work): it signs, delivers with bounded retries and records every attempt.
 */
interface WebhooksModule {
  dispatchConversionWebhook?: (args: {
    db: ServiceContext['db']; accountId: number; appId: number; url: string; secret: string;
    results: Record<string, unknown>; product: Product; whonlynotify: boolean;
  }) => Promise<unknown> | unknown;
}

export async function dispatchResults(ctx: ServiceContext, account: Account, appId: number, url: string, results: Record<string, unknown>, product: Product, whonlynotify: boolean): Promise<void> {
  const mod = await loadOptional<WebhooksModule>('webhooks/index.ts').catch((err: Error) => {
    ctx.log?.error({ err: err.message }, 'webhook module failed to load');
    return null;
  });
  if (!mod?.dispatchConversionWebhook) {
    ctx.log?.error({ url, appId }, 'webhook not sent: src/service/webhooks/index.ts has no dispatchConversionWebhook');
    return;
  }
  await mod.dispatchConversionWebhook({ db: ctx.db, accountId: account.id, appId, url, secret: account.webhookSecret, results, product, whonlynotify });
}

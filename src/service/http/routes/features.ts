import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { ServiceContext } from '../context.js';
import { HttpError, parseFields } from '../errors.js';
import { readForm } from '../form.js';
import { requireAuth } from '../auth-hook.js';
import type { Feature, Product } from '../../../contract/products.js';
import { appById, appByNumber, type Application } from '../../store/applications.js';
import {
  BriefcaseConnectionsRequest, BriefcaseHistoryRequest, BriefcaseRespondRequest, BriefcaseShareRequest, BriefcaseUpdateRequest,
  CreditReportRequest, GoogleSheetsRequest,
} from '../../../contract/api/features.js';

/**
 * Operator-enabled features that need an outside provider: /googlesheets, /creditreport and
 * Briefcase. Checks in order: licence (auth hook) → feature enabled for the account (else 403)
 * → fields (400 naming the field) → application (404) → provider configured (else 501 saying
 * what to configure). With a provider the call is handed to it; there is never a fake success.
 */
export type ProviderName = 'googlesheets' | 'creditreport' | 'briefcase';

export interface FeatureCall {
  endpoint: string;
  account: { id: number; username: string; product: Product };
  fields: Record<string, unknown>;
  app: Application | null;
}

/** What a provider answers: HTTP status and JSON body (no body → empty 200/204). */
export interface FeatureOutcome { status: number; body?: unknown }
export type FeatureProvider = (call: FeatureCall) => Promise<FeatureOutcome>;
export type FeatureProviders = Partial<Record<ProviderName, FeatureProvider>>;

/** What the operator must supply for each provider (the 501 message says it). */
export const PROVIDER_NEEDS: Record<ProviderName, string> = {
  googlesheets: 'a Google Sheets provider (credentials of a Google service account with write access to the customer\'s sheets)',
  creditreport: 'a credit bureau provider (soft-pull credentials with a consumer credit bureau)',
  briefcase: 'a Briefcase provider (the sharing network\'s endpoint and credentials)',
};

interface FeatureRoute {
  method: 'GET' | 'POST';
  url: string;
  endpoint: string;
  feature: Feature;
  provider: ProviderName;
  schema: z.ZodType;
  /** How the request names its application, if it does. */
  app?: 'appid' | 'appnumber';
  /** The application must already hold converted files. */
  needsConvertedFiles?: boolean;
}

export const FEATURE_ROUTES: readonly FeatureRoute[] = [
  { method: 'POST', url: '/googlesheets', endpoint: 'googlesheets', feature: 'googlesheets', provider: 'googlesheets', schema: GoogleSheetsRequest, app: 'appnumber' },
  { method: 'POST', url: '/creditreport', endpoint: 'creditreport', feature: 'creditreport', provider: 'creditreport', schema: CreditReportRequest, app: 'appid', needsConvertedFiles: true },
  { method: 'GET', url: '/briefcase/connections', endpoint: 'briefcase/connections', feature: 'briefcase', provider: 'briefcase', schema: BriefcaseConnectionsRequest },
  { method: 'POST', url: '/briefcase/share', endpoint: 'briefcase/share', feature: 'briefcase', provider: 'briefcase', schema: BriefcaseShareRequest, app: 'appid' },
  { method: 'POST', url: '/briefcase/respond', endpoint: 'briefcase/respond', feature: 'briefcase', provider: 'briefcase', schema: BriefcaseRespondRequest },
  { method: 'POST', url: '/briefcase/update', endpoint: 'briefcase/update', feature: 'briefcase', provider: 'briefcase', schema: BriefcaseUpdateRequest, app: 'appid' },
  { method: 'GET', url: '/briefcase/history', endpoint: 'briefcase/history', feature: 'briefcase', provider: 'briefcase', schema: BriefcaseHistoryRequest },
];

export interface FeatureRoutesOptions {
  ctx: ServiceContext;
  /** Providers; when absent, `ctx.config.providers` is used. */
  providers?: FeatureProviders;
}

export const featureRoutes: FastifyPluginAsync<FeatureRoutesOptions> = async (app, opts) => {
  const { ctx } = opts;
  const providers = (): FeatureProviders =>
    opts.providers ?? (ctx.config as { providers?: FeatureProviders }).providers ?? {};

  for (const route of FEATURE_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      config: { endpoint: route.endpoint },
      handler: async (request, reply) => {
        const { account, product } = requireAuth(request);
        if (!account.features.includes(route.feature)) {
          throw new HttpError(403, `the ${route.feature} feature is not enabled for this account; the operator enables it with: ledgerdrop accounts add ${account.username} … --features ${route.feature}`);
        }
        const { fields } = await readForm(request);
        const parsed = parseFields(route.schema, fields) as Record<string, unknown>;
        let application: Application | null = null;
        if (route.app === 'appid') {
          application = appById(ctx.db, account.id, parsed.appid as number);
          if (!application) throw new HttpError(404, `application ${String(parsed.appid)} not found`);
        } else if (route.app === 'appnumber') {
          application = appByNumber(ctx.db, account.id, parsed.appnumber as string);
          if (!application) throw new HttpError(404, `application ${String(parsed.appnumber)} not found`);
        }
        if (application && route.needsConvertedFiles) {
          const r = ctx.db.prepare('SELECT COUNT(*) AS n FROM files WHERE app_id = ?').get(application.id) as { n: number };
          if (r.n === 0) throw new HttpError(400, `application ${application.appnumber} has no converted documents: run /uploadpdfs or /makecsv for it first`);
        }
        const provider = providers()[route.provider];
        if (!provider) {
          throw new HttpError(501, `${route.feature} is enabled for this account, but this server has no ${route.provider} provider configured: ` +
            `the operator must configure ${PROVIDER_NEEDS[route.provider]} as config.providers.${route.provider}. ` +
            'Ledgerdrop ships no provider because the service runs without outside network access.');
        }
        const outcome = await provider({
          endpoint: route.endpoint, account: { id: account.id, username: account.username, product }, fields: parsed, app: application,
        });
        reply.code(outcome.status);
        if (outcome.body === undefined) return reply.send();
        return outcome.body;
      },
    });
  }
};

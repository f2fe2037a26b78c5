import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../errors.js';
import { validated } from '../validation.js';
import { requireAuth } from '../auth-hook.js';
import type { Feature } from '../../../contract/products.js';
import { PROVIDER_NEEDS, type FeatureProviders, type ProviderName } from '../../features/providers.js';
import { endpoint, type EndpointSpec } from '../endpoint.js';
import { appById, appByNumber, type Application } from '../../store/applications.js';
import { countFiles } from '../../store/files.js';
import { CreditReportRequest, GoogleSheetsRequest } from '../../../contract/api/features.js';

/**
 * Operator-enabled features that need an outside provider: /googlesheets and /creditreport
 * (Briefcase is served by the service itself: routes/briefcase.ts). Checks in order: licence (auth hook) → feature enabled for the account (else 403)
 * → fields (400 naming the field) → application (404) → provider configured (else 501 saying
 * what to configure). With a provider the call is handed to it; there is never a fake success.
 */
interface FeatureRoute {
  method: 'GET' | 'POST';
  url: string;
  endpoint: string;
  summary: string;
  /** What the provider answers with (the OpenAPI document says it). */
  answer: string;
  feature: Feature;
  provider: ProviderName;
  schema: z.ZodType;
  /** How the request names its application, if it does. */
  app?: 'appid' | 'appnumber';
  /** The application must already hold converted files. */
  needsConvertedFiles?: boolean;
}

export const FEATURE_ROUTES: readonly FeatureRoute[] = [
  { method: 'POST', url: '/googlesheets', summary: 'Update an existing online sheet with scorecard data', answer: '', endpoint: 'googlesheets', feature: 'googlesheets', provider: 'googlesheets', schema: GoogleSheetsRequest, app: 'appnumber' },
  { method: 'POST', url: '/creditreport', summary: 'Soft credit pull on an application form', answer: 'credit report', endpoint: 'creditreport', feature: 'creditreport', provider: 'creditreport', schema: CreditReportRequest, app: 'appid', needsConvertedFiles: true },
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
    const spec: EndpointSpec = {
      method: route.method === 'GET' ? 'get' : 'post', path: route.url, summary: route.summary, request: route.schema, feature: route.feature,
      ok: route.answer ? { status: 200, body: 'json', description: `the provider's answer (${route.answer})` } : { status: 200, body: 'none', description: 'no content' },
    };
    app.route(endpoint(spec, async (request, reply) => {
      const { account, product } = requireAuth(request);
      if (!account.features.includes(route.feature)) {
        throw new HttpError(403, `the ${route.feature} feature is not enabled for this account; the operator enables it with: ledgerdrop accounts add ${account.username} … --features ${route.feature}`);
      }
      const parsed = validated(request, route.schema) as Record<string, unknown>;
      let application: Application | null = null;
      if (route.app === 'appid') {
        application = await appById(ctx.db, account.id, parsed.appid as number);
        if (!application) throw new HttpError(404, `application ${String(parsed.appid)} not found`);
      } else if (route.app === 'appnumber') {
        application = await appByNumber(ctx.db, account.id, parsed.appnumber as string);
        if (!application) throw new HttpError(404, `application ${String(parsed.appnumber)} not found`);
      }
      if (application && route.needsConvertedFiles) {
        if (await countFiles(ctx.db, application.id) === 0) throw new HttpError(400, `application ${application.appnumber} has no converted documents: run /uploadpdfs or /makecsv for it first`);
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
    }));
  }
};

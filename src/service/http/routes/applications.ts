import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../context.js';
import { validated } from '../validation.js';
import { requireAuth } from '../auth-hook.js';
import {
  AppInfoSchema, GetAppsRequest, NewAppRequest, RemainingSchema,
} from '../../../contract/api/endpoints.js';
import { getOrCreateApp, listApps } from '../../store/applications.js';
import { remainingConversions } from '../../store/accounts.js';
import { appInfoOf } from '../../results/build.js';
import { endpoint } from '../endpoint.js';
import { z } from 'zod';

/** /new, /getapps, /remaining. */
export const applicationRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  app.route(endpoint({ method: 'post', path: '/new', summary: 'Create or retrieve an application', request: NewAppRequest, ok: { status: 200, body: 'json', schema: AppInfoSchema, description: 'application info' } }, async (request) => {
    const { account } = requireAuth(request);
    const body = validated(request, NewAppRequest);
    return await appInfoOf(ctx.db, await getOrCreateApp(ctx.db, account.id, body.appnumber, body.owner));
  }));

  app.route(endpoint({ method: 'get', path: '/getapps', summary: 'List applications', request: GetAppsRequest, ok: { status: 200, body: 'json', schema: z.array(AppInfoSchema), description: 'applications, newest first' } }, async (request) => {
    const { account } = requireAuth(request);
    // Query first, then a form-data body (the body wins, as for every other endpoint): validation.ts.
    const { limit } = validated(request, GetAppsRequest);
    const out = [];
    for (const a of await listApps(ctx.db, account.id, limit)) out.push(await appInfoOf(ctx.db, a));
    return out;
  }));

  app.route(endpoint({ method: 'get', path: '/remaining', summary: 'Remaining conversions', ok: { status: 200, body: 'json', schema: RemainingSchema, description: 'conversions left' } }, async (request) => {
    const { account } = requireAuth(request);
    return { Remaining: await remainingConversions(ctx.db, account.id) };
  }));
};

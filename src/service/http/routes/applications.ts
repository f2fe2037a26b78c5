import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../context.js';
import { validated } from '../validation.js';
import { requireAuth } from '../auth-hook.js';
import {
  AppInfoSchema, GetAppsRequest, NewAppRequest, RemainingSchema,
} from '../../../contract/api/endpoints.js';
import { appById, getOrCreateApp, listApps } from '../../store/applications.js';
import { acceptedShares } from '../../store/briefcase.js';
import { accountById } from '../../store/accounts.js';
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
    const own = [];
    for (const a of await listApps(ctx.db, account.id, limit)) own.push(await appInfoOf(ctx.db, a));
    // Applications other accounts shared with this one through Briefcase (accepted), marked read-only.
    const shared = [];
    for (const s of await acceptedShares(ctx.db, account.id, limit)) {
      const a = await appById(ctx.db, s.senderAccountId, s.appId);
      const from = (await accountById(ctx.db, s.senderAccountId))?.username ?? '';
      if (a) shared.push({ ...(await appInfoOf(ctx.db, a)), briefcase: { shareid: s.shareId, from, readOnly: true as const } });
    }
    return [...own, ...shared].sort((x, y) => y.appid - x.appid).slice(0, limit);
  }));

  app.route(endpoint({ method: 'get', path: '/remaining', summary: 'Remaining conversions', ok: { status: 200, body: 'json', schema: RemainingSchema, description: 'conversions left' } }, async (request) => {
    const { account } = requireAuth(request);
    return { Remaining: await remainingConversions(ctx.db, account.id) };
  }));
};

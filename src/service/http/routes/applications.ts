import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../context.js';
import { parseFields } from '../errors.js';
import { readForm } from '../form.js';
import { requireAuth } from '../auth-hook.js';
import { GetAppsRequest, NewAppRequest } from '../../../contract/api/endpoints.js';
import { getOrCreateApp, listApps } from '../../store/applications.js';
import { remainingConversions } from '../../store/accounts.js';
import { appInfoOf } from '../../results/build.js';

/** /new, /getapps, /remaining. */
export const applicationRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  app.post('/new', { config: { endpoint: 'new' } }, async (request) => {
    const { account } = requireAuth(request);
    const { fields } = await readForm(request);
    const body = parseFields(NewAppRequest, fields);
    return appInfoOf(ctx.db, getOrCreateApp(ctx.db, account.id, body.appnumber, body.owner));
  });

  app.get('/getapps', { config: { endpoint: 'getapps' } }, async (request) => {
    const { account } = requireAuth(request);
    const { fields } = await readForm(request);
    const { limit } = parseFields(GetAppsRequest, fields);
    return listApps(ctx.db, account.id, limit).map((a) => appInfoOf(ctx.db, a));
  });

  app.get('/remaining', { config: { endpoint: 'remaining' } }, async (request) => {
    const { account } = requireAuth(request);
    return { Remaining: remainingConversions(ctx.db, account.id) };
  });
};

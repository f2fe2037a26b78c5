import type { ServiceContext } from './context.js';
import { HttpError } from './errors.js';
import { appById, type Application } from '../store/applications.js';

/** The caller's application by appid; another account's (or no) application → 404. */
export async function ownApp(ctx: ServiceContext, accountId: number, appid: number): Promise<Application> {
  const app = await appById(ctx.db, accountId, appid);
  if (!app) throw new HttpError(404, `appid: application ${appid} not found`);
  return app;
}

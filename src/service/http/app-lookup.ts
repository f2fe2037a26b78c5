import type { ServiceContext } from './context.js';
import { HttpError } from './errors.js';
import { appById, type Application } from '../store/applications.js';
import { acceptedShareOf, shareOfferedTo } from '../store/briefcase.js';
import { accountById } from '../store/accounts.js';

/**
 * The caller's application by appid, to change it; another account's (or no) application → 404.
 * An application another account shared with the caller through Briefcase is read-only: 403
 * saying so, never a change to someone else's documents.
 */
export async function ownApp(ctx: ServiceContext, accountId: number, appid: number): Promise<Application> {
  const app = await appById(ctx.db, accountId, appid);
  if (app) return app;
  const share = await shareOfferedTo(ctx.db, accountId, appid);
  if (share && share.status === 'accepted') {
    const from = (await accountById(ctx.db, share.senderAccountId))?.username ?? 'another account';
    throw new HttpError(403, `appid: application ${appid} is shared with you read-only through Briefcase (share ${share.shareId} from ${from}); it cannot be changed: ask ${from} to change it`);
  }
  throw new HttpError(404, `appid: application ${appid} not found`);
}

/**
 * An application the caller may read: its own, or one shared with it through Briefcase and
 * accepted. An offer not (or no longer) accepted → 403 naming what to do.
 */
export async function readableApp(ctx: ServiceContext, accountId: number, appid: number): Promise<Application> {
  const own = await appById(ctx.db, accountId, appid);
  if (own) return own;
  const accepted = await acceptedShareOf(ctx.db, accountId, appid);
  if (accepted) {
    const app = await appById(ctx.db, accepted.senderAccountId, appid);
    if (app) return app;
  }
  const offered = await shareOfferedTo(ctx.db, accountId, appid);
  if (offered?.status === 'offered') {
    throw new HttpError(403, `appid: application ${appid} is offered to you through Briefcase (share ${offered.shareId}) but not accepted: accept it with /briefcase/respond first`);
  }
  if (offered?.status === 'rejected') throw new HttpError(403, `appid: you rejected the Briefcase share ${offered.shareId} of application ${appid}`);
  throw new HttpError(404, `appid: application ${appid} not found`);
}
